package emptyonfail

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
)

// TestPathEnclosing checks pathEnclosing against
// astutil.PathEnclosingInterval on standard-library files of many
// declarations: the range of every node, and arbitrary ranges (empty ones,
// ones between declarations and ones across them included).
func TestPathEnclosing(t *testing.T) {
	t.Parallel()
	names, err := filepath.Glob(filepath.Join(build.Default.GOROOT, "src", "net", "http", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range names {
		if test, _ := filepath.Match("*_test.go", filepath.Base(name)); test || checked == 8 {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
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
		// Empty ranges at each declaration's ends.
		for _, d := range f.Decls {
			same(d.Pos(), d.Pos())
			same(d.End(), d.End())
		}
		// Ranges of every length up to 200 from every 13th offset.
		for off := f.FileStart; off < f.FileEnd; off += 13 {
			same(off, min(off+(off*7)%201, f.FileEnd))
		}
	}
	if checked == 0 {
		t.Fatal("no files checked")
	}
}
