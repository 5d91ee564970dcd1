package messagetext

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// A def is one value stored into a local variable.
type def struct {
	rhs      ast.Expr
	tuple    int // index into a multi-value rhs, or -1
	pos, end token.Pos
	block    ast.Node // the node whose statement list holds the def
	elem     bool     // a range value: an element of rhs
	zero     bool     // var x T
	opaque   bool     // x += y, x++ and the like
}

// A paramRef locates a parameter in its function's signature.
type paramRef struct {
	fn    ast.Node // *ast.FuncDecl or *ast.FuncLit
	index int      // -1 for a receiver
	sig   *types.Signature
}

// defs indexes the assignments of a package's local variables, for reaching
// definitions, and the variables wired to a command's output or a stack.
type defs struct {
	byVar    map[*types.Var][]*def
	opaque   map[*types.Var]bool // address taken, or assigned in another function
	params   map[*types.Var]paramRef
	cmdOut   map[*types.Var]bool // buffers assigned to an exec.Cmd's Stdout or Stderr
	stackBuf map[*types.Var]bool // buffers runtime.Stack fills
}

func newDefs(info *types.Info, in *astindex.Index) *defs {
	d := &defs{
		byVar:    map[*types.Var][]*def{},
		opaque:   map[*types.Var]bool{},
		params:   map[*types.Var]paramRef{},
		cmdOut:   map[*types.Var]bool{},
		stackBuf: map[*types.Var]bool{},
	}
	localVar := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		return v
	}
	funcOf := map[*types.Var]ast.Node{} // the function declaring a variable
	add := func(c astindex.Cursor, v *types.Var, x *def) {
		if v == nil {
			return
		}
		fn := toolmodel.EnclosingFuncAt(c)
		if decl, ok := funcOf[v]; ok && decl != fn {
			d.opaque[v] = true
		}
		x.block = blockParent(c)
		d.byVar[v] = append(d.byVar[v], x)
	}
	addParams := func(fn ast.Node, recv *ast.FieldList, ft *ast.FuncType, sig *types.Signature) {
		for _, fl := range []*ast.FieldList{recv, ft.Params, ft.Results} {
			if fl == nil {
				continue
			}
			i := 0
			for _, field := range fl.List {
				if len(field.Names) == 0 {
					i++
					continue
				}
				for _, name := range field.Names {
					if v, ok := info.Defs[name].(*types.Var); ok {
						funcOf[v] = fn
						switch fl {
						case recv:
							d.params[v] = paramRef{fn, -1, sig}
						case ft.Params:
							d.params[v] = paramRef{fn, i, sig}
						}
					}
					i++
				}
			}
		}
	}
	for c := range in.Root().Preorder(
		(*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil),
		(*ast.RangeStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil),
		(*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				addParams(n, n.Recv, n.Type, fn.Type().(*types.Signature))
			}
		case *ast.FuncLit:
			if sig, ok := info.TypeOf(n).(*types.Signature); ok {
				addParams(n, nil, n.Type, sig)
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && len(n.Lhs) == len(n.Rhs) {
					d.wire(info, sel, n.Rhs[i])
				}
				v := localVar(lhs)
				if v == nil {
					continue
				}
				if n.Tok == token.DEFINE {
					if _, ok := info.Defs[lhs.(*ast.Ident)]; ok && funcOf[v] == nil {
						funcOf[v] = toolmodel.EnclosingFuncAt(c)
					}
				}
				x := &def{pos: n.Pos(), end: n.End(), tuple: -1}
				switch {
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					x.opaque = true
				case len(n.Lhs) == len(n.Rhs):
					x.rhs = n.Rhs[i]
				case len(n.Rhs) == 1:
					x.rhs, x.tuple = n.Rhs[0], i
				default:
					x.opaque = true
				}
				add(c, v, x)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, ok := info.Defs[name].(*types.Var)
				if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
					continue
				}
				funcOf[v] = toolmodel.EnclosingFuncAt(c)
				x := &def{pos: n.Pos(), end: n.End(), tuple: -1}
				switch {
				case len(n.Values) == len(n.Names):
					x.rhs = n.Values[i]
				case len(n.Values) == 1:
					x.rhs, x.tuple = n.Values[0], i
				default:
					x.zero = true
				}
				add(c, v, x)
			}
		case *ast.RangeStmt:
			for i, e := range []ast.Expr{n.Key, n.Value} {
				v := localVar(e)
				if v == nil {
					continue
				}
				if n.Tok == token.DEFINE {
					funcOf[v] = toolmodel.EnclosingFuncAt(c)
				}
				x := &def{pos: n.Pos(), end: n.Body.Pos(), tuple: -1, rhs: n.X, elem: i == 1, opaque: i == 0}
				add(c, v, x)
				d.byVar[v][len(d.byVar[v])-1].block = n
			}
		case *ast.IncDecStmt:
			if v := localVar(n.X); v != nil {
				add(c, v, &def{pos: n.Pos(), end: n.End(), tuple: -1, opaque: true})
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := localVar(n.X); v != nil {
					d.opaque[v] = true
				}
			}
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(info, n); toolmodel.IsFunc(fn, "runtime", "Stack") && len(n.Args) > 0 {
				if v := localVar(n.Args[0]); v != nil {
					d.stackBuf[v] = true
				}
			}
		case *ast.CompositeLit:
			if toolmodel.IsNamed(info.TypeOf(n), "os/exec", "Cmd") {
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && (k.Name == "Stdout" || k.Name == "Stderr") {
							d.wireTo(info, kv.Value)
						}
					}
				}
			}
		}
	}
	return d
}

// wire records cmd.Stdout = &buf and cmd.Stderr = &buf.
func (d *defs) wire(info *types.Info, sel *ast.SelectorExpr, rhs ast.Expr) {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return
	}
	f := s.Obj()
	if toolmodel.PkgPath(f) != "os/exec" || (f.Name() != "Stdout" && f.Name() != "Stderr") {
		return
	}
	d.wireTo(info, rhs)
}

func (d *defs) wireTo(info *types.Info, e ast.Expr) {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return
	}
	if id, ok := ast.Unparen(u.X).(*ast.Ident); ok {
		if v, ok := info.ObjectOf(id).(*types.Var); ok {
			d.cmdOut[v] = true
		}
	}
}

// reachingAny returns the last definition of v before use when the
// statement list holding it encloses use, for a variable whose address may
// be taken, such as a result value whose pointer methods are called; ok is
// false when that definition is in a branch that may not run. A nil def
// with ok true means no definition precedes use.
func (d *defs) reachingAny(v *types.Var, use token.Pos) (*def, bool) {
	var best *def
	for _, x := range d.byVar[v] {
		if x.end <= use {
			if best == nil || x.pos > best.pos {
				best = x
			}
		}
	}
	if best == nil {
		return nil, true
	}
	if best.block != nil && !(best.block.Pos() <= use && use < best.block.End()) {
		return nil, false
	}
	if best.opaque {
		return nil, false
	}
	return best, true
}

// blockParent returns the node whose statement list holds the statement
// at c (a block, a case clause, or the if/for/switch owning an init).
func blockParent(c astindex.Cursor) ast.Node {
	for p := c.Parent(); p.Valid(); p = p.Parent() {
		switch p.Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause, *ast.IfStmt, *ast.ForStmt,
			*ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.RangeStmt:
			return p.Node()
		case ast.Stmt, *ast.GenDecl, *ast.DeclStmt, *ast.ValueSpec:
			continue
		default:
			return nil
		}
	}
	return nil
}

// reach is reaching answered by the flow layer: the one definition of v
// that reaches use (nil when none precedes it: a parameter's incoming
// value), and false when v cannot be traced (its address is taken, it is
// assigned in a closure), several definitions may reach, or the one that
// does is not a plain value (x += y).
func (c *checker) reach(v *types.Var, use *ast.Ident) (*def, bool) {
	if c.defs.opaque[v] {
		return nil, false
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return nil, true // a package variable: server state, not a local value
	}
	defs, incoming := c.m.Flow.Reaching(v, use)
	var got *def
	ok := true
	switch {
	case len(defs) == 0:
	case len(defs) == 1 && !incoming && !defs[0].Opaque && !defs[0].Key:
		// (a range key is an index of the container, not a value of it)
		d := defs[0]
		got = &def{rhs: d.Rhs, tuple: d.Tuple, pos: d.Pos, end: d.End, block: d.Block, elem: d.Elem, zero: d.Zero}
	default:
		ok = false
	}
	return got, ok
}
