package messagetext

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// A def is the one value stored into a local variable that reaches a use
// (reach).
type def struct {
	rhs   ast.Expr
	tuple int  // index into a multi-value rhs, or -1
	elem  bool // a range value: an element of rhs
	zero  bool // var x T
}

// A paramRef locates a parameter in its function's signature.
type paramRef struct {
	fn    ast.Node // *ast.FuncDecl or *ast.FuncLit
	index int      // -1 for a receiver
	sig   *types.Signature
}

// defs records what the flow layer does not say about a package's local
// variables: which cannot be traced (address taken, stored from a
// closure), the parameters, and the variables wired to a command's output
// or a stack.
type defs struct {
	opaque   map[*types.Var]bool // address taken, or assigned in another function
	params   map[*types.Var]paramRef
	cmdOut   map[*types.Var]bool // buffers assigned to an exec.Cmd's Stdout or Stderr
	stackBuf map[*types.Var]bool // buffers runtime.Stack fills
}

func newDefs(info *types.Info, in *astindex.Index) *defs {
	d := &defs{
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
	// A store from another function than the one declaring v (a closure)
	// may run at any time: v cannot be traced.
	add := func(c astindex.Cursor, v *types.Var) {
		if v == nil {
			return
		}
		fn := toolmodel.EnclosingFuncAt(c)
		if decl, ok := funcOf[v]; ok && decl != fn {
			d.opaque[v] = true
		}
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
				add(c, v)
			}
		case *ast.ValueSpec:
			for _, name := range n.Names {
				v, ok := info.Defs[name].(*types.Var)
				if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
					continue
				}
				funcOf[v] = toolmodel.EnclosingFuncAt(c)
				add(c, v)
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				v := localVar(e)
				if v == nil {
					continue
				}
				if n.Tok == token.DEFINE {
					funcOf[v] = toolmodel.EnclosingFuncAt(c)
				}
				add(c, v)
			}
		case *ast.IncDecStmt:
			if v := localVar(n.X); v != nil {
				add(c, v)
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

// reach is reaching answered by the flow layer: the one definition of v
// that reaches use (nil when none precedes it: a parameter's incoming
// value), and false when v cannot be traced (its address is taken, it is
// assigned in a closure), several definitions may reach, or the one that
// does is not a plain value (x += y).
func (c *checker) reach(v *types.Var, use *ast.Ident) (*def, bool) {
	if c.defs.opaque[v] {
		return nil, false
	}
	return c.reachAny(v, use)
}

// reachAny is reach for a variable whose address may be taken, such as a
// result value whose pointer methods are called.
func (c *checker) reachAny(v *types.Var, use *ast.Ident) (*def, bool) {
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
		got = &def{rhs: d.Rhs, tuple: d.Tuple, elem: d.Elem, zero: d.Zero}
	default:
		ok = false
	}
	return got, ok
}
