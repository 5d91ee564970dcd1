// Package plugin makes toolcheck a golangci-lint v2 module plugin.
//
// Importing it registers the plugin "toolcheck" with
// github.com/golangci/plugin-module-register. A custom golangci-lint binary
// that blank-imports this package (built by "golangci-lint custom" from a
// .custom-gcl.yml, or offline by scripts/build-golangci.sh) runs every
// toolcheck analyzer as the linter "toolcheck" once .golangci.yml enables it:
//
//	version: "2"
//	linters:
//	  default: none
//	  enable: [toolcheck]
//	  settings:
//	    custom:
//	      toolcheck:
//	        type: module
//	        settings:
//	          boundaries: [example.com/notes/internal/obs.Wrap]
//
// The settings are toolcheck's one configuration: the same keys, defaults and
// validation as the command's flags and the .toolcheck.json file (which still
// applies, found above each package; settings add to its lists). An unknown
// key or a malformed name is an error before any package is loaded.
package plugin

import (
	"fmt"
	"os"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
	"github.com/toolcheck/toolcheck/internal/suite"
)

// Name is the linter name the plugin registers, as .golangci.yml and
// //nolint comments spell it.
const Name = "toolcheck"

func init() {
	register.Plugin(Name, New)
}

// Plugin is toolcheck as a golangci-lint module plugin.
type Plugin struct {
	cfg *config.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New builds the plugin from the "settings" of
// linters.settings.custom.toolcheck in .golangci.yml. The error names the
// bad key or value.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := config.FromSettings(settings)
	if err != nil {
		// Name the YAML path instead of FromSettings' generic prefix.
		msg := strings.TrimPrefix(err.Error(), "toolcheck settings: ")
		return nil, fmt.Errorf("linters.settings.custom.%s.settings: %s", Name, msg)
	}
	return &Plugin{cfg: cfg}, nil
}

// BuildAnalyzers returns every toolcheck analyzer, sharing one tool model
// configured by the plugin's settings.
//
// It first checks the configuration that applies to the working directory
// (the settings and the nearest .toolcheck.json), so that an error names
// the file and the key and stops golangci-lint before it loads anything.
//
// golangci-lint caches issues by package and by the names of a linter's
// analyzers, and facts by package and analyzer name; its cache salt covers
// the settings in .golangci.yml, not the .toolcheck.json files the model
// reads. So the names carry the configuration's fingerprint
// (config.Config.Fingerprint): the model is toolmodel_<fingerprint>, and
// an analyzer that reports nothing, config_<fingerprint>, puts it among
// the linter's analyzers. Editing a .toolcheck.json changes the names, and
// golangci-lint analyses again instead of answering from its cache. The
// reporting analyzers keep their names, which prefix their findings.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	if err := p.cfg.Check(dir); err != nil {
		return nil, err
	}
	fp := p.cfg.Fingerprint(dir)[:16]
	as := suite.NewWithModel(p.cfg, "toolmodel_"+fp)
	p.cfg.SetReporting(driver.Names(as))
	// The baseline the configuration names leaves out what it records, as
	// in every driver; golangci-lint has no channel for stale entries.
	as = withoutRelated(driver.WithBaseline(as, &driver.Baselines{Config: p.cfg, Dir: dir}, nil))
	return append(as, &analysis.Analyzer{
		Name: "config_" + fp,
		Doc:  "carries the fingerprint of toolcheck's configuration into golangci-lint's cache keys; reports nothing",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}), nil
}

// withoutRelated returns analyzers that report what the given ones report
// without related information. golangci-lint turns each related entry of
// a diagnostic into an issue of its own ("unwrapped(related information):
// tool "read_file" registered here"), which //nolint on the finding's line
// does not silence; toolcheck's messages name what their related entries
// locate (an unwrapped finding names its tools), so the issue says it all.
func withoutRelated(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		w := *a
		run := a.Run
		w.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				d.Related = nil
				report(d)
			}
			defer func() { pass.Report = report }()
			return run(pass)
		}
		out[i] = &w
	}
	return out
}

// GetLoadMode asks for type information: every analyzer reads the tool
// model, which needs types and facts.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
