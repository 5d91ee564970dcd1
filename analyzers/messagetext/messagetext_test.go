package messagetext_test

import (
	"flag"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/messagetext"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

func gopath(t *testing.T) string {
	return testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
}

// TestMessageText runs the default analyzer, after another instance's
// optional checks are turned on: they belong to that instance, and the
// default stays quiet on flagsoff.
func TestMessageText(t *testing.T) {
	optional(t)
	analysistest.Run(t, gopath(t), messagetext.Analyzer, "mcpgo", "gosdk", "texts", "helpers", "usehelpers", "envcfg", "envhelp", "envuse", "apiclient", "useapi", "toolerrs", "flagsoff", "store", "usestore")
}

// optional returns an instance with every optional check on.
func optional(t *testing.T) *analysis.Analyzer {
	a := messagetext.New(toolmodel.New(&config.Config{}))
	for _, f := range []string{"long-text", "next-step", "fault-text"} {
		if err := a.Flags.Set(f, "true"); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

func TestOptionalChecks(t *testing.T) {
	analysistest.Run(t, gopath(t), optional(t), "flags")
}

// TestConfiguredErrors covers the resource-packages configuration (errors
// from an API client carry server detail) and model-safe-errors (errors
// written for the model are not reported).
func TestConfiguredErrors(t *testing.T) {
	cfg := &config.Config{ModelSafeErrors: []string{"upstream.QueryError"}}
	fs := flag.NewFlagSet("toolcheck", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	if err := fs.Set("resource-packages", "upstream"); err != nil {
		t.Fatal(err)
	}
	if err := fs.Set("resource-packages", "not a path"); err == nil {
		t.Error("a malformed import path was accepted")
	}
	a := messagetext.New(toolmodel.New(cfg))
	analysistest.Run(t, gopath(t), a, "useupstream", "safeerrors")
}
