package messagetext

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
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

// defs answers what the flow layer does not say about a package's local
// variables: which cannot be traced (address taken, stored from a
// closure), the signature of the function a parameter belongs to, and the
// variables wired to a command's output or a stack. The parameters, the
// stores and the address-of expressions are the flow layer's; defs keeps
// only what it derives from them, per variable asked about.
type defs struct {
	info     *types.Info
	fl       *flow.Info
	in       *astindex.Index
	incDec   map[*types.Var][]ast.Node // the functions holding v++ or v--
	opaque   map[*types.Var]bool       // memo of isOpaque
	cmdOut   map[*types.Var]bool       // buffers assigned to an exec.Cmd's Stdout or Stderr
	stackBuf map[*types.Var]bool       // buffers runtime.Stack fills
}

func newDefs(info *types.Info, fl *flow.Info, in *astindex.Index) *defs {
	d := &defs{
		info:     info,
		fl:       fl,
		in:       in,
		incDec:   map[*types.Var][]ast.Node{},
		opaque:   map[*types.Var]bool{},
		cmdOut:   map[*types.Var]bool{},
		stackBuf: map[*types.Var]bool{},
	}
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := c.Node().(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && len(n.Lhs) == len(n.Rhs) {
					d.wire(info, sel, n.Rhs[i])
				}
			}
		case *ast.IncDecStmt:
			if v := localVar(info, n.X); v != nil {
				d.incDec[v] = append(d.incDec[v], flow.EnclosingFunc(c))
			}
		case *ast.CallExpr:
			if fn := flow.CalleeOf(fl, info, n); mcpsdk.IsFunc(fn, "runtime", "Stack") && len(n.Args) > 0 {
				if v := localVar(info, n.Args[0]); v != nil {
					d.stackBuf[v] = true
				}
			}
		case *ast.CompositeLit:
			if mcpsdk.IsNamed(info.TypeOf(n), "os/exec", "Cmd") {
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

// localVar returns the local variable e denotes, or nil.
func localVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	if !isLocal(v) {
		return nil
	}
	return v
}

// isLocal reports whether v is a variable of a function: a local, a
// parameter or a result.
func isLocal(v *types.Var) bool {
	return v != nil && !v.IsField() && v.Parent() != nil && v.Parent() != v.Pkg().Scope()
}

// isOpaque reports whether local variable v cannot be traced: its address
// is taken, or a function other than the one declaring it stores into it
// (a closure, which may run at any time). A store into one of its elements
// (m[k] = x) is not a store into v.
func (d *defs) isOpaque(v *types.Var) bool {
	if !isLocal(v) {
		return false
	}
	if r, ok := d.opaque[v]; ok {
		return r
	}
	r := len(d.fl.AddrOf(v)) > 0
	if !r {
		decl := d.declFunc(v)
		for _, def := range d.fl.Defs(v) {
			if def.Elem && def.Block == nil {
				continue // m[k] = x: an element store (a range clause has a Block)
			}
			if def.Func != decl {
				r = true
				break
			}
		}
		for _, fn := range d.incDec[v] {
			if fn != decl {
				r = true
			}
		}
	}
	d.opaque[v] = r
	return r
}

// declFunc returns the function declaring local variable v: the innermost
// function around its name.
func (d *defs) declFunc(v *types.Var) ast.Node {
	if p, ok := d.fl.ParamOf(v); ok {
		return p.Func
	}
	c, ok := d.in.Root().FindByPos(v.Pos(), v.Pos()+token.Pos(len(v.Name())))
	if !ok || c.Node() == nil {
		return nil
	}
	return flow.EnclosingFunc(c)
}

// param returns where v is a parameter or receiver (index -1) of a
// function of the package, with that function's signature.
func (d *defs) param(v *types.Var) (paramRef, bool) {
	p, ok := d.fl.ParamOf(v)
	if !ok {
		return paramRef{}, false
	}
	var sig *types.Signature
	switch n := p.Func.(type) {
	case *ast.FuncDecl:
		if fn := d.fl.FuncOf(n); fn != nil {
			sig = fn.Type().(*types.Signature)
		}
	case *ast.FuncLit:
		sig, _ = d.info.TypeOf(n).(*types.Signature)
	}
	if sig == nil {
		return paramRef{}, false
	}
	return paramRef{p.Func, p.Index, sig}, true
}

// wire records cmd.Stdout = &buf and cmd.Stderr = &buf.
func (d *defs) wire(info *types.Info, sel *ast.SelectorExpr, rhs ast.Expr) {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return
	}
	f := s.Obj()
	if mcpsdk.PkgPath(f) != "os/exec" || (f.Name() != "Stdout" && f.Name() != "Stderr") {
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
	if c.defs.isOpaque(v) {
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
