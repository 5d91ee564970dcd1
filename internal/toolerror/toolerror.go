// Package toolerror finds a package's ToolErrors, as RULES.md defines
// them (the error tool code returns, carrying a log level that says who
// has to act), and evaluates their levels: the types, constructors,
// options and builders, the constructions (Site) and the level each gets
// (Levels), with what a package learns of its constructors and options
// passed to its importers as facts (LevelFact).
package toolerror

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/analysis"
)

// A Site is one construction of a ToolError in the package.
type Site struct {
	Node      ast.Node     // *ast.CallExpr of a constructor, or *ast.CompositeLit
	Type      *types.Named // the ToolError type
	Ctor      *types.Func  // the constructor, nil for a literal
	Message   ast.Expr     // the model-facing message expression, or nil when unknown
	Explicit  bool         // the level is set at this site (argument, option, builder, Level field)
	LevelExpr ast.Expr     // the expression that sets it, when Explicit

	cur astindex.Cursor
}

// Cursor returns the site's node in the package's syntax index.
func (s *Site) Cursor() astindex.Cursor { return s.cur }

// What counts as a ToolError and a construction of one, with no
// configuration:
//
//   - A ToolError type is a named type called ToolError that implements
//     error (itself or through its pointer), or a type named in the
//     configuration's tool-errors. A level type is log/slog.Level or a type
//     named in level-types; a ToolError's level field is its field (or the
//     field of an embedded struct) of a level type.
//   - A constructor is a function or method (not a method of the ToolError
//     itself: those are builders) that returns a ToolError type, or that
//     returns error, and whose body, in its own package, returns a
//     ToolError construction from every return statement; a function
//     returning a ToolError whose body returns anything else (a converter
//     like asToolError) is not one. In another package, a constructor is
//     what the model learned there (LevelFact.Ctor).
//   - Explicit is what the construction site shows by its types: an
//     argument of a level type, an option call given a level-typed value
//     (WithLevel(slog.LevelInfo)), a builder method of the ToolError given
//     one or named after a level (.WithLevel(l), .Info()), a composite
//     literal that sets the level field, or, when the construction is
//     stored in a local variable, a later assignment to its level field or
//     builder call on it in the same function. Options that set a level
//     without taking one (AsCaller()) are a matter of their bodies: the
//     loglevel analyzer learns them as facts.
//   - The message is the constructor's string parameter named like a
//     message (msg, message, text, format, detail, reason, description),
//     or, for a constructor of the package declaring the ToolError, its
//     only string parameter when its name says nothing else (s, m, str);
//     in a literal, the field named like a message, or the only string
//     field set.

// An Index finds one package's ToolError types, constructors and
// constructions, and evaluates their levels (Levels). Its methods are safe
// for concurrent use.
type Index struct {
	pass     *analysis.Pass
	cfg      *config.Config
	flow     *flow.Info
	syntax   *astindex.Index
	relevant bool

	once  sync.Once
	sites []*Site

	mu    sync.Mutex
	ctors map[*types.Func]*types.Named // memo of Ctor

	levels     *Levels
	levelsOnce sync.Once
}

// New returns the Index of the package of pass under the configuration
// cfg (nil: none). fl and syntax index the package's code; Sites finds
// constructions only when they are set and the package is relevant (it
// reaches an SDK or declares a ToolError).
func New(pass *analysis.Pass, cfg *config.Config, fl *flow.Info, syntax *astindex.Index, relevant bool) *Index {
	return &Index{pass: pass, cfg: cfg, flow: fl, syntax: syntax, relevant: relevant, ctors: map[*types.Func]*types.Named{}}
}

// configured reports whether obj is named in list ("import/path.Name").
func configured(list []string, obj types.Object) bool {
	if len(list) == 0 || obj == nil || obj.Pkg() == nil {
		return false
	}
	name := mcpsdk.PkgPath(obj) + "." + obj.Name()
	for _, n := range list {
		if n == name {
			return true
		}
	}
	return false
}

// toolErrorNamed returns the ToolError type t is, or points to, or nil.
func (ix *Index) toolErrorNamed(t types.Type) *types.Named {
	n := mcpsdk.NamedOf(t)
	if n == nil {
		return nil
	}
	obj := n.Origin().Obj()
	if ix.cfg != nil && configured(ix.cfg.ToolErrors, obj) {
		return n
	}
	if obj.Name() != "ToolError" {
		return nil
	}
	errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if types.Implements(n, errType) || types.Implements(types.NewPointer(n), errType) {
		return n
	}
	return nil
}

// IsToolErrorType reports whether t (or the type it points to) is a
// ToolError type: a named type called ToolError that implements error, or
// a type named in the configuration's tool-errors.
func (ix *Index) IsToolErrorType(t types.Type) bool { return ix.toolErrorNamed(t) != nil }

// IsLevelType reports whether t is a log-level type: log/slog.Level or a
// type named in the configuration's level-types.
func (ix *Index) IsLevelType(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	if obj.Name() == "Level" && mcpsdk.PkgPath(obj) == "log/slog" {
		return true
	}
	return ix.cfg != nil && configured(ix.cfg.LevelTypes, obj)
}

// LevelField returns the level field of the ToolError type t: its field of
// a level type, or that field of a struct it embeds; nil if it has none.
func (ix *Index) LevelField(t types.Type) *types.Var {
	named := ix.toolErrorNamed(t)
	if named == nil {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); ix.IsLevelType(f.Type()) {
			return f
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		ft := types.Unalias(f.Type())
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		if est, ok := ft.Underlying().(*types.Struct); ok {
			for j := 0; j < est.NumFields(); j++ {
				if g := est.Field(j); ix.IsLevelType(g.Type()) {
					return g
				}
			}
		}
	}
	return nil
}

// Sites returns every ToolError construction in the package's files,
// in source order. It is computed once and safe for concurrent use.
func (ix *Index) Sites() []*Site {
	ix.once.Do(func() {
		if !ix.relevant || ix.syntax == nil {
			return
		}
		ix.sites = ix.findToolErrors()
	})
	return ix.sites
}

func (ix *Index) findToolErrors() []*Site {
	info := ix.pass.TypesInfo
	var sites []*Site
	for c := range ix.syntax.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			named := ix.toolErrorNamed(info.TypeOf(n))
			if named == nil {
				continue
			}
			if _, isPtr := types.Unalias(info.TypeOf(n)).(*types.Pointer); isPtr {
				continue // an element of a []*ToolError{{...}} literal is typed *T; its own type is listed too
			}
			s := &Site{Node: n, Type: named, Message: ix.literalMessage(n), cur: c}
			s.LevelExpr = ix.literalLevel(n)
			if s.LevelExpr == nil {
				s.LevelExpr = ix.laterLevel(c, named)
			}
			s.Explicit = s.LevelExpr != nil
			sites = append(sites, s)
		case *ast.CallExpr:
			fn := ix.flow.Callee(n)
			if fn == nil {
				continue // a conversion, a builtin, a call of a function value or of an interface's method
			}
			named := ix.Ctor(fn)
			if named == nil {
				continue
			}
			s := &Site{Node: n, Type: named, Ctor: fn, cur: c}
			msgIdx := ix.messageParam(fn, named)
			if msgIdx >= 0 && msgIdx < len(n.Args) {
				s.Message = n.Args[msgIdx]
			}
			s.LevelExpr = ix.callLevel(n, msgIdx)
			if s.LevelExpr == nil {
				s.LevelExpr = ix.builderLevel(c, named)
			}
			if s.LevelExpr == nil {
				s.LevelExpr = ix.laterLevel(c, named)
			}
			s.Explicit = s.LevelExpr != nil
			sites = append(sites, s)
		}
	}
	return sites
}

// Ctor returns the ToolError type fn constructs, or nil when fn is
// not a ToolError constructor. It is safe for concurrent use: a result is
// computed with its own recursion stack and then memoized.
func (ix *Index) Ctor(fn *types.Func) *types.Named {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if named, ok := ix.cachedCtor(fn); ok {
		return named
	}
	named := ix.ctorOf(fn, nil) // the stack is made when a body is read
	ix.mu.Lock()
	ix.ctors[fn] = named
	ix.mu.Unlock()
	return named
}

// cachedCtor returns the memoized answer of Ctor for fn, if any.
func (ix *Index) cachedCtor(fn *types.Func) (*types.Named, bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	named, ok := ix.ctors[fn]
	return named, ok
}

// ctorIn is Ctor inside a computation: a function already on the
// stack is not (yet) a constructor.
func (ix *Index) ctorIn(fn *types.Func, stack map[*types.Func]bool) *types.Named {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if named, ok := ix.cachedCtor(fn); ok {
		return named
	}
	if stack[fn] {
		return nil
	}
	stack[fn] = true
	defer delete(stack, fn)
	return ix.ctorOf(fn, stack)
}

// ctorOf computes Ctor for fn. stack holds the functions whose bodies are
// being read; nil in the outermost call, it is made when a body is read.
func (ix *Index) ctorOf(fn *types.Func, stack map[*types.Func]bool) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	if sig.Recv() != nil && ix.IsToolErrorType(sig.Recv().Type()) {
		return nil // a builder or accessor of the ToolError itself
	}
	res := sig.Results()
	var named *types.Named
	for i := 0; i < res.Len(); i++ {
		if n := ix.toolErrorNamed(res.At(i).Type()); n != nil {
			named = n
			break
		}
	}
	returnsError := res.Len() > 0 && mcpsdk.IsErrorType(res.At(res.Len()-1).Type())
	if named == nil && !returnsError {
		return nil
	}
	if fn.Pkg() == ix.pass.Pkg {
		d := ix.flow.Decl(fn)
		if d == nil || d.Body == nil {
			if named != nil {
				return named
			}
			return nil
		}
		idx := res.Len() - 1
		if named != nil {
			for i := 0; i < res.Len(); i++ {
				if ix.IsToolErrorType(res.At(i).Type()) {
					idx = i
					break
				}
			}
		}
		if stack == nil {
			stack = map[*types.Func]bool{fn: true}
		}
		return ix.bodyConstructs(d, idx, stack)
	}
	// Another package: a constructor is what the model learned there, from
	// its body (LevelFact.Ctor).
	var f LevelFact
	if !ix.pass.ImportObjectFact(fn, &f) || !f.Ctor {
		return nil
	}
	if named != nil {
		return named
	}
	// It returns error: the ToolError type its package declares, or one
	// of a package it imports.
	if te := ix.declaredToolError(fn.Pkg()); te != nil {
		return te
	}
	for _, imp := range fn.Pkg().Imports() {
		if te := ix.declaredToolError(imp); te != nil {
			return te
		}
	}
	return nil
}

// declaredToolError returns the ToolError type declared by pkg, if any.
func (ix *Index) declaredToolError(pkg *types.Package) *types.Named {
	if tn, ok := pkg.Scope().Lookup("ToolError").(*types.TypeName); ok {
		if n := ix.toolErrorNamed(tn.Type()); n != nil {
			return n
		}
	}
	if ix.cfg != nil {
		for _, name := range ix.cfg.ToolErrors {
			i := strings.LastIndex(name, ".")
			if i < 0 || name[:i] != mcpsdk.Unvendor(pkg.Path()) {
				continue
			}
			if tn, ok := pkg.Scope().Lookup(name[i+1:]).(*types.TypeName); ok {
				if n := ix.toolErrorNamed(tn.Type()); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

// bodyConstructs returns the ToolError type built by every return of d's
// body at result idx, or nil when some return yields anything else.
func (ix *Index) bodyConstructs(d *ast.FuncDecl, idx int, stack map[*types.Func]bool) *types.Named {
	var named *types.Named
	for _, n := range ix.flow.Returns(d) {
		var e ast.Expr
		switch {
		case len(n.Results) == 0:
			return nil
		case len(n.Results) == 1 && idx > 0:
			return nil // return f(): a tuple, not followed
		case idx < len(n.Results):
			e = n.Results[idx]
		}
		t := ix.constructionOf(e, d.Body, 0, stack)
		if t == nil {
			return nil
		}
		named = t
	}
	return named
}

// ConstructionOf returns the ToolError type that e constructs: a composite
// literal (or its address), a constructor call, a builder chain on one, or
// a local variable of body assigned only such values. Otherwise nil.
func (ix *Index) ConstructionOf(e ast.Expr, body ast.Node) *types.Named {
	return ix.constructionOf(e, body, 0, map[*types.Func]bool{})
}

func (ix *Index) constructionOf(e ast.Expr, body ast.Node, depth int, stack map[*types.Func]bool) *types.Named {
	if e == nil || depth > 4 {
		return nil
	}
	info := ix.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return ix.toolErrorNamed(info.TypeOf(e))
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if fn, ok := info.Uses[sel.Sel].(*types.Func); ok {
				sig := fn.Type().(*types.Signature)
				if sig.Recv() != nil && ix.IsToolErrorType(sig.Recv().Type()) && sig.Results().Len() == 1 &&
					(ix.IsToolErrorType(sig.Results().At(0).Type()) || mcpsdk.IsErrorType(sig.Results().At(0).Type())) {
					return ix.constructionOf(sel.X, body, depth+1, stack) // a builder chain
				}
			}
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return nil
		}
		return ix.ctorIn(ix.flow.Callee(e), stack)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || body == nil || !flow.Within(body, v.Pos()) {
			return nil
		}
		var named *types.Named
		for _, d := range ix.flow.Defs(v) {
			if d.Opaque || d.Zero || d.Elem || d.Tuple >= 0 || d.Rhs == nil {
				return nil
			}
			t := ix.constructionOf(d.Rhs, body, depth+1, stack)
			if t == nil {
				return nil
			}
			named = t
		}
		return named
	}
	return nil
}

var messageNames = []string{"msg", "message", "text", "format", "detail", "reason", "description"}

func isMessageName(name string) bool {
	l := strings.ToLower(name)
	for _, n := range messageNames {
		if l == n || strings.HasSuffix(l, n) {
			return true
		}
	}
	return false
}

// messageParam returns the index of fn's message parameter, or -1.
func (ix *Index) messageParam(fn *types.Func, named *types.Named) int {
	params := fn.Type().(*types.Signature).Params()
	first, n := -1, 0
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		if !mcpsdk.IsStringType(p.Type()) {
			continue
		}
		if isMessageName(p.Name()) {
			return i
		}
		if first < 0 {
			first = i
		}
		n++
	}
	// The only string parameter of a constructor of the ToolError's own
	// package, when its name says nothing else (s, m, str).
	if n == 1 && fn.Pkg() != nil && named.Obj().Pkg() == fn.Pkg() && len(params.At(first).Name()) <= 3 {
		return first
	}
	return -1
}

// literalMessage returns the message element of a ToolError literal.
func (ix *Index) literalMessage(lit *ast.CompositeLit) ast.Expr {
	info := ix.pass.TypesInfo
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var only ast.Expr
	nstrings := 0
	for i, elt := range lit.Elts {
		var field *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				field, _ = flow.ObjOf(info, k).(*types.Var)
			}
			val = kv.Value
		} else if i < st.NumFields() {
			field = st.Field(i)
		}
		if field == nil || !mcpsdk.IsStringType(field.Type()) {
			continue
		}
		if isMessageName(field.Name()) {
			return val
		}
		nstrings++
		only = val
	}
	if nstrings == 1 {
		return only
	}
	return nil
}

// literalLevel returns the element of a ToolError literal that sets its
// level, or nil.
func (ix *Index) literalLevel(lit *ast.CompositeLit) ast.Expr {
	info := ix.pass.TypesInfo
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := flow.ObjOf(info, k).(*types.Var); ok && ix.IsLevelType(f.Type()) {
					return kv.Value
				}
				if f, ok := flow.ObjOf(info, k).(*types.Var); ok && f.Embedded() {
					if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
						if e := ix.embeddedLevel(inner); e != nil {
							return e
						}
					}
				}
			}
			continue
		}
		if i < st.NumFields() && ix.IsLevelType(st.Field(i).Type()) {
			return elt
		}
	}
	return nil
}

func (ix *Index) embeddedLevel(lit *ast.CompositeLit) ast.Expr {
	info := ix.pass.TypesInfo
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := flow.ObjOf(info, k).(*types.Var); ok && ix.IsLevelType(f.Type()) {
					return kv.Value
				}
			}
		}
	}
	return nil
}

// callLevel returns the argument of a constructor call that sets the
// level: a level-typed value, or an option call given one.
func (ix *Index) callLevel(call *ast.CallExpr, msgIdx int) ast.Expr {
	info := ix.pass.TypesInfo
	for i, a := range call.Args {
		if i == msgIdx {
			continue
		}
		if ix.IsLevelType(info.TypeOf(a)) {
			return a
		}
		if inner, ok := ast.Unparen(a).(*ast.CallExpr); ok {
			for _, b := range inner.Args {
				if ix.IsLevelType(info.TypeOf(b)) {
					return a
				}
			}
		}
	}
	return nil
}

// levelWords are method names (after a With/At/As/Set prefix) that set a
// level by their name.
var levelWords = map[string]bool{"info": true, "warn": true, "warning": true, "error": true, "debug": true}

// isLevelMethodName reports whether a method's name says it sets a level:
// it mentions Level, or is a level name (Info, Warn, Warning, Error,
// Debug) with an optional With, At, As or Set prefix.
func isLevelMethodName(name string) bool {
	if strings.Contains(name, "Level") {
		return true
	}
	l := strings.ToLower(name)
	for _, p := range []string{"with", "at", "as", "set"} {
		if strings.HasPrefix(l, p) && levelWords[l[len(p):]] {
			return true
		}
	}
	return levelWords[l]
}

// setsLevelCall reports whether call is a method call on a ToolError that
// sets its level by its arguments or its name.
func (ix *Index) setsLevelCall(call *ast.CallExpr) bool {
	info := ix.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !ix.IsToolErrorType(sig.Recv().Type()) {
		return false
	}
	for _, a := range call.Args {
		if ix.IsLevelType(info.TypeOf(a)) {
			return true
		}
	}
	if len(call.Args) == 0 && isLevelMethodName(fn.Name()) && sig.Results().Len() <= 1 {
		if sig.Results().Len() == 0 {
			return true
		}
		r := sig.Results().At(0).Type()
		return ix.IsToolErrorType(r) || mcpsdk.IsErrorType(r)
	}
	return false
}

// builderLevel follows a builder chain up from the construction at c and
// returns the method call that sets the level, or nil.
func (ix *Index) builderLevel(c astindex.Cursor, named *types.Named) ast.Expr {
	for {
		p := c.Parent()
		if _, ok := p.Node().(*ast.ParenExpr); ok {
			c = p
			continue
		}
		sel, ok := p.Node().(*ast.SelectorExpr)
		if !ok || sel.X != c.Node() {
			return nil
		}
		gp := p.Parent()
		call, ok := gp.Node().(*ast.CallExpr)
		if !ok || call.Fun != sel {
			return nil
		}
		if ix.setsLevelCall(call) {
			return call
		}
		fn, ok := ix.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok {
			return nil
		}
		sig := fn.Type().(*types.Signature)
		if sig.Recv() == nil || !ix.IsToolErrorType(sig.Recv().Type()) || sig.Results().Len() != 1 ||
			!ix.IsToolErrorType(sig.Results().At(0).Type()) {
			return nil
		}
		c = gp
	}
}

// laterLevel finds, when the construction at c (or the builder chain
// around it) is stored in a local variable, an assignment to that
// variable's level field or a level-setting method call on it in the same
// function.
func (ix *Index) laterLevel(c astindex.Cursor, named *types.Named) ast.Expr {
	info := ix.pass.TypesInfo
	// Climb the builder chain and a & operator.
	for {
		p := c.Parent()
		switch pn := p.Node().(type) {
		case *ast.ParenExpr:
			c = p
			continue
		case *ast.UnaryExpr:
			if pn.Op == token.AND {
				c = p
				continue
			}
		case *ast.SelectorExpr:
			if gp := p.Parent(); gp.Valid() {
				if call, ok := gp.Node().(*ast.CallExpr); ok && call.Fun == pn {
					c = gp
					continue
				}
			}
		}
		break
	}
	var v *types.Var
	switch p := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == c.Node() {
					if id, ok := p.Lhs[i].(*ast.Ident); ok {
						v, _ = flow.ObjOf(info, id).(*types.Var)
					}
				}
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) == len(p.Values) {
			for i, r := range p.Values {
				if r == c.Node() {
					v, _ = info.Defs[p.Names[i]].(*types.Var)
				}
			}
		}
	}
	if v == nil {
		return nil
	}
	fnBody := flow.EnclosingFunc(c)
	if fnBody == nil || !flow.Within(fnBody, v.Pos()) {
		return nil
	}
	var found ast.Expr
	ast.Inspect(fnBody, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || !usesVar(info, sel.X, v) {
					continue
				}
				if f, ok := info.Uses[sel.Sel].(*types.Var); ok && ix.IsLevelType(f.Type()) && i < len(n.Rhs) {
					found = n.Rhs[i]
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && usesVar(info, sel.X, v) && ix.setsLevelCall(n) {
				found = n
			}
		}
		return true
	})
	return found
}

func usesVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	e = ast.Unparen(e)
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && info.Uses[id] == v
}
