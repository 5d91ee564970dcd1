package unwrapped

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "unwrapped"

// Analyzer reports tools registered without the boundary, with the default
// configuration and a model analyzer of its own: a driver running several
// of toolcheck's analyzers shares one model between them (internal/suite).
var Analyzer = New(toolmodel.New(nil))

// New returns an unwrapped analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost.
func New(model *toolmodel.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  report.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/unwrapped.md",
	}
	return toolmodel.Attach(model, a, nil, run)
}

//go:embed doc.go
var doc string

// A group is one finding: the tools registered without the boundary on
// one server, reported where the fix goes.
type group struct {
	at    ast.Node // the server's construction, or the call that registers
	built bool     // at is the construction
	via   string   // the registrar called at at, when it is a call
	from  string   // the interface method that returns the server, for tools registered on what it returns
	regs  []*toolmodel.Registration
}

func run(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter) error {
	if !m.Relevant {
		return nil
	}
	var groups []*group
	byAt := map[any]*group{}
	for _, reg := range m.Unwrapped {
		// A directive at a tool's registration, or at the call that leads
		// to it, drops that tool.
		if reg.Site.IsValid() && r.Suppressed(reg.Site) || reg.Call.Pos() != reg.Site && r.Suppressed(reg.Call.Pos()) {
			continue
		}
		g := &group{at: reg.Call, via: reg.CallVia}
		var key any = g.at
		if obj := receiverOf(m, reg.Call); obj != nil && reg.CallVia != "" {
			// srv.RegisterToolset(a); srv.RegisterToolset(b): one server,
			// one place to fix.
			key = receiverKey{obj, reg.CallVia}
		}
		switch {
		case reg.Server != nil && reg.ServerHere:
			g = &group{at: reg.Server, built: true}
			key = g.at
		case reg.ServerFrom != "":
			// One finding for the tools registered on what an interface
			// method returns, at the first of them.
			g = &group{at: reg.Call, from: reg.ServerFrom}
			key = "from " + reg.ServerFrom
		}
		if old := byAt[key]; old != nil {
			g = old
		} else {
			byAt[key] = g
			groups = append(groups, g)
		}
		g.regs = append(g.regs, reg)
	}
	// Tools on what an interface method returns are registered across
	// the package's files: their finding is at the first, by file name
	// and offset (positions alone follow the order the files were parsed).
	before := func(a, b token.Pos) bool {
		pa, pb := pass.Fset.Position(a), pass.Fset.Position(b)
		if pa.Filename != pb.Filename {
			return pa.Filename < pb.Filename
		}
		return pa.Offset < pb.Offset
	}
	for _, g := range groups {
		if g.from != "" {
			sort.SliceStable(g.regs, func(i, j int) bool { return before(g.regs[i].Call.Pos(), g.regs[j].Call.Pos()) })
			g.at = g.regs[0].Call
		}
	}
	sort.SliceStable(groups, func(i, j int) bool { return groups[i].at.Pos() < groups[j].at.Pos() })
	for _, g := range groups {
		g.regs = dedupe(g.regs)
		d := analysis.Diagnostic{Pos: g.at.Pos(), End: g.at.End(), Message: message(pass, g)}
		type place struct {
			pos token.Pos
			msg string
		}
		said := map[place]bool{}
		for _, reg := range g.regs {
			// One entry per place and tool: two registrations of one tool
			// at one call (a method reached through two values of its
			// type) say it once.
			if r := related(pass, g, reg); !said[place{r.Pos, r.Message}] {
				said[place{r.Pos, r.Message}] = true
				d.Related = append(d.Related, r)
			}
		}
		// Where the server is built, when it is in the package (here, or
		// in the function the registering one calls); for go-sdk, whose
		// servers take middleware at any time, also where a call returns
		// the server it registered the tools on (the model's InstallSite,
		// which BehindBoundary asks about too).
		if at := installSite(g.regs); at != nil && g.from == "" && m.Config.Fixes() {
			if fix, ok := m.Fixes().InstallBoundary(at); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		r.Report(d)
	}
	return nil
}

// receiverKey groups the registrations made by calls of one registrar
// method on one variable or field.
type receiverKey struct {
	recv types.Object
	via  string
}

// receiverOf returns the variable or field a method call is made on, or
// nil.
func receiverOf(m *toolmodel.Model, call *ast.CallExpr) types.Object {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := m.Pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.MethodVal {
		return nil
	}
	return m.Flow.StorageOf(sel.X)
}

// installSite returns the one place the boundary's fix would go for every
// one of regs, or nil.
func installSite(regs []*toolmodel.Registration) *ast.CallExpr {
	var at *ast.CallExpr
	for _, r := range regs {
		s := toolmodel.InstallSite(r)
		if at != nil && s != at {
			return nil
		}
		at = s
	}
	return at
}

// dedupe keeps one registration per tool, handler and place.
func dedupe(regs []*toolmodel.Registration) []*toolmodel.Registration {
	seen := map[string]bool{}
	var out []*toolmodel.Registration
	for _, reg := range regs {
		k := fmt.Sprintf("%s|%s|%d|%s|%d", reg.Tool.Name, reg.Handler.Name, reg.Site, reg.Where, reg.Tool.Pos)
		if !seen[k] {
			seen[k] = true
			out = append(out, reg)
		}
	}
	return out
}

// label names a registered tool as the user does: `tool "read_note"`, or,
// when its name is not a constant, by its handler.
func label(reg *toolmodel.Registration) string {
	if reg.Tool.Name != "" {
		return strconv.Quote(reg.Tool.Name)
	}
	return "a tool with handler " + handlerName(reg.Handler.Name)
}

func handlerName(name string) string {
	switch {
	case strings.HasPrefix(name, "func literal at "):
		return "(the function literal at " + strings.TrimPrefix(name, "func literal at ") + ")"
	case strings.HasPrefix(name, "func literal in "):
		return "(a function literal in " + strings.TrimPrefix(name, "func literal in ") + ")"
	}
	return name
}

// kind says what kind of tool the registrations are.
func kind(regs []*toolmodel.Registration) string {
	session, task := true, true
	for _, reg := range regs {
		session = session && reg.Session
		task = task && reg.Task
	}
	switch {
	case session:
		return "session tool"
	case task:
		return "task tool"
	}
	return "tool"
}

// one names a single registered tool with its handler.
func one(reg *toolmodel.Registration, kind string) string {
	if reg.Tool.Name != "" {
		return fmt.Sprintf("%s %q (handler %s)", kind, reg.Tool.Name, handlerName(reg.Handler.Name))
	}
	return fmt.Sprintf("a %s with handler %s", kind, handlerName(reg.Handler.Name))
}

// distinct returns the registrations' labels, each once, in order.
func distinct(regs []*toolmodel.Registration) []string {
	seen := map[string]bool{}
	var out []string
	for _, reg := range regs {
		if l := label(reg); !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// listed is how many tools a message names (the related information
// names each): three, and a fourth rather than "and 1 more".
const listed = 3

// list names up to three tools, those with a name first, and says how
// many more there are.
func list(regs []*toolmodel.Registration) string {
	var named, unnamed []string
	for _, l := range distinct(regs) {
		if strings.HasPrefix(l, `"`) {
			named = append(named, l)
		} else {
			unnamed = append(unnamed, l)
		}
	}
	names := append(named, unnamed...)
	if len(names) > listed+1 {
		names = append(names[:listed], fmt.Sprintf("and %d more", len(names)-listed))
	}
	return strings.Join(names, ", ")
}

func message(pass *analysis.Pass, g *group) string {
	k := kind(g.regs)
	n := len(distinct(g.regs))
	switch {
	case g.built && n == 1:
		return fmt.Sprintf("%s is registered on this server without the tool boundary; install the boundary as server middleware here", one(g.regs[0], k))
	case g.built:
		return fmt.Sprintf("%d %ss are registered on this server without the tool boundary (%s); install the boundary as server middleware here", n, k, list(g.regs))
	case g.from != "" && n == 1:
		return fmt.Sprintf("%s is registered on the server %s returns, built without the tool boundary; install the boundary where it is built", one(g.regs[0], k), g.from)
	case g.from != "":
		return fmt.Sprintf("%d %ss are registered on the server %s returns, built without the tool boundary (%s); install the boundary where it is built", n, k, g.from, list(g.regs))
	case g.via != "" && n == 1:
		return fmt.Sprintf("%s registers %s without the tool boundary; install the boundary where the server is built", g.via, one(g.regs[0], k))
	case g.via != "":
		return fmt.Sprintf("%s registers %d %ss without the tool boundary (%s); install the boundary where the server is built", g.via, n, k, list(g.regs))
	case n == 1:
		return fmt.Sprintf("%s is registered here on a server built without the tool boundary; install the boundary where the server is built", one(g.regs[0], k))
	}
	return fmt.Sprintf("%d %ss are registered here on a server built without the tool boundary (%s); install the boundary where the server is built", n, k, list(g.regs))
}

// related points at where one tool of a group is registered.
func related(pass *analysis.Pass, g *group, reg *toolmodel.Registration) analysis.RelatedInformation {
	name := "tool " + label(reg)
	if reg.Tool.Name == "" {
		name = label(reg)
	}
	switch {
	case reg.Site.IsValid():
		return analysis.RelatedInformation{Pos: reg.Site, Message: name + " registered here"}
	case reg.Tool.Pos.IsValid():
		return analysis.RelatedInformation{Pos: reg.Tool.Pos, Message: name + " defined here"}
	}
	by := reg.Via
	if by == "" {
		by = reg.CallVia
	}
	msg := name + " registered by " + by
	if reg.Where != "" {
		msg += " (" + reg.Where + ")"
	}
	return analysis.RelatedInformation{Pos: reg.Call.Pos(), End: reg.Call.End(), Message: msg}
}
