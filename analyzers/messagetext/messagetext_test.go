package messagetext_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/messagetext"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

func gopath(t *testing.T) string {
	return testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
}

func TestMessageText(t *testing.T) {
	analysistest.Run(t, gopath(t), messagetext.Analyzer, "mcpgo", "gosdk", "texts", "helpers", "usehelpers", "envcfg", "envuse", "toolerrs", "flagsoff", "store", "usestore")
}

func TestOptionalChecks(t *testing.T) {
	a := messagetext.New(toolmodel.New(&toolmodel.Config{}))
	for _, f := range []string{"long-text", "next-step", "fault-text"} {
		if err := a.Flags.Set(f, "true"); err != nil {
			t.Fatal(err)
		}
	}
	analysistest.Run(t, gopath(t), a, "flags")
	// The flags belong to that instance: the default analyzer stays quiet.
	analysistest.Run(t, gopath(t), messagetext.Analyzer, "flagsoff")
}

// TestConfiguredErrors covers -resource-packages (errors from an API
// client carry server detail) and the model-safe-errors configuration
// (errors written for the model are not reported).
func TestConfiguredErrors(t *testing.T) {
	a := messagetext.New(toolmodel.New(&toolmodel.Config{ModelSafeErrors: []string{"upstream.QueryError"}}))
	if err := a.Flags.Set("resource-packages", "upstream"); err != nil {
		t.Fatal(err)
	}
	if err := a.Flags.Set("resource-packages", "not a path"); err == nil {
		t.Error("a malformed import path was accepted")
	}
	analysistest.Run(t, gopath(t), a, "useupstream", "safeerrors")
}
