package driver

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

type orderFact struct{}

func (*orderFact) AFact() {}

// Analyze runs every analyzer on a package before the next package, each
// package after the packages it imports, whatever their IDs' order.
func TestAnalyzeOrder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n\nimport _ \"example.com/m/b\"\n",
		"b/b.go": "package b\n",
		"c/c.go": "package c\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := Load(dir, []string{"./..."}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	// In ID order a, which imports b, comes first.
	slices.SortFunc(pkgs, func(p, q *packages.Package) int { return strings.Compare(p.ID, q.ID) })
	var mu sync.Mutex
	var ran []string
	analyzer := func(name string, facts ...analysis.Fact) *analysis.Analyzer {
		return &analysis.Analyzer{
			Name:      name,
			Doc:       "record the packages it runs on",
			FactTypes: facts,
			Run: func(pass *analysis.Pass) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				ran = append(ran, name+"@"+filepath.Base(pass.Pkg.Path()))
				return nil, nil
			},
		}
	}
	// x declares a fact, so its action on a waits for its action on b.
	if _, err := Analyze([]*analysis.Analyzer{analyzer("x", new(orderFact)), analyzer("y")}, pkgs); err != nil {
		t.Fatal(err)
	}
	if want := []string{"x@b", "y@b", "x@a", "y@a", "x@c", "y@c"}; !slices.Equal(ran, want) {
		t.Errorf("analyzers ran as %q, want %q", ran, want)
	}
}
