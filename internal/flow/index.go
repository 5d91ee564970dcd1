package flow

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"sort"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/memo"
)

// Info is the value-flow index of one package: its functions, their
// parameters, returns and calls, and every value stored into a variable or
// field. It is built once, in one walk of the package's syntax index, and
// is read-only afterwards: safe for concurrent use, but for the Tracers made
// from it, which belong to one goroutine each. The lookups of a nil Info
// find nothing: a package the model does not index has no flow.
type Info struct {
	Fset   *token.FileSet
	Pkg    *types.Package
	Types  *types.Info
	Syntax *astindex.Index

	tables
	calls []Call
	clits []CompositeLit
	funcs []ast.Node // declarations with a body and literals, in source order
}

// tables are the maps of an Info. Recycle hands them on to the next
// package's index, emptied, so that each package does not allocate (and
// the collector does not reclaim) tables of the same size again.
type tables struct {
	decls    map[*types.Func]*ast.FuncDecl
	funcOf   map[ast.Node]*types.Func
	params   map[*types.Var]Param
	defs     map[types.Object][]*Def
	stores   map[*types.Var][]*Def           // v.f = x, v.f.g = x: stores into a variable's fields
	addrs    map[*types.Var][]*ast.UnaryExpr // &v
	callee   map[*ast.CallExpr]*types.Func   // the static callee of each call (Origin), nil for none
	callsIn  map[ast.Node][]*ast.CallExpr
	lits     map[*ast.FuncLit]ast.Node
	returns  map[ast.Node][]*ast.ReturnStmt
	retCurs  map[ast.Node][]astindex.Cursor
	litDecls map[*ast.FuncDecl]bool
	// slabs hold the definitions (newDef), slabSize to a slab, kept with
	// the tables; used counts those handed out.
	slabs [][]Def
	used  int
	// lists keep the emptied lists of a recycled Info.
	lists lists
}

// lists are an Info's lists, kept with its tables when it is recycled.
type lists struct {
	calls []Call
	clits []CompositeLit
	funcs []ast.Node
}

// slabSize is how many definitions a slab holds.
const slabSize = 256

// newDef returns a pointer to a copy of d, kept in the tables' slabs: a
// package's definitions are many small objects, and the slabs of a
// recycled index hold the next package's.
func (fl *Info) newDef(d Def) *Def {
	i, j := fl.used/slabSize, fl.used%slabSize
	if i == len(fl.slabs) {
		fl.slabs = append(fl.slabs, make([]Def, slabSize))
	}
	fl.used++
	p := &fl.slabs[i][j]
	*p = d
	return p
}

// spare holds the tables of recycled Infos. It makes none: New makes
// tables sized by the package they index.
var spare memo.Spare[tables]

// Recycle empties fl and keeps its tables for the next package indexed.
// Its caller must be the last user of fl: afterwards its tables are empty
// (only Callee still answers, from the types), and the definitions it
// handed out (Defs, Reaching) hold the next package's.
func (fl *Info) Recycle() {
	if fl == nil || fl.decls == nil {
		return
	}
	t := fl.tables
	fl.tables = tables{}
	clear(fl.calls)
	clear(fl.clits)
	clear(fl.funcs)
	t.lists = lists{fl.calls[:0], fl.clits[:0], fl.funcs[:0]}
	fl.calls, fl.clits, fl.funcs = nil, nil, nil
	clear(t.decls)
	clear(t.funcOf)
	clear(t.params)
	clear(t.defs)
	clear(t.stores)
	clear(t.addrs)
	clear(t.callee)
	clear(t.callsIn)
	clear(t.lits)
	clear(t.returns)
	clear(t.retCurs)
	clear(t.litDecls)
	for _, slab := range t.slabs[:(t.used+slabSize-1)/slabSize] {
		clear(slab)
	}
	t.used = 0
	spare.Put(&t)
}

// A Param locates a parameter in its function's signature.
type Param struct {
	Func  ast.Node // *ast.FuncDecl or *ast.FuncLit
	Index int      // -1 for a receiver
}

// A Def is one value stored into a variable or a field: an assignment, a
// declaration, a range clause, or a field of a composite literal.
type Def struct {
	Rhs   ast.Expr
	Tuple int // the result index into a multi-value Rhs, or -1
	Pos   token.Pos
	End   token.Pos
	// Block is the node whose statement list holds the definition (a
	// block, case clause, or the if/for/switch owning an init), for the
	// kill rule of Reaching; nil for a store through a field or an index,
	// which kills nothing.
	Block ast.Node
	// Elem says Rhs is a container whose elements are stored: a range
	// value, m[k] = v.
	Elem bool
	// Zero is var x T: the zero value.
	Zero bool
	// Opaque is a store that is not traced: x += y (Rhs is y).
	Opaque bool
	// Key is the key of a range clause: an index or map key of Rhs, not
	// one of its elements.
	Key bool
	// Func is the function declaration or literal holding the
	// definition, nil at package level.
	Func ast.Node
	// Loops are the loops of Func around the definition, innermost first.
	Loops []ast.Node
	// Lit is a field's value in a composite literal (Rhs), which only the
	// literal's own value holds.
	Lit bool
	// Base, for a store through a selector (x.f = v, x.y.f = v), is the
	// variable at its root (x).
	Base *types.Var
}

// A Call is a call expression and the function declaration or literal that
// holds it (nil at package level).
type Call struct {
	Call *ast.CallExpr
	Func ast.Node
}

// A CompositeLit is a composite literal and its type.
type CompositeLit struct {
	Lit  *ast.CompositeLit
	Type types.Type
}

// New indexes the package whose syntax index, types and files are given.
func New(fset *token.FileSet, pkg *types.Package, info *types.Info, syntax *astindex.Index) *Info {
	// The tables are sized by the syntax they index: grown from empty,
	// rehashing was a tenth of the cost of indexing.
	decls := syntax.Count((*ast.FuncDecl)(nil))
	lits := syntax.Count((*ast.FuncLit)(nil))
	funcs := decls + lits
	calls := syntax.Count((*ast.CallExpr)(nil))
	fl := &Info{
		Fset:   fset,
		Pkg:    pkg,
		Types:  info,
		Syntax: syntax,
	}
	if t := spare.Get(); t != nil {
		fl.tables = *t
		fl.calls, fl.clits, fl.funcs = t.lists.calls, t.lists.clits, t.lists.funcs
		fl.lists = lists{}
	} else {
		fl.tables = tables{
			decls:    make(map[*types.Func]*ast.FuncDecl, decls),
			funcOf:   make(map[ast.Node]*types.Func, decls),
			params:   make(map[*types.Var]Param, 2*funcs),
			defs:     make(map[types.Object][]*Def, syntax.Count((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil))),
			stores:   map[*types.Var][]*Def{},
			addrs:    map[*types.Var][]*ast.UnaryExpr{},
			callsIn:  make(map[ast.Node][]*ast.CallExpr, funcs),
			lits:     make(map[*ast.FuncLit]ast.Node, lits),
			returns:  make(map[ast.Node][]*ast.ReturnStmt, funcs),
			retCurs:  make(map[ast.Node][]astindex.Cursor, funcs),
			litDecls: map[*ast.FuncDecl]bool{},
			callee:   make(map[*ast.CallExpr]*types.Func, calls),
		}
	}
	fl.calls = slices.Grow(fl.calls, calls)
	fl.clits = slices.Grow(fl.clits, syntax.Count((*ast.CompositeLit)(nil)))
	fl.funcs = slices.Grow(fl.funcs, funcs)
	fl.index()
	return fl
}

func (fl *Info) index() {
	info := fl.Types
	addParams := func(fn ast.Node, recv *ast.FieldList, ft *ast.FuncType) {
		if recv != nil {
			for _, field := range recv.List {
				for _, name := range field.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						fl.params[v] = Param{fn, -1}
					}
				}
			}
		}
		i := 0
		for _, field := range ft.Params.List {
			if len(field.Names) == 0 {
				i++
				continue
			}
			for _, name := range field.Names {
				if v, ok := info.Defs[name].(*types.Var); ok {
					fl.params[v] = Param{fn, i}
				}
				i++
			}
		}
	}
	for c := range fl.Syntax.Root().Preorder(
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil),
		(*ast.RangeStmt)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil), (*ast.UnaryExpr)(nil)) {
		switch n := c.Node().(type) {
		case *ast.ReturnStmt:
			if fn := EnclosingFunc(c); fn != nil {
				fl.returns[fn] = append(fl.returns[fn], n)
				fl.retCurs[fn] = append(fl.retCurs[fn], c)
			}
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				fl.decls[fn] = n
				fl.funcOf[n] = fn
			}
			addParams(n, n.Recv, n.Type)
			if n.Body != nil {
				fl.funcs = append(fl.funcs, n)
			}
		case *ast.FuncLit:
			addParams(n, nil, n.Type)
			fl.lits[n] = EnclosingFunc(c.Parent())
			fl.funcs = append(fl.funcs, n)
			if d, ok := c.Innermost((*ast.FuncDecl)(nil)); ok {
				fl.litDecls[d.Node().(*ast.FuncDecl)] = true
			}
		case *ast.AssignStmt:
			fl.indexAssign(c, n)
		case *ast.ValueSpec:
			for i, name := range n.Names {
				obj := info.Defs[name]
				if obj == nil {
					continue
				}
				d := fl.newDef(Def{Pos: n.Pos(), End: n.End(), Block: blockParent(c), Tuple: -1, Func: EnclosingFunc(c), Loops: loopsAround(c)})
				switch {
				case len(n.Values) == len(n.Names):
					d.Rhs = n.Values[i]
				case len(n.Values) == 1:
					d.Rhs, d.Tuple = n.Values[0], i
				default:
					d.Zero = true
				}
				fl.defs[obj] = append(fl.defs[obj], d)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						fl.addrs[v] = append(fl.addrs[v], n)
					}
				}
			}
		case *ast.RangeStmt:
			fn := EnclosingFunc(c)
			if id, ok := n.Key.(*ast.Ident); ok {
				if obj := ObjOf(info, id); obj != nil {
					fl.defs[obj] = append(fl.defs[obj], fl.newDef(Def{Rhs: n.X, Pos: n.Pos(), End: n.Body.Pos(), Block: n.Body, Tuple: -1, Key: true, Func: fn}))
				}
			}
			if id, ok := n.Value.(*ast.Ident); ok {
				if obj := ObjOf(info, id); obj != nil {
					fl.defs[obj] = append(fl.defs[obj], fl.newDef(Def{Rhs: n.X, Pos: n.Pos(), End: n.Body.Pos(), Block: n.Body, Tuple: -1, Elem: true, Func: fn}))
				}
			}
		case *ast.TypeSwitchStmt:
			// switch v := x.(type): each clause's v holds x.
			as, ok := n.Assign.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				break
			}
			ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
			if !ok {
				break
			}
			fn, loops := EnclosingFunc(c), loopsAround(c)
			for _, s := range n.Body.List {
				cc := s.(*ast.CaseClause)
				if obj := info.Implicits[cc]; obj != nil {
					fl.defs[obj] = append(fl.defs[obj], fl.newDef(Def{Rhs: ta.X, Pos: cc.Pos(), End: cc.Colon, Block: cc, Tuple: -1, Func: fn, Loops: loops}))
				}
			}
		case *ast.CompositeLit:
			t := info.TypeOf(n)
			fl.clits = append(fl.clits, CompositeLit{n, t})
			fl.indexCompositeLit(n, t, EnclosingFunc(c))
		case *ast.CallExpr:
			fn := EnclosingFunc(c)
			fl.calls = append(fl.calls, Call{n, fn})
			var callee *types.Func
			if f := typeutil.StaticCallee(info, n); f != nil {
				callee = f.Origin()
			}
			fl.callee[n] = callee
			if fn != nil {
				fl.callsIn[fn] = append(fl.callsIn[fn], n)
			}
		}
	}
	sort.Slice(fl.funcs, func(i, j int) bool { return fl.funcs[i].Pos() < fl.funcs[j].Pos() })
}

func (fl *Info) indexAssign(c astindex.Cursor, n *ast.AssignStmt) {
	block := blockParent(c)
	fn := EnclosingFunc(c)
	loops := loopsAround(c)
	for i, lhs := range n.Lhs {
		obj := fl.StorageOf(lhs)
		if obj == nil {
			continue
		}
		d := fl.newDef(Def{Pos: n.Pos(), End: n.End(), Block: block, Tuple: -1, Func: fn, Loops: loops})
		switch {
		case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
			d.Opaque = true // x += y: Rhs is y
			if len(n.Lhs) == len(n.Rhs) {
				d.Rhs = n.Rhs[i]
			}
		case len(n.Lhs) == len(n.Rhs):
			d.Rhs = n.Rhs[i]
		case len(n.Rhs) == 1:
			d.Rhs, d.Tuple = n.Rhs[0], i
		}
		if d.Rhs != nil && d.Tuple < 0 && !d.Opaque {
			if outer := fl.optionalApply(c, obj, d.Rhs); outer != nil {
				d.Block = outer
			}
		}
		switch l := ast.Unparen(lhs).(type) {
		case *ast.IndexExpr:
			d.Elem = true // m[k] = v: an element of the container
			d.Block = nil
		case *ast.SelectorExpr:
			d.Block = nil
			if base := baseVar(fl.Types, l.X); base != nil {
				fl.stores[base] = append(fl.stores[base], d)
				d.Base = base
			}
		}
		fl.defs[obj] = append(fl.defs[obj], d)
	}
}

func (fl *Info) indexCompositeLit(n *ast.CompositeLit, t types.Type, fn ast.Node) {
	info := fl.Types
	if t == nil {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range n.Elts {
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
		if field != nil {
			field = field.Origin()
			fl.defs[field] = append(fl.defs[field], fl.newDef(Def{Rhs: val, Pos: n.Pos(), End: n.End(), Tuple: -1, Func: fn, Lit: true}))
		}
	}
}

// baseVar returns the variable at the root of a selector chain: v of v,
// v.f, (*v).f.g.
func baseVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := ObjOf(info, x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			if sel, ok := info.Selections[x]; !ok || sel.Kind() != types.FieldVal {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// StorageOf returns the variable or field an lvalue or operand denotes:
// v, x.f, v[i] and (v) are reduced to the object whose value is traced.
func (fl *Info) StorageOf(e ast.Expr) types.Object {
	info := fl.Types
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := ObjOf(info, e).(*types.Var); ok {
			return v
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() == types.FieldVal {
				return sel.Obj().(*types.Var).Origin() // a generic type's field, whatever the instance
			}
			return nil
		}
		if v, ok := info.Uses[e.Sel].(*types.Var); ok {
			return v // qualified package variable
		}
	case *ast.IndexExpr:
		return fl.StorageOf(e.X)
	}
	return nil
}

// ObjOf returns the object an identifier defines or uses.
func ObjOf(info *types.Info, id *ast.Ident) types.Object {
	if obj := info.Defs[id]; obj != nil {
		return obj
	}
	return info.Uses[id]
}

// ObjectOfExpr returns the object an identifier or a selector (pkg.Name,
// x.Field) uses, or nil.
func ObjectOfExpr(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[x]
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	}
	return nil
}

// IsBuiltinCall reports whether e is a call of the builtin function name
// (append, recover, ...).
func IsBuiltinCall(info *types.Info, e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// Within reports whether pos lies in n.
func Within(n ast.Node, pos token.Pos) bool { return n.Pos() <= pos && pos < n.End() }

// Spans are the positions a set of nodes covers, as disjoint ranges in
// order: which of a package's thousand functions holds a position is a
// binary search, not a look at each.
type Spans [][2]token.Pos

// SpansOf returns the union of the ranges [Pos, End) of nodes.
func SpansOf(nodes map[ast.Node]bool) Spans {
	s := make(Spans, 0, len(nodes))
	for n := range nodes {
		s = append(s, [2]token.Pos{n.Pos(), n.End()})
	}
	slices.SortFunc(s, func(a, b [2]token.Pos) int { return cmp.Compare(a[0], b[0]) })
	merged := s[:0]
	for _, r := range s {
		if k := len(merged) - 1; k >= 0 && r[0] <= merged[k][1] {
			merged[k][1] = max(merged[k][1], r[1])
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// Contain reports whether one of the nodes holds pos, as Within would.
func (s Spans) Contain(pos token.Pos) bool {
	i, _ := slices.BinarySearchFunc(s, pos, func(r [2]token.Pos, pos token.Pos) int {
		if r[1] <= pos {
			return -1 // ends at or before pos
		}
		return 1
	})
	return i < len(s) && s[i][0] <= pos
}

// IsNil reports whether e is the predeclared nil.
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// Terminates reports whether a block ends in a return or a panic.
func Terminates(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// FuncParts returns the type and body of a function node (a FuncDecl or
// a FuncLit); nil for anything else, and a nil body for a declaration
// without one.
func FuncParts(fn ast.Node) (*ast.FuncType, *ast.BlockStmt) {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		return f.Type, f.Body
	case *ast.FuncLit:
		return f.Type, f.Body
	}
	return nil, nil
}

// EnclosingFunc returns the innermost FuncDecl or FuncLit around c, or nil.
func EnclosingFunc(c astindex.Cursor) ast.Node {
	if e, ok := c.Innermost((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)); ok {
		return e.Node()
	}
	return nil
}

// loopsAround returns the loops around c in its function, innermost
// first.
func loopsAround(c astindex.Cursor) []ast.Node {
	var loops []ast.Node
	for p := c.Parent(); p.Valid(); p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.FuncDecl, *ast.FuncLit, *ast.File:
			return loops
		}
	}
	return loops
}

// optionalApply returns, for the assignment at c of rhs to v, the block
// around the if statement when the assignment applies an optional
// function to v's own value in that if's body:
//
//	if f != nil {
//		v = f(v)
//	}
//
// v holds f's result after the if either way: the earlier value is f's
// argument, and with f nil nothing is applied. So the definition kills
// earlier ones as one in the outer block would (Reaching).
func (fl *Info) optionalApply(c astindex.Cursor, v types.Object, rhs ast.Expr) ast.Node {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok {
		return nil
	}
	body := c.Parent()
	if !body.Valid() {
		return nil
	}
	ifc := body.Parent()
	if !ifc.Valid() {
		return nil
	}
	ifs, ok := ifc.Node().(*ast.IfStmt)
	if !ok || ifs.Body != body.Node() || ifs.Else != nil || ifs.Init != nil {
		return nil
	}
	cond, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.NEQ {
		return nil
	}
	f := cond.X
	if fl.isNil(f) {
		f = cond.Y
	} else if !fl.isNil(cond.Y) {
		return nil
	}
	if types.ExprString(ast.Unparen(f)) != types.ExprString(ast.Unparen(call.Fun)) {
		return nil
	}
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && fl.Types.Uses[id] == v {
			return blockParent(ifc)
		}
	}
	return nil
}

// isNil reports whether e is the predeclared nil.
func (fl *Info) isNil(e ast.Expr) bool {
	tv, ok := fl.Types.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// blockParent returns the node whose statement list holds the statement
// at c (a block, case clause, or the if/for/switch owning an init).
func blockParent(c astindex.Cursor) ast.Node {
	for p := c.Parent(); p.Valid(); p = p.Parent() {
		switch p.Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.IfStmt, *ast.ForStmt,
			*ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.File:
			return p.Node()
		case ast.Stmt, *ast.GenDecl, *ast.DeclStmt:
			continue
		default:
			return nil
		}
	}
	return nil
}

// ---- functions ----

// Decl returns the declaration of fn in this package, or nil.
func (fl *Info) Decl(fn *types.Func) *ast.FuncDecl {
	if fl == nil {
		return nil
	}
	return fl.decls[fn]
}

// Body returns the declaration of fn when it is in this package and has a
// body, or nil.
func (fl *Info) Body(fn *types.Func) ast.Node {
	if fl == nil || fn == nil {
		return nil
	}
	if d := fl.decls[fn.Origin()]; d != nil && d.Body != nil {
		return d
	}
	return nil
}

// FuncOf returns the function a declaration declares.
func (fl *Info) FuncOf(d ast.Node) *types.Func {
	if fl == nil {
		return nil
	}
	return fl.funcOf[d]
}

// Decls iterates over the package's function declarations, with their
// objects, in no particular order.
func (fl *Info) Decls() iter.Seq2[*types.Func, *ast.FuncDecl] {
	return func(yield func(*types.Func, *ast.FuncDecl) bool) {
		for fn, d := range fl.decls {
			if !yield(fn, d) {
				return
			}
		}
	}
}

// Funcs returns the declarations with a body and the function literals of
// the package, in source order.
func (fl *Info) Funcs() []ast.Node { return slices.Clip(fl.funcs) }

// FuncLits iterates over the package's function literals, each with the
// function declaration or literal that holds it (nil at package level).
func (fl *Info) FuncLits() iter.Seq2[*ast.FuncLit, ast.Node] {
	return func(yield func(*ast.FuncLit, ast.Node) bool) {
		for lit, outer := range fl.lits {
			if !yield(lit, outer) {
				return
			}
		}
	}
}

// OuterOf returns the function holding a function literal, nil at package
// level.
func (fl *Info) OuterOf(lit *ast.FuncLit) ast.Node {
	if fl == nil {
		return nil
	}
	return fl.lits[lit]
}

// OuterDecl returns the declaration (or package-level literal) that
// encloses a function node.
func (fl *Info) OuterDecl(n ast.Node) ast.Node {
	for {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return n
		}
		outer := fl.lits[lit]
		if outer == nil {
			return n
		}
		n = outer
	}
}

// ParamOf returns where v is a parameter or receiver of a function of the
// package.
func (fl *Info) ParamOf(v *types.Var) (Param, bool) {
	if fl == nil {
		return Param{}, false
	}
	p, ok := fl.params[v]
	return p, ok
}

// Defs returns every value stored into obj in the package, in source
// order: its definitions, assignments, range clauses and composite-literal
// fields.
func (fl *Info) Defs(obj types.Object) []*Def {
	if fl == nil {
		return nil
	}
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		obj = v.Origin()
	}
	return fl.defs[obj]
}

// FieldStores returns the assignments that store into a field of the
// variable v (v.f = x, v.f.g = x), in source order.
func (fl *Info) FieldStores(v *types.Var) []*Def {
	if fl == nil {
		return nil
	}
	return fl.stores[v]
}

// AddrOf returns the expressions that take the address of the variable v
// (&v), in source order: through them anything may change it.
func (fl *Info) AddrOf(v *types.Var) []*ast.UnaryExpr {
	if fl == nil {
		return nil
	}
	return fl.addrs[v]
}

// Calls returns every call of the package, in source order.
func (fl *Info) Calls() []Call { return slices.Clip(fl.calls) }

// CallsOf returns the calls directly inside the function node fn, those
// of the function literals inside it excluded, in source order.
func (fl *Info) CallsOf(fn ast.Node) []*ast.CallExpr {
	if fl == nil {
		return nil
	}
	return fl.callsIn[fn]
}

// CompositeLits returns the package's composite literals and their
// types, in source order.
func (fl *Info) CompositeLits() []CompositeLit { return slices.Clip(fl.clits) }

// Callee returns the statically known function a call calls, as declared
// (the generic origin of an instance).
func (fl *Info) Callee(call *ast.CallExpr) *types.Func {
	if fn, ok := fl.callee[call]; ok {
		return fn // computed once, when the package was indexed
	}
	if fn := typeutil.StaticCallee(fl.Types, call); fn != nil {
		return fn.Origin()
	}
	return nil
}

// CalleeOf returns the statically known function call calls, as declared:
// fl's answer when the package is indexed, else (fl nil) what info says.
func CalleeOf(fl *Info, info *types.Info, call *ast.CallExpr) *types.Func {
	if fl != nil {
		return fl.Callee(call)
	}
	if fn := typeutil.StaticCallee(info, call); fn != nil {
		return fn.Origin()
	}
	return nil
}

// CallsIn iterates over the calls inside n, a function declaration or
// literal of the package, in source order, those of the function literals
// inside it included.
func (fl *Info) CallsIn(n ast.Node) iter.Seq[*ast.CallExpr] {
	return func(yield func(*ast.CallExpr) bool) {
		if fl == nil {
			return
		}
		if c, ok := fl.Syntax.Root().FindByPos(n.Pos(), n.End()); ok && c.Node() == n {
			for cc := range c.Preorder((*ast.CallExpr)(nil)) {
				if !yield(cc.Node().(*ast.CallExpr)) {
					return
				}
			}
		}
	}
}

// Returns returns the return statements of fn, a *ast.FuncDecl or
// *ast.FuncLit of the package, in source order, those of the function
// literals inside it excluded.
func (fl *Info) Returns(fn ast.Node) []*ast.ReturnStmt {
	if fl == nil {
		return nil
	}
	return fl.returns[fn]
}

// ReturnCursors returns the cursors of Returns(fn).
func (fl *Info) ReturnCursors(fn ast.Node) []astindex.Cursor {
	if fl == nil {
		return nil
	}
	return fl.retCurs[fn]
}

// HasFuncLit reports whether the body of d holds a function literal.
func (fl *Info) HasFuncLit(d *ast.FuncDecl) bool {
	if fl == nil {
		return false
	}
	return fl.litDecls[d]
}

// UsesVar reports whether the syntax n uses the variable v.
func UsesVar(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
