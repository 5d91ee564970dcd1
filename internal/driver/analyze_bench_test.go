package driver

import (
	"os"
	"runtime"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/suite"
)

// BenchmarkAnalyze measures the analysis alone, in the process, on the
// module in TOOLCHECK_BENCH_DIR (one bench/gen writes, or a server),
// loaded once and analysed as the command analyses it with its text
// output (every analyzer reporting, no suggested fixes). Each iteration
// starts after a collection, on data the iteration before touched; the
// cold-ms metric is the first analysis, run as the command runs it, on
// the data loading left. Their difference is what a run pays for
// analysing packages long after it loaded them (docs/analyzers/bench.md).
//
//	TOOLCHECK_BENCH_DIR=/tmp/bench500 go test ./internal/driver -run '^$' -bench Analyze -benchtime 8x -benchmem
func BenchmarkAnalyze(b *testing.B) {
	dir := os.Getenv("TOOLCHECK_BENCH_DIR")
	if dir == "" {
		b.Skip("TOOLCHECK_BENCH_DIR names no module to analyse")
	}
	pkgs, err := Load(dir, []string{"./..."}, false, nil)
	if err != nil {
		b.Fatal(err)
	}
	ok, broken, blocked := Partition(pkgs)
	if len(broken) > 0 || len(blocked) > 0 {
		b.Fatalf("%d packages of %s do not build", len(broken)+len(blocked), dir)
	}
	// As the command sets its configuration up for a run with text
	// output, each configuration file read before the analysis starts.
	setup := func() (*Program, []*analysis.Analyzer) {
		p := &Program{Config: &config.Config{}}
		analyzers := suite.New(p.Config)
		p.Config.SetReporting(Names(analyzers))
		p.Config.SetFixes(false)
		for _, pkg := range pkgs {
			if d := packageDir(pkg); d != "" {
				if err := p.Config.Check(d); err != nil {
					b.Fatal(err)
				}
			}
		}
		p.analysing(ok)
		return p, analyzers
	}
	analyse := func(p *Program, analyzers []*analysis.Analyzer) int {
		p.collectLess()
		defer p.collectMore()
		res, err := Analyze(analyzers, ok)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range res.Errors {
			b.Fatal(e)
		}
		return len(res.Findings)
	}
	p, analyzers := setup()
	start := time.Now()
	findings := analyse(p, analyzers)
	cold := time.Since(start)
	for b.Loop() {
		b.StopTimer()
		p, analyzers := setup()
		runtime.GC()
		b.StartTimer()
		if n := analyse(p, analyzers); n != findings {
			b.Fatalf("%d findings, then %d", findings, n)
		}
	}
	b.ReportMetric(float64(cold.Microseconds())/1e3, "cold-ms")
	b.ReportMetric(float64(findings), "findings")
}
