package toolmodel_test

import (
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/report"
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

// hostedFact is the fact type of TestHostedOnlyReporting's analyzers, so
// that the host model runs their analyses in its own pass.
type hostedFact struct{ N int }

func (*hostedFact) AFact() {}

// TestHostedOnlyReporting checks that the host model runs the analyses of
// the analyzers that report in the run, when the driver says which
// (config.Config.SetReporting), and of all of them when it does not.
func TestHostedOnlyReporting(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	for _, tc := range []struct {
		reporting []string // nil: the driver does not say
		want      string
	}{
		{nil, "a b"},
		{[]string{"a"}, "a"},
		{[]string{"a", "b"}, "a b"},
	} {
		cfg := &config.Config{}
		if tc.reporting != nil {
			cfg.SetReporting(tc.reporting)
		}
		model := toolmodel.NewHost(cfg, "toolmodel")
		var mu sync.Mutex
		ran := map[string]bool{}
		attach := func(name string) *analysis.Analyzer {
			a := &analysis.Analyzer{Name: name, Doc: "records that it ran"}
			return toolmodel.Attach(model, a, []analysis.Fact{new(hostedFact)}, func(*analysis.Pass, *toolmodel.Model, *report.Reporter) error {
				mu.Lock()
				ran[name] = true
				mu.Unlock()
				return nil
			})
		}
		a, _ := attach("a"), attach("b")
		analysistest.Run(t, dir, a, "cleantools")
		var got []string
		for _, n := range []string{"a", "b"} {
			if ran[n] {
				got = append(got, n)
			}
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("reporting %v: the analyses of %v ran, want %s", tc.reporting, got, tc.want)
		}
	}
}

// TestDependencyModelReleased checks when a host model releases its model
// of a package. It keeps it to the end of the run unless it knows every
// analyzer that will read it is done. It knows that of a package the
// driver loads only for the facts exported there, once the model's own
// pass is done, when the driver says which packages it analyses
// (config.Config.SetAnalysed). It knows it of an analysed package once
// the analyzers attached to the model are done, or, when the driver also
// says which analyzers report (SetReporting), once those are.
func TestDependencyModelReleased(t *testing.T) {
	dir := testkit.GOPATH(t, analysistest.TestData())
	for _, tc := range []struct {
		analysed, reporting []string // nil: the driver does not say
		attachB             bool     // b is attached too, and never runs
		root, dep           bool     // the models released: cleantools's, errkit's
	}{
		{nil, nil, false, true, false},
		{[]string{"cleantools"}, nil, false, true, true},
		{[]string{"cleantools"}, []string{"a"}, true, true, true},
		{nil, []string{"a"}, true, false, false},
		{[]string{"cleantools"}, nil, true, false, true},
	} {
		cfg := &config.Config{}
		if tc.analysed != nil {
			cfg.SetAnalysed(tc.analysed)
		}
		if tc.reporting != nil {
			cfg.SetReporting(tc.reporting)
		}
		model := toolmodel.NewHost(cfg, "toolmodel")
		var mu sync.Mutex
		models := map[string]*toolmodel.Model{} // by package, as the hosted analysis saw them
		a := toolmodel.Attach(model, &analysis.Analyzer{Name: "a", Doc: "keeps the models"}, []analysis.Fact{new(hostedFact)}, func(pass *analysis.Pass, m *toolmodel.Model, _ *report.Reporter) error {
			mu.Lock()
			models[pass.Pkg.Path()] = m
			mu.Unlock()
			return nil
		})
		if tc.attachB {
			toolmodel.Attach(model, &analysis.Analyzer{Name: "b", Doc: "does nothing"}, nil, func(*analysis.Pass, *toolmodel.Model, *report.Reporter) error {
				return nil
			})
		}
		analysistest.Run(t, dir, a, "cleantools")
		for _, c := range []struct {
			path     string
			released bool
		}{
			{"cleantools", tc.root},
			{"errkit", tc.dep}, // imported by cleantools
		} {
			m := models[c.path]
			if m == nil {
				t.Fatalf("the hosted analysis did not run on %s", c.path)
			}
			if released := m.Syntax == nil; released != c.released {
				t.Errorf("analysed %v, reporting %v, b attached %v: the model of %s released: %v, want %v", tc.analysed, tc.reporting, tc.attachB, c.path, released, c.released)
			}
		}
	}
}
