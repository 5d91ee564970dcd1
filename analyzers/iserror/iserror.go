package iserror

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
	"github.com/toolcheck/toolcheck/internal/report"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// Name is the analyzer's name, as flags and directives spell it.
const Name = "iserror"

// Analyzer reports IsError results built outside the boundary, with the
// default configuration and a model analyzer of its own: a driver running
// several of toolcheck's analyzers shares one model between them
// (internal/suite).
var Analyzer = New(toolmodel.New(nil))

// New returns an iserror analyzer that reads the tool model computed by
// model, an analyzer made by toolmodel.New or NewHost.
func New(model *toolmodel.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: Name,
		Doc:  report.DocOf(doc),
		URL:  "https://github.com/toolcheck/toolcheck/blob/main/docs/analyzers/iserror.md",
	}
	return toolmodel.Attach(model, a, []analysis.Fact{new(Fact)}, run)
}

//go:embed doc.go
var doc string

// remedy ends every message: what to do instead.
const remedy = "return a ToolError (INFO for a caller error) and let the boundary render and log it"

func run(pass *analysis.Pass, m *toolmodel.Model, r *report.Reporter) error {
	if !m.Relevant || mcpsdk.IsSDKPath(pass.Pkg.Path()) {
		return nil
	}
	c := newChecker(pass, m)
	defer c.tables.recycle()
	c.index()
	c.addSites()
	c.computeClientPkg()
	for _, cs := range c.calls {
		if d, name, ok := c.helperDiag(cs.call, cs.fn); ok {
			c.sites = append(c.sites, site{pos: d.Pos, fn: cs.fn, cur: cs.cur, construct: name, diag: d, expr: cs.call, helper: true})
		}
	}
	sort.SliceStable(c.sites, func(i, j int) bool { return c.sites[i].pos < c.sites[j].pos })
	for _, s := range c.sites {
		if !c.inScope(s.pos, s.fn) {
			continue
		}
		if c.rendersWrappedError(s.cur, s.fn) || c.inWrapper(s.cur) {
			// A wrapper doing the boundary's job: a different remedy, no fix.
			// (If it is not meant as one, the remedy is iserror's usual one,
			// which the doc page gives.)
			s.diag.Message = fmt.Sprintf("%s turns a wrapped handler's error into an IsError result outside a recognised tool boundary; "+
				"if this wrapper is your boundary, put Boundary in its name or list it in the boundaries setting", s.construct)
		} else if s.expr != nil && c.m.Config.Fixes() {
			if fix, ok := c.fix(s); ok {
				s.diag.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		// The place is the construction (a literal, not only its IsError
		// field): a messagetext finding on its text is about it too.
		if s.expr != nil {
			r.ReportAbout(s.diag, s.expr)
		} else {
			r.Report(s.diag)
		}
	}
	c.exportFacts()
	return nil
}

// A callSite is a call that may be of a project helper.
type callSite struct {
	call *ast.CallExpr
	fn   ast.Node
	cur  astindex.Cursor
}

// A site is one construction of an IsError result, found in source order.
type site struct {
	pos       token.Pos
	fn        ast.Node // the enclosing *ast.FuncDecl or *ast.FuncLit, or nil
	cur       astindex.Cursor
	construct string // what the message names
	diag      analysis.Diagnostic
	expr      ast.Expr // the construction a fix may rewrite: the constructor or helper call, the literal
	helper    bool     // expr calls a project helper
}

// checker holds one package's analysis.
type checker struct {
	pass *analysis.Pass
	m    *toolmodel.Model
	info *types.Info
	tables

	sites []site
	calls []callSite

	tr *flow.Tracer // resolves calls of function values, made on first use

	clientPkg bool
	wrapped   map[*ast.BlockStmt]map[*types.Var]bool // memo of wrappedResults
}

// tables are a checker's maps, made when it starts. A package's run
// empties them at its end and keeps them for the next package's (spare),
// so that each package does not grow tables of the same size again.
type tables struct {
	funcs     map[ast.Node]*funcInfo // FuncDecl and FuncLit nodes
	mutations map[*types.Var][]mutation
	zeroVars  map[*types.Var]bool // declared without a value: nil until assigned

	summaries map[ast.Node][]Cond
	computing map[ast.Node]bool
	twins     map[*types.Func]*types.Func // memo of twinOf

	clientFuncs map[ast.Node]bool
	apis        map[*ast.File]fileAPI // memo of apiFor
}

// spare keeps the emptied tables of finished runs (recycle).
var spare = memo.Spare[tables]{New: func() *tables {
	return &tables{
		funcs:     map[ast.Node]*funcInfo{},
		mutations: map[*types.Var][]mutation{},
		zeroVars:  map[*types.Var]bool{},
		summaries: map[ast.Node][]Cond{},
		computing: map[ast.Node]bool{},
		twins:     map[*types.Func]*types.Func{},

		clientFuncs: map[ast.Node]bool{},
		apis:        map[*ast.File]fileAPI{},
	}
}}

// recycle empties t and keeps it for the next run. Nothing of a run keeps
// one of its maps past the run (facts and findings hold copies).
func (t tables) recycle() {
	clear(t.funcs)
	clear(t.mutations)
	clear(t.zeroVars)
	clear(t.summaries)
	clear(t.computing)
	clear(t.twins)
	clear(t.clientFuncs)
	clear(t.apis)
	spare.Put(&t)
}

type funcInfo struct {
	node ast.Node
	cur  astindex.Cursor
	sig  *types.Signature
	body *ast.BlockStmt
}

// An assign is one value stored into a variable.
type assign struct {
	rhs    ast.Expr
	tuple  int // result index of a multi-value call, or -1
	opaque bool
}

// A mutation sets IsError on the result a variable holds.
type mutation struct {
	stmt     ast.Node
	fn       ast.Node
	topLevel bool     // a statement of fn's body itself, not nested
	value    ast.Expr // the value assigned to IsError, nil for SetError
}

func newChecker(pass *analysis.Pass, m *toolmodel.Model) *checker {
	return &checker{pass: pass, m: m, info: pass.TypesInfo, tables: *spare.Get()}
}

// enclosingFunc returns the innermost function around c.
func enclosingFunc(c astindex.Cursor) (astindex.Cursor, bool) {
	return c.Parent().Innermost((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil))
}

// index records what iserror keeps of the package's functions (their
// signatures and bodies), its variables declared without a value, and the
// calls of helpers that may return an IsError result. Parameters,
// declarations and return statements are the flow layer's.
func (c *checker) index() {
	root := c.m.Syntax.Root()
	// Functions first: sites refer to them.
	for cur := range root.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fi := &funcInfo{node: cur.Node(), cur: cur}
		var ft *ast.FuncType
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			ft, fi.body = n.Type, n.Body
			if fn := c.m.Flow.FuncOf(n); fn != nil {
				fi.sig = fn.Type().(*types.Signature)
			}
		case *ast.FuncLit:
			ft, fi.body = n.Type, n.Body
			fi.sig, _ = c.info.TypeOf(n).(*types.Signature)
		}
		if fi.sig == nil || fi.body == nil {
			continue
		}
		c.funcs[fi.node] = fi
		if ft.Results != nil {
			for _, field := range ft.Results.List {
				for _, name := range field.Names {
					if v, ok := c.info.Defs[name].(*types.Var); ok {
						c.zeroVars[v] = true
					}
				}
			}
		}
	}

	for cur := range root.Preorder((*ast.ValueSpec)(nil), (*ast.CallExpr)(nil)) {
		fnCur, inFunc := enclosingFunc(cur)
		var fn ast.Node
		if inFunc {
			fn = fnCur.Node()
		}
		switch n := cur.Node().(type) {
		case *ast.ValueSpec:
			if len(n.Values) == 0 {
				for _, name := range n.Names {
					if v, ok := c.info.Defs[name].(*types.Var); ok {
						c.zeroVars[v] = true
					}
				}
			}
		case *ast.CallExpr:
			c.indexCall(cur, n, fn)
		}
	}
}

// paramOf returns where v is a parameter of a function of the package
// (not a receiver).
func (c *checker) paramOf(v *types.Var) (flow.Param, bool) {
	p, ok := c.m.Flow.ParamOf(v)
	return p, ok && p.Index >= 0
}

// paramIndex returns the index of parameter v in its function.
func (c *checker) paramIndex(v *types.Var) int {
	p, _ := c.paramOf(v)
	return p.Index
}

// varOf returns the variable an identifier expression denotes.
func (c *checker) varOf(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.info.ObjectOf(id).(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

func (c *checker) newMutation(cur astindex.Cursor, fn ast.Node, value ast.Expr) mutation {
	mu := mutation{stmt: cur.Node(), fn: fn, value: value}
	if fi := c.funcs[fn]; fi != nil {
		mu.topLevel = cur.Parent().Node() == fi.body
	}
	return mu
}

func (c *checker) indexCall(cur astindex.Cursor, call *ast.CallExpr, fn ast.Node) {
	callee := flow.CalleeOf(c.m.Flow, c.info, call)
	if isresult.IsErrorResultCtor(callee) || mcpsdk.IsMethod(callee, mcpsdk.GoSDKMCP, "CallToolResult", "SetError") {
		return // a site of the model's
	}
	// A call of a helper that returns an IsError result is decided once
	// the package is indexed; only a function returning a tool result can
	// be one.
	var t types.Type
	if callee != nil && !generic(callee) {
		t = callee.Type() // its results are the call's
	} else {
		t = c.info.TypeOf(call.Fun)
	}
	if returnsResult(t) {
		c.calls = append(c.calls, callSite{call, fn, cur})
	}
}

// addSites records the model's IsError constructions, and, for the
// summaries of helpers, the IsError mutations of a result a variable
// holds.
func (c *checker) addSites() {
	for _, s := range c.m.IsErrors.Sites() {
		cur := s.Cursor()
		var fn ast.Node
		if fc, ok := enclosingFunc(cur); ok {
			fn = fc.Node()
		}
		switch s.Kind {
		case isresult.IsErrorCtor:
			call := s.Node.(*ast.CallExpr)
			c.addSite(cur, call.Pos(), call.End(), fn, "mcp."+s.Ctor.Name(), call)
		case isresult.IsErrorSet:
			call := s.Node.(*ast.CallExpr)
			if v := c.varOf(s.Result); v != nil {
				if stmt, ok := cur.Parent().Node().(*ast.ExprStmt); ok && stmt.X == call {
					c.mutations[v] = append(c.mutations[v], c.newMutation(cur.Parent(), fn, nil))
				}
			}
			c.addSite(cur, call.Pos(), call.End(), fn, "(*mcp.CallToolResult).SetError", nil)
		case isresult.IsErrorAssign:
			if v := c.varOf(s.Result); v != nil {
				c.mutations[v] = append(c.mutations[v], c.newMutation(cur, fn, s.Value))
			}
			c.addSite(cur, s.Node.Pos(), s.Node.End(), fn, fmt.Sprintf("%s = %s", render(c.pass.Fset, s.Field, "IsError"), render(c.pass.Fset, s.Value, "...")), nil)
		case isresult.IsErrorLiteral:
			name := typeName(c.info.TypeOf(s.Literal))
			c.addSite(cur, s.Node.Pos(), s.Node.End(), fn, fmt.Sprintf("%s literal with IsError: %s", name, render(c.pass.Fset, s.Value, "...")), s.Literal)
		}
	}
}

// returnsResult reports whether t is a function type with a tool result
// among its results.
// generic reports whether fn, a function as declared, has type
// parameters (its own or its receiver's): a call's results are then those
// of the instance.
func generic(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0
}

func returnsResult(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Results().Len() {
		if isresult.IsResultType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// addSite records a direct construction; expr is the constructor call or
// literal a fix may rewrite, nil for a mutation.
func (c *checker) addSite(cur astindex.Cursor, pos, end token.Pos, fn ast.Node, construct string, expr ast.Expr) {
	d := analysis.Diagnostic{
		Pos:     pos,
		End:     end,
		Message: fmt.Sprintf("%s builds an IsError result outside the tool boundary; %s", construct, remedy),
	}
	c.sites = append(c.sites, site{pos: pos, fn: fn, cur: cur, construct: construct, diag: d, expr: expr})
}

func typeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	return "result"
}

func isConstFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "false"
}

func isConstTrue(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.String() == "true"
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// render prints a short expression as written, or def when it is long.
func render(fset *token.FileSet, e ast.Expr, def string) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, e); err != nil {
		return def
	}
	s := buf.String()
	if len(s) > 32 || strings.Contains(s, "\n") {
		return def
	}
	return s
}

// ---- helper calls ----

// helperDiag decides a call of a project helper: a diagnostic when the
// helper returns an IsError result for the arguments given.
func (c *checker) helperDiag(call *ast.CallExpr, fn ast.Node) (analysis.Diagnostic, string, bool) {
	conds, name, sig := c.calleeConds(call)
	if len(conds) == 0 {
		return analysis.Diagnostic{}, "", false
	}
	for _, cd := range conds {
		if cd.Param < 0 {
			return c.helperFinding(call, name, ""), name, true
		}
		arg := argAt(call, cd.Param)
		if arg == nil {
			continue
		}
		switch cd.When {
		case WhenNonNil:
			if isNilExpr(c.info, arg) {
				continue
			}
		case WhenTrue:
			if isConstFalse(c.info, arg) {
				continue
			}
		}
		if c.forwards(arg, fn) {
			continue
		}
		arg1 := fmt.Sprintf("argument %d", cd.Param+1)
		if sig != nil && cd.Param < sig.Params().Len() {
			if pn := sig.Params().At(cd.Param).Name(); pn != "" && pn != "_" {
				arg1 = pn + " argument"
			}
		}
		state := "non-nil"
		if cd.When == WhenTrue {
			state = "true"
		}
		when := " when its " + arg1 + " is " + state
		return c.helperFinding(call, name, when), name, true
	}
	return analysis.Diagnostic{}, "", false
}

func (c *checker) helperFinding(call *ast.CallExpr, name, when string) analysis.Diagnostic {
	return analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: fmt.Sprintf("%s returns an IsError result built outside the tool boundary%s; %s", name, when, remedy),
	}
}

// forwards reports whether arg is a parameter of fn that fn itself hands
// on as the condition of its own IsError result: fn is then the helper
// whose calls are reported, not this call inside it.
func (c *checker) forwards(arg ast.Expr, fn ast.Node) bool {
	v := c.varOf(arg)
	if v == nil {
		return false
	}
	p, ok := c.paramOf(v)
	if !ok || p.Func != fn || len(c.assignsOf(v)) > 0 {
		return false
	}
	for _, cd := range c.summary(fn) {
		if cd.Param == p.Index {
			return true
		}
	}
	return false
}

func argAt(call *ast.CallExpr, i int) ast.Expr {
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// calleeConds returns what the function call calls says about its IsError
// results: from its summary in this package (a declared function or a
// closure held by a variable) or from a fact. It also returns a name for
// messages and the callee's signature.
func (c *checker) calleeConds(call *ast.CallExpr) ([]Cond, string, *types.Signature) {
	if fn := typeutil.StaticCallee(c.info, call); fn != nil {
		fn = fn.Origin()
		if mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
			return nil, "", nil
		}
		sig := fn.Type().(*types.Signature)
		if d := c.m.Flow.Decl(fn); d != nil {
			return c.summary(d), toolmodel.FuncName(fn), sig
		}
		if fn.Pkg() == c.pass.Pkg {
			return nil, "", nil
		}
		var f Fact
		if c.pass.ImportObjectFact(fn, &f) {
			return f.Results, toolmodel.FuncName(fn), sig
		}
		return nil, "", nil
	}
	// A closure a variable holds: errf := func(...) ..., or the one a
	// factory returns.
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil, "", nil
	}
	if c.tr == nil {
		c.tr = c.m.Flow.NewTracer()
	}
	cs, ok := c.tr.Callees(call, nil)
	if !ok || len(cs) != 1 {
		return nil, "", nil
	}
	if lit, ok := cs[0].Body.(*ast.FuncLit); ok {
		sig, _ := c.info.TypeOf(lit).(*types.Signature)
		return c.summary(lit), "closure " + id.Name, sig
	}
	return nil, "", nil
}

// ---- scope ----

// inScope decides whether a construction at pos, in function fn, is
// reported: not in boundary code; always in tool code; elsewhere unless
// the code is clearly client-side. A candidate helper call is decided
// here too, once every summary can be computed.
func (c *checker) inScope(pos token.Pos, fn ast.Node) bool {
	if c.m.InBoundary(pos) {
		return false
	}
	if c.m.InToolCode(pos) {
		return true
	}
	return !c.clientSide(fn)
}

// clientSide reports whether fn (by its outermost declaration) is client
// code: it uses an MCP client, or the whole package is a client that
// declares no tools.
func (c *checker) clientSide(fn ast.Node) bool {
	if c.clientPkg {
		return true
	}
	if fn == nil {
		return false
	}
	outer := c.funcs[fn]
	if outer == nil {
		return false
	}
	top := outer.cur
	for e := range outer.cur.Enclosing((*ast.FuncDecl)(nil)) {
		top = e
	}
	n := top.Node()
	if v, ok := c.clientFuncs[n]; ok {
		return v
	}
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		if id, ok := x.(*ast.Ident); ok && isClientObj(c.info.Uses[id]) {
			found = true
		}
		return true
	})
	c.clientFuncs[n] = found
	return found
}

const mcpGoClient = "github.com/mark3labs/mcp-go/client"

// isClientObj reports whether obj belongs to an MCP client API: mcp-go's
// client packages, go-sdk's Client and ClientSession.
func isClientObj(obj types.Object) bool {
	if obj == nil {
		return false
	}
	path := mcpsdk.PkgPath(obj)
	if path == mcpGoClient || strings.HasPrefix(path, mcpGoClient+"/") {
		return true
	}
	if path != mcpsdk.GoSDKMCP {
		return false
	}
	switch obj := obj.(type) {
	case *types.TypeName:
		switch obj.Name() {
		case "Client", "ClientSession", "ClientOptions", "ClientSessionOptions":
			return true
		}
	case *types.Func:
		if obj.Name() == "NewClient" {
			return true
		}
		switch mcpsdk.RecvTypeName(obj.Type().(*types.Signature)) {
		case "Client", "ClientSession":
			return true
		}
	}
	return false
}

// computeClientPkg decides whether the package is a client program: it
// uses a client API and declares no tool, handler or boundary.
func (c *checker) computeClientPkg() {
	if len(c.m.Handlers) > 0 || len(c.m.ToolNames) > 0 || len(c.m.BoundaryCode) > 0 {
		return
	}
	for _, obj := range c.info.Uses {
		if isClientObj(obj) {
			c.clientPkg = true
			return
		}
	}
}

// rendersWrappedError reports whether the construction at cur, in a
// function shaped like a tool handler, runs on the failure path of an error
// returned by a function value it calls (a wrapped handler, a middleware's
// next): the wrapper renders tool errors, which is the boundary's job.
func (c *checker) rendersWrappedError(cur astindex.Cursor, fn ast.Node) bool {
	fi := c.funcs[fn]
	if fi == nil || !mcpsdk.HandlerKindOf(fi.sig).IsToolHandler() {
		return false
	}
	fp := c.m.Failures.At(cur)
	return fp != nil && fp.Test.Err != nil && fp.Test.Class == failpath.ClassAny && fp.Test.What == "" &&
		c.fromWrappedCall(fp.Test.Err)
}

// inWrapper reports whether the construction at cur lies in the
// project's own wrapper of handlers, doing a boundary's job for a failure
// of its own: a function shaped like a tool handler or a go-sdk
// MethodHandler that calls the handler it wraps (a parameter of handler
// type, `next`), where the construction is in a deferred recover() of
// that function (a safety wrapper that renders a panic), or in a branch
// that tests what the wrapped call returned (a receiving middleware that
// replaces a result it cannot serialise). A branch that answers instead
// of calling the wrapped handler (a policy check) is tool code's.
func (c *checker) inWrapper(cur astindex.Cursor) bool {
	for fc := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		fi := c.funcs[fc.Node()]
		if fi == nil || fi.body == nil {
			continue
		}
		kind := mcpsdk.HandlerKindOf(fi.sig)
		if !kind.IsToolHandler() && kind != mcpsdk.GoSDKMethod {
			continue // a deferred literal: look at the function around it
		}
		inDefer := false
		for d := range cur.Enclosing((*ast.DeferStmt)(nil)) {
			if fc.Contains(d) {
				inDefer = true
			}
		}
		wrapped := c.wrappedResults(fi.body)
		if wrapped == nil {
			return false
		}
		if inDefer {
			fp := c.m.Failures.At(cur)
			return fp != nil && fp.Recover
		}
		mentions := func(n ast.Node) bool {
			found := false
			ast.Inspect(n, func(x ast.Node) bool {
				if id, ok := x.(*ast.Ident); ok && !found {
					if v, ok := c.info.Uses[id].(*types.Var); ok && wrapped[v] {
						found = true
					}
				}
				return !found
			})
			return found
		}
		for br := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil)) {
			if !fc.Contains(br) {
				break
			}
			switch n := br.Node().(type) {
			case *ast.IfStmt:
				if n.Init != nil && mentions(n.Init) || mentions(n.Cond) {
					return true
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					if mentions(e) {
						return true
					}
				}
			}
		}
		if fp := c.m.Failures.At(cur); fp != nil && fp.Op != nil && mentions(fp.Op) {
			return true // data, err := json.Marshal(res); if err != nil
		}
		return false
	}
	return false
}

// wrappedResults returns the variables of body that hold what a call of
// the wrapped handler returned, directly or through values computed from
// them (`tr, ok := res.(*mcp.CallToolResult)`), or nil when body calls no
// wrapped handler.
func (c *checker) wrappedResults(body *ast.BlockStmt) map[*types.Var]bool {
	if w, ok := c.wrapped[body]; ok {
		return w
	}
	w := c.computeWrappedResults(body)
	if c.wrapped == nil {
		c.wrapped = map[*ast.BlockStmt]map[*types.Var]bool{}
	}
	c.wrapped[body] = w
	return w
}

func (c *checker) computeWrappedResults(body *ast.BlockStmt) map[*types.Var]bool {
	var w map[*types.Var]bool
	calls := false
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				if call, ok := n.(*ast.CallExpr); ok && !calls {
					if k := mcpsdk.HandlerKindOf(c.info.TypeOf(call.Fun)); (k.IsToolHandler() || k == mcpsdk.GoSDKMethod) && c.isWrapped(call.Fun) {
						calls = true
					}
				}
				return true
			}
			from := false
			for _, r := range as.Rhs {
				ast.Inspect(r, func(x ast.Node) bool {
					switch x := x.(type) {
					case *ast.CallExpr:
						if k := mcpsdk.HandlerKindOf(c.info.TypeOf(x.Fun)); (k.IsToolHandler() || k == mcpsdk.GoSDKMethod) && c.isWrapped(x.Fun) {
							from = true
						}
					case *ast.Ident:
						if v, ok := c.info.Uses[x].(*types.Var); ok && w[v] {
							from = true
						}
					}
					return !from
				})
			}
			if !from {
				return true
			}
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := c.info.ObjectOf(id).(*types.Var)
				if v != nil && !w[v] {
					if w == nil {
						w = map[*types.Var]bool{}
					}
					w[v] = true
					changed = true
				}
			}
			return true
		})
	}
	if !calls {
		return nil
	}
	if w == nil {
		w = map[*types.Var]bool{}
	}
	return w
}

// fromWrappedCall reports whether every value of the error variable v
// comes from the error result of a call of a function value: a parameter,
// variable or field of function type, not a declared function.
func (c *checker) fromWrappedCall(v *types.Var) bool {
	as := c.assignsOf(v)
	if len(as) == 0 {
		return false
	}
	for _, a := range as {
		if ta, ok := ast.Unparen(a.rhs).(*ast.TypeAssertExpr); ok && !a.opaque && a.tuple <= 0 && c.reflectResult(ta.X) {
			continue // err := out[1].Interface().(error) after out := fn.Call(in)
		}
		if a.opaque || a.tuple < 0 {
			return false
		}
		call, ok := ast.Unparen(a.rhs).(*ast.CallExpr)
		if !ok || typeutil.StaticCallee(c.info, call) != nil {
			return false
		}
		if tv, ok := c.info.Types[call.Fun]; !ok || tv.IsType() {
			return false
		}
		ft := c.info.TypeOf(call.Fun)
		if ft == nil {
			return false
		}
		sig, ok := ft.Underlying().(*types.Signature)
		if !ok || a.tuple != sig.Results().Len()-1 {
			return false
		}
		if !c.isWrapped(call.Fun) {
			return false
		}
	}
	return true
}

// reflectResult reports whether e is a result of a function called by
// reflection, as an interface: `out[1].Interface()` after
// `out := fn.Call(in)`, or `fn.Call(in)[1].Interface()`. A converter that
// calls typed handlers by reflection wraps them like an adapter.
func (c *checker) reflectResult(e ast.Expr) bool {
	isMethod := func(call *ast.CallExpr, names ...string) bool {
		fn := typeutil.StaticCallee(c.info, call)
		if fn == nil || mcpsdk.PkgPath(fn) != "reflect" {
			return false
		}
		sig := fn.Type().(*types.Signature)
		return sig.Recv() != nil && mcpsdk.IsNamed(sig.Recv().Type(), "reflect", "Value") && slices.Contains(names, fn.Name())
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !isMethod(call, "Interface") {
		return false
	}
	sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	ix, ok := ast.Unparen(sel.X).(*ast.IndexExpr)
	if !ok {
		return false
	}
	if inner, ok := ast.Unparen(ix.X).(*ast.CallExpr); ok {
		return isMethod(inner, "Call", "CallSlice")
	}
	v := c.varOf(ix.X)
	if v == nil {
		return false
	}
	as := c.assignsOf(v)
	if len(as) != 1 || as[0].opaque || as[0].tuple >= 0 {
		return false
	}
	inner, ok := ast.Unparen(as[0].rhs).(*ast.CallExpr)
	return ok && isMethod(inner, "Call", "CallSlice")
}

// isWrapped reports whether the function value fun is one a wrapper is
// given: a tool handler, or a parameter of a function enclosing the
// wrapper (a middleware's next, an adapter's typed handler).
func (c *checker) isWrapped(fun ast.Expr) bool {
	if mcpsdk.HandlerKindOf(c.info.TypeOf(fun)).IsToolHandler() {
		return true
	}
	v := c.varOf(fun)
	if v == nil {
		return false
	}
	_, isParam := c.paramOf(v)
	return isParam && len(c.assignsOf(v)) == 0
}

// assignsOf returns what the package stores into the variable v, from the
// flow layer: its definitions and assignments, opaque where the store is
// not a plain value (x += y, a range clause, an element) or where its
// address is taken. The zero value of var x T is not a store (zeroVars).
func (c *checker) assignsOf(v *types.Var) []assign {
	if v == nil || v.IsField() {
		return nil
	}
	var out []assign
	for _, d := range c.m.Flow.Defs(v) {
		switch {
		case d.Zero:
		case d.Opaque || d.Rhs == nil || d.Elem || d.Key:
			out = append(out, assign{opaque: true})
		default:
			out = append(out, assign{rhs: d.Rhs, tuple: d.Tuple})
		}
	}
	for range c.m.Flow.AddrOf(v) {
		out = append(out, assign{opaque: true})
	}
	return out
}
