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
		"toolerr", "errctor", "mcpgo", "gosdk", "helpers", "usehelpers", "clientapp", "proxy", "nofix", "directives")
}

func TestFixes(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.RunWithSuggestedFixes(t, dir, iserror.Analyzer, "fixes", "errfix", "nofix", "outcomefix")
}
