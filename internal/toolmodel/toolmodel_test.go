package toolmodel_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// TestFacts checks what the model tells importing packages.
func TestFacts(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, toolmodel.New(nil).Analyzer, "toolerr", "registrar", "setup", "errkit", "builderkit", "televelctor", "validatorkit", "pathcheck")
}

// TestConfiguredFacts names a ToolError type and a level type in the
// configuration: the model learns their constructors' defaults.
func TestConfiguredFacts(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	model := toolmodel.New(&config.Config{
		ToolErrors: []string{"confkit.Problem"},
		LevelTypes: []string{"confkit.Severity"},
	}).Analyzer
	analysistest.Run(t, dir, model, "confkit")
}
