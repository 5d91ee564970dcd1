package toolmodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// installsOn records, per function node, the parameters it installs
// boundary middleware on.
func (m *Model) markEquipped(installs map[ast.Node][]int) {
	for pass := 0; pass < 3; pass++ {
		changed := false
		for _, ca := range m.Flow.Calls() {
			call := ca.Call
			fn := m.Flow.Callee(call)
			if fn == nil {
				// a method of an interface: the package's implementations
				// that install their caller's middleware on the server
				// their receiver holds, or another package's by its fact
				if m.usesBoundaryOnReceiver(call) {
					if t := m.heldBy(argOf(call, -1)); len(t) > 0 {
						if obj := m.Flow.StorageOf(t[0]); obj != nil && !m.equipped[obj] {
							m.equipped[obj] = true
							changed = true
						}
					}
					continue
				}
				im, ok := typeutil.Callee(m.Pass.TypesInfo, call).(*types.Func)
				if !ok || m.factOf(im) == nil {
					continue
				}
				fn = im
			}
			var targets []ast.Expr
			switch {
			case mcpsdk.IsMethod(fn, mcpsdk.MCPGoServer, "MCPServer", "Use"), mcpsdk.IsMethod(fn, mcpsdk.GoSDKMCP, "Server", "AddReceivingMiddleware"):
				if pass > 0 {
					continue
				}
				var params []*types.Var
				for _, a := range call.Args {
					if m.isBoundaryValue(a, nil) {
						targets = argOf(call, -1)
						break
					}
					for _, o := range m.tr.Origins(a, nil, nil) {
						if o.Kind == flow.FreeParam && !slices.Contains(params, o.Param) {
							params = append(params, o.Param)
						}
					}
				}
				if targets == nil && len(params) > 0 {
					// Middleware the caller passes: the server carries the
					// boundary when a boundary is what is passed.
					for _, t := range argOf(call, -1) {
						if m.usesOnReceiver(t, params) {
							changed = true
							continue
						}
						if obj := m.Flow.StorageOf(t); obj != nil {
							m.equipIf[obj] = append(m.equipIf[obj], params...)
						}
					}
				}
				if targets != nil {
					targets = m.heldBy(targets)
				}
			default:
				var on, uses []int
				if d := m.Flow.Body(fn); d != nil {
					on, uses = installs[d], m.usesOn[d]
				} else if ff := m.factOf(fn); ff != nil {
					on, uses = ff.InstallsBoundaryOn, ff.UsesParam
				}
				for _, i := range on {
					targets = append(targets, argOf(call, i)...)
				}
				for _, i := range uses {
					if slices.ContainsFunc(paramArgs(m.Pass.TypesInfo, call, i), func(a ast.Expr) bool { return m.isBoundaryValue(a, nil) }) {
						targets = append(targets, argOf(call, -1)...)
					}
				}
			}
			for _, t := range targets {
				obj := m.Flow.StorageOf(t)
				if obj == nil || m.equipped[obj] {
					continue
				}
				m.equipped[obj] = true
				changed = true
				if v, ok := obj.(*types.Var); ok {
					if p, ok := m.Flow.ParamOf(v); ok {
						if d, ok := p.Func.(*ast.FuncDecl); ok {
							installs[d] = append(installs[d], p.Index)
						}
					}
				}
			}
		}
		if !changed {
			break
		}
	}
}

// usesOnReceiver records, for s.srv.Use(mw...) in a method of the
// receiver s with mw among its parameters params, that the method
// installs its caller's middleware on the server the receiver holds: the
// receiver each caller has carries the boundary when that caller passes
// one.
func (m *Model) usesOnReceiver(t ast.Expr, params []*types.Var) bool {
	fs := m.selectedFields(t, nil)
	if len(fs) != 1 {
		return false
	}
	pi, ok := m.Flow.ParamOf(fs[0].param)
	if !ok || pi.Index != -1 {
		return false
	}
	for _, p := range params {
		if qi, ok := m.Flow.ParamOf(p); !ok || qi.Func != pi.Func {
			return false
		}
	}
	for _, p := range params {
		qi, _ := m.Flow.ParamOf(p)
		if !slices.Contains(m.usesOn[pi.Func], qi.Index) {
			m.usesOn[pi.Func] = append(m.usesOn[pi.Func], qi.Index)
		}
	}
	return true
}

// usesBoundaryOnReceiver reports whether call, of a method of an
// interface, calls methods of this package that install the middleware
// it passes on the server their receiver holds, and passes a boundary.
func (m *Model) usesBoundaryOnReceiver(call *ast.CallExpr) bool {
	if len(m.usesOn) == 0 {
		return false // no method of the package installs its caller's middleware
	}
	sel := flow.InterfaceCall(m.Pass.TypesInfo, call)
	if sel == nil {
		return false
	}
	cs, ok := m.tr.Methods(sel, m.tr.Origins(sel.X, nil, nil))
	if !ok {
		return false
	}
	for _, c := range cs {
		for _, i := range m.usesOn[c.Body] {
			if slices.ContainsFunc(paramArgs(m.Pass.TypesInfo, call, i), func(a ast.Expr) bool { return m.isBoundaryValue(a, nil) }) {
				return true
			}
		}
	}
	return false
}

// returnsHeld reports whether every callee of call is a method of this
// package returning a field of its receiver (w.MCPServer() returning w.srv).
func (m *Model) returnsHeld(call *ast.CallExpr) bool {
	cs, ok := m.tr.Callees(call, nil)
	if !ok {
		sel := flow.InterfaceCall(m.Pass.TypesInfo, call)
		if sel == nil {
			return false
		}
		if cs, ok = m.tr.Methods(sel, m.tr.Origins(sel.X, nil, nil)); !ok {
			return false
		}
	}
	for _, c := range cs {
		if c.Body == nil {
			return false
		}
		for _, ret := range m.Flow.Returns(c.Body) {
			if len(ret.Results) != 1 {
				return false
			}
			fs := m.selectedFields(ret.Results[0], nil)
			if len(fs) != 1 {
				return false
			}
			if pi, ok := m.Flow.ParamOf(fs[0].param); !ok || pi.Index != -1 || pi.Func != c.Body {
				return false
			}
		}
	}
	return len(cs) > 0
}

// heldBy replaces, among the servers targets, each read from the value a
// method is called on (w.MCPServer() returning the server the wrapper w
// holds, as its fact says) by that value.
func (m *Model) heldBy(targets []ast.Expr) []ast.Expr {
	var out []ast.Expr
	for _, t := range targets {
		call, ok := ast.Unparen(t).(*ast.CallExpr)
		if !ok {
			out = append(out, t)
			continue
		}
		if m.returnsHeld(call) {
			out = append(out, argOf(call, -1)...)
			continue
		}
		var srcs []toolfact.ResultValue
		if fn := m.Flow.Callee(call); fn != nil && m.Flow.Body(fn) == nil {
			if ff := m.factOf(fn); ff != nil {
				srcs = ff.Servers
			}
		} else if im, ok := typeutil.Callee(m.Pass.TypesInfo, call).(*types.Func); ok {
			if ff := m.factOf(im); ff != nil {
				srcs = ff.Servers
			}
		}
		held := false
		for _, r := range srcs {
			if r.Result == 0 && r.Value.Kind == toolfact.FromParam && r.Value.Param == -1 {
				out, held = append(out, argOf(call, -1)...), true
				break
			}
		}
		if !held {
			out = append(out, t)
		}
	}
	return out
}

// build decides every registration of the package and exports facts.
func (m *Model) build() {
	installs := map[ast.Node][]int{}
	m.markEquipped(installs)

	for _, n := range m.Flow.Funcs() {
		m.summaryOf(n)
	}
	// Registrations on a server a function stored from its parameter join
	// that function's summary; when a summary they join was already used,
	// the package is decided again with them in place.
	for round := 0; m.restash && round < 3; round++ {
		m.restash = false
		clear(m.summaries)
		clear(m.reported)
		m.Unwrapped = nil
		for _, n := range m.Flow.Funcs() {
			m.summaryOf(n)
		}
	}
	sort.SliceStable(m.Unwrapped, func(i, j int) bool {
		a, b := m.Unwrapped[i], m.Unwrapped[j]
		if a.Call.Pos() != b.Call.Pos() {
			return a.Call.Pos() < b.Call.Pos()
		}
		if a.Site != b.Site {
			return a.Site < b.Site
		}
		if a.Tool.Name != b.Tool.Name {
			return a.Tool.Name < b.Tool.Name
		}
		return a.Handler.Name < b.Handler.Name
	})

	m.computeCode()
	m.exportFacts(installs)
	m.exportPools()
	m.exportToolVars()
}

type summary struct {
	templates []*template
	done      bool
}

// summaryOf decides the registrations in node (reporting those that are
// decided) and returns the ones that depend on its parameters.
func (m *Model) summaryOf(node ast.Node) []*template {
	if s, ok := m.summaries[node]; ok {
		return s.templates
	}
	s := &summary{}
	m.summaries[node] = s
	for _, call := range m.Flow.CallsOf(node) {
		if site := m.registrationOf(call); site != nil {
			m.decide(node, &template{site: site}, true, s)
			continue
		}
		fn := m.Flow.Callee(call)
		switch {
		case fn != nil && m.Flow.Body(fn) != nil:
			for _, sub := range m.summaryOf(m.Flow.Body(fn)) {
				m.decide(node, &template{call: call, sub: sub, target: m.Flow.Body(fn), via: fn}, true, s)
			}
		case fn != nil:
			if ff := m.factOf(fn); ff != nil {
				for i := range ff.Registers {
					m.decide(node, &template{call: call, reg: &ff.Registers[i], via: fn}, true, s)
				}
			}
		default:
			// A call of a function value: a registrar literal (the closure a
			// generic tool factory returns, an installer in a map), a
			// registrar function kept in a table, an SDK method value. Which
			// depends on where the value comes from, so the function value
			// is traced each time the template is evaluated.
			// A closure that takes nothing may register on a server it
			// captures.
			// So may a server factory held as a value.
			// A method of an interface whose package reaches an SDK may be
			// implemented by a tool that registers itself.
			// A method of an interface of the standard library (err.Error(),
			// ctx.Err()) is none of these.
			if sig := funcSig(m.Pass.TypesInfo.TypeOf(call.Fun)); sig != nil && (registrarSig(sig) || sig.Params().Len() == 0 || returnsServer(sig) || m.sdkInterfaceCall(call)) && !m.stdInterfaceCall(call) {
				m.decide(node, &template{call: call, dyn: true}, true, s)
			}
		}
	}
	for _, st := range m.stashes[node] {
		m.decide(node, st, true, s)
	}
	s.done = true
	return s.templates
}

// evaluate computes the handler and server of a template in frame f.
func (m *Model) evaluate(t *template, f *flow.Frame) (handlerSet, serverSet) {
	switch {
	case t.site != nil:
		var hs handlerSet
		if t.site.handler != nil {
			hs = m.classifyHandler(t.site.handler, f)
			if t.site.tool != nil && (len(hs.unwrapped) > 0 || len(hs.params) > 0) {
				hs.tools = m.toolsOf(t.site.tool, f)
				hs.unwrapped = pairTools(hs.unwrapped, hs.tools)
			}
		}
		for _, a := range t.site.tools {
			hs.merge(m.toolHandlers(a, f))
		}
		inPkg := m.FileOf(t.site.call.Pos()) != nil
		for i := range hs.unwrapped {
			e := &hs.unwrapped[i]
			if !e.site.IsValid() && inPkg {
				e.site = t.site.call.Pos()
			}
			e.sdk, e.session, e.task = t.site.sdk, t.site.session, t.site.task
		}
		var ss serverSet
		if t.site.serverField != nil {
			for _, o := range m.tr.VarOrigins(t.site.serverField, nil, f, m.isEquippedStorage) {
				ss.merge(m.classifyServerOrigin(o))
			}
			if m.equipped[t.site.serverField] {
				ss = serverSet{equipped: true}
			}
		} else if t.site.dynamic {
			ss = m.classifyServer(t.site.server, t.site.serverFrame)
		} else {
			ss = m.classifyServer(t.site.server, f)
			switch {
			case ss.equipped:
			case len(ss.built) == 0:
				ss.fields = m.paramFields(t.site.server, f)
			case m.foreignOptions(ss, t.site.call):
				// A server its constructor built with the options its
				// caller passed, read from the receiver (s.srv): decided
				// by the receiver each caller has.
				if fs := m.selectedFields(t.site.server, f); len(fs) > 0 {
					ss = serverSet{fields: fs}
				}
			}
		}
		return hs, ss
	case t.reg != nil && t.reg.Dispatch != "":
		return m.evaluateDispatch(t, f)
	case t.reg != nil:
		hs := m.handlerFromValue(t.reg.Handler, t.call, f)
		if t.reg.Wrap.Kind == toolfact.FromParam {
			// Wrapped when a boundary is what this call passes as the
			// middleware.
			w := m.wrapArg(t.call, t.reg.Wrap.Param, t.reg.Wrap.Field, f)
			if w.wrapped {
				hs.unwrapped = nil
				hs.wrapped = true
			} else {
				hs.wrapIn(w.deps)
			}
		}
		if t.reg.Tool.Kind != 0 {
			hs.tools = m.toolFromValue(t.reg.Tool, t.call, f)
			hs.unwrapped = pairTools(hs.unwrapped, hs.tools)
		}
		for i := range hs.unwrapped {
			e := &hs.unwrapped[i]
			if e.via == "" && t.via != nil {
				e.via = FuncName(t.via)
			}
			if e.sdk == "" {
				e.sdk = t.reg.SDK
			}
			e.session, e.task = e.session || t.reg.Session, e.task || t.reg.Task
		}
		return hs, m.serverFromValue(t.reg.Server, t.call, f)
	case t.dyn:
		return m.evaluateDynamic(t, f)
	case t.stash != nil && t.stashOpts:
		hs, ss := m.evaluate(t.stash, nil)
		hs.params, hs.deps = nil, nil
		ss.params = nil
		ss.optIf = slices.DeleteFunc(slices.Clone(ss.optIf), func(p *types.Var) bool { return p == t.stashParam })
		w := m.boundArg(t.stashParam, f)
		if w.wrapped {
			return hs, serverSet{equipped: true}
		}
		ss.optIf = append(ss.optIf, depParams(w.deps)...)
		return hs, ss
	case t.stash != nil:
		hs, _ := m.evaluate(t.stash, nil)
		hs.params, hs.deps = nil, nil
		// A handler wrapped by middleware the registering function's
		// callers pass is not decided by the call that stored the server.
		hs.unwrapped = slices.DeleteFunc(slices.Clone(hs.unwrapped), func(e entry) bool { return len(e.wrapIf) > 0 })
		var ss serverSet
		origins := m.tr.VarOrigins(t.stashParam, nil, f, m.isEquippedStorage)
		if len(origins) == 0 {
			ss.unknown = true
		}
		for _, o := range origins {
			ss.merge(m.classifyServerOrigin(o))
		}
		return hs, ss
	case t.sub != nil:
		next := f
		if t.closure != nil {
			next = t.closure
		}
		nf := m.tr.Bind(t.target, t.call, f, next)
		if nf.Depth() > flow.MaxDepth {
			return handlerSet{unknown: true}, serverSet{unknown: true}
		}
		return m.evaluate(t.sub, nf)
	}
	return handlerSet{unknown: true}, serverSet{unknown: true}
}

// paramFields returns the fields of parameters, unbound in f, that the
// server expression e is read from: r.srv on a registrar r the caller
// passes. An importer decides them by the value it passes (Value.Field).
func (m *Model) paramFields(e ast.Expr, f *flow.Frame) []dep {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := m.Pass.TypesInfo.Selections[sel]; !ok || s.Kind() != types.FieldVal {
		return nil
	}
	var ds []dep
	for _, o := range m.tr.OriginsByField(e, f, m.isEquippedStorage) {
		if o.Kind != flow.FreeField {
			return nil
		}
		ds = append(ds, dep{param: o.Param, field: o.Field})
	}
	return ds
}

// foreignOptions reports whether the options that decide ss are
// parameters of a function other than the one holding call.
func (m *Model) foreignOptions(ss serverSet, call *ast.CallExpr) bool {
	for _, p := range ss.optIf {
		if pi, ok := m.Flow.ParamOf(p); ok && !flow.Within(pi.Func, call.Pos()) {
			return true
		}
	}
	return false
}

// selectedFields returns the field the server expression e selects of a
// parameter unbound in f (s.srv on the receiver s), whatever the package
// stores there.
func (m *Model) selectedFields(e ast.Expr, f *flow.Frame) []dep {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := m.Pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	fv, _ := s.Obj().(*types.Var)
	var ds []dep
	for _, o := range m.tr.Origins(sel.X, f, nil) {
		if o.Kind != flow.FreeParam {
			return nil
		}
		ds = append(ds, dep{param: o.Param, field: fv})
	}
	return ds
}

// decide evaluates t at the root of node: a registration whose handler is
// unwrapped on a server without the boundary is recorded; one that still
// depends on node's parameters joins its summary.
func (m *Model) decide(node ast.Node, t *template, keep bool, s *summary) {
	outer := m.deciding
	m.deciding = node
	hs, ss := m.evaluate(t, nil)
	m.deciding = outer
	if own := m.stashForeignOpts(node, t, hs, ss); len(own) < len(ss.optIf) {
		// decided where the foreign parameters are bound
		ss.optIf, ss.notEquipped, ss.built = own, false, nil
	}
	// A server stored from another function's parameter is that
	// function's to decide (stashForeign): with handlers still to come
	// from node's callers, the registration is theirs to stash.
	foreign := len(ss.params)
	ss.params = m.stashForeign(node, t, hs, ss.params)
	foreign -= len(ss.params)
	own, pools := m.poolParams(node, hs)
	hs.params = own
	for _, typ := range pools {
		hs.unwrapped = append(hs.unwrapped, m.poolOf(typ)...)
	}
	for _, h := range hs.unwrapped {
		if h.Node != nil {
			m.Handlers[h.Node] = true
		}
	}
	if hs.wrapped && len(hs.unwrapped) == 0 && len(hs.params) == 0 && len(hs.deps) == 0 {
		return
	}
	if ss.bare() {
		for _, e := range hs.unwrapped {
			if !m.ownParams(node, depParams(e.wrapIf)) {
				m.record(node, t, e, ss) // (wrapped only by what node's callers pass: decided there)
			}
		}
	}
	dependent := (len(hs.unwrapped) > 0 && (len(ss.params) > 0 || len(ss.fields) > 0 || m.ownParams(node, ss.optIf))) ||
		(len(hs.params) > 0 && (ss.bare() || len(ss.params) > 0 || len(ss.fields) > 0 || foreign > 0)) ||
		len(hs.deps) > 0 ||
		len(pools) > 0 && len(ss.params) > 0
	if dependent && keep {
		s.templates = append(s.templates, t)
	}
}

// stashForeign returns the server parameters of ps that node's callers
// bind (node's own, or those of a function enclosing it). The others are
// parameters another function stored where node reads its server (a
// field, a package variable): node's unwrapped registrations on them are
// registrations of that function on its parameter, and join its summary.
func (m *Model) stashForeign(node ast.Node, t *template, hs handlerSet, ps []*types.Var) []*types.Var {
	var own []*types.Var
	for _, p := range ps {
		pi, ok := m.Flow.ParamOf(p)
		if !ok || m.encloses(pi.Func, node) {
			own = append(own, p)
			continue
		}
		if len(hs.unwrapped) > 0 && t.stash == nil {
			m.addStash(node, t, p, false)
		}
	}
	return own
}

// stashForeignOpts returns the parameters of ss.optIf that node's callers
// bind. The others hold the middleware or options of a server another
// function builds or is given, and keeps where node registers: node's
// registrations on it join that function's summary, decided where what it
// is passed is known.
func (m *Model) stashForeignOpts(node ast.Node, t *template, hs handlerSet, ss serverSet) []*types.Var {
	var own []*types.Var
	for _, p := range ss.optIf {
		pi, ok := m.Flow.ParamOf(p)
		if !ok || m.encloses(pi.Func, node) {
			own = append(own, p)
			continue
		}
		if len(hs.unwrapped) > 0 && t.stash == nil {
			m.addStash(node, t, p, true)
		}
	}
	return own
}

// addStash adds t, a registration decided at node on a server depending
// on p, a parameter of another function, to that function's summary.
func (m *Model) addStash(node ast.Node, t *template, p *types.Var, opts bool) {
	pi, _ := m.Flow.ParamOf(p)
	at := t.call
	if t.site != nil {
		at = t.site.call
	}
	key := fmt.Sprintf("%d|%d|%d|%v", node.Pos(), at.Pos(), p.Pos(), opts)
	if m.stashed[key] {
		return
	}
	m.stashed[key] = true
	m.stashes[pi.Func] = append(m.stashes[pi.Func], &template{stash: t, stashParam: p, stashOpts: opts})
	if _, used := m.summaries[pi.Func]; used {
		m.restash = true
	}
}

// A wrapping is what middleware a call passes holds: a boundary, or
// what of the calling function's parameters it comes from.
type wrapping struct {
	wrapped bool
	deps    []dep
}

// add classifies one origin of the middleware.
func (w *wrapping) add(m *Model, o flow.Origin) {
	switch {
	case o.Kind == flow.FreeParam:
		w.deps = append(w.deps, dep{param: o.Param})
	case o.Kind == flow.FreeField:
		w.deps = append(w.deps, dep{param: o.Param, field: o.Field})
	case m.isBoundaryOrigin(o):
		w.wrapped = true
	}
}

// boundArg says whether parameter p, as frame f binds it, holds a
// boundary. A variadic parameter given nothing holds none.
func (m *Model) boundArg(p *types.Var, f *flow.Frame) wrapping {
	b, ok := f.Lookup(p)
	if !ok {
		return wrapping{deps: []dep{{param: p}}}
	}
	var out wrapping
	for _, a := range b.Exprs {
		for _, o := range m.tr.OriginsByField(a, b.Frame, nil) {
			out.add(m, o)
		}
	}
	return out
}

// wrapArg says whether the middleware a call passes as parameter i (its
// variadic arguments included), or as the field named field of it, holds
// a boundary.
func (m *Model) wrapArg(call *ast.CallExpr, i int, field string, f *flow.Frame) wrapping {
	var out wrapping
	args := paramArgs(m.Pass.TypesInfo, call, i)
	if i < 0 {
		args = argOf(call, i) // the receiver
	}
	for _, a := range args {
		var origins []flow.Origin
		if field == "" {
			origins = m.tr.OriginsByField(a, f, nil)
		} else {
			origins = m.fieldOrigins(a, field, f, nil)
		}
		for _, o := range origins {
			out.add(m, o)
		}
	}
	return out
}

// structOf returns the struct type t is or points to, or nil.
func structOf(t types.Type) *types.Struct {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}

// fieldNamed returns the field of a struct type (or a pointer to one)
// with the given name.
func fieldNamed(t types.Type, name string) *types.Var {
	st := structOf(t)
	if st == nil {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i).Origin()
		}
	}
	return nil
}

// ownParams reports whether one of ps is a parameter of node or of a
// function holding it.
func (m *Model) ownParams(node ast.Node, ps []*types.Var) bool {
	for _, p := range ps {
		if pi, ok := m.Flow.ParamOf(p); ok && m.encloses(pi.Func, node) {
			return true
		}
	}
	return false
}

// record adds an unwrapped registration decided at the root of node.
func (m *Model) record(node ast.Node, t *template, e entry, ss serverSet) {
	r := &Registration{
		Tool: e.tool, Handler: e.Handler, Site: e.site, Where: e.where, Via: e.via,
		Session: e.session, Task: e.task, SDK: e.sdk,
	}
	if t.site != nil {
		r.Call = t.site.call
	} else {
		r.Call = t.call
		if t.via != nil {
			r.CallVia = FuncName(t.via)
		}
	}
	if len(ss.built) == 1 {
		r.Server = ss.built[0]
		r.ServerHere = t.site != nil || flow.Within(node, r.Server.Pos()) || m.decidedAtServer(t, r.Server)
	}
	if r.SDK == "" {
		// A record out of a pool does not say its SDK: the registration
		// that took it does, or the server it is registered on.
		if root := rootSite(t); root != nil {
			r.SDK = root.sdk
		} else if t.reg != nil {
			r.SDK = t.reg.SDK
		}
		if r.SDK == "" && r.Server != nil {
			r.SDK = mcpsdk.ServerSDK(m.Pass.TypesInfo.TypeOf(r.Server))
		}
	}
	if len(ss.from) == 1 {
		r.ServerFrom = ss.from[0]
	}
	if r.Server == nil && len(ss.params) == 0 && m.equippedAfter(r.Call) {
		return // the go-sdk server the call returns gets the boundary after it
	}
	if r.Where != "" && r.Via == "" {
		r.Via = r.CallVia
	}
	key := fmt.Sprintf("%d|%d|%s|%s|%s|%d", r.Call.Pos(), r.Site, r.Where, r.Tool.Name, r.Handler.Name, r.Tool.Pos)
	if m.reported[key] {
		return
	}
	m.reported[key] = true
	m.Unwrapped = append(m.Unwrapped, r)
}

// decidedAtServer reports whether a registration through t on the server
// built by construction is decided at the construction: nothing passed on
// the way to it can carry middleware or options (t passes the server, the
// tools and their handlers only: a registrar object, a generic helper, a
// tool that installs itself), and the construction takes none from its
// function's parameters. Otherwise the call passing them is where the
// registration is decided.
func (m *Model) decidedAtServer(t *template, construction *ast.CallExpr) bool {
	for ; t != nil; t = t.sub {
		if t.call == nil {
			continue
		}
		sig := funcSig(m.Pass.TypesInfo.TypeOf(t.call.Fun))
		if sig == nil {
			return false
		}
		for i := 0; i < sig.Params().Len(); i++ {
			if carriesWrapping(sig.Params().At(i).Type(), 0) {
				return false
			}
		}
	}
	ss := m.classifyServerOrigin(flow.Origin{Kind: flow.Made, Expr: construction})
	if len(ss.optIf) > 0 {
		return false
	}
	_, _, obj := m.serverStore(construction)
	return obj == nil || len(m.equipIf[obj]) == 0
}

// carriesWrapping reports whether a value of type t may carry tool
// middleware or server options: the SDKs' option and middleware types,
// functions shaped like middleware, an empty interface, and containers,
// structs and option functions holding them.
func carriesWrapping(t types.Type, depth int) bool {
	if depth > 3 || mcpsdk.IsServerType(t) || mcpsdk.HandlerKindOf(t) != mcpsdk.NotHandler || mcpsdk.IsToolType(t) || mcpsdk.IsServerToolType(t) {
		return false // the server itself, a handler, a tool: not what wraps them
	}
	if mcpsdk.IsMiddlewareType(t) || mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "ServerOption") || mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "ToolHandlerMiddleware") ||
		mcpsdk.IsNamed(t, mcpsdk.GoSDKMCP, "Middleware") || mcpsdk.IsNamed(t, mcpsdk.GoSDKMCP, "ServerOptions") {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return u.Empty()
	case *types.Pointer:
		return carriesWrapping(u.Elem(), depth+1)
	case *types.Slice:
		return carriesWrapping(u.Elem(), depth+1)
	case *types.Array:
		return carriesWrapping(u.Elem(), depth+1)
	case *types.Map:
		return carriesWrapping(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if carriesWrapping(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	case *types.Signature:
		for i := 0; i < u.Params().Len(); i++ {
			if carriesWrapping(u.Params().At(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// equippedAfter reports whether the go-sdk server call builds or returns
// is stored (serverStore) where boundary middleware is added
// (markEquipped): s, err := newServer(...), then
// s.AddReceivingMiddleware(boundary). The tools the callee registered on
// it are then wrapped; the server it returns is taken to be the one it
// registered them on.
func (m *Model) equippedAfter(call *ast.CallExpr) bool {
	if call == nil {
		return false
	}
	_, _, obj := m.serverStore(call)
	return obj != nil && m.equipped[obj]
}

// sdkInterfaceCall reports whether call calls a method of an interface
// the project's tools or servers may implement (sdkInterface).
func (m *Model) sdkInterfaceCall(call *ast.CallExpr) bool {
	sel := flow.InterfaceCall(m.Pass.TypesInfo, call)
	return sel != nil && m.sdkInterface(m.Pass.TypesInfo.TypeOf(sel.X))
}

// stdInterfaceCall reports whether call calls a method of an interface
// the standard library declares (error included): a package whose path
// has no domain and that reaches no SDK.
func (m *Model) stdInterfaceCall(call *ast.CallExpr) bool {
	sel := flow.InterfaceCall(m.Pass.TypesInfo, call)
	if sel == nil {
		return false
	}
	n, ok := types.Unalias(m.Pass.TypesInfo.TypeOf(sel.X)).(*types.Named)
	if !ok {
		return false
	}
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return true // error
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".") && pkg != m.Pass.Pkg && !m.reachesSDK(pkg)
}

// funcSig returns the signature of a function type, or nil.
func funcSig(t types.Type) *types.Signature {
	if t == nil {
		return nil
	}
	sig, _ := t.Underlying().(*types.Signature)
	return sig
}

// registrarSig reports whether a function value of this signature can
// register tools on a server it is given: it takes a server, or it has the
// shape of a registration method (a tool and a handler), such as the
// method value s.AddTool.
// A type parameter may be either (add func(M, H), in a generic helper
// handed s.AddTool).
func registrarSig(sig *types.Signature) bool {
	tool, handler, generic := 0, 0, 0
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		switch {
		case mcpsdk.IsServerType(t):
			return true
		case mcpsdk.IsToolType(t):
			tool++
		case mcpsdk.HandlerKindOf(t) != mcpsdk.NotHandler:
			handler++
		default:
			if _, ok := t.(*types.TypeParam); ok {
				generic++
			}
		}
	}
	return tool+handler+generic >= 2 && tool+generic >= 1 && handler+generic >= 1
}

// returnsServer reports whether a function of this signature returns a
// server.
func returnsServer(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if mcpsdk.IsServerType(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// evaluateDynamic evaluates a call of a function value in frame f: the
// registrations of each function the value may be there.
func (m *Model) evaluateDynamic(t *template, f *flow.Frame) (handlerSet, serverSet) {
	var hs handlerSet
	var ss serverSet
	if f.Depth() > flow.MaxDepth || !m.enter(t.call, f) {
		return handlerSet{unknown: true}, serverSet{unknown: true}
	}
	defer m.leave(t.call, f)
	add := func(h handlerSet, s serverSet) {
		hs.merge(h)
		ss.merge(s)
	}
	if rec, server, ok := m.registrarField(t.call); ok {
		// td.Register(s): the record's registrar, as the records hold it.
		return m.toolHandlers(rec, f), m.classifyServer(server, f)
	}
	if sel := flow.InterfaceCall(m.Pass.TypesInfo, t.call); sel != nil {
		return m.evaluateInterfaceCall(t, sel, f)
	}
	for _, o := range m.tr.Origins(t.call.Fun, f, nil) {
		switch o.Kind {
		case flow.FreeParam:
			// A registrar the caller passes: decided there.
			if sig := funcSig(m.Pass.TypesInfo.TypeOf(t.call.Fun)); sig != nil && registrarSig(sig) {
				hs.deps = append(hs.deps, o.Param)
			}
		case flow.FuncRef:
			sel, _ := ast.Unparen(o.Expr).(*ast.SelectorExpr)
			if site := m.registrationFor(o.Func, t.call, sel); site != nil {
				// An SDK method value, s.AddTool: its receiver is the
				// server, as the value was made.
				site.serverFrame, site.dynamic = o.Frame, true
				add(m.evaluate(&template{site: site}, f))
				continue
			}
			if d := m.Flow.Body(o.Func); d != nil {
				for _, sub := range m.summaryOf(d) {
					add(m.evaluate(&template{call: t.call, sub: sub, target: d, via: o.Func}, f))
				}
			} else if ff := m.factOf(o.Func); ff != nil {
				for i := range ff.Registers {
					add(m.evaluate(&template{call: t.call, reg: &ff.Registers[i], via: o.Func}, f))
				}
			}
		case flow.Made:
			for _, c := range m.closures([]flow.Origin{o}, 0) {
				lit := c.Expr.(*ast.FuncLit)
				for _, sub := range m.summaryOf(lit) {
					add(m.evaluate(&template{call: t.call, sub: sub, target: lit, closure: c.Frame}, f))
				}
			}
		}
	}
	return hs, ss
}

// closures follows origins through same-package calls to the function
// literals they evaluate to, each with the frame it was made in.
func (m *Model) closures(origins []flow.Origin, depth int) []flow.Origin {
	var out []flow.Origin
	for _, o := range origins {
		if o.Kind != flow.Made {
			continue
		}
		switch e := o.Expr.(type) {
		case *ast.FuncLit:
			out = append(out, o)
		case *ast.CallExpr:
			if depth >= flow.MaxDepth {
				continue
			}
			if rs, ok := m.tr.Results(e, o.Frame, o.Tuple, nil); ok {
				out = append(out, m.closures(rs, depth+1)...)
			}
		}
	}
	return out
}
