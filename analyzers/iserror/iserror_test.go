package iserror_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/iserror"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

func TestIsError(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, iserror.Analyzer,
		"toolerr", "errctor", "mcpgo", "gosdk", "helpers", "usehelpers", "clientapp", "proxy", "nofix", "directives", "convhelp")
}

// fixCounts counts the suggested fixes of a run by package:
// RunWithSuggestedFixes compares only the files that have fixes, so
// losing every fix would pass it.
func fixCounts(rs []*analysistest.Result) map[string]int {
	n := map[string]int{}
	for _, r := range rs {
		for _, d := range r.Diagnostics {
			n[r.Pass.Pkg.Path()] += len(d.SuggestedFixes)
		}
	}
	return n
}

// TestFixes runs the analyzer on the packages with fixes, then on those
// without, each set in one load.
func TestFixes(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	want := map[string]int{"errfix": 1, "outcomefix": 1, "convert": 23, "installable": 1, "forward": 11}
	var pkgs []string
	for pkg := range want {
		pkgs = append(pkgs, pkg)
	}
	got := fixCounts(analysistest.RunWithSuggestedFixes(t, dir, iserror.Analyzer, pkgs...))
	for pkg, n := range want {
		if got[pkg] != n {
			t.Errorf("%s: %d suggested fixes, want %d", pkg, got[pkg], n)
		}
	}
	// No fix: no boundary (bare), two ToolError APIs (nofix), an API
	// without a constructor at INFO (fixes), a boundary the pass cannot
	// install on the server the tool is registered on (uninstallable).
	none := []string{"bare", "nofix", "fixes", "uninstallable"}
	for pkg, n := range fixCounts(analysistest.Run(t, dir, iserror.Analyzer, none...)) {
		if n != 0 {
			t.Errorf("%s: %d suggested fixes, want none", pkg, n)
		}
	}
}
