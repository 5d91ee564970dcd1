package emptyonfail

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "emptyonfail"

// Analyzer reports empty successes on failure paths, with the default
// configuration and a model analyzer of its own: a driver running several
// of toolcheck's analyzers shares one model between them (internal/suite).
var Analyzer = New(toolmodel.New(nil))

//go:embed doc.go
var doc string

// settings are one analyzer instance's flags.
type settings struct {
	allFunctions bool
	loops        bool
}

// New returns an emptyonfail analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost. Its flags are bound
// to the new instance.
func New(model *toolmodel.Analyzer) *analysis.Analyzer {
	s := &settings{}
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  report.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/emptyonfail.md",
	}
	a.Flags.BoolVar(&s.allFunctions, "all-functions", false,
		"check every function of a package that declares tools, not only the code tools reach")
	a.Flags.BoolVar(&s.loops, "loops", false,
		"also report a failure skipped with continue in a loop that builds the returned collection")
	return toolmodel.Attach(model, a, []analysis.Fact{new(Fact)}, func(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter) error {
		return run(pass, m, r, s)
	})
}

// Fact marks a function that returns an empty success on a failure path,
// for the packages that call it from tool code.
type Fact struct {
	Returns  string // what it returns: "nil", "[]Note{}", "an empty text result"
	Op       string // what failed: "failure of s.db.Query"
	At       string // where it returns empty: "store.go:14"
	Via      string // the function whose result it passes on, if inherited
	Reported bool   // already reported in its own package
	Probe    bool   // Returns is false or 0: reported at a call whose answer it becomes
	Unfilled int    // 1 + the index of a parameter it leaves unfilled: reported at a call that reads it after
}

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

func (f *Fact) String() string {
	s := fmt.Sprintf("emptyonfail(returns %s on the %s at %s", f.Returns, f.Op, f.At)
	if f.Via != "" {
		s += " via " + f.Via
	}
	if f.Probe {
		s += ", probe"
	}
	if f.Unfilled > 0 {
		s += fmt.Sprintf(", leaves param %d unfilled", f.Unfilled-1)
	}
	if f.Reported {
		s += ", reported"
	}
	return s + ")"
}

func run(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter, s *settings) error {
	if !m.OwnCode() {
		return nil
	}
	c := &checker{pass: pass, m: m, s: s, r: r, tables: *spare.Get()}
	defer c.tables.recycle()
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok && d.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func); ok {
					c.declOf[fn] = d
				}
			}
		}
	}
	if m.Relevant {
		c.registersTools = len(m.Handlers) > 0 || len(m.ToolNames) > 0
		c.computeDispatch()
	}
	for _, f := range pass.Files {
		for _, decl := range f.Decls {
			if d, ok := decl.(*ast.FuncDecl); ok && d.Body != nil {
				c.funcDecl(d)
			}
		}
	}
	if m.Relevant {
		c.reportCalls()
		c.reportIfaceCalls()
	}
	c.exportFacts()
	return nil
}

// checker walks one package.
type checker struct {
	pass *analysis.Pass
	m    *toolmodel.Model
	s    *settings
	r    *report.Reporter

	tables
	registersTools  bool
	factScratch     *Fact                // receives the next imported Fact (factOf)
	valueUsed       map[*types.Func]bool // functions used as values (lazy)
	decls           []*ast.FuncDecl      // in source order
	fn              *funcInfo            // the function being walked
	lits            bool                 // the declaration being walked holds function literals
	litPos          []token.Pos          // where the package's function literals start, sorted (lazy)
	loops           []ast.Node           // loops enclosing the statement being walked, in fn
	dispatched      map[ast.Node]bool    // methods tool code reaches through interfaces
	dispatchedSpans flow.Spans           // the positions dispatched covers
	ifaceCalls      []ifaceCall
	tr              *flow.Tracer // follows values for every (lazy)
}

// tables are a checker's maps, made when it starts. A package's run
// empties them at its end and keeps them for the next package's (spare),
// so that each package does not grow tables of the same size again.
type tables struct {
	swallows   map[*types.Func]*Fact // declared functions that return empty on failure
	facts      map[*types.Func]*Fact // memo of factOf: other packages' functions
	reported   map[token.Pos]bool    // calls of fact functions reported in this package
	funcOfDecl map[*ast.FuncDecl]*funcInfo
	declOf     map[*types.Func]*ast.FuncDecl
	impls      map[implKey][]*types.Func
}

// spare keeps the emptied tables of finished runs (recycle).
var spare = memo.Spare[tables]{New: func() *tables {
	return &tables{
		swallows:   map[*types.Func]*Fact{},
		facts:      map[*types.Func]*Fact{},
		reported:   map[token.Pos]bool{},
		funcOfDecl: map[*ast.FuncDecl]*funcInfo{},
		declOf:     map[*types.Func]*ast.FuncDecl{},
		impls:      map[implKey][]*types.Func{},
	}
}}

// recycle empties t and keeps it for the next run. Nothing of a run keeps
// one of its maps past the run (facts and findings hold copies).
func (t tables) recycle() {
	clear(t.swallows)
	clear(t.facts)
	clear(t.reported)
	clear(t.funcOfDecl)
	clear(t.declOf)
	clear(t.impls)
	spare.Put(&t)
}

// every reports whether ok holds for the type of every value e may hold,
// in the function declaring it (no caller's frame).
func (c *checker) every(e ast.Expr, ok func(types.Type) bool) bool {
	if c.tr == nil {
		c.tr = c.m.Flow.NewTracer()
	}
	return c.tr.Every(e, nil, ok)
}

// inScope reports whether a finding at pos is reported in this package.
func (c *checker) inScope(pos token.Pos) bool {
	if !c.m.Relevant {
		return false
	}
	if c.m.InToolCode(pos) || c.inDispatched(pos) {
		return true
	}
	return c.s.allFunctions && c.registersTools && !c.m.InBoundary(pos)
}

// position renders pos as file:line for facts and messages.
func (c *checker) position(pos token.Pos) string {
	p := c.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// swallow records or reports an empty success at node, in function fn.
func (c *checker) swallow(fn *funcInfo, node ast.Node, d analysis.Diagnostic, returns, op string) {
	reported := false
	if c.inScope(node.Pos()) {
		c.r.Report(d)
		reported = true
	}
	if fn.decl != nil && fn.lit == nil {
		if _, ok := c.swallows[fn.decl]; !ok {
			c.swallows[fn.decl] = &Fact{Returns: returns, Op: op, At: c.position(node.Pos()), Reported: reported}
		}
	}
}

// factOf returns the fact of a function of another package.
func (c *checker) factOf(fn *types.Func) *Fact {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if f, ok := c.facts[fn]; ok {
		return f
	}
	// Most functions have no fact: one zero Fact serves every miss.
	if c.factScratch == nil {
		c.factScratch = new(Fact)
	}
	var f *Fact
	if c.pass.ImportObjectFact(fn, c.factScratch) {
		f, c.factScratch = c.factScratch, nil
	}
	c.facts[fn] = f
	return f
}

// reportCalls reports the calls in tool code of other packages' functions
// that return an empty success on a failure path.
func (c *checker) reportCalls() {
	for cur := range c.m.Syntax.Root().Preorder((*ast.CallExpr)(nil)) {
		c.reportCall(cur.Node().(*ast.CallExpr))
	}
}

// reportCall reports call, in tool code, of another package's function
// that returns an empty success on a failure path.
func (c *checker) reportCall(call *ast.CallExpr) {
	fn := flow.CalleeOf(c.m.Flow, c.pass.TypesInfo, call) // as declared
	if fn == nil {
		return
	}
	fact := c.factOf(fn)
	if fact == nil || fact.Reported || !c.inScope(call.Pos()) {
		return
	}
	name := funcName(fn)
	where := factWhere(fact)
	if fact.Probe {
		at := c.answerOf(call)
		if at == token.NoPos {
			return // the false or 0 does not become the answer here
		}
		c.reported[call.Pos()] = true
		c.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: fmt.Sprintf(
			"%s returns %s on the %s (%s), which this tool tells the model as a fact (%s); make %s return the error so the tool boundary reports a fault",
			name, fact.Returns, fact.Op, where, c.position(at), name)})
		return
	}
	if i := fact.Unfilled - 1; i >= 0 {
		if i >= len(call.Args) {
			return
		}
		at := c.readAfter(call, call.Args[i])
		if at == token.NoPos {
			return // the tool does not read what the call leaves unfilled
		}
		c.reported[call.Pos()] = true
		c.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: fmt.Sprintf(
			"%s leaves %s unfilled on the %s (%s) and returns as if it succeeded, so this tool answers from the empty value (%s); make %s return the error so the tool boundary reports a fault",
			name, shortExpr(call.Args[i]), fact.Op, where, c.position(at), name)})
		return
	}
	if sig := fn.Type().(*types.Signature); sig.Results().Len() > 0 && !mcpsdk.ReturnsError(sig) && c.resultTested(call) {
		return // the caller reads the empty value as "none" and goes another way
	}
	c.reported[call.Pos()] = true
	msg := fmt.Sprintf("%s returns %s with a nil error on the %s (%s), so this tool cannot tell a failure from an empty result; make %s return the error so the tool boundary reports a fault",
		name, fact.Returns, fact.Op, where, name)
	if errOnly(fn.Type().(*types.Signature)) {
		msg = fmt.Sprintf("%s returns a nil error on the %s (%s), so this tool cannot tell a failure from success; make %s return the error so the tool boundary reports a fault",
			name, fact.Op, where, name)
	}
	// The message names where the helper returns empty; no Related
	// information, which text drivers print as a finding of its own.
	c.r.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: msg})
}

// exportFacts exports the facts of this package's exported functions,
// passing inherited facts along chains of unchanged results.
func (c *checker) exportFacts() {
	c.propagate()
	for _, d := range c.decls {
		fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		if f := c.swallows[fn]; f != nil {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// propagate gives a function the fact of the function whose result it
// returns unchanged, until nothing changes.
func (c *checker) propagate() {
	for changed := true; changed; {
		changed = false
		for _, d := range c.decls {
			fn, ok := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
			if !ok || c.swallows[fn] != nil {
				continue
			}
			if f := c.inherited(d); f != nil {
				c.swallows[fn] = f
				changed = true
			}
		}
	}
}

// inherited returns the fact d inherits from a function whose result it
// returns unchanged: `return g(...)`, or a variable only ever assigned from
// g and otherwise only returned or compared.
func (c *checker) inherited(d *ast.FuncDecl) *Fact {
	info := c.pass.TypesInfo
	fi := c.funcOfDecl[d]
	if fi == nil {
		return nil
	}
	from := func(call *ast.CallExpr) *Fact {
		g := typeutil.StaticCallee(info, call)
		if g == nil {
			return nil
		}
		g = g.Origin()
		var f *Fact
		if g.Pkg() == c.pass.Pkg {
			f = c.swallows[g]
		} else {
			f = c.factOf(g)
		}
		if f == nil {
			return nil
		}
		inh := *f
		inh.Via = funcName(g)
		if f.Via != "" {
			inh.Via = f.Via
		}
		inh.Reported = f.Reported || c.reported[call.Pos()]
		return &inh
	}
	var found *Fact
	for _, n := range c.m.Flow.Returns(d) {
		for i, e := range n.Results {
			if i == fi.errIdx && !errOnly(fi.sig) {
				continue
			}
			switch e := ast.Unparen(e).(type) {
			case *ast.CallExpr:
				if f := from(e); f != nil {
					found = f
				}
			case *ast.Ident:
				v, ok := info.Uses[e].(*types.Var)
				if !ok {
					continue
				}
				var call *ast.CallExpr
				only := true
				for _, ev := range fi.eventsOf(v) {
					switch {
					case ev.ret && !ev.inLit:
					case ev.rhs != nil && !ev.inLit:
						c2, ok := ast.Unparen(ev.rhs).(*ast.CallExpr)
						if !ok || from(c2) == nil {
							only = false
						}
						call = c2
					default:
						only = false
					}
				}
				if only && call != nil {
					found = from(call)
				}
			}
			if found != nil {
				break
			}
		}
		if found != nil {
			break
		}
	}
	return found
}

// funcName names fn for messages: pkg.Func or (*pkg.T).Method.
func funcName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Name() + "."
	}
	if sig.Recv() == nil {
		return pkg + fn.Name()
	}
	t := sig.Recv().Type()
	ptr := ""
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), "*"
	}
	name := "?"
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
	}
	if ptr != "" {
		return fmt.Sprintf("(*%s%s).%s", pkg, name, fn.Name())
	}
	return fmt.Sprintf("%s%s.%s", pkg, name, fn.Name())
}
