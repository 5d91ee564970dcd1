package emptyonfail

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// TestPathEnclosing checks pathEnclosing against
// astutil.PathEnclosingInterval on standard-library files of many
// declarations: the range of every node, and arbitrary ranges (empty ones,
// ones between declarations and ones across them included).
func TestPathEnclosing(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(build.Default.GOROOT, "src", "net", "http")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	r := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || checked == 8 {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		same := func(start, end token.Pos) {
			want, _ := astutil.PathEnclosingInterval(f, start, end)
			if got := pathEnclosing(f, start, end); !slices.Equal(got, want) {
				t.Fatalf("%s: pathEnclosing(%s, +%d): %d nodes, want %d", name, fset.Position(start), end-start, len(got), len(want))
			}
		}
		i := 0
		ast.Inspect(f, func(n ast.Node) bool {
			if n != nil && i%7 == 0 {
				same(n.Pos(), n.End())
			}
			i++
			return true
		})
		size := int(f.FileEnd - f.FileStart)
		for range 500 {
			a := f.FileStart + token.Pos(r.IntN(size))
			same(a, min(a+token.Pos(r.IntN(200)), f.FileEnd))
		}
	}
	if checked == 0 {
		t.Fatal("no files checked")
	}
}
