package bench_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/memcheck"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/synth"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// BenchmarkSuite measures every toolcheck analyzer (suite.New) together,
// then each alone with the model it requires, on one large package of
// generated tool handlers, type-checked once against the SDK stubs; the
// stub packages are analyzed on every iteration, as a driver would. Compare
// ns/tool between the sizes: a ratio well above one shows a cost that grows
// faster than the package. It fails if an analyzer reports an error or
// panics.
//
//	go test ./bench -run '^$' -bench Suite -benchmem
func BenchmarkSuite(b *testing.B) {
	for _, n := range []int{100, 1000} {
		src, err := synth.Package{Name: "big", Tools: n, SDK: synth.Both}.Source()
		if err != nil {
			b.Fatal(err)
		}
		l := memcheck.NewLoader(filepath.Join(testkit.Root(b), "testdata", "sdkstubs", "src"))
		pkg, err := l.Package(fmt.Sprintf("example.com/big%d", n), map[string][]byte{"big.go": src})
		if err != nil {
			b.Fatal(err)
		}
		if pkg.IllTyped {
			b.Fatalf("the generated package does not type-check: %v", pkg.Errors)
		}
		analyzers := suite.New(&config.Config{})
		memcheck.Guard(analyzers)
		sets := [][]*analysis.Analyzer{analyzers}
		for _, a := range analyzers {
			sets = append(sets, []*analysis.Analyzer{a})
		}
		for i, set := range sets {
			name := "all"
			if i > 0 {
				name = set[0].Name
			}
			b.Run(fmt.Sprintf("%s/tools=%d", name, n), func(b *testing.B) {
				findings := 0
				for b.Loop() {
					res, err := memcheck.Run(set, pkg)
					if err != nil {
						b.Fatal(err)
					}
					for _, e := range res.Errors {
						b.Fatal(e)
					}
					findings = 0
					for _, ds := range res.Diagnostics {
						findings += len(ds)
					}
				}
				if i == 0 && findings == 0 {
					b.Fatal("no findings on a package built to draw them")
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tool")
				b.ReportMetric(float64(findings), "findings")
			})
		}
	}
}
