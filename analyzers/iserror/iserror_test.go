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

// fixCount counts the suggested fixes of a run: RunWithSuggestedFixes
// compares only the files that have fixes, so losing every fix would
// pass it.
func fixCount(rs []*analysistest.Result) int {
	n := 0
	for _, r := range rs {
		for _, d := range r.Diagnostics {
			n += len(d.SuggestedFixes)
		}
	}
	return n
}

func TestFixes(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	for pkg, want := range map[string]int{"errfix": 1, "outcomefix": 1, "convert": 23, "installable": 1, "forward": 11} {
		if n := fixCount(analysistest.RunWithSuggestedFixes(t, dir, iserror.Analyzer, pkg)); n != want {
			t.Errorf("%s: %d suggested fixes, want %d", pkg, n, want)
		}
	}
	// No fix: no boundary (bare), two ToolError APIs (nofix), an API
	// without a constructor at INFO (fixes), a boundary the pass cannot
	// install on the server the tool is registered on (uninstallable).
	for _, pkg := range []string{"bare", "nofix", "fixes", "uninstallable"} {
		if n := fixCount(analysistest.Run(t, dir, iserror.Analyzer, pkg)); n != 0 {
			t.Errorf("%s: %d suggested fixes, want none", pkg, n)
		}
	}
}
