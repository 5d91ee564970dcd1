package messagetext

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolerror"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "messagetext"

// Analyzer reports model-facing text the model cannot act on, with the
// default configuration and a model analyzer of its own: a driver running
// several of toolcheck's analyzers shares one model between them
// (internal/suite).
var Analyzer = New(toolmodel.New(nil))

//go:embed doc.go
var doc string

// options are the analyzer's flags, bound to one instance.
type options struct {
	longText  bool
	nextStep  bool
	faultText bool
}

// New returns a messagetext analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost. Its flags belong to
// it alone.
func New(model *toolmodel.Analyzer) *analysis.Analyzer {
	opts := &options{}
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  report.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/messagetext.md",
	}
	a.Flags.BoolVar(&opts.longText, "long-text", false, "also report model-facing text longer than two sentences")
	a.Flags.BoolVar(&opts.nextStep, "next-step", false, "also report INFO ToolErrors whose text names no tool of the package")
	a.Flags.BoolVar(&opts.faultText, "fault-text", false, "also report WARNING and ERROR ToolErrors whose text does not say the request was fine and what to do")
	facts := []analysis.Fact{new(envFact), new(envParamFact), new(textFact), new(errFact), new(bodyFieldFact)}
	return toolmodel.Attach(model, a, facts, func(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter) error {
		return run(pass, m, r, opts)
	})
}

// A checker holds what one run knows.
type checker struct {
	pass *analysis.Pass
	m    *toolmodel.Model
	info *types.Info
	opts *options
	in   *astindex.Index
	defs *defs
	tables

	units       []*unit
	textScratch *textFact    // receives each imported text fact (summary)
	tr          *flow.Tracer // binds a helper's parameters to a call's arguments

	reporter *report.Reporter
	sinkCats map[string]bool // categories reported for the text being checked (sinkCatsScratch), else nil
	sink     ast.Node        // the construct that hands the text being checked to the model

	contentVars map[types.Object]bool // memo of contentAssigned: the variables whose Content is assigned
}

// tables are a checker's maps, made when it starts. A package's run
// empties them at its end and keeps them for the next package's (spare),
// so that each package does not grow tables of the same size again.
type tables struct {
	decls        map[*types.Func]*ast.FuncDecl
	envNames     map[string]bool
	safe         map[string]bool
	resourcePkgs map[string]bool

	unitOf     map[*ast.FuncDecl]*unit
	errorFuncs map[ast.Node]bool // handlers whose returned error the model reads
	retFunc    map[*ast.ReturnStmt]ast.Node
	uses       map[*types.Func][]paramUse // memo of summary: other packages' text facts, and this package's evaluated units
	leafMemo   map[ast.Expr][]leaf
	inProgress map[ast.Node]bool

	reported        map[string]bool
	sinkCatsScratch map[string]bool // sinkCats while a text is checked

	expanding  map[*flow.Def]bool  // definitions whose leaves are being found
	bodyFields map[*types.Var]bool // memo of bodyField
}

// spare keeps the emptied tables of finished runs (recycle).
var spare = memo.Spare[tables]{New: func() *tables {
	return &tables{
		decls: map[*types.Func]*ast.FuncDecl{}, envNames: map[string]bool{}, safe: map[string]bool{}, resourcePkgs: map[string]bool{},
		unitOf: map[*ast.FuncDecl]*unit{}, errorFuncs: map[ast.Node]bool{}, retFunc: map[*ast.ReturnStmt]ast.Node{},
		uses: map[*types.Func][]paramUse{}, leafMemo: map[ast.Expr][]leaf{}, inProgress: map[ast.Node]bool{},
		reported: map[string]bool{}, sinkCatsScratch: map[string]bool{}, expanding: map[*flow.Def]bool{}, bodyFields: map[*types.Var]bool{},
	}
}}

// recycle empties t and keeps it for the next run. Nothing of a run keeps
// one of its maps past the run (facts and findings hold copies).
func (t tables) recycle() {
	clear(t.decls)
	clear(t.envNames)
	clear(t.safe)
	clear(t.resourcePkgs)
	clear(t.unitOf)
	clear(t.errorFuncs)
	clear(t.retFunc)
	clear(t.uses)
	clear(t.leafMemo)
	clear(t.inProgress)
	clear(t.reported)
	clear(t.sinkCatsScratch)
	clear(t.expanding)
	clear(t.bodyFields)
	spare.Put(&t)
}

// A unit is a top-level function (or the package's other code) with the
// model-facing text built in it.
type unit struct {
	decl   *ast.FuncDecl // nil for package-level code
	sinks  []ast.Node
	params map[int]string // parameter index -> verb, for the text fact
	busy   bool
	done   bool
}

func (u *unit) use(i int, verb string) {
	if u.params == nil {
		u.params = map[int]string{}
	}
	if old, ok := u.params[i]; !ok || old == "" || old == "v" || old == "s" {
		u.params[i] = verb
	}
}

func run(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter, opts *options) error {
	var fl *flow.Info
	if m.Relevant || m.OwnCode() {
		fl = m.Flow
	}
	names, helpers := envReads(pass, m.Syntax, fl)
	if len(names) > 0 || helpers {
		pass.ExportPackageFact(&envFact{Names: names, Helpers: helpers})
	}
	if mcpsdk.IsSDKPath(pass.Pkg.Path()) || !m.Relevant && !m.OwnCode() {
		return nil
	}
	c := &checker{pass: pass, m: m, info: pass.TypesInfo, opts: opts, reporter: r, tables: *spare.Get()}
	defer c.tables.recycle()
	c.in = m.Syntax
	c.tr = m.Flow.NewTracer()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := c.info.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	for _, p := range m.Config.ResourcePackages {
		c.resourcePkgs[p] = true
	}
	for _, s := range m.Config.ModelSafeErrors {
		c.safe[s] = true
	}
	c.defs = newDefs(c.info, m.Flow, c.in)
	c.exportErrFacts()
	c.exportBodyFields()
	if !m.Relevant {
		return nil
	}
	for _, n := range names {
		c.envNames[n] = true
	}
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*envFact); ok {
			for _, n := range f.Names {
				c.envNames[n] = true
			}
		}
	}
	c.collect()
	for _, u := range c.units {
		c.evalUnit(u)
	}
	for _, u := range c.units {
		if u.decl == nil || len(u.params) == 0 {
			continue
		}
		fn, ok := c.info.Defs[u.decl.Name].(*types.Func)
		if !ok || !fn.Exported() {
			continue // only this package can call it
		}
		f := &textFact{}
		for i := 0; i < fn.Type().(*types.Signature).Params().Len(); i++ {
			if v, ok := u.params[i]; ok {
				f.Params = append(f.Params, paramUse{i, v})
			}
		}
		pass.ExportObjectFact(fn, f)
	}
	return nil
}

// collect finds the places that build model-facing text and groups them
// by top-level function.
func (c *checker) collect() {
	m := c.m
	for _, u := range m.Unwrapped {
		h := u.Handler.Node
		if h == nil || u.SDK != "go-sdk" {
			continue
		}
		if mcpsdk.HandlerKindOf(c.funcType(h)) == mcpsdk.GoSDKTyped {
			c.errorFuncs[h] = true
		}
	}
	pkgUnit := &unit{}
	// The function declarations in position order: unitAt finds the one
	// holding a position by binary search.
	var decls []*ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls = append(decls, fd)
			}
		}
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i].Pos() < decls[j].Pos() })
	unitAt := func(pos token.Pos) *unit {
		i := sort.Search(len(decls), func(i int) bool { return decls[i].Pos() > pos }) - 1
		if i < 0 || pos >= decls[i].End() {
			return pkgUnit
		}
		fd := decls[i]
		u := c.unitOf[fd]
		if u == nil {
			u = &unit{decl: fd}
			c.unitOf[fd] = u
			c.units = append(c.units, u)
		}
		return u
	}
	for _, d := range c.declsInOrder() {
		unitAt(d.Pos())
	}
	// The handlers whose returned error is model-facing text, first: only
	// their return statements are sinks.
	for _, ca := range c.m.Flow.Calls() {
		if n := ca.Call; mcpsdk.IsFunc(c.callee(n), mcpsdk.MCPGoMCP, "NewStructuredToolHandler") && len(n.Args) == 1 {
			if h := c.funcNodeOf(n.Args[0]); h != nil {
				c.errorFuncs[h] = true
			}
		}
	}
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil), (*ast.ReturnStmt)(nil)) {
		n := cur.Node()
		switch n := n.(type) {
		case *ast.CallExpr:
			// A call hands text to the model through a known function: an
			// SDK's error result, or a helper of the project or another
			// package (texts).
			fn := c.callee(n)
			if fn == nil || mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) && sdkSinkOf(fn) == notSDKSink {
				continue
			}
		case *ast.CompositeLit:
			if !mcpsdk.IsCallToolResult(c.info.TypeOf(n)) {
				continue
			}
		case *ast.AssignStmt:
			if !c.setsIsError(n) {
				continue
			}
		case *ast.ReturnStmt:
			fn := flow.EnclosingFunc(cur)
			if !c.errorFuncs[fn] {
				continue
			}
			c.retFunc[n] = fn
		}
		u := unitAt(n.Pos())
		u.sinks = append(u.sinks, n)
	}
	for _, s := range m.ToolErrors.Sites() {
		u := unitAt(s.Node.Pos())
		u.sinks = append(u.sinks, &toolErrorSink{s})
	}
	if len(pkgUnit.sinks) > 0 {
		c.units = append(c.units, pkgUnit)
	}
}

// toolErrorSink wraps a ToolError construction as a sink node.
type toolErrorSink struct{ *toolerror.Site }

func (s *toolErrorSink) Pos() token.Pos { return s.Node.Pos() }
func (s *toolErrorSink) End() token.Pos { return s.Node.End() }

func (c *checker) declsInOrder() []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				out = append(out, fd)
			}
		}
	}
	return out
}

func (c *checker) funcType(n ast.Node) types.Type {
	switch n := n.(type) {
	case *ast.FuncDecl:
		if fn, ok := c.info.Defs[n.Name].(*types.Func); ok {
			return fn.Type()
		}
	case *ast.FuncLit:
		return c.info.TypeOf(n)
	}
	return nil
}

// funcNodeOf returns the function declaration or literal e denotes.
func (c *checker) funcNodeOf(e ast.Expr) ast.Node {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		if fn, ok := c.info.Uses[e].(*types.Func); ok {
			if d := c.decls[fn.Origin()]; d != nil {
				return d
			}
		}
	case *ast.SelectorExpr:
		if fn, ok := c.info.Uses[e.Sel].(*types.Func); ok {
			if d := c.decls[fn.Origin()]; d != nil {
				return d
			}
		}
	case *ast.IndexExpr:
		return c.funcNodeOf(e.X)
	case *ast.IndexListExpr:
		return c.funcNodeOf(e.X)
	}
	return nil
}

func (c *checker) callee(call *ast.CallExpr) *types.Func { return c.m.Flow.Callee(call) }

// evalUnit checks every text built in u, once.
func (c *checker) evalUnit(u *unit) {
	if u.done || u.busy {
		return
	}
	u.busy = true
	for _, s := range u.sinks {
		for _, t := range c.texts(s, u) {
			c.checkSink(t, u)
		}
	}
	u.busy = false
	u.done = true
}

// summary returns the parameters of a function that reach model-facing
// text: from its body in this package, or from a fact.
func (c *checker) summary(fn *types.Func) []paramUse {
	if fn == nil {
		return nil
	}
	if d := c.decls[fn]; d != nil {
		u := c.unitOf[d]
		if u == nil {
			return nil
		}
		if uses, ok := c.uses[fn]; ok {
			return uses
		}
		c.evalUnit(u)
		var out []paramUse
		for i, v := range u.params {
			out = append(out, paramUse{i, v})
		}
		if u.done {
			c.uses[fn] = out // final: its unit is evaluated
		}
		return out
	}
	if fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if uses, ok := c.uses[fn]; ok {
		return uses
	}
	if c.textScratch == nil {
		c.textScratch = new(textFact)
	}
	f := c.textScratch // one fact value receives them all: it is read at once
	f.Params = nil
	c.pass.ImportObjectFact(fn, f)
	c.uses[fn] = f.Params
	return f.Params
}

// report reports one finding at n, once per position and category.
func (c *checker) report(n ast.Node, category, msg string) {
	if n == nil || !n.Pos().IsValid() {
		return
	}
	if c.sinkCats != nil {
		if c.sinkCats[category] {
			return
		}
		c.sinkCats[category] = true
	}
	key := fmt.Sprintf("%d|%s", n.Pos(), category)
	if c.reported[key] {
		return
	}
	c.reported[key] = true
	c.reporter.ReportAbout(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg}, c.sink)
}

// isToolError reports whether t is a ToolError type.
func (c *checker) isToolError(t types.Type) bool {
	return t != nil && c.m.ToolErrors.IsToolErrorType(t)
}

// isToolErrorCtor reports whether fn constructs a ToolError.
func (c *checker) isToolErrorCtor(fn *types.Func) bool {
	return c.m.Relevant && c.m.ToolErrors.Ctor(fn) != nil
}

// isSafe reports whether values of t carry text written for the model: a
// ToolError or a configured model-safe error type.
func (c *checker) isSafe(t types.Type) bool {
	if t == nil {
		return false
	}
	if c.isToolError(t) {
		return true
	}
	n := mcpsdk.NamedOf(t)
	if n == nil {
		return false
	}
	obj := n.Origin().Obj()
	return c.safe[mcpsdk.PkgPath(obj)+"."+obj.Name()]
}
