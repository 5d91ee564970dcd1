package toolmodel_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// siteReporter reports every ToolError construction the model finds, so
// that the fixtures' want comments pin recognition down.
func siteReporter(model *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "tesites",
		Doc:      "reports the ToolError constructions of the tool model",
		Requires: []*analysis.Analyzer{model},
		Run: func(pass *analysis.Pass) (any, error) {
			reportSites(pass, pass.ResultOf[model].(*toolmodel.Model))
			return nil, nil
		},
	}
}

func reportSites(pass *analysis.Pass, m *toolmodel.Model) {
	for _, s := range m.ToolErrors.Sites() {
		ctor, explicit, msg := "-", "-", "-"
		if s.Ctor != nil {
			ctor = s.Ctor.Name()
		}
		if s.Explicit {
			explicit = types.ExprString(s.LevelExpr)
		}
		if s.Message != nil {
			msg = types.ExprString(s.Message)
		}
		pass.Reportf(s.Node.Pos(), "site ctor=%s explicit=%s msg=%s", ctor, explicit, msg)
	}
}

func TestToolErrors(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	model := toolmodel.New(&config.Config{
		ToolErrors: []string{"teconf.Problem"},
		LevelTypes: []string{"teconf.Severity"},
	}).Analyzer
	analysistest.Run(t, dir, siteReporter(model), "teapi", "teuse", "teerr", "teconf")
}

// TestToolErrorsConcurrent asks for the sites from many goroutines at once:
// the model is shared by analyzers that run concurrently.
func TestToolErrorsConcurrent(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	model := toolmodel.New(&config.Config{}).Analyzer
	a := &analysis.Analyzer{
		Name:     "teconcurrent",
		Doc:      "asks for the ToolError sites concurrently",
		Requires: []*analysis.Analyzer{model},
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model].(*toolmodel.Model)
			done := make(chan int)
			for range 8 {
				go func() { done <- len(m.ToolErrors.Sites()) }()
			}
			first := <-done
			for range 7 {
				if n := <-done; n != first {
					t.Errorf("%s: %d sites, then %d", pass.Pkg.Path(), first, n)
				}
			}
			reportSites(pass, m)
			return nil, nil
		},
	}
	analysistest.Run(t, dir, a, "teuse")
}

// TestLevels reports the level of every construction through the model's
// Levels; the model's LevelFacts carry a constructor's default and an
// option's level across the package boundary.
func TestLevels(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	model := toolmodel.New(&config.Config{}).Analyzer
	a := &analysis.Analyzer{
		Name:     "televels",
		Doc:      "reports the level of each ToolError construction",
		Requires: []*analysis.Analyzer{model},
		Run: func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model].(*toolmodel.Model)
			if !m.Relevant {
				return nil, nil
			}
			lv := m.ToolErrors.Levels()
			for _, s := range m.ToolErrors.Sites() {
				l, stated := lv.Of(s)
				pass.Reportf(s.Node.Pos(), "level=%s stated=%v", l, stated)
			}
			return nil, nil
		},
	}
	analysistest.Run(t, dir, a, "televelapi", "televeluse")
}
