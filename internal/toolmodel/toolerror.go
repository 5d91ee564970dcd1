package toolmodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/astindex"
)

// ToolErrorSite is one construction of a ToolError in the package.
type ToolErrorSite struct {
	Node      ast.Node     // *ast.CallExpr of a constructor, or *ast.CompositeLit
	Type      *types.Named // the ToolError type
	Ctor      *types.Func  // the constructor, nil for a literal
	Message   ast.Expr     // the model-facing message expression, or nil when unknown
	Explicit  bool         // the level is set at this site (argument, option, builder, Level field)
	LevelExpr ast.Expr     // the expression that sets it, when Explicit
}

// What counts as a ToolError and a construction of one, with no
// configuration:
//
//   - A ToolError type is a named type called ToolError that implements
//     error (itself or through its pointer), or a type named in the
//     configuration's tool-errors. A level type is log/slog.Level or a type
//     named in level-types; a ToolError's level field is its field (or the
//     field of an embedded struct) of a level type.
//   - A constructor is a function or method (not a method of the ToolError
//     itself: those are builders) that returns a ToolError type; in another
//     package it must also take a string or a level (a function taking
//     neither, like Resolve(ctx, err), converts). A function
//     that returns error is a constructor too when, in this package, every
//     return statement of its body returns a ToolError construction; in
//     another package, when it is an exported function of the package that
//     declares a ToolError type, returns only error and takes a string (its
//     body cannot be seen: this is the documented approximation).
//     A function returning a ToolError whose body, in this package, returns
//     anything but a construction (a converter like asToolError) is not a
//     constructor.
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

type toolErrorState struct {
	once  sync.Once
	sites []*ToolErrorSite

	mu    sync.Mutex
	ctors map[*types.Func]*types.Named // memo of ToolErrorCtor
}

// teState returns the model's lazily computed ToolError state.
func (m *Model) teState() *toolErrorState {
	m.teOnce.Do(func() { m.te = &toolErrorState{ctors: map[*types.Func]*types.Named{}} })
	return m.te
}

// configured reports whether obj is named in list ("import/path.Name").
func configured(list []string, obj types.Object) bool {
	if len(list) == 0 || obj == nil || obj.Pkg() == nil {
		return false
	}
	name := PkgPath(obj) + "." + obj.Name()
	for _, n := range list {
		if n == name {
			return true
		}
	}
	return false
}

// ToolErrorNamed returns the ToolError type t is, or points to, or nil.
func (m *Model) ToolErrorNamed(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	obj := n.Origin().Obj()
	if m.Config != nil && configured(m.Config.ToolErrors, obj) {
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
func (m *Model) IsToolErrorType(t types.Type) bool { return m.ToolErrorNamed(t) != nil }

// IsLevelType reports whether t is a log-level type: log/slog.Level or a
// type named in the configuration's level-types.
func (m *Model) IsLevelType(t types.Type) bool {
	if t == nil {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	if obj.Name() == "Level" && PkgPath(obj) == "log/slog" {
		return true
	}
	return m.Config != nil && configured(m.Config.LevelTypes, obj)
}

// LevelField returns the level field of the ToolError type t: its field of
// a level type, or that field of a struct it embeds; nil if it has none.
func (m *Model) LevelField(t types.Type) *types.Var {
	named := m.ToolErrorNamed(t)
	if named == nil {
		return nil
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); m.IsLevelType(f.Type()) {
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
				if g := est.Field(j); m.IsLevelType(g.Type()) {
					return g
				}
			}
		}
	}
	return nil
}

// ToolErrors returns every ToolError construction in the package's files,
// in source order. It is computed once and safe for concurrent use.
func (m *Model) ToolErrors() []*ToolErrorSite {
	st := m.teState()
	st.once.Do(func() {
		if !m.Relevant || m.Syntax == nil {
			return
		}
		st.sites = m.findToolErrors()
	})
	return st.sites
}

func (m *Model) findToolErrors() []*ToolErrorSite {
	info := m.Pass.TypesInfo
	var sites []*ToolErrorSite
	for c := range m.Syntax.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			named := m.ToolErrorNamed(info.TypeOf(n))
			if named == nil {
				continue
			}
			if _, isPtr := types.Unalias(info.TypeOf(n)).(*types.Pointer); isPtr {
				continue // an element of a []*ToolError{{...}} literal is typed *T; its own type is listed too
			}
			s := &ToolErrorSite{Node: n, Type: named, Message: m.literalMessage(n)}
			s.LevelExpr = m.literalLevel(n)
			if s.LevelExpr == nil {
				s.LevelExpr = m.laterLevel(c, named)
			}
			s.Explicit = s.LevelExpr != nil
			sites = append(sites, s)
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				continue // a conversion
			}
			fn := m.callee(n)
			if fn == nil {
				continue
			}
			named := m.ToolErrorCtor(fn)
			if named == nil {
				continue
			}
			s := &ToolErrorSite{Node: n, Type: named, Ctor: fn}
			msgIdx := m.messageParam(fn, named)
			if msgIdx >= 0 && msgIdx < len(n.Args) {
				s.Message = n.Args[msgIdx]
			}
			s.LevelExpr = m.callLevel(n, msgIdx)
			if s.LevelExpr == nil {
				s.LevelExpr = m.builderLevel(c, named)
			}
			if s.LevelExpr == nil {
				s.LevelExpr = m.laterLevel(c, named)
			}
			s.Explicit = s.LevelExpr != nil
			sites = append(sites, s)
		}
	}
	return sites
}

// ToolErrorCtor returns the ToolError type fn constructs, or nil when fn is
// not a ToolError constructor. It is safe for concurrent use: a result is
// computed with its own recursion stack and then memoized.
func (m *Model) ToolErrorCtor(fn *types.Func) *types.Named {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if named, ok := m.cachedCtor(fn); ok {
		return named
	}
	named := m.ctorOf(fn, map[*types.Func]bool{fn: true})
	st := m.teState()
	st.mu.Lock()
	st.ctors[fn] = named
	st.mu.Unlock()
	return named
}

// cachedCtor returns the memoized answer of ToolErrorCtor for fn, if any.
func (m *Model) cachedCtor(fn *types.Func) (*types.Named, bool) {
	st := m.teState()
	st.mu.Lock()
	defer st.mu.Unlock()
	named, ok := st.ctors[fn]
	return named, ok
}

// ctorIn is ToolErrorCtor inside a computation: a function already on the
// stack is not (yet) a constructor.
func (m *Model) ctorIn(fn *types.Func, stack map[*types.Func]bool) *types.Named {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if named, ok := m.cachedCtor(fn); ok {
		return named
	}
	if stack[fn] {
		return nil
	}
	stack[fn] = true
	defer delete(stack, fn)
	return m.ctorOf(fn, stack)
}

func (m *Model) ctorOf(fn *types.Func, stack map[*types.Func]bool) *types.Named {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	if sig.Recv() != nil && m.IsToolErrorType(sig.Recv().Type()) {
		return nil // a builder or accessor of the ToolError itself
	}
	res := sig.Results()
	var named *types.Named
	for i := 0; i < res.Len(); i++ {
		if n := m.ToolErrorNamed(res.At(i).Type()); n != nil {
			named = n
			break
		}
	}
	returnsError := res.Len() > 0 && IsErrorType(res.At(res.Len()-1).Type())
	if named == nil && !returnsError {
		return nil
	}
	if fn.Pkg() == m.Pass.Pkg {
		d := m.Flow.Decl(fn)
		if d == nil || d.Body == nil {
			if named != nil {
				return named
			}
			return nil
		}
		idx := res.Len() - 1
		if named != nil {
			for i := 0; i < res.Len(); i++ {
				if m.IsToolErrorType(res.At(i).Type()) {
					idx = i
					break
				}
			}
		}
		return m.bodyConstructs(d, idx, stack)
	}
	if named != nil {
		// Another package: a constructor takes a message or a level; a
		// function taking neither (toolerr.Resolve(ctx, err), As(err))
		// converts or looks up, it does not construct.
		params := sig.Params()
		for i := 0; i < params.Len(); i++ {
			t := params.At(i).Type()
			if s, ok := t.(*types.Slice); ok && sig.Variadic() && i == params.Len()-1 {
				t = s.Elem()
			}
			if isStringType(t) || m.IsLevelType(t) {
				return named
			}
		}
		return nil
	}
	// Another package, returning error: an exported function of the
	// package declaring a ToolError, returning only error and taking a
	// string.
	if !fn.Exported() || sig.Recv() != nil || res.Len() != 1 || fn.Pkg() == nil {
		return nil
	}
	te := m.declaredToolError(fn.Pkg())
	if te == nil {
		return nil
	}
	params := sig.Params()
	for i := 0; i < params.Len(); i++ {
		if isStringType(params.At(i).Type()) {
			return te
		}
	}
	return nil
}

// declaredToolError returns the ToolError type declared by pkg, if any.
func (m *Model) declaredToolError(pkg *types.Package) *types.Named {
	if tn, ok := pkg.Scope().Lookup("ToolError").(*types.TypeName); ok {
		if n := m.ToolErrorNamed(tn.Type()); n != nil {
			return n
		}
	}
	if m.Config != nil {
		for _, name := range m.Config.ToolErrors {
			i := strings.LastIndex(name, ".")
			if i < 0 || name[:i] != unvendor(pkg.Path()) {
				continue
			}
			if tn, ok := pkg.Scope().Lookup(name[i+1:]).(*types.TypeName); ok {
				if n := m.ToolErrorNamed(tn.Type()); n != nil {
					return n
				}
			}
		}
	}
	return nil
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// bodyConstructs returns the ToolError type built by every return of d's
// body at result idx, or nil when some return yields anything else.
func (m *Model) bodyConstructs(d *ast.FuncDecl, idx int, stack map[*types.Func]bool) *types.Named {
	var named *types.Named
	for _, n := range m.Returns(d) {
		var e ast.Expr
		switch {
		case len(n.Results) == 0:
			return nil
		case len(n.Results) == 1 && idx > 0:
			return nil // return f(): a tuple, not followed
		case idx < len(n.Results):
			e = n.Results[idx]
		}
		t := m.constructionOf(e, d.Body, 0, stack)
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
func (m *Model) ConstructionOf(e ast.Expr, body ast.Node) *types.Named {
	return m.constructionOf(e, body, 0, map[*types.Func]bool{})
}

func (m *Model) constructionOf(e ast.Expr, body ast.Node, depth int, stack map[*types.Func]bool) *types.Named {
	if e == nil || depth > 4 {
		return nil
	}
	info := m.Pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return m.ToolErrorNamed(info.TypeOf(e))
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			if fn, ok := info.Uses[sel.Sel].(*types.Func); ok {
				sig := fn.Type().(*types.Signature)
				if sig.Recv() != nil && m.IsToolErrorType(sig.Recv().Type()) && sig.Results().Len() == 1 &&
					(m.IsToolErrorType(sig.Results().At(0).Type()) || IsErrorType(sig.Results().At(0).Type())) {
					return m.constructionOf(sel.X, body, depth+1, stack) // a builder chain
				}
			}
		}
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			return nil
		}
		return m.ctorIn(m.callee(e), stack)
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || body == nil || !within(body, v.Pos()) {
			return nil
		}
		var named *types.Named
		for _, d := range m.Flow.Defs(v) {
			if d.Opaque || d.Zero || d.Elem || d.Tuple >= 0 || d.Rhs == nil {
				return nil
			}
			t := m.constructionOf(d.Rhs, body, depth+1, stack)
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
func (m *Model) messageParam(fn *types.Func, named *types.Named) int {
	params := fn.Type().(*types.Signature).Params()
	first, n := -1, 0
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		if !isStringType(p.Type()) {
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
func (m *Model) literalMessage(lit *ast.CompositeLit) ast.Expr {
	info := m.Pass.TypesInfo
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
				field, _ = ObjOf(info, k).(*types.Var)
			}
			val = kv.Value
		} else if i < st.NumFields() {
			field = st.Field(i)
		}
		if field == nil || !isStringType(field.Type()) {
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
func (m *Model) literalLevel(lit *ast.CompositeLit) ast.Expr {
	info := m.Pass.TypesInfo
	st, ok := info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := ObjOf(info, k).(*types.Var); ok && m.IsLevelType(f.Type()) {
					return kv.Value
				}
				if f, ok := ObjOf(info, k).(*types.Var); ok && f.Embedded() {
					if inner, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); ok {
						if e := m.embeddedLevel(inner); e != nil {
							return e
						}
					}
				}
			}
			continue
		}
		if i < st.NumFields() && m.IsLevelType(st.Field(i).Type()) {
			return elt
		}
	}
	return nil
}

func (m *Model) embeddedLevel(lit *ast.CompositeLit) ast.Expr {
	info := m.Pass.TypesInfo
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := ObjOf(info, k).(*types.Var); ok && m.IsLevelType(f.Type()) {
					return kv.Value
				}
			}
		}
	}
	return nil
}

// callLevel returns the argument of a constructor call that sets the
// level: a level-typed value, or an option call given one.
func (m *Model) callLevel(call *ast.CallExpr, msgIdx int) ast.Expr {
	info := m.Pass.TypesInfo
	for i, a := range call.Args {
		if i == msgIdx {
			continue
		}
		if m.IsLevelType(info.TypeOf(a)) {
			return a
		}
		if inner, ok := ast.Unparen(a).(*ast.CallExpr); ok {
			for _, b := range inner.Args {
				if m.IsLevelType(info.TypeOf(b)) {
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

// IsLevelMethodName reports whether a method's name says it sets a level:
// it mentions Level, or is a level name (Info, Warn, Warning, Error,
// Debug) with an optional With, At, As or Set prefix.
func IsLevelMethodName(name string) bool {
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
func (m *Model) setsLevelCall(call *ast.CallExpr) bool {
	info := m.Pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || !m.IsToolErrorType(sig.Recv().Type()) {
		return false
	}
	for _, a := range call.Args {
		if m.IsLevelType(info.TypeOf(a)) {
			return true
		}
	}
	if len(call.Args) == 0 && IsLevelMethodName(fn.Name()) && sig.Results().Len() <= 1 {
		if sig.Results().Len() == 0 {
			return true
		}
		r := sig.Results().At(0).Type()
		return m.IsToolErrorType(r) || IsErrorType(r)
	}
	return false
}

// builderLevel follows a builder chain up from the construction at c and
// returns the method call that sets the level, or nil.
func (m *Model) builderLevel(c astindex.Cursor, named *types.Named) ast.Expr {
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
		if m.setsLevelCall(call) {
			return call
		}
		fn, ok := m.Pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok {
			return nil
		}
		sig := fn.Type().(*types.Signature)
		if sig.Recv() == nil || !m.IsToolErrorType(sig.Recv().Type()) || sig.Results().Len() != 1 ||
			!m.IsToolErrorType(sig.Results().At(0).Type()) {
			return nil
		}
		c = gp
	}
}

// laterLevel finds, when the construction at c (or the builder chain
// around it) is stored in a local variable, an assignment to that
// variable's level field or a level-setting method call on it in the same
// function.
func (m *Model) laterLevel(c astindex.Cursor, named *types.Named) ast.Expr {
	info := m.Pass.TypesInfo
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
						v, _ = ObjOf(info, id).(*types.Var)
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
	fnBody := EnclosingFuncAt(c)
	if fnBody == nil || !within(fnBody, v.Pos()) {
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
				if f, ok := info.Uses[sel.Sel].(*types.Var); ok && m.IsLevelType(f.Type()) && i < len(n.Rhs) {
					found = n.Rhs[i]
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && usesVar(info, sel.X, v) && m.setsLevelCall(n) {
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

// LevelFact is what an analyzer learns about a function or variable of a
// package that builds ToolErrors, for the packages that import it: a
// constructor's default level (the level when the call sets none), and the
// level an option or builder sets. An analyzer that reads levels across
// packages declares it among its FactTypes and calls Levels.ExportFacts.
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

// Levels evaluates the levels of a package's ToolError constructions for
// one analyzer: what a construction states, a constructor's default, the
// level an option or builder sets. It belongs to one analyzer's pass (it
// imports and exports that analyzer's facts) and is not safe for
// concurrent use; the model it reads is.
type Levels struct {
	pass    *analysis.Pass
	m       *Model
	facts   bool // pass declares LevelFact: facts cross package boundaries
	sites   map[ast.Node]*ToolErrorSite
	cursors map[ast.Node]astindex.Cursor
	ctor    map[*types.Func]Level // memo, LevelUnknown while in progress
	sets    map[types.Object]Level
	inProg  map[types.Object]bool
}

// NewLevels returns the level evaluator for pass: the pass an attached
// analysis runs in (its analyzer's, or the model's when the model hosts the
// facts). When that pass's analyzer declares LevelFact among its FactTypes,
// constructors and options of other packages are known by their facts
// (exported by ExportFacts in those packages); otherwise only this
// package's are.
func (m *Model) NewLevels(pass *analysis.Pass) *Levels {
	lv := &Levels{
		pass:    pass,
		m:       m,
		sites:   map[ast.Node]*ToolErrorSite{},
		cursors: map[ast.Node]astindex.Cursor{},
		ctor:    map[*types.Func]Level{},
		sets:    map[types.Object]Level{},
		inProg:  map[types.Object]bool{},
	}
	for _, f := range pass.Analyzer.FactTypes {
		if _, ok := f.(*LevelFact); ok {
			lv.facts = true
		}
	}
	for _, s := range m.ToolErrors() {
		lv.sites[s.Node] = s
	}
	if len(lv.sites) > 0 {
		for c := range m.Syntax.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
			if _, ok := lv.sites[c.Node()]; ok {
				lv.cursors[c.Node()] = c
			}
		}
	}
	return lv
}

// Cursor returns the syntax index cursor of a construction of this package.
func (lv *Levels) Cursor(s *ToolErrorSite) (astindex.Cursor, bool) {
	c, ok := lv.cursors[s.Node]
	return c, ok
}

// Of returns the level a construction gets, and whether the site states
// it: by its types (Explicit), by an option, option variable or builder
// known to set a level, or by a constructor named after a fault outcome
// (Fault, Internal, Unavailable). When the site does not state it, the
// level is its constructor's default, or the zero value of a literal's
// level field. LevelUnknown when it cannot be told.
func (lv *Levels) Of(s *ToolErrorSite) (Level, bool) {
	c, ok := lv.cursors[s.Node]
	if !ok {
		return LevelUnknown, false
	}
	return lv.siteLevel(s, c)
}

// constLevel names the level of a constant of a level type.
func (lv *Levels) constLevel(e ast.Expr) Level {
	info := lv.pass.TypesInfo
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || !lv.m.IsLevelType(tv.Type) {
		return LevelUnknown
	}
	named, _ := types.Unalias(tv.Type).(*types.Named)
	if named != nil && PkgPath(named.Obj()) == "log/slog" {
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
	if PkgPath(named.Obj()) == "log/slog" {
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
	if lv.m.IsLevelType(info.TypeOf(e)) {
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
			if lv.m.IsLevelType(info.TypeOf(a)) {
				return lv.exprLevel(a, fn)
			}
		}
		var obj types.Object
		switch f := ast.Unparen(x.Fun).(type) {
		case *ast.Ident:
			obj = info.Uses[f]
		case *ast.SelectorExpr:
			obj = info.Uses[f.Sel]
		}
		if fnObj, ok := obj.(*types.Func); ok {
			if l := lv.setsOf(fnObj); l != LevelUnknown && l != LevelFromParam {
				return l
			}
			if len(x.Args) == 0 && IsLevelMethodName(fnObj.Name()) {
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
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	default:
		return false
	}
	return ft.Params.Pos() <= v.Pos() && v.Pos() < ft.Params.End()
}

// siteLevel returns the level a construction gets and whether the site
// states it (by its types, or by an option or builder known to set one).
func (lv *Levels) siteLevel(s *ToolErrorSite, c astindex.Cursor) (Level, bool) {
	fn := EnclosingFuncAt(c)
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
			return lv.CtorDefault(s.Ctor), true
		}
		return lv.CtorDefault(s.Ctor), false
	}
	field := lv.m.LevelField(s.Type)
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
		var obj types.Object
		switch f := ast.Unparen(x.Fun).(type) {
		case *ast.Ident:
			obj = info.Uses[f]
		case *ast.SelectorExpr:
			obj = info.Uses[f.Sel]
		}
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
	if fn == nil {
		return LevelUnknown
	}
	fn = fn.Origin()
	if fn.Pkg() != lv.pass.Pkg {
		var f LevelFact
		if lv.facts && lv.pass.ImportObjectFact(fn, &f) && f.Ctor {
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
	d := lv.m.FuncDecl(fn)
	if d == nil || d.Body == nil || lv.m.ToolErrorCtor(fn) == nil {
		return LevelUnknown
	}
	sig := fn.Type().(*types.Signature)
	idx := sig.Results().Len() - 1
	for i := 0; i < sig.Results().Len(); i++ {
		if lv.m.IsToolErrorType(sig.Results().At(i).Type()) {
			idx = i
			break
		}
	}
	result := LevelUnknown
	first := true
	for _, n := range lv.m.Returns(d) {
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
		rhs := SingleValue(d.Body, info, v)
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
	l, _ := lv.Of(s)
	return l
}

// SingleValue returns the one value assigned to the local variable v
// in body, or nil when there are several or it escapes by address.
func SingleValue(body ast.Node, info *types.Info, v *types.Var) ast.Expr {
	var rhs ast.Expr
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || ObjOf(info, id) != v {
					continue
				}
				n++
				if len(x.Lhs) == len(x.Rhs) && (x.Tok == token.DEFINE || x.Tok == token.ASSIGN) {
					rhs = x.Rhs[i]
				} else {
					n += 2
				}
			}
		case *ast.ValueSpec:
			for i, id := range x.Names {
				if info.Defs[id] != v {
					continue
				}
				n++
				if len(x.Values) == len(x.Names) {
					rhs = x.Values[i]
				} else {
					n += 2
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && info.Uses[id] == v {
					n += 2
				}
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return rhs
}

// setsOf returns the level an option function, option variable or builder
// method sets, or LevelUnknown when it sets none that is known.
func (lv *Levels) setsOf(obj types.Object) Level {
	if fn, ok := obj.(*types.Func); ok {
		obj = fn.Origin()
	}
	if obj.Pkg() != lv.pass.Pkg {
		var f LevelFact
		if lv.facts && obj.Pkg() != nil && lv.pass.ImportObjectFact(obj, &f) && f.Sets != "" {
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
		builder := sig.Recv() != nil && lv.m.IsToolErrorType(sig.Recv().Type())
		if lv.m.ToolErrorCtor(o) != nil || (!builder && (sig.Results().Len() != 1 || IsErrorType(sig.Results().At(0).Type()))) {
			return LevelUnknown
		}
		d := lv.m.FuncDecl(o)
		if d == nil || d.Body == nil {
			return LevelUnknown
		}
		body, fnNode = d.Body, d
	case *types.Var:
		if lv.m.IsToolErrorType(o.Type()) {
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
				if !ok || !lv.m.IsLevelType(f.Type()) || !lv.m.IsToolErrorType(info.TypeOf(sel.X)) {
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
			var callee types.Object
			switch f := ast.Unparen(n.Fun).(type) {
			case *ast.Ident:
				callee = info.Uses[f]
			case *ast.SelectorExpr:
				callee = info.Uses[f.Sel]
			}
			if callee != nil && callee != obj && returned[n] {
				if _, isFunc := callee.(*types.Func); isFunc {
					if l := lv.setsOf(callee); l != LevelUnknown {
						touched = true
						found = l
						if l == LevelFromParam {
							// WithInfo() { return WithLevel(slog.LevelInfo) }
							for _, a := range n.Args {
								if lv.m.IsLevelType(info.TypeOf(a)) {
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
	_, ok := lv.m.Flow.ParamOf(v)
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

// ExportFacts tells importers the default of each constructor and the
// level of each option and builder the package declares. It does nothing
// unless the analyzer declares LevelFact.
func (lv *Levels) ExportFacts() {
	if !lv.facts {
		return
	}
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
		f := &LevelFact{}
		if fn, ok := o.(*types.Func); ok && lv.m.ToolErrorCtor(fn) != nil {
			f.Ctor = true
			if l := lv.CtorDefault(fn); l != LevelUnknown && l != LevelFromParam {
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
