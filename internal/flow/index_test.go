package flow_test

import (
	"go/ast"
	"go/types"
	"iter"
	"strings"
	"testing"
)

// The variable of a type switch holds, in each clause, the value switched
// on: a check of v in a clause reads what x holds.
const switchSrc = `package p

func f(x any) {
	switch v := x.(type) {
	case string:
		_ = v
	case map[string]any:
		_ = v
	}
}
`

// usesOf returns the uses of the variables called name in file.
func usesOf(file *ast.File, info *types.Info, name string) []*ast.Ident {
	var out []*ast.Ident
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			if _, ok := info.Uses[id].(*types.Var); ok {
				out = append(out, id)
			}
		}
		return true
	})
	return out
}

func TestTypeSwitchDefs(t *testing.T) {
	fset, file, info, fl := typecheck(t, switchSrc)
	uses := usesOf(file, info, "v")
	if len(uses) != 2 {
		t.Fatalf("found %d uses of the clauses' v, want 2", len(uses))
	}
	for _, id := range uses {
		defs, incoming := fl.Reaching(info.Uses[id].(*types.Var), id)
		if incoming || len(defs) != 1 {
			t.Fatalf("use of v at %s: %d defs (incoming %v), want the clause's one", fset.Position(id.Pos()), len(defs), incoming)
		}
		if x, ok := defs[0].Rhs.(*ast.Ident); !ok || x.Name != "x" {
			t.Errorf("use of v at %s: def holds %s, want x", fset.Position(id.Pos()), types.ExprString(defs[0].Rhs))
		}
	}
}

// A recycled Info finds nothing, and the package indexed next with its
// tables reads as it would from new ones.
func TestRecycle(t *testing.T) {
	_, file, info, fl := typecheck(t, switchSrc)
	use := usesOf(file, info, "v")[0]
	v := info.Uses[use].(*types.Var)
	if defs, _ := fl.Reaching(v, use); len(defs) != 1 {
		t.Fatalf("before Recycle: %d defs of v, want 1", len(defs))
	}
	fl.Recycle()
	if defs, _ := fl.Reaching(v, use); len(defs) != 0 || len(fl.Calls()) != 0 || count(fl.Decls()) != 0 {
		t.Errorf("after Recycle: %d defs of v, %d calls, %d declarations; want none", len(defs), len(fl.Calls()), count(fl.Decls()))
	}
	fl.Recycle() // a second time: nothing to give back

	// The next package (here, the same source checked again) reuses the
	// tables: it must see its own definitions only.
	_, file2, info2, fl2 := typecheck(t, switchSrc)
	uses := usesOf(file2, info2, "v")
	for _, id := range uses {
		if defs, _ := fl2.Reaching(info2.Uses[id].(*types.Var), id); len(defs) != 1 {
			t.Errorf("reused tables: %d defs of v, want 1", len(defs))
		}
	}
	if len(uses) != 2 || count(fl2.Decls()) != 1 {
		t.Errorf("reused tables: %d uses of v, %d declarations; want 2 and 1", len(uses), count(fl2.Decls()))
	}
}

func count[K, V any](seq iter.Seq2[K, V]) int {
	n := 0
	for range seq {
		n++
	}
	return n
}

// An optional function applied to a variable's own value (if f != nil {
// h = f(h) }) is what the variable holds after the if: the earlier value
// is its argument. Another assignment in an if keeps the earlier value.
const optionalSrc = `package p

func f(h func() int, wrap func(func() int) func() int, other func() int) {
	if wrap != nil {
		h = wrap(h)
	}
	_ = h
	g := h
	if other != nil {
		g = other
	}
	_ = g
	k := h
	if wrap != nil {
		k = wrap(g)
	}
	_ = k
}
`

func TestOptionalApply(t *testing.T) {
	_, file, info, fl := typecheck(t, optionalSrc)
	last := func(name string) *ast.Ident {
		uses := usesOf(file, info, name)
		return uses[len(uses)-1]
	}
	for _, tc := range []struct {
		name     string
		defs     []string
		incoming bool
	}{
		{"h", []string{"wrap(h)"}, false},
		{"g", []string{"h", "other"}, false},
		{"k", []string{"h", "wrap(g)"}, false},
	} {
		id := last(tc.name)
		defs, incoming := fl.Reaching(info.Uses[id].(*types.Var), id)
		var got []string
		for _, d := range defs {
			got = append(got, types.ExprString(d.Rhs))
		}
		if incoming != tc.incoming || strings.Join(got, ", ") != strings.Join(tc.defs, ", ") {
			t.Errorf("last use of %s: defs %q (incoming %v), want %q (incoming %v)", tc.name, got, incoming, tc.defs, tc.incoming)
		}
	}
}
