package messagetext

import (
	"go/ast"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// bodyFieldFact marks a struct field of the project's own response type
// that holds the body of an HTTP response: a client fills it
// (`Response{Body: b}` after `b, _ := io.ReadAll(resp.Body)`), and text
// that shows the field shows the upstream body.
type bodyFieldFact struct{}

func (*bodyFieldFact) AFact() {}

func (*bodyFieldFact) String() string { return "upstreamBody" }

// bodyLeaf is the origin of a value read from such a field.
func bodyLeaf(field *types.Var) leaf {
	return leaf{kind: lUpstream, what: "the body of an HTTP response (kept in " + field.Name() + ")"}
}

// bodyField reports whether field holds the body of an HTTP response:
// some value stored into it in this package is one, or, for a field of
// another package, its fact says so.
func (c *checker) bodyField(field *types.Var) bool {
	field = field.Origin()
	if !bodyish(field.Type()) || field.Pkg() == nil {
		return false
	}
	if v, ok := c.bodyFields[field]; ok {
		return v
	}
	if field.Pkg() != c.pass.Pkg {
		v := c.pass.ImportObjectFact(field, new(bodyFieldFact))
		c.bodyFields[field] = v
		return v
	}
	c.bodyFields[field] = false // while its stores are traced
	v := false
	for _, d := range c.m.Flow.Defs(field) {
		if d.Rhs == nil || d.Opaque || d.Zero {
			continue
		}
		rhs := d.Rhs
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok && len(call.Args) == 1 {
			if fn := typeutil.StaticCallee(c.info, call); fn != nil && mcpsdk.PkgPath(fn) == "bytes" && (fn.Name() == "NewBuffer" || fn.Name() == "NewBufferString") {
				rhs = call.Args[0] // the buffer holds what it is made from
			}
		}
		for _, l := range c.leaves(rhs, d.Tuple, nil) {
			if l.kind == lUpstream && l.what == "the body of an HTTP response" {
				v = true
			}
		}
		if v {
			break
		}
	}
	c.bodyFields[field] = v
	return v
}

// exportBodyFields exports the fact of the body fields of the package's
// struct types.
func (c *checker) exportBodyFields() {
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			if f := st.Field(i); f.Exported() && c.bodyField(f) {
				c.pass.ExportObjectFact(f, &bodyFieldFact{})
			}
		}
	}
}

// bodyish reports whether a field of type t can hold a body as text:
// a string, a byte slice, or a bytes.Buffer.
func bodyish(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if mcpsdk.IsNamed(t, "bytes", "Buffer") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// bodyMethod reports whether call reads a body field as text:
// `r.Body.String()`, `r.Body.Bytes()`.
func (c *checker) bodyMethod(call *ast.CallExpr) (*types.Var, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 || sel.Sel.Name != "String" && sel.Sel.Name != "Bytes" {
		return nil, false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	s, ok := c.info.Selections[inner]
	if !ok || s.Kind() != types.FieldVal {
		return nil, false
	}
	field := s.Obj().(*types.Var)
	return field, c.bodyField(field)
}
