package toolmodel

import (
	"go/token"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/toolcheck/toolcheck/internal/report"
	"golang.org/x/tools/go/analysis"
)

// An Analysis is what a dependent analyzer does in one package: it reads
// the model, reports its findings to r, and imports and exports its facts
// through pass. pass is the analyzer's own pass, or, when the model hosts
// the analyzer's facts (NewHost), the model's.
type Analysis func(pass *analysis.Pass, m *Model, r *report.Reporter) error

// modelInfo is what a model analyzer knows of the analyzers built on it.
type modelInfo struct {
	host       bool
	dependents atomic.Int32 // analyzers attached, each reporting once per package
	mu         sync.Mutex
	hosted     []hostedAnalysis // run by the model, in attachment order
	names      []string         // every analyzer attached, in order: what a directive may name
	subsumes   [][2]string      // analyzer names: the first's findings stand for the second's (Subsume)
}

type hostedAnalysis struct {
	name string
	do   Analysis
}

// A hostedRun is an analysis the model ran in its own pass: its reporter,
// holding its findings, and the error it returned, which its analyzer
// returns.
type hostedRun struct {
	r   *report.Reporter
	err error
}

// reporter returns the reporter of the analyzer called name for pass,
// through the package's filters: generated files, test files unless the
// configuration reports them, and the directives.
func (m *Model) reporter(pass *analysis.Pass, name string) *report.Reporter {
	return report.New(pass, name, m.Directives, func(pos token.Pos) bool {
		return m.isGenerated(pos) || !m.Config.Tests && m.isTestFile(pos)
	})
}

// Attach completes a, an analyzer with its name, documentation and flags
// set, as a dependent of model: it requires the model and runs do on each
// package, with a Reporter that filters its findings and reports them in
// source order. facts are the fact types do imports and exports.
//
// With a model made by New, a declares facts and runs do in its own pass,
// like any analyzer. With one made by NewHost, the model declares facts
// and runs do in its pass, after building the model, on every package it
// analyzes; a, which then declares no facts and runs only where reports
// are wanted, passes on the findings do reported there.
//
// When every analyzer attached to a model has reported in a package, the
// model releases its syntax index and tables, which the standalone driver
// would otherwise keep for every package until the end of the run. A
// driver that runs only some of them never reaches the count, and the model
// is simply kept, unless it is a host model's and says which packages it
// analyses (config.Config.SetAnalysed) and which analyzers report
// (SetReporting), as the command does: the model then waits for those
// analyzers only. On a package such a driver loads only for the facts
// exported there, the model is released as soon as its own pass is done.
func Attach(model *Analyzer, a *analysis.Analyzer, facts []analysis.Fact, do Analysis) *analysis.Analyzer {
	info := model.info
	idx := info.dependents.Add(1) - 1 // counted where the model ran after this
	a.Requires = append(a.Requires, model.Analyzer)
	name := a.Name
	info.mu.Lock()
	info.names = append(info.names, name)
	info.mu.Unlock()
	if !info.host || len(facts) == 0 {
		a.FactTypes = facts
		a.Run = func(pass *analysis.Pass) (any, error) {
			m := pass.ResultOf[model.Analyzer].(*Model)
			r := m.reporter(pass, name)
			if idx < m.counted {
				r.Done = m.finished
			}
			defer r.Finish()
			return nil, do(pass, m, r)
		}
		return a
	}
	info.mu.Lock()
	info.hosted = append(info.hosted, hostedAnalysis{name, do})
	info.mu.Unlock()
	for _, f := range facts {
		if !hasFactType(model.FactTypes, f) {
			model.FactTypes = append(model.FactTypes, f)
		}
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		m := pass.ResultOf[model.Analyzer].(*Model)
		h := m.hosted[name]
		if h.r == nil {
			// Not run by the model (attached after it ran): run here,
			// without facts.
			h.r = m.reporter(pass, name)
			h.err = do(pass, m, h.r)
		}
		h.r.Pass = pass // findings leave through this analyzer's pass
		if idx < m.counted {
			h.r.Done = m.finished
		}
		defer h.r.Finish()
		return nil, h.err
	}
	return a
}

// Subsume declares that a finding of a, an analyzer attached to model,
// stands for the findings of other, another one, that are about a place
// inside its range (Reporter.ReportAbout): in a package where both report
// (config.Config.Reports), other's findings there leave as related
// information of a's, one finding per place to fix. It takes effect with
// a model made by NewHost, which runs both analyses in its own pass; with
// one made by New each analyzer reports its own findings.
func (model *Analyzer) Subsume(a, other *analysis.Analyzer) {
	info := model.info
	info.mu.Lock()
	defer info.mu.Unlock()
	info.subsumes = append(info.subsumes, [2]string{a.Name, other.Name})
}

func hasFactType(list []analysis.Fact, f analysis.Fact) bool {
	for _, g := range list {
		if reflect.TypeOf(g) == reflect.TypeOf(f) {
			return true
		}
	}
	return false
}

// start prepares m for its dependents: how many will report, and, for a
// host, the analyses it runs in its own pass.
func (info *modelInfo) start(m *Model) {
	m.info = info
	m.counted = info.dependents.Load()
	m.pending.Store(m.counted)
	if !info.host {
		return
	}
	info.mu.Lock()
	hosted, subsumes, names := info.hosted, info.subsumes, info.names
	info.mu.Unlock()
	m.hosted = make(map[string]hostedRun, len(hosted))
	said := m.Config.ReportingSaid()
	for _, h := range hosted {
		if said && !m.Config.Reports(h.name) {
			// Its findings are not reported in this run, and its facts
			// serve only its findings.
			continue
		}
		r := m.reporter(m.Pass, h.name)
		m.hosted[h.name] = hostedRun{r, h.do(m.Pass, m, r)}
	}
	for _, s := range subsumes {
		a, other := m.hosted[s[0]].r, m.hosted[s[1]].r
		if a != nil && other != nil && m.Config.Reports(s[0]) && m.Config.Reports(s[1]) {
			a.Absorb(other)
		}
	}
	// A package the driver loaded only for the facts exported here: its
	// dependents, which declare no facts, do not run on it.
	release := !m.Config.Analysed(m.Pass.Pkg.Path())
	if !release && said && m.Config.AnalysedSaid() {
		// The command runs only the analyzers that report: the model
		// waits for those (-unwrapped would otherwise keep every model).
		n := int32(0)
		for _, name := range names[:min(int(m.counted), len(names))] {
			if m.Config.Reports(name) {
				n++
			}
		}
		m.pending.Store(n)
		release = n == 0
	}
	if release {
		m.pending.Store(0)
		m.release()
	}
}

// finished records that one dependent analyzer is done with m; the last
// of those attached when the model ran releases the model's indexes,
// unless another analyzer has been attached since.
func (m *Model) finished() {
	if m.pending.Add(-1) == 0 && m.info.dependents.Load() == m.counted {
		m.release()
	}
}

// release drops what only the dependents' runs need: the syntax index and
// the tables. The configuration, relevance and directives stay.
func (m *Model) release() {
	m.giveTables()
	m.Flow.Recycle()
	m.Syntax.Recycle()
	m.Syntax, m.Flow, m.tr = nil, nil, nil
	m.Handlers, m.ToolCode, m.BoundaryCode, m.Unwrapped, m.ToolNames = nil, nil, nil, nil, nil
	m.toolSpans, m.boundarySpans = nil, nil
	m.equipped, m.boundary, m.summaries, m.reported, m.funcFacts = nil, nil, nil, nil, nil
	m.fileOf, m.visiting = nil, nil
	m.ToolErrors, m.IsErrors, m.judge, m.fixes = nil, nil, nil, nil
	m.forward = nil
	m.Failures.Recycle()
	m.hosted, m.Failures, m.factScratch = nil, nil, nil
	m.pools, m.poolCache, m.records, m.impls, m.named = nil, nil, nil, nil, nil
}
