package flow

import (
	"go/ast"
	"go/types"
)

// Every reports whether ok holds for the type of every value e may hold,
// evaluated in frame f. Where ok holds for e's static type it answers at
// once; otherwise (an interface, say) it follows e to where its values
// come from: the arguments a frame binds to a parameter, what a local
// variable is assigned, what the functions a call may reach return (a
// callback bound in the frame included). A value it cannot follow — a
// variable whose address is taken or that another function stores into,
// a field, a parameter no frame binds, an unknown callee — answers false.
func (t *Tracer) Every(e ast.Expr, f *Frame, ok func(types.Type) bool) bool {
	info := t.Info.Types
	if ok(info.TypeOf(e)) {
		return true
	}
	if f.Depth() >= MaxDepth {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, isVar := info.Uses[e].(*types.Var)
		if !isVar || !t.Info.traceable(v) {
			return false
		}
		defs, incoming := t.Info.Reaching(v, e)
		if incoming || len(defs) == 0 {
			b, bound := f.Lookup(v)
			if !bound || len(b.Exprs) == 0 {
				return false
			}
			for _, a := range b.Exprs {
				if !t.Every(a, b.Frame, ok) {
					return false
				}
			}
		}
		for _, d := range defs {
			switch {
			case d.Opaque || d.Key || d.Elem || d.Base != nil || d.Rhs == nil:
				return false
			case d.Tuple >= 0:
				call, isCall := ast.Unparen(d.Rhs).(*ast.CallExpr)
				if !isCall || !t.everyResult(call, d.Tuple, f, ok) {
					return false
				}
			case !t.Every(d.Rhs, f, ok):
				return false
			}
		}
		return true
	case *ast.CallExpr:
		if tv, isConv := info.Types[e.Fun]; isConv && tv.IsType() {
			return len(e.Args) == 1 && t.Every(e.Args[0], f, ok) // any(x)
		}
		return t.everyResult(e, 0, f, ok)
	}
	return false
}

// everyResult is Every for result idx of call: what every function the
// call may reach returns there.
func (t *Tracer) everyResult(call *ast.CallExpr, idx int, f *Frame, ok func(types.Type) bool) bool {
	if tuple, isTuple := t.Info.Types.TypeOf(call).(*types.Tuple); isTuple && idx < tuple.Len() && ok(tuple.At(idx).Type()) {
		return true
	}
	cs, known := t.Callees(call, f)
	if !known {
		return false
	}
	for _, c := range cs {
		if c.Body == nil || t.InProgress(c.Body) {
			return false
		}
		t.Enter(c.Body)
		nf := t.Bind(c.Body, call, f, c.Frame)
		all := true
		for _, r := range t.Info.Returns(c.Body) {
			// A bare return, or a call whose results are passed on, is not
			// followed.
			if len(r.Results) <= idx || len(r.Results) == 1 && idx > 0 || !t.Every(r.Results[idx], nf, ok) {
				all = false
				break
			}
		}
		t.Leave(c.Body)
		if !all {
			return false
		}
	}
	return true
}

// traceable reports whether every value of v is one Reaching sees: v is a
// local variable or parameter of the package whose address is not taken
// and which only the function declaring it stores into (not a closure,
// which may run at any time).
func (fl *Info) traceable(v *types.Var) bool {
	if v.IsField() || v.Pkg() != fl.Pkg || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || len(fl.AddrOf(v)) > 0 {
		return false
	}
	var decl ast.Node
	if p, isParam := fl.params[v]; isParam {
		decl = p.Func
	}
	for _, d := range fl.defs[v] {
		if d.Elem && d.Block == nil {
			continue // m[k] = x: a store into an element, not into v
		}
		if decl == nil {
			decl = d.Func
		}
		if d.Func != decl {
			return false
		}
	}
	return true
}
