package loglevel_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/loglevel"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

func gopath(t *testing.T) string {
	return testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
}

func TestLoglevel(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, gopath(t), loglevel.Analyzer, "mcpgo", "gosdk", "local", "reqkit", "pathkit", "accessors")
}

// TestConfigured names a ToolError type, a level type and a caller error
// in the configuration.
func TestConfigured(t *testing.T) {
	t.Parallel()
	model := toolmodel.New(&config.Config{
		ToolErrors:   []string{"confkit.Problem"},
		LevelTypes:   []string{"confkit.Severity"},
		CallerErrors: []string{"confkit.ErrGone"},
	})
	analysistest.RunWithSuggestedFixes(t, gopath(t), loglevel.New(model), "confuse")
}

// TestStrict runs an instance with -strict; the package-level Analyzer
// keeps its own (off) setting.
func TestStrict(t *testing.T) {
	t.Parallel()
	a := loglevel.New(toolmodel.New(&config.Config{}))
	if err := a.Flags.Set("strict", "true"); err != nil {
		t.Fatal(err)
	}
	if f := loglevel.Analyzer.Flags.Lookup("strict"); f.Value.String() != "false" {
		t.Fatalf("setting -strict on one instance changed the default analyzer's: %s", f.Value)
	}
	analysistest.Run(t, gopath(t), a, "strict")
}
