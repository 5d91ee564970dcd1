package toolerror

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/analysis"
)

// A Level is a ToolError level as toolcheck reasons about it.
type Level int

const (
	LevelUnknown Level = iota
	LevelDebug
	LevelInfo
	LevelWarn
	LevelError
	LevelFromParam // set from a parameter of the function that builds it
	LevelSet       // set, to a value not known
)

// String names the level as facts and messages spell it.
func (l Level) String() string {
	switch l {
	case LevelDebug:
		return "DEBUG"
	case LevelInfo:
		return "INFO"
	case LevelWarn:
		return "WARN"
	case LevelError:
		return "ERROR"
	case LevelFromParam:
		return "arg"
	case LevelSet:
		return "?"
	}
	return "?"
}

func parseLevel(s string) Level {
	for l := LevelDebug; l <= LevelSet; l++ {
		if l.String() == s {
			return l
		}
	}
	return LevelUnknown
}

// LevelFact is what the model learns about a function or variable of a
// package that builds ToolErrors, for the packages that import it: a
// constructor's default level (the level when the call sets none), and the
// level an option or builder sets.
type LevelFact struct {
	Ctor    bool   // a ToolError constructor
	Default string // its default level: DEBUG, INFO, WARN, ERROR; "" when unknown
	Sets    string // an option or builder: the level it sets; "arg" from its argument, "?" unknown
}

// AFact marks LevelFact as an analysis fact.
func (*LevelFact) AFact() {}

func (f *LevelFact) String() string {
	var parts []string
	if f.Ctor {
		d := f.Default
		if d == "" {
			d = "unknown"
		}
		parts = append(parts, "constructor, default "+d)
	}
	if f.Sets != "" {
		parts = append(parts, "sets level "+f.Sets)
	}
	return "toolerror(" + strings.Join(parts, "; ") + ")"
}

// Levels evaluates the levels of a package's ToolError constructions:
// what a construction states, a constructor's default, the level an option
// or builder sets. It is the Index's (Index.Levels), the one answer every
// analyzer reads: constructors and options of other packages are known by
// the LevelFacts it exports (ExportFacts, which the tool model calls), and
// its methods are safe for concurrent use.
type Levels struct {
	pass   *analysis.Pass
	ix     *Index
	mu     sync.Mutex
	ctor   map[*types.Func]Level // memo, LevelUnknown while in progress
	sets   map[types.Object]Level
	inProg map[types.Object]bool
	sites  map[ast.Node]*Site
}

// Levels returns the package's level evaluator.
func (ix *Index) Levels() *Levels {
	ix.levelsOnce.Do(func() {
		ix.levels = &Levels{
			pass:   ix.pass,
			ix:     ix,
			ctor:   map[*types.Func]Level{},
			sets:   map[types.Object]Level{},
			inProg: map[types.Object]bool{},
			sites:  map[ast.Node]*Site{},
		}
		for _, s := range ix.Sites() {
			ix.levels.sites[s.Node] = s
		}
	})
	return ix.levels
}

// Of returns the level a construction gets, and whether the site states
// it: by its types (Explicit), by an option, option variable or builder
// known to set a level, or by a constructor named after a fault outcome
// (Fault, Internal, Unavailable). When the site does not state it, the
// level is its constructor's default, or the zero value of a literal's
// level field. LevelUnknown when it cannot be told.
func (lv *Levels) Of(s *Site) (Level, bool) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	return lv.of(s)
}

func (lv *Levels) of(s *Site) (Level, bool) {
	if !s.cur.Valid() {
		return LevelUnknown, false
	}
	return lv.siteLevel(s, s.cur)
}

// constLevel names the level of a constant of a level type.
func (lv *Levels) constLevel(e ast.Expr) Level {
	info := lv.pass.TypesInfo
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || !lv.ix.IsLevelType(tv.Type) {
		return LevelUnknown
	}
	named, _ := types.Unalias(tv.Type).(*types.Named)
	if named != nil && mcpsdk.PkgPath(named.Obj()) == "log/slog" {
		v, ok := constant.Int64Val(constant.ToInt(tv.Value))
		if !ok {
			return LevelUnknown
		}
		return slogLevel(v)
	}
	// A configured level type: by the constant's name.
	var obj types.Object
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = info.Uses[x]
	case *ast.SelectorExpr:
		obj = info.Uses[x.Sel]
	}
	if c, ok := obj.(*types.Const); ok {
		return LevelByName(c.Name())
	}
	if named != nil {
		return lv.namedConstLevel(named, tv.Value)
	}
	return LevelUnknown
}

func slogLevel(v int64) Level {
	switch {
	case v < 0:
		return LevelDebug
	case v < 4:
		return LevelInfo
	case v < 8:
		return LevelWarn
	}
	return LevelError
}

// namedConstLevel names value of the level type named by the constant of
// its package that has that value.
func (lv *Levels) namedConstLevel(named *types.Named, val constant.Value) Level {
	if named.Obj().Pkg() == nil {
		return LevelUnknown
	}
	if mcpsdk.PkgPath(named.Obj()) == "log/slog" {
		if v, ok := constant.Int64Val(constant.ToInt(val)); ok {
			return slogLevel(v)
		}
		return LevelUnknown
	}
	scope := named.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if ok && types.Identical(c.Type(), named) && constant.Compare(c.Val(), token.EQL, val) {
			if l := LevelByName(name); l != LevelUnknown {
				return l
			}
		}
	}
	return LevelUnknown
}

// LevelByName reads a level from a constant's name (zapcore.InfoLevel,
// logrus.WarnLevel, SeverityError).
func LevelByName(name string) Level {
	l := strings.ToLower(name)
	switch {
	case strings.Contains(l, "debug"), strings.Contains(l, "trace"):
		return LevelDebug
	case strings.Contains(l, "info"), strings.Contains(l, "notice"):
		return LevelInfo
	case strings.Contains(l, "warn"):
		return LevelWarn
	case strings.Contains(l, "err"), strings.Contains(l, "fatal"), strings.Contains(l, "panic"),
		strings.Contains(l, "crit"), strings.Contains(l, "alert"), strings.Contains(l, "emerg"):
		return LevelError
	}
	return LevelUnknown
}

// zeroLevel is the level of a level type's zero value.
func (lv *Levels) zeroLevel(t types.Type) Level {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return LevelUnknown
	}
	return lv.namedConstLevel(named, constant.MakeInt64(0))
}

// exprLevel evaluates an expression that sets a level: a level-typed
// value, an option or builder call, an option variable.
func (lv *Levels) exprLevel(e ast.Expr, fn ast.Node) Level {
	info := lv.pass.TypesInfo
	e = ast.Unparen(e)
	if lv.ix.IsLevelType(info.TypeOf(e)) {
		if l := lv.constLevel(e); l != LevelUnknown {
			return l
		}
		if id, ok := e.(*ast.Ident); ok && fn != nil {
			if v, ok := info.Uses[id].(*types.Var); ok && isParamOf(fn, v) {
				return LevelFromParam
			}
		}
		return LevelUnknown
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		for _, a := range x.Args {
			if lv.ix.IsLevelType(info.TypeOf(a)) {
				return lv.exprLevel(a, fn)
			}
		}
		obj := flow.ObjectOfExpr(info, x.Fun)
		if fnObj, ok := obj.(*types.Func); ok {
			if l := lv.setsOf(fnObj); l != LevelUnknown && l != LevelFromParam {
				return l
			}
			if len(x.Args) == 0 && isLevelMethodName(fnObj.Name()) {
				return LevelByName(fnObj.Name())
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		if v := varOf(info, x); v != nil {
			if l := lv.setsOf(v); l != LevelFromParam {
				return l
			}
		}
	}
	return LevelUnknown
}

func varOf(info *types.Info, e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := info.Uses[x].(*types.Var)
		return v
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return v
	}
	return nil
}

func isParamOf(fn ast.Node, v *types.Var) bool {
	ft, _ := flow.FuncParts(fn)
	if ft == nil {
		return false
	}
	return ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End()
}

// siteLevel returns the level a construction gets and whether the site
// states it (by its types, or by an option or builder known to set one).
func (lv *Levels) siteLevel(s *Site, c astindex.Cursor) (Level, bool) {
	fn := flow.EnclosingFunc(c)
	if s.Explicit {
		return lv.exprLevel(s.LevelExpr, fn), true
	}
	info := lv.pass.TypesInfo
	if call, ok := s.Node.(*ast.CallExpr); ok {
		for _, a := range call.Args {
			if l, ok := lv.optionLevel(a); ok {
				return l, true
			}
		}
		// A builder known to set the level.
		for cur := c; ; {
			p := cur.Parent()
			if _, ok := p.Node().(*ast.ParenExpr); ok {
				cur = p
				continue
			}
			sel, ok := p.Node().(*ast.SelectorExpr)
			if !ok || sel.X != cur.Node() {
				break
			}
			gp := p.Parent()
			outer, ok := gp.Node().(*ast.CallExpr)
			if !ok || outer.Fun != sel {
				break
			}
			m, ok := info.Uses[sel.Sel].(*types.Func)
			if !ok {
				break
			}
			if l := lv.setsOf(m); l != LevelUnknown {
				return l, true
			}
			cur = gp
		}
		if outcomeNamed(s.Ctor.Name()) {
			return lv.ctorDefault(s.Ctor), true
		}
		return lv.ctorDefault(s.Ctor), false
	}
	field := lv.ix.LevelField(s.Type)
	if field == nil {
		return LevelUnknown, false
	}
	return lv.zeroLevel(field.Type()), false
}

// outcomeNamed reports whether a constructor's name states a fault
// outcome (Fault, Internal, Unavailable...): its level is chosen by the
// name, not left to a default.
func outcomeNamed(name string) bool {
	l := strings.ToLower(name)
	for _, w := range []string{"fault", "internal", "operator", "fatal", "critical", "panic", "unavailable",
		"unexpected", "bug", "config", "timeout", "ratelimit", "transient", "temporary"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// optionLevel reports whether the argument a of a constructor call is an
// option known, by its body or fact, to set the level.
func (lv *Levels) optionLevel(a ast.Expr) (Level, bool) {
	info := lv.pass.TypesInfo
	switch x := ast.Unparen(a).(type) {
	case *ast.CallExpr:
		obj := flow.ObjectOfExpr(info, x.Fun)
		if fn, ok := obj.(*types.Func); ok {
			if l := lv.setsOf(fn); l != LevelUnknown {
				if l == LevelFromParam {
					return LevelSet, true
				}
				return l, true
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		if v := varOf(info, x); v != nil && v.Parent() == v.Pkg().Scope() {
			if l := lv.setsOf(v); l != LevelUnknown {
				return l, true
			}
		}
	}
	return LevelUnknown, false
}

// CtorDefault returns the level a constructor gives when the call sets
// none: from its fact in another package, from its body in this one.
func (lv *Levels) CtorDefault(fn *types.Func) Level {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	return lv.ctorDefault(fn)
}

func (lv *Levels) ctorDefault(fn *types.Func) Level {
	if fn == nil {
		return LevelUnknown
	}
	fn = fn.Origin()
	if fn.Pkg() != lv.pass.Pkg {
		var f LevelFact
		if lv.pass.ImportObjectFact(fn, &f) && f.Ctor {
			return parseLevel(f.Default)
		}
		return LevelUnknown
	}
	if l, ok := lv.ctor[fn]; ok {
		return l
	}
	lv.ctor[fn] = LevelUnknown
	l := lv.computeCtorDefault(fn)
	lv.ctor[fn] = l
	return l
}

func (lv *Levels) computeCtorDefault(fn *types.Func) Level {
	d := lv.ix.flow.Decl(fn)
	if d == nil || d.Body == nil || lv.ix.Ctor(fn) == nil {
		return LevelUnknown
	}
	sig := fn.Type().(*types.Signature)
	idx := sig.Results().Len() - 1
	for i := 0; i < sig.Results().Len(); i++ {
		if lv.ix.IsToolErrorType(sig.Results().At(i).Type()) {
			idx = i
			break
		}
	}
	result := LevelUnknown
	first := true
	for _, n := range lv.ix.flow.Returns(d) {
		if idx >= len(n.Results) {
			return LevelUnknown
		}
		l := lv.returnedLevel(n.Results[idx], d)
		if l == LevelUnknown || l == LevelFromParam || (!first && l != result) {
			return LevelUnknown
		}
		result, first = l, false
	}
	return result
}

// returnedLevel evaluates the level of a construction a constructor
// returns: the construction itself, or the local variable holding it.
func (lv *Levels) returnedLevel(e ast.Expr, d *ast.FuncDecl) Level {
	info := lv.pass.TypesInfo
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !(d.Body.Pos() <= v.Pos() && v.Pos() < d.Body.End()) {
			return LevelUnknown
		}
		rhs := lv.ix.flow.ValueAt(v, id)
		if rhs == nil {
			return LevelUnknown
		}
		e = ast.Unparen(rhs)
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	// Descend a builder chain to the construction.
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			break
		}
		if _, isSite := lv.sites[call]; isSite {
			break
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			break
		}
		e = ast.Unparen(sel.X)
	}
	s := lv.sites[e]
	if s == nil {
		return LevelUnknown
	}
	l, _ := lv.of(s)
	return l
}

// setsOf returns the level an option function, option variable or builder
// method sets, or LevelUnknown when it sets none that is known.
func (lv *Levels) setsOf(obj types.Object) Level {
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	if obj.Pkg() != lv.pass.Pkg {
		var f LevelFact
		if obj.Pkg() != nil && lv.pass.ImportObjectFact(obj, &f) && f.Sets != "" {
			return parseLevel(f.Sets)
		}
		return LevelUnknown
	}
	if l, ok := lv.sets[obj]; ok {
		return l
	}
	if lv.inProg[obj] {
		return LevelUnknown
	}
	lv.inProg[obj] = true
	l := lv.computeSets(obj)
	delete(lv.inProg, obj)
	lv.sets[obj] = l
	return l
}

func (lv *Levels) computeSets(obj types.Object) Level {
	var body ast.Node
	var fnNode ast.Node
	switch o := obj.(type) {
	case *types.Func:
		// An option returns one value; a builder is a method of the
		// ToolError.
		sig := o.Type().(*types.Signature)
		builder := sig.Recv() != nil && lv.ix.IsToolErrorType(sig.Recv().Type())
		if lv.ix.Ctor(o) != nil || (!builder && (sig.Results().Len() != 1 || mcpsdk.IsErrorType(sig.Results().At(0).Type()))) {
			return LevelUnknown
		}
		d := lv.ix.flow.Decl(o)
		if d == nil || d.Body == nil {
			return LevelUnknown
		}
		body, fnNode = d.Body, d
	case *types.Var:
		if lv.ix.IsToolErrorType(o.Type()) {
			return LevelUnknown
		}
		body = lv.varInit(o)
		if body == nil {
			return LevelUnknown
		}
	default:
		return LevelUnknown
	}
	info := lv.pass.TypesInfo
	// The option's value is the call it returns (or, for a variable, its
	// initializer): WithInfo() Option { return WithLevel(slog.LevelInfo) }.
	returned := map[ast.Node]bool{}
	if e, ok := body.(ast.Expr); ok {
		returned[ast.Unparen(e)] = true
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			returned[ast.Unparen(r.Results[0])] = true
		}
		return true
	})
	found := LevelUnknown
	touched := false
	ast.Inspect(body, func(n ast.Node) bool {
		if touched {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || i >= len(n.Rhs) {
					continue
				}
				f, ok := info.Uses[sel.Sel].(*types.Var)
				if !ok || !lv.ix.IsLevelType(f.Type()) || !lv.ix.IsToolErrorType(info.TypeOf(sel.X)) {
					continue
				}
				// Only the ToolError the option or builder is given: a
				// parameter or the receiver, not one it builds.
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := info.Uses[id].(*types.Var); !ok || !lv.isParam(v) {
					continue
				}
				touched = true
				found = lv.exprLevel(n.Rhs[i], fnNode)
				if found == LevelUnknown {
					found = LevelSet
				}
			}
		case *ast.CallExpr:
			callee := flow.ObjectOfExpr(info, n.Fun)
			if callee != nil && callee != obj && returned[n] {
				if _, isFunc := callee.(*types.Func); isFunc {
					if l := lv.setsOf(callee); l != LevelUnknown {
						touched = true
						found = l
						if l == LevelFromParam {
							// WithInfo() { return WithLevel(slog.LevelInfo) }
							for _, a := range n.Args {
								if lv.ix.IsLevelType(info.TypeOf(a)) {
									found = lv.exprLevel(a, fnNode)
								}
							}
						}
					}
				}
			}
		}
		return true
	})
	return found
}

// isParam reports whether v is a parameter or receiver of a function of
// this package.
func (lv *Levels) isParam(v *types.Var) bool {
	_, ok := lv.ix.flow.ParamOf(v)
	return ok
}

// varInit returns the initializer of a package-level variable.
func (lv *Levels) varInit(v *types.Var) ast.Expr {
	if v.Parent() != lv.pass.Pkg.Scope() {
		return nil
	}
	for _, f := range lv.pass.Files {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if lv.pass.TypesInfo.Defs[id] == v && i < len(vs.Values) && len(vs.Values) == len(vs.Names) {
						return vs.Values[i]
					}
				}
			}
		}
	}
	return nil
}

// ExportFacts tells importers the default of each exported constructor
// and the level of each exported option and builder the package declares:
// no other package can name the rest.
func (lv *Levels) ExportFacts() {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	scope := lv.pass.Pkg.Scope()
	var objs []types.Object
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			objs = append(objs, o)
		case *types.Var:
			objs = append(objs, o)
		case *types.TypeName:
			if named, ok := types.Unalias(o.Type()).(*types.Named); ok && !o.IsAlias() {
				for i := 0; i < named.NumMethods(); i++ {
					objs = append(objs, named.Method(i))
				}
			}
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, o := range objs {
		if !o.Exported() {
			continue
		}
		f := &LevelFact{}
		if fn, ok := o.(*types.Func); ok && lv.ix.Ctor(fn) != nil {
			f.Ctor = true
			if l := lv.ctorDefault(fn); l != LevelUnknown && l != LevelFromParam {
				f.Default = l.String()
			}
		} else if l := lv.setsOf(o); l != LevelUnknown {
			f.Sets = l.String()
		}
		if f.Ctor || f.Sets != "" {
			lv.pass.ExportObjectFact(o, f)
		}
	}
}
