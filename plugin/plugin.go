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
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the linter name the plugin registers, as .golangci.yml and
// //nolint comments spell it.
const Name = "toolcheck"

func init() {
	register.Plugin(Name, New)
}

// Plugin is toolcheck as a golangci-lint module plugin.
type Plugin struct {
	cfg *toolmodel.Config
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New builds the plugin from the "settings" of
// linters.settings.custom.toolcheck in .golangci.yml. The error names the
// bad key or value.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := toolmodel.FromSettings(settings)
	if err != nil {
		// Name the YAML path instead of FromSettings' generic prefix.
		msg := strings.TrimPrefix(err.Error(), "toolcheck settings: ")
		return nil, fmt.Errorf("linters.settings.custom.%s.settings: %s", Name, msg)
	}
	return &Plugin{cfg: cfg}, nil
}

// BuildAnalyzers returns every toolcheck analyzer, sharing one tool model
// configured by the plugin's settings.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return suite.New(p.cfg), nil
}

// GetLoadMode asks for type information: every analyzer reads the tool
// model, which needs types and facts.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
