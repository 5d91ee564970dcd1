package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// An assignment is one value stored into a variable or field.
type assignment struct {
	rhs    ast.Expr
	tuple  int // index into a multi-value rhs, or -1
	pos    token.Pos
	end    token.Pos
	block  ast.Node // statement list holding the assignment, for dominance
	elem   bool     // rhs is a container whose elements are stored (range, m[k] = v)
	zero   bool     // var x T: the zero value
	opaque bool     // x += y and similar: not traced
}

// A frame binds the parameters of a function whose body is being traced to
// the arguments of one call, so that tracing can follow values through
// same-package helpers, factories and closures.
type frame struct {
	binds map[*types.Var]boundArg
	next  *frame
	depth int
}

type boundArg struct {
	exprs []ast.Expr
	frame *frame
}

func (f *frame) lookup(v *types.Var) (boundArg, bool) {
	for ; f != nil; f = f.next {
		if b, ok := f.binds[v]; ok {
			return b, true
		}
	}
	return boundArg{}, false
}

func (f *frame) level() int {
	if f == nil {
		return 0
	}
	return f.depth
}

const maxDepth = 8

type originKind int

const (
	oUnknown  originKind = iota
	oExpr                // a call, function literal or composite literal
	oFunc                // a reference to a declared function or method
	oParam               // an unbound parameter
	oEquipped            // a storage that carries boundary middleware
)

// An origin is where a traced value comes from.
type origin struct {
	kind  originKind
	expr  ast.Expr // oExpr: the expression; oFunc: the referring identifier
	tuple int      // oExpr call: result index
	fn    *types.Func
	param *types.Var
	frame *frame
}

type tracer struct {
	m       *Model
	seen    map[traceKey]bool
	stopObj func(types.Object) bool
}

type traceKey struct {
	obj   types.Object
	frame *frame
}

// trace returns the origins of the value of e evaluated in frame f.
func (m *Model) trace(e ast.Expr, f *frame, stop func(types.Object) bool) []origin {
	t := &tracer{m: m, seen: map[traceKey]bool{}, stopObj: stop}
	return t.trace(e, f, -1)
}

func (t *tracer) trace(e ast.Expr, f *frame, tuple int) []origin {
	info := t.m.Pass.TypesInfo
	if f.level() > maxDepth {
		return []origin{{kind: oUnknown}}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return t.trace(e.X, f, tuple)
	case *ast.Ident:
		switch obj := ObjOf(info, e).(type) {
		case *types.Func:
			return []origin{{kind: oFunc, fn: obj, expr: e}}
		case *types.Var:
			return t.traceVar(obj, e, f)
		case *types.Nil:
			return nil
		}
		return []origin{{kind: oUnknown}}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			switch sel.Kind() {
			case types.FieldVal:
				return t.traceVar(sel.Obj().(*types.Var), e, f)
			case types.MethodVal, types.MethodExpr:
				if fn, ok := sel.Obj().(*types.Func); ok {
					if _, isIface := sel.Recv().Underlying().(*types.Interface); !isIface {
						return []origin{{kind: oFunc, fn: fn, expr: e}}
					}
				}
			}
			return []origin{{kind: oUnknown}}
		}
		switch obj := info.Uses[e.Sel].(type) {
		case *types.Func:
			return []origin{{kind: oFunc, fn: obj, expr: e}}
		case *types.Var:
			return t.traceVar(obj, e, f)
		}
		return []origin{{kind: oUnknown}}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return t.trace(e.Args[0], f, -1) // conversion
			}
			return []origin{{kind: oUnknown}}
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				if b.Name() == "append" {
					var out []origin
					for _, a := range e.Args {
						out = append(out, t.trace(a, f, -1)...)
					}
					return out
				}
				return []origin{{kind: oUnknown}}
			}
		}
		if fn := typeutil.StaticCallee(info, e); fn != nil && PkgPath(fn) == "slices" && (fn.Name() == "Concat" || fn.Name() == "Clone") {
			var out []origin
			for _, a := range e.Args {
				out = append(out, t.trace(a, f, -1)...)
			}
			return out
		}
		return []origin{{kind: oExpr, expr: e, tuple: tuple, frame: f}}
	case *ast.IndexExpr:
		if tv, ok := info.Types[e.X]; ok && !tv.IsType() {
			if _, isFunc := tv.Type.Underlying().(*types.Signature); isFunc {
				return t.trace(e.X, f, tuple) // generic instantiation f[T]
			}
		}
		return t.trace(e.X, f, -1)
	case *ast.IndexListExpr:
		return t.trace(e.X, f, tuple)
	case *ast.SliceExpr:
		return t.trace(e.X, f, -1)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return t.trace(e.X, f, -1)
		}
	case *ast.FuncLit:
		return []origin{{kind: oExpr, expr: e, frame: f}}
	case *ast.CompositeLit:
		typ := info.TypeOf(e)
		if typ == nil {
			return []origin{{kind: oUnknown}}
		}
		switch typ.Underlying().(type) {
		case *types.Slice, *types.Array, *types.Map:
			var out []origin
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				out = append(out, t.trace(elt, f, -1)...)
			}
			return out
		}
		return []origin{{kind: oExpr, expr: e, frame: f}}
	}
	return []origin{{kind: oUnknown}}
}

// traceVar traces a variable, field or parameter used at use.
func (t *tracer) traceVar(v *types.Var, use ast.Expr, f *frame) []origin {
	if t.stopObj != nil && t.stopObj(v) {
		return []origin{{kind: oEquipped}}
	}
	key := traceKey{v, f}
	if t.seen[key] {
		return nil
	}
	t.seen[key] = true
	defer delete(t.seen, key)

	if _, isParam := t.m.params[v]; isParam {
		assigns, incoming := t.m.reaching(v, use)
		out := t.traceAssigns(assigns, f)
		if !incoming {
			return out
		}
		b, ok := f.lookup(v)
		if !ok {
			return append(out, origin{kind: oParam, param: v})
		}
		if len(b.exprs) == 0 {
			out = append(out, origin{kind: oUnknown})
		}
		for _, a := range b.exprs {
			out = append(out, t.trace(a, b.frame, -1)...)
		}
		return out
	}
	if v.Pkg() != t.m.Pass.Pkg {
		return []origin{{kind: oUnknown}}
	}
	var assigns []*assignment
	if v.IsField() || v.Parent() == v.Pkg().Scope() {
		assigns = t.m.assigns[v]
	} else {
		assigns, _ = t.m.reaching(v, use)
	}
	if len(assigns) == 0 {
		return []origin{{kind: oUnknown}}
	}
	return t.traceAssigns(assigns, f)
}

func (t *tracer) traceAssigns(as []*assignment, f *frame) []origin {
	var out []origin
	for _, a := range as {
		switch {
		case a.opaque:
			out = append(out, origin{kind: oUnknown})
		case a.zero:
			// the zero value: nothing
		case a.rhs == nil:
			out = append(out, origin{kind: oUnknown})
		default:
			out = append(out, t.trace(a.rhs, f, a.tuple)...)
		}
	}
	return out
}

// reaching returns the assignments to a local variable or parameter that
// may reach use, and whether a parameter's incoming value may. An assignment
// in a statement list enclosing the use, before it, kills every earlier one.
func (m *Model) reaching(v *types.Var, use ast.Expr) (assigns []*assignment, incoming bool) {
	all := m.assigns[v]
	_, isParam := m.params[v]
	if len(all) == 0 || use == nil {
		return all, isParam
	}
	usePos := use.Pos()
	// A statement list encloses the use when its range holds the use's:
	// syntax ranges nest, so those are the use's ancestors.
	encloses := func(b ast.Node) bool { return b.Pos() <= usePos && use.End() <= b.End() }
	kill := -1
	for i, a := range all {
		if a.end <= usePos && a.block != nil && encloses(a.block) && !a.elem && !a.opaque {
			if kill < 0 || a.pos > all[kill].pos {
				kill = i
			}
		}
	}
	if kill < 0 {
		return all, isParam
	}
	out := []*assignment{all[kill]}
	for i, a := range all {
		if i != kill && a.pos > all[kill].pos {
			out = append(out, a)
		}
	}
	return out, false
}
