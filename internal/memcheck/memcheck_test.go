package memcheck_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/memcheck"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

func loader(t *testing.T) *memcheck.Loader {
	return memcheck.NewLoader(filepath.Join(testkit.Root(t), "testdata", "sdkstubs", "src"))
}

const handler = `package p

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

func H(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
`

// TestRun checks that the analyzers see the package and the stub packages
// it imports, and that Guard turns a panic into an error.
func TestRun(t *testing.T) {
	pkg, err := loader(t).Package("example.com/p", map[string][]byte{"p.go": []byte(handler)})
	if err != nil {
		t.Fatal(err)
	}
	if pkg.IllTyped {
		t.Fatal(pkg.Errors)
	}
	if pkg.Imports["github.com/mark3labs/mcp-go/mcp"] == nil {
		t.Errorf("the stub import is not in Imports: %v", pkg.Imports)
	}
	var (
		mu   sync.Mutex
		seen []string
	)
	a := &analysis.Analyzer{
		Name:      "boom",
		Doc:       "boom: panics on the root package",
		FactTypes: []analysis.Fact{new(fact)},
		Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			seen = append(seen, pass.Pkg.Path())
			mu.Unlock()
			if pass.Pkg.Path() == "example.com/p" {
				pass.Reportf(pass.Files[0].Package, "reached")
				panic("boom")
			}
			return nil, nil
		},
	}
	memcheck.Guard([]*analysis.Analyzer{a})
	res, err := memcheck.Run([]*analysis.Analyzer{a}, pkg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0], "panic: boom") {
		t.Errorf("errors: %q, want one panic", res.Errors)
	}
	if got := strings.Join(seen, " "); !strings.Contains(got, "github.com/mark3labs/mcp-go/mcp") {
		t.Errorf("the analyzer with facts ran on %s, not on the stub it imports", got)
	}
}

type fact struct{}

func (*fact) AFact() {}

// TestTypeErrors checks that type errors are recorded, not returned.
func TestTypeErrors(t *testing.T) {
	pkg, err := loader(t).Package("example.com/q", map[string][]byte{"q.go": []byte("package q\n\nvar x int = \"s\"\n")})
	if err != nil {
		t.Fatal(err)
	}
	if !pkg.IllTyped || len(pkg.Errors) == 0 || len(pkg.TypeErrors) == 0 {
		t.Errorf("IllTyped %v, errors %v", pkg.IllTyped, pkg.Errors)
	}
	if _, err := loader(t).Package("example.com/r", map[string][]byte{"r.go": []byte("package r\nfunc {")}); err == nil {
		t.Error("a syntax error is not an error")
	}
}
