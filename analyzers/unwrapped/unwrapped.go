package unwrapped

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/format"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "unwrapped"

// Analyzer reports tools registered without the boundary, with the default
// configuration.
var Analyzer = New(toolmodel.Default)

// New returns an unwrapped analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost.
func New(model *analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  toolmodel.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/unwrapped.md",
	}
	return toolmodel.Attach(model, a, nil, run)
}

//go:embed doc.go
var doc string

func run(pass *analysis.Pass, m *toolmodel.Model, r *toolmodel.Reporter) error {
	if !m.Relevant {
		return nil
	}
	for _, u := range m.Unwrapped {
		d := analysis.Diagnostic{Pos: u.Pos, End: u.End, Message: message(u)}
		if u.Fix != nil && u.FixType != nil {
			if fix, ok := wrapFix(pass, m, u); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		r.Report(d)
	}
	return nil
}

func message(u *toolmodel.UnwrappedTool) string {
	kind := "tool handler"
	switch {
	case u.Session:
		kind = "session tool handler"
	case u.Task:
		kind = "task tool handler"
	}
	name := u.Handler.Name
	switch {
	case strings.HasPrefix(name, "func literal at "):
		name = "(the function literal at " + strings.TrimPrefix(name, "func literal at ") + ")"
	case strings.HasPrefix(name, "func literal in "):
		name = "(a function literal in " + strings.TrimPrefix(name, "func literal in ") + ")"
	}
	if u.Via != "" {
		return fmt.Sprintf("%s registers %s %s without the tool boundary on a server that does not carry it; install the boundary as server middleware where the server is built", u.Via, kind, name)
	}
	return fmt.Sprintf("%s %s is registered without the tool boundary; wrap it in the boundary or install the boundary as server middleware", kind, name)
}

// wrapFix wraps the handler in the one visible boundary function that fits.
func wrapFix(pass *analysis.Pass, m *toolmodel.Model, u *toolmodel.UnwrappedTool) (analysis.SuggestedFix, bool) {
	file := m.FileOf(u.Fix.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	var found []string
	consider := func(qual string, fn *types.Func) {
		if fn == nil || !m.IsBoundary(fn) || !fits(fn, u.FixType) {
			return
		}
		found = append(found, qual+fn.Name())
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if fn, ok := scope.Lookup(name).(*types.Func); ok {
			consider("", fn)
		}
	}
	for _, imp := range file.Imports {
		pkgName := pass.TypesInfo.PkgNameOf(imp)
		if pkgName == nil || pkgName.Name() == "_" || pkgName.Name() == "." {
			continue
		}
		ps := pkgName.Imported().Scope()
		for _, name := range ps.Names() {
			if fn, ok := ps.Lookup(name).(*types.Func); ok && fn.Exported() {
				consider(pkgName.Name()+".", fn)
			}
		}
	}
	if len(found) != 1 {
		return analysis.SuggestedFix{}, false
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, pass.Fset, u.Fix); err != nil {
		return analysis.SuggestedFix{}, false
	}
	text := found[0] + "(" + buf.String() + ")"
	return analysis.SuggestedFix{
		Message:   "wrap the handler in " + found[0],
		TextEdits: []analysis.TextEdit{{Pos: u.Fix.Pos(), End: u.Fix.End(), NewText: []byte(text)}},
	}, true
}

// fits reports whether fn takes exactly a handler of type t and returns one.
func fits(fn *types.Func, t types.Type) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	p, r := sig.Params().At(0).Type(), sig.Results().At(0).Type()
	if sig.TypeParams().Len() > 0 {
		return toolmodel.HandlerKindOf(p) == toolmodel.HandlerKindOf(t) && toolmodel.HandlerKindOf(r) == toolmodel.HandlerKindOf(t)
	}
	return types.AssignableTo(t, p) && types.AssignableTo(r, t)
}
