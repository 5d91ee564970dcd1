package flow_test

import (
	"go/ast"
	"go/types"
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

func TestTypeSwitchDefs(t *testing.T) {
	fset, file, info, fl := typecheck(t, switchSrc)
	uses := 0
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || id.Name != "v" {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return true
		}
		uses++
		defs, incoming := fl.Reaching(v, id)
		if incoming || len(defs) != 1 {
			t.Fatalf("use of v at %s: %d defs (incoming %v), want the clause's one", fset.Position(id.Pos()), len(defs), incoming)
		}
		if x, ok := defs[0].Rhs.(*ast.Ident); !ok || x.Name != "x" {
			t.Errorf("use of v at %s: def holds %s, want x", fset.Position(id.Pos()), types.ExprString(defs[0].Rhs))
		}
		return true
	})
	if uses != 2 {
		t.Fatalf("found %d uses of the clauses' v, want 2", uses)
	}
}
