package loglevel

import (
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/fixes"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/outcome"
	"github.com/toolcheck/toolcheck/internal/toolerror"
)

// infoFix returns the suggested fix that sets a construction's level to
// INFO in the ToolError API's own way: the level field of a literal, a
// level option, a level builder, or the constructor the API offers for
// caller errors.
func (ch *checker) infoFix(s *toolerror.Site, o outcome.Outcome) *analysis.SuggestedFix {
	file := ch.m.FileOf(s.Node.Pos())
	if file == nil {
		return nil
	}
	switch n := s.Node.(type) {
	case *ast.CompositeLit:
		return ch.literalFix(file, s, n)
	case *ast.CallExpr:
		if f := ch.optionFix(file, s, n); f != nil {
			return f
		}
		if f := ch.builderFix(file, s, n); f != nil {
			return f
		}
		return ch.ctorFix(file, s, n, o)
	}
	return nil
}

func (ch *checker) literalFix(file *ast.File, s *toolerror.Site, lit *ast.CompositeLit) *analysis.SuggestedFix {
	field := ch.m.ToolErrors.LevelField(s.Type)
	if field == nil || (!field.Exported() && field.Pkg() != ch.pass.Pkg) {
		return nil
	}
	st, ok := s.Type.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	direct := false
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i) == field {
			direct = true
		}
	}
	if !direct {
		return nil
	}
	for _, e := range lit.Elts {
		if _, keyed := e.(*ast.KeyValueExpr); !keyed {
			return nil
		}
	}
	info, edits, ok := ch.infoExpr(file, field.Type())
	if !ok {
		return nil
	}
	text := field.Name() + ": " + info
	pos := lit.Lbrace + 1
	if len(lit.Elts) > 0 {
		pos = lit.Elts[len(lit.Elts)-1].End()
		text = ", " + text
	}
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	return &analysis.SuggestedFix{Message: "set the level field " + field.Name() + " to " + info, TextEdits: edits}
}

// optionFix adds a level option, such as WithLevel(slog.LevelInfo), to a
// constructor that takes options.
func (ch *checker) optionFix(file *ast.File, s *toolerror.Site, call *ast.CallExpr) *analysis.SuggestedFix {
	sig := s.Ctor.Type().(*types.Signature)
	if !sig.Variadic() || call.Ellipsis.IsValid() {
		return nil
	}
	elem := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
	if it, ok := elem.Underlying().(*types.Interface); ok && it.NumMethods() == 0 {
		return nil // ...any: the arguments of a format, not options
	}
	fn, ok := ch.options[s.Ctor]
	if !ok {
		fn = ch.levelOption(s, elem)
		if ch.options == nil {
			ch.options = map[*types.Func]*types.Func{}
		}
		ch.options[s.Ctor] = fn
	}
	if fn == nil {
		return nil
	}
	q, edits, ok := ch.qualifier(file, fn.Pkg())
	if !ok {
		return nil
	}
	info, more, ok := ch.infoExpr(file, fn.Type().(*types.Signature).Params().At(0).Type())
	if !ok {
		return nil
	}
	edits = fixes.MergeImports(edits, more)
	opt := q + fn.Name() + "(" + info + ")"
	text := opt
	if len(call.Args) > 0 {
		text = ", " + opt
	}
	pos := call.Rparen
	if len(call.Args) > 0 {
		pos = call.Args[len(call.Args)-1].End()
	}
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(text)})
	return &analysis.SuggestedFix{Message: "add the option " + opt, TextEdits: edits}
}

// levelOption returns the option of the constructor's packages that sets
// a level and fits its variadic parameter of type elem, or nil; optionFix
// memoizes it per constructor.
func (ch *checker) levelOption(s *toolerror.Site, elem types.Type) *types.Func {
	var cands []*types.Func
	seen := map[*types.Package]bool{}
	for _, pkg := range []*types.Package{s.Ctor.Pkg(), s.Type.Obj().Pkg()} {
		if pkg == nil || seen[pkg] {
			continue
		}
		seen[pkg] = true
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			fn, ok := scope.Lookup(name).(*types.Func)
			if !ok || (!fn.Exported() && pkg != ch.pass.Pkg) {
				continue
			}
			fs := fn.Type().(*types.Signature)
			if fs.Recv() != nil || fs.TypeParams().Len() > 0 || fs.Params().Len() != 1 || fs.Variadic() || fs.Results().Len() != 1 {
				continue
			}
			if !ch.m.ToolErrors.IsLevelType(fs.Params().At(0).Type()) || !types.AssignableTo(fs.Results().At(0).Type(), elem) {
				continue
			}
			cands = append(cands, fn)
		}
	}
	return pick(cands, "WithLevel")
}

// builderFix appends a level builder, such as .WithLevel(slog.LevelInfo).
func (ch *checker) builderFix(file *ast.File, s *toolerror.Site, call *ast.CallExpr) *analysis.SuggestedFix {
	res := s.Ctor.Type().(*types.Signature).Results()
	if res.Len() != 1 || !ch.m.ToolErrors.IsToolErrorType(res.At(0).Type()) {
		return nil
	}
	rt := res.At(0).Type()
	mset := types.NewMethodSet(rt)
	var cands []*types.Func
	for i := 0; i < mset.Len(); i++ {
		fn, ok := mset.At(i).Obj().(*types.Func)
		if !ok || (!fn.Exported() && fn.Pkg() != ch.pass.Pkg) {
			continue
		}
		fs := fn.Type().(*types.Signature)
		if fs.Params().Len() != 1 || fs.Variadic() || fs.Results().Len() != 1 {
			continue
		}
		if ch.m.ToolErrors.IsLevelType(fs.Params().At(0).Type()) && types.Identical(fs.Results().At(0).Type(), rt) {
			cands = append(cands, fn)
		}
	}
	fn := pick(cands, "WithLevel")
	if fn == nil {
		return nil
	}
	info, edits, ok := ch.infoExpr(file, fn.Type().(*types.Signature).Params().At(0).Type())
	if !ok {
		return nil
	}
	text := "." + fn.Name() + "(" + info + ")"
	edits = append(edits, analysis.TextEdit{Pos: call.End(), End: call.End(), NewText: []byte(text)})
	return &analysis.SuggestedFix{Message: "set the level with " + text, TextEdits: edits}
}

// ctorFix replaces a constructor with its sibling of the same signature
// that builds at INFO (toolerr.New -> toolerr.CallerError).
func (ch *checker) ctorFix(file *ast.File, s *toolerror.Site, call *ast.CallExpr, o outcome.Outcome) *analysis.SuggestedFix {
	pkg := s.Ctor.Pkg()
	sig := s.Ctor.Type().(*types.Signature)
	if pkg == nil || sig.Recv() != nil || s.Message == nil {
		return nil // a constructor that writes its own message cannot be swapped
	}
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	var cands []*types.Func
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || fn == s.Ctor || (!fn.Exported() && pkg != ch.pass.Pkg) {
			continue
		}
		if types.Identical(fn.Type(), s.Ctor.Type()) {
			cands = append(cands, fn)
		}
	}
	fn := ch.m.Fixes().OutcomeCtor(cands, o.Kind)
	if fn == nil && o.Kind != outcome.Caller {
		fn = ch.m.Fixes().OutcomeCtor(cands, outcome.Caller) // stale, or turned off: INFO all the same
	}
	if fn == nil {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   "build it with " + fn.Name() + ", which logs at INFO",
		TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte(fn.Name())}},
	}
}

// pick returns the candidate called name, or the only candidate.
func pick(cands []*types.Func, name string) *types.Func {
	for _, c := range cands {
		if c.Name() == name {
			return c
		}
	}
	if len(cands) == 1 {
		return cands[0]
	}
	return nil
}

// infoExpr spells the INFO level of level type t in file: slog.LevelInfo,
// or the constant of a configured level type whose name says INFO.
func (ch *checker) infoExpr(file *ast.File, t types.Type) (string, []analysis.TextEdit, bool) {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return "", nil, false
	}
	pkg := named.Obj().Pkg()
	var name string
	if mcpsdk.PkgPath(named.Obj()) == "log/slog" {
		name = "LevelInfo"
	} else {
		var names []string
		scope := pkg.Scope()
		for _, n := range scope.Names() {
			c, ok := scope.Lookup(n).(*types.Const)
			if ok && (c.Exported() || pkg == ch.pass.Pkg) && types.Identical(c.Type(), named) && toolerror.LevelByName(n) == toolerror.LevelInfo {
				names = append(names, n)
			}
		}
		if len(names) != 1 {
			return "", nil, false
		}
		name = names[0]
	}
	q, edits, ok := ch.qualifier(file, pkg)
	if !ok {
		return "", nil, false
	}
	return q + name, edits, true
}

// qualifier returns the prefix that names pkg in file ("slog."), with the
// edit that imports it when the file does not yet.
func (ch *checker) qualifier(file *ast.File, pkg *types.Package) (string, []analysis.TextEdit, bool) {
	if pkg == ch.pass.Pkg {
		return "", nil, true
	}
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil || path != pkg.Path() {
			continue
		}
		if imp.Name != nil {
			switch imp.Name.Name {
			case "_":
				continue
			case ".":
				return "", nil, true
			}
			return imp.Name.Name + ".", nil, true
		}
		return pkg.Name() + ".", nil, true
	}
	// Not imported: import it, unless the name is taken.
	if ch.pass.Pkg.Scope().Lookup(pkg.Name()) != nil {
		return "", nil, false
	}
	if sc := ch.pass.TypesInfo.Scopes[file]; sc != nil && sc.Lookup(pkg.Name()) != nil {
		return "", nil, false
	}
	return pkg.Name() + ".", []analysis.TextEdit{fixes.ImportEdit(file, pkg.Path())}, true
}
