package toolmodel_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/memcheck"
	"github.com/toolcheck/toolcheck/internal/synth"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// generated type-checks a synthetic package of n tools (both SDKs, every
// handler shape of internal/synth) against the SDK stubs.
func generated(tb testing.TB, n int) *packages.Package {
	tb.Helper()
	src, err := synth.Package{Name: "big", Tools: n, SDK: synth.Both}.Source()
	if err != nil {
		tb.Fatal(err)
	}
	l := memcheck.NewLoader(filepath.Join(testkit.Root(tb), "testdata", "sdkstubs", "src"))
	pkg, err := l.Package(fmt.Sprintf("example.com/big%d", n), map[string][]byte{"big.go": src})
	if err != nil {
		tb.Fatal(err)
	}
	if pkg.IllTyped {
		tb.Fatalf("the generated package does not type-check: %v", pkg.Errors)
	}
	return pkg
}

// probe returns an analyzer that requires a fresh model and reads all of
// it, the lazily computed ToolError constructions included, and checks
// that the model saw the package's n tools.
func probe(n int) *analysis.Analyzer {
	model := toolmodel.New(&config.Config{}).Analyzer
	return &analysis.Analyzer{
		Name:     "probe",
		Doc:      "probe: reads the tool model",
		Requires: []*analysis.Analyzer{model},
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model].(*toolmodel.Model)
			if !m.Relevant {
				return nil, fmt.Errorf("the model finds the package irrelevant")
			}
			if len(m.Handlers) < n {
				return nil, fmt.Errorf("the model found %d handlers, want at least %d", len(m.Handlers), n)
			}
			if len(m.ToolErrors.Sites()) == 0 {
				return nil, fmt.Errorf("the model found no ToolError construction")
			}
			return nil, nil
		},
	}
}

func runProbe(tb testing.TB, a *analysis.Analyzer, pkg *packages.Package) {
	res, err := memcheck.Run([]*analysis.Analyzer{a}, pkg)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range res.Errors {
		tb.Fatal(e)
	}
}

// TestGeneratedPackage keeps BenchmarkModel honest: the model sees every
// tool of the generated package.
func TestGeneratedPackage(t *testing.T) {
	runProbe(t, probe(2*synth.Kinds), generated(t, 2*synth.Kinds))
}

// BenchmarkModel measures the shared tool model (its eager part and its
// ToolError constructions) on one large package of generated tool
// handlers, type-checked once; the SDK stub packages it imports are
// analyzed on every iteration, as a driver would.
//
//	go test ./internal/toolmodel -run '^$' -bench Model -benchmem
func BenchmarkModel(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			pkg := generated(b, n)
			a := probe(n)
			runProbe(b, a, pkg)
			for b.Loop() {
				runProbe(b, a, pkg)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tool")
		})
	}
}
