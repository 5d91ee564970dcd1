package emptyonfail_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/emptyonfail"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

func newAnalyzer(t *testing.T, flags ...string) *analysis.Analyzer {
	t.Helper()
	a := emptyonfail.New(toolmodel.New(nil))
	for _, f := range flags {
		if err := a.Flags.Set(f, "true"); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

func TestEmptyOnFail(t *testing.T) {
	t.Parallel()
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, newAnalyzer(t), "mcpgo", "gosdk", "scope", "loopsoff",
		"example.com/store", "example.com/wrap", "example.com/toolkit", "app", "dispatch",
		"handled", "example.com/confirm", "answer", "example.com/metrics")
}

func TestFixes(t *testing.T) {
	t.Parallel()
	dir := testkit.GOPATH(t, analysistest.TestData())
	// RunWithSuggestedFixes compares only the files that have fixes:
	// count them by package, so that losing every fix fails the test.
	fixes := map[string]int{}
	for _, r := range analysistest.RunWithSuggestedFixes(t, dir, newAnalyzer(t), "fixes", "fixesbare") {
		for _, d := range r.Diagnostics {
			fixes[r.Pass.Pkg.Path()] += len(d.SuggestedFixes)
		}
	}
	if n := fixes["fixes"]; n != 5 {
		t.Errorf("fixes: %d suggested fixes, want 5", n)
	}
	if n := fixes["fixesbare"]; n != 0 {
		t.Errorf("fixesbare: %d suggested fixes, want none without a boundary", n)
	}
}

// TestFlags checks the flags, bound to each instance: the default
// analyzer above is unaffected.
func TestFlags(t *testing.T) {
	t.Parallel()
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, newAnalyzer(t, "all-functions"), "scopeall")
	analysistest.Run(t, dir, newAnalyzer(t, "loops"), "loops")
}
