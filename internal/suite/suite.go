// Package suite assembles toolcheck's analyzers around one shared tool
// model, for every driver: the command, go vet, golangci-lint and tests.
package suite

import (
	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/analyzers/emptyonfail"
	"github.com/toolcheck/toolcheck/analyzers/iserror"
	"github.com/toolcheck/toolcheck/analyzers/loglevel"
	"github.com/toolcheck/toolcheck/analyzers/messagetext"
	"github.com/toolcheck/toolcheck/analyzers/unwrapped"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// New returns every toolcheck analyzer, configured by cfg and sharing one
// model analyzer, which carries all their facts (toolmodel.NewHost): the
// analyzers themselves declare none, so a driver runs them only on the
// packages it reports on.
func New(cfg *config.Config) []*analysis.Analyzer { return NewWithModel(cfg, "toolmodel") }

// NewWithModel is New with the model analyzer called modelName. A driver
// that caches facts by analyzer name, as golangci-lint does, names the
// model after the configuration, so that facts computed under one
// configuration are never read under another.
func NewWithModel(cfg *config.Config, modelName string) []*analysis.Analyzer {
	model := toolmodel.NewHost(cfg, modelName)
	// Attached in the order listed: the first, unwrapped, reports the
	// suppression directives that name no analyzer of the suite.
	uw := unwrapped.New(model)
	ie := iserror.New(model)
	ll := loglevel.New(model)
	ef := emptyonfail.New(model)
	mt := messagetext.New(model)
	// An IsError result built outside the boundary whose text carries
	// what the model must not read is one place to fix: the fix iserror
	// asks for (a ToolError, or a fault the boundary renders) answers
	// both, so iserror's finding carries messagetext's as related
	// information when both report.
	model.Subsume(ie, mt)
	return []*analysis.Analyzer{uw, ie, ll, ef, mt}
}
