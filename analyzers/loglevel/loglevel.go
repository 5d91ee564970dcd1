package loglevel

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolerror"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "loglevel"

// Analyzer reports caller-error ToolErrors left at the ERROR default, with
// the default configuration and a model analyzer of its own: a driver
// running several of toolcheck's analyzers shares one model between them
// (internal/suite).
var Analyzer = New(toolmodel.New(nil))

//go:embed doc.go
var doc string

// New returns a loglevel analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost. Its -strict flag is
// bound to this instance.
func New(model *toolmodel.Analyzer) *analysis.Analyzer {
	strict := false
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  report.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/loglevel.md",
	}
	a.Flags.BoolVar(&strict, "strict", false, "report every ToolError construction that leaves its level to a default")
	return toolmodel.Attach(model, a, nil, func(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter) error {
		return run(pass, m, r, strict)
	})
}

// checker holds one package's state.
type checker struct {
	pass *analysis.Pass
	m    *toolmodel.Model
	lv   *toolerror.Levels
	// options memoizes the level option of each constructor (optionFix).
	options map[*types.Func]*types.Func
}

func run(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter, strict bool) error {
	if !m.Relevant {
		return nil
	}
	ch := &checker{pass: pass, m: m}
	ch.lv = m.ToolErrors.Levels()
	for _, s := range m.ToolErrors.Sites() {
		c := s.Cursor()
		if m.InBoundary(s.Node.Pos()) {
			continue
		}
		l, stated := ch.lv.Of(s)
		if stated {
			continue
		}
		if l == toolerror.LevelError {
			if d, ok := ch.callerError(s, c); ok {
				r.Report(d)
				continue
			}
		}
		if strict {
			if d, ok := ch.unstated(s, c, l); ok {
				r.Report(d)
			}
		}
	}
	return nil
}

// callerError reports a construction at the ERROR default whose path or
// message says the caller can act.
func (ch *checker) callerError(s *toolerror.Site, c astindex.Cursor) (analysis.Diagnostic, bool) {
	o := ch.m.Outcomes().FailureOutcome(c, s.Message)
	if !o.CallerActs() {
		return analysis.Diagnostic{}, false
	}
	d := analysis.Diagnostic{
		Pos:     s.Node.Pos(),
		End:     s.Node.End(),
		Message: fmt.Sprintf("a ToolError built %s is a caller error left at the ERROR default; set its level to INFO", o.Why),
	}
	if ch.m.Config.Fixes() {
		if f := ch.infoFix(s, o); f != nil {
			d.SuggestedFixes = []analysis.SuggestedFix{*f}
		}
	}
	return d, true
}

// genericCtors are constructor names that say nothing about the outcome.
var genericCtors = map[string]bool{
	"New": true, "Newf": true, "Errorf": true, "Error": true, "Wrap": true, "Wrapf": true,
	"NewToolError": true, "NewError": true, "Make": true,
}

// unstated reports, in strict mode, a construction that leaves its level
// to a default: a literal without the level field, or a general
// constructor at its ERROR (or unknown) default. A constructor named after
// its outcome states the level by its name; the constructors of the
// ToolError API themselves are not call sites.
func (ch *checker) unstated(s *toolerror.Site, c astindex.Cursor, l toolerror.Level) (analysis.Diagnostic, bool) {
	if fn := ch.enclosingFuncObj(c); fn != nil && ch.m.ToolErrors.Ctor(fn) != nil {
		return analysis.Diagnostic{}, false
	}
	what := ""
	switch s.Node.(type) {
	case *ast.CompositeLit:
		field := ch.m.ToolErrors.LevelField(s.Type)
		if field == nil {
			return analysis.Diagnostic{}, false
		}
		what = fmt.Sprintf("the zero value of its %s field (%s)", field.Name(), l)
	case *ast.CallExpr:
		if (l != toolerror.LevelError && l != toolerror.LevelUnknown) || !genericCtors[s.Ctor.Name()] && l != toolerror.LevelUnknown {
			return analysis.Diagnostic{}, false
		}
		if l == toolerror.LevelUnknown {
			what = "the default of " + s.Ctor.Name()
		} else {
			what = "the ERROR default of " + s.Ctor.Name()
		}
	}
	return analysis.Diagnostic{
		Pos:     s.Node.Pos(),
		End:     s.Node.End(),
		Message: fmt.Sprintf("this ToolError leaves its level to %s; state it: INFO for a caller error, WARN for a fault that heals itself, ERROR for an operator fault", what),
	}, true
}

// enclosingFuncObj returns the function declaration around c, through
// function literals.
func (ch *checker) enclosingFuncObj(c astindex.Cursor) *types.Func {
	for e := range c.Enclosing((*ast.FuncDecl)(nil)) {
		fn, _ := ch.pass.TypesInfo.Defs[e.Node().(*ast.FuncDecl).Name].(*types.Func)
		return fn
	}
	return nil
}
