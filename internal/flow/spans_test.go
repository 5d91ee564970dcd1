package flow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"github.com/toolcheck/toolcheck/internal/flow"
)

// TestSpans checks Spans.Contain against Within over every position of a
// file, for sets of nested, adjoining and disjoint nodes.
func TestSpans(t *testing.T) {
	t.Parallel()
	const src = `package p

func a() { f := func() { g := func() {}; _ = g }; _ = f }
func b() {}
func c() { if true { _ = 1 } else { _ = 2 } }
var v = func() int { return 0 }()
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var all []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.BlockStmt, *ast.IfStmt, *ast.GenDecl, *ast.ReturnStmt:
			all = append(all, n)
		}
		return true
	})
	// Every subset of a dozen nodes would be 4096; these are every
	// contiguous run and every other node, enough to mix nesting with gaps.
	var sets [][]ast.Node
	for i := range all {
		for j := i + 1; j <= len(all); j++ {
			sets = append(sets, all[i:j])
		}
		var every []ast.Node
		for k := i; k < len(all); k += 2 {
			every = append(every, all[k])
		}
		sets = append(sets, every)
	}
	sets = append(sets, nil)
	for _, set := range sets {
		nodes := map[ast.Node]bool{}
		for _, n := range set {
			nodes[n] = true
		}
		spans := flow.SpansOf(nodes)
		for pos := f.FileStart - 1; pos <= f.FileEnd+1; pos++ {
			want := false
			for n := range nodes {
				want = want || flow.Within(n, pos)
			}
			if got := spans.Contain(pos); got != want {
				t.Fatalf("%d nodes, %s: Contain %v, want %v", len(nodes), fset.Position(pos), got, want)
			}
		}
	}
}
