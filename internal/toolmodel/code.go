package toolmodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// computeCode finds the tool handlers, the code they reach and the
// boundary code of the package.
func (m *Model) computeCode() {
	info := m.Pass.TypesInfo
	for fn, d := range m.Flow.Decls() {
		if d.Body != nil && m.boundaryFunc(fn) {
			m.BoundaryCode[d] = true
		}
	}
	// Helpers only boundary code calls belong to the boundary.
	if len(m.BoundaryCode) > 0 {
		m.boundaryHelpers()
	}

	// Functions shaped like a tool handler are tool handlers.
	for _, d := range m.Flow.Decls() {
		if d.Body == nil {
			continue
		}
		if fn := m.Flow.FuncOf(d); fn != nil && mcpsdk.HandlerKindOf(fn.Type()).IsToolHandler() {
			m.Handlers[d] = true
		}
	}
	for lit := range m.Flow.FuncLits() {
		if mcpsdk.HandlerKindOf(info.TypeOf(lit)).IsToolHandler() {
			m.Handlers[lit] = true
		}
	}
	m.boundarySpans = flow.SpansOf(m.BoundaryCode)
	for h := range m.Handlers {
		if m.InBoundary(h.Pos()) {
			delete(m.Handlers, h)
		}
	}

	// The code the handlers reach.
	var queue []ast.Node
	for h := range m.Handlers {
		queue = append(queue, h)
		m.ToolCode[h] = true
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for call := range m.Flow.CallsIn(n) {
			if fn := m.Flow.Callee(call); fn != nil {
				if d := m.Flow.Body(fn); d != nil && !m.ToolCode[d] && !m.BoundaryCode[d] {
					m.ToolCode[d] = true
					queue = append(queue, d)
				}
			}
		}
	}
	m.toolSpans = flow.SpansOf(m.ToolCode)
}

// boundaryHelpers adds to the boundary code the functions of the package
// that only boundary code calls.
func (m *Model) boundaryHelpers() {
	callers := map[ast.Node]map[ast.Node]bool{}
	for _, fnNode := range m.Flow.Funcs() {
		outer := m.Flow.OuterDecl(fnNode)
		for _, call := range m.Flow.CallsOf(fnNode) {
			if fn := m.Flow.Callee(call); fn != nil {
				if d := m.Flow.Body(fn); d != nil && d != outer {
					if callers[d] == nil {
						callers[d] = map[ast.Node]bool{}
					}
					callers[d][outer] = true
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for d, from := range callers {
			if m.BoundaryCode[d] || len(from) == 0 {
				continue
			}
			all := true
			for c := range from {
				if !m.BoundaryCode[c] {
					all = false
					break
				}
			}
			if all {
				m.BoundaryCode[d] = true
				changed = true
			}
		}
	}
}

// InBoundary reports whether pos lies in boundary code.
func (m *Model) InBoundary(pos token.Pos) bool { return m.boundarySpans.Contain(pos) }

// InToolCode reports whether pos lies in a tool handler or a function a
// handler reaches (and not in boundary code).
func (m *Model) InToolCode(pos token.Pos) bool {
	return !m.InBoundary(pos) && m.toolSpans.Contain(pos)
}

// exportFacts tells importing packages what this package's exported
// functions and methods do: no other package can call the rest.
func (m *Model) exportFacts(installs map[ast.Node][]int) {
	exported := map[*types.Func]*toolfact.FuncFact{}
	var order []*types.Func
	// Most functions have nothing to tell: each fact is built in scratch,
	// and copied out only if it is not empty.
	var scratch toolfact.FuncFact
	for fn, d := range m.Flow.Decls() {
		if d.Body == nil || !fn.Exported() {
			continue // only this package can call it
		}
		ff := &scratch
		*ff = toolfact.FuncFact{InstallsBoundaryOn: installs[d], UsesParam: m.usesOn[d]}
		var regs regSet // ff.Registers
		ff.Boundary = m.boundaryFunc(fn)
		res := fn.Type().(*types.Signature).Results()
		for i := 0; i < res.Len(); i++ {
			t := res.At(i).Type()
			ff.Fields = append(ff.Fields, m.resultFields(d, i, t)...)
			switch {
			case m.sdkInterface(t):
				ff.Concrete = append(ff.Concrete, m.concreteResults(d, i)...)
			case m.sdkInterfaceList(t):
				ff.Concrete = append(ff.Concrete, m.concreteElems(d, i)...)
			case mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "ServerOption"):
				m.optionFact(ff, d, i)
			case mcpsdk.HandlerKindOf(t) != mcpsdk.NotHandler && !ff.Boundary:
				origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
				if !ok {
					continue
				}
				var hs handlerSet
				for _, o := range origins {
					hs.merge(m.classifyHandlerOrigin(o))
				}
				ff.Handlers = append(ff.Handlers, m.handlerSrcs(d, i, hs)...)
			case mcpsdk.IsServerType(t):
				origins, ok := m.tr.ReturnsOf(d, nil, i, m.isEquippedStorage)
				if !ok {
					continue
				}
				var ss serverSet
				for _, o := range origins {
					ss.merge(m.classifyServerOrigin(o))
				}
				if ss.unknown || len(origins) == 0 {
					continue
				}
				if ss.equipped && !ss.notEquipped {
					ff.Servers = append(ff.Servers, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.EquippedServer}})
				}
				if ss.bare() {
					ff.Servers = append(ff.Servers, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.BareServer}})
				}
				if o, ok := m.optionsParam(d, ss); ok {
					ff.Servers = append(ff.Servers, toolfact.ResultValue{Result: i, Value: o})
				}
				for _, p := range ss.params {
					if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d {
						ff.Servers = append(ff.Servers, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}})
					}
				}
				ff.Servers = append(ff.Servers, m.heldServers(d, i, ss)...)
			case funcSig(t) != nil && !mcpsdk.IsMiddlewareType(t):
				// A project's own server option (a function handing the
				// SDK's option to its setter).
				m.optionFact(ff, d, i)
			case mcpsdk.IsToolType(t):
				origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
				if !ok {
					continue
				}
				var ts toolSet
				for _, o := range origins {
					ts.merge(m.toolsOrigin(o, 0))
				}
				if ts.unknown {
					continue
				}
				for _, def := range ts.defs {
					w := m.where(def.Pos)
					if w == "" {
						w = def.Where
					}
					ff.ToolDefs = append(ff.ToolDefs, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.NamedTool, Tool: def.Name, Where: w}})
				}
				for _, p := range ts.params {
					if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d {
						ff.ToolDefs = append(ff.ToolDefs, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}})
					}
				}
			case m.isToolValueType(t):
				ff.Tools = append(ff.Tools, m.returnedTools(d, i)...)
			}
			if m.sdkInterface(t) && m.isToolValueType(t) {
				// the project's tool interface: the records of its values
				ff.Tools = append(ff.Tools, m.returnedTools(d, i)...)
			}
		}
		if s := m.summaries[d]; s != nil {
			for _, t := range s.templates {
				hs, ss := m.evaluate(t, nil)
				type hsrc struct{ h, tool, wrap toolfact.Value }
				var hsrcs []hsrc
				var kind toolfact.ParamReg
				for _, e := range hs.unwrapped {
					h := m.unwrappedValue(d, e)
					var tool toolfact.Value
					if e.tparam != nil {
						if pi, ok := m.Flow.ParamOf(e.tparam); ok && pi.Func == d {
							tool = toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}
						}
					}
					var wrap toolfact.Value
					for _, w := range e.wrapIf {
						if pi, ok := m.Flow.ParamOf(w.param); ok && pi.Func == d {
							wrap = toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}
							if w.field != nil {
								wrap.Field = w.field.Name()
							}
						}
					}
					hsrcs = append(hsrcs, hsrc{h, tool, wrap})
					kind.SDK, kind.Session, kind.Task = e.sdk, e.session, e.task
				}
				var tool toolfact.Value
				for _, p := range hs.tools.params {
					if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d {
						tool = toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}
					}
				}
				own, pools := m.poolParams(d, hs)
				for _, p := range own {
					if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d {
						hsrcs = append(hsrcs, hsrc{toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}, tool, m.wrapParam(d, hs)})
					}
				}
				for _, typ := range pools {
					hsrcs = append(hsrcs, hsrc{toolfact.Value{Kind: toolfact.RecordPool, Name: typ}, toolfact.Value{}, m.wrapParam(d, hs)})
				}
				if root := rootSite(t); root != nil {
					kind.SDK, kind.Session, kind.Task = root.sdk, root.session, root.task
				}
				ssrc := m.serverSrcs(d, ss)
				for _, r := range m.dispatchRegs(d, t) {
					regs.add(r)
				}
				for _, h := range hsrcs {
					for _, s := range ssrc {
						if h.h.Kind == toolfact.FromParam || s.Kind == toolfact.FromParam || s.Kind == toolfact.ServerByOptions || h.tool.Kind == toolfact.FromParam || h.wrap.Kind == toolfact.FromParam {
							r := kind
							r.Handler, r.Tool, r.Server, r.Wrap = h.h, h.tool, s, h.wrap
							regs.add(r)
						}
					}
				}
			}
		}
		ff.Registers = regs.list
		if !ff.Empty() {
			kept := *ff
			exported[fn] = &kept
			order = append(order, fn)
		}
	}
	for _, fn := range order {
		ff := exported[fn]
		m.hiddenMethods(ff, exported)
		debugFact(FuncName(fn), ff)
		m.Pass.ExportObjectFact(fn, ff)
	}
	m.exportInterfaceFacts(exported)
}

// hiddenMethods adds to ff the methods of its Concrete types that are
// unexported (see FuncFact.Methods), with their facts as exported holds
// them, one level deep: the facts it adds carry no Methods of their own.
func (m *Model) hiddenMethods(ff *toolfact.FuncFact, exported map[*types.Func]*toolfact.FuncFact) {
	for _, c := range ff.Concrete {
		if c.Pkg != m.Pass.Pkg.Path() || token.IsExported(c.Name) {
			continue
		}
		tn, ok := m.Pass.Pkg.Scope().Lookup(c.Name).(*types.TypeName)
		if !ok {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		var list []toolfact.MethodFact
		known := false
		for i := 0; i < ms.Len(); i++ {
			fn, ok := ms.At(i).Obj().(*types.Func)
			if !ok {
				continue
			}
			if _, listed := ff.Method(c.Name, fn.Name()); listed || len(ms.At(i).Index()) > 1 {
				continue // a promoted method, or one listed already
			}
			_, ptr := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer)
			mf := toolfact.MethodFact{Type: c.Name, Name: fn.Name(), PtrRecv: ptr}
			if f := exported[fn]; f != nil {
				// A copy without its own Methods: a method may return
				// its own type, and a fact must not hold itself.
				cp := *f
				cp.Methods = nil
				mf.Fact = &cp
				known = true
			}
			list = append(list, mf)
		}
		if known {
			// Methods none of which says anything give a call through
			// them nothing to go on: not listed.
			ff.Methods = append(ff.Methods, list...)
		}
	}
}

// exportInterfaceFacts gives the methods of the package's interfaces the
// servers their implementations in the package return: a call of
// srv.MCP() on a Server interface another package receives returns any of
// them (a server built without the boundary on one path is a finding on
// that path). Only servers equipped or not, which depend on no parameter.
func (m *Model) exportInterfaceFacts(exported map[*types.Func]*toolfact.FuncFact) {
	scope := m.Pass.Pkg.Scope()
	var impls []types.Type
	var ifaces []*types.Interface
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if it, isIface := tn.Type().Underlying().(*types.Interface); !isIface {
				impls = append(impls, tn.Type())
			} else if it.NumMethods() > 0 {
				ifaces = append(ifaces, it)
			}
		}
	}
	for _, it := range ifaces {
		for i := 0; i < it.NumMethods(); i++ {
			im := it.Method(i)
			if im.Pkg() != m.Pass.Pkg {
				continue // an embedded interface of another package
			}
			ff := &toolfact.FuncFact{}
			for _, t := range impls {
				recv := implementer(t, it)
				if recv == nil {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(recv, false, m.Pass.Pkg, im.Name())
				fn, ok := obj.(*types.Func)
				if !ok || exported[fn] == nil {
					continue
				}
				for _, r := range exported[fn].Servers {
					if r.Value.Kind == toolfact.EquippedServer || r.Value.Kind == toolfact.BareServer || r.Value.Kind == toolfact.FromParam && r.Value.Param == -1 {
						if !slices.Contains(ff.Servers, r) {
							ff.Servers = append(ff.Servers, r)
						}
					}
				}
				for _, p := range exported[fn].UsesParam {
					if !slices.Contains(ff.UsesParam, p) {
						ff.UsesParam = append(ff.UsesParam, p)
					}
				}
			}
			if !ff.Empty() {
				debugFact(FuncName(im), ff)
				m.Pass.ExportObjectFact(im, ff)
			}
		}
	}
}

// heldServers describes, for d's fact, the server result i of d returns
// when it is one its receiver (or a parameter) holds whose options another
// function's caller decides (a wrapper's MCPServer() returning s.srv,
// built by the wrapper's constructor with the options it was given).
func (m *Model) heldServers(d ast.Node, i int, ss serverSet) []toolfact.ResultValue {
	foreign := false
	for _, p := range ss.optIf {
		if pi, ok := m.Flow.ParamOf(p); ok && pi.Func != d {
			foreign = true
		}
	}
	if !foreign {
		return nil
	}
	var out []toolfact.ResultValue
	for _, ret := range m.Flow.Returns(d) {
		if i >= len(ret.Results) {
			return nil
		}
		fs := m.selectedFields(ret.Results[i], nil)
		if len(fs) != 1 {
			return nil
		}
		pi, ok := m.Flow.ParamOf(fs[0].param)
		if !ok || pi.Func != d {
			return nil
		}
		r := toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index, Field: fs[0].field.Name()}}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// returnedTools describes the tools of the records result i of d returns.
func (m *Model) returnedTools(d ast.Node, i int) []toolfact.ResultValue {
	origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
	if !ok {
		return nil
	}
	var hs handlerSet
	for _, o := range origins {
		hs.merge(m.toolHandlersOrigin(o, 0))
	}
	return m.handlerSrcs(d, i, hs)
}

// optionFact records in ff whether the server option result i of d
// returns installs the boundary, or does when parameters of d are one.
func (m *Model) optionFact(ff *toolfact.FuncFact, d ast.Node, i int) {
	origins, _ := m.tr.ReturnsOf(d, nil, i, nil)
	for _, o := range origins {
		installs, ps := m.optionBoundary(o, 0)
		if installs {
			ff.OptionInstallsBoundary, ff.OptionBoundaryIf = true, nil
			return
		}
		for _, p := range ps {
			if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d && !slices.Contains(ff.OptionBoundaryIf, pi.Index) {
				ff.OptionBoundaryIf = append(ff.OptionBoundaryIf, pi.Index)
			}
		}
	}
}

// serverSrcs describes a server set evaluated at the root of d for d's
// fact: built without the boundary, or a parameter's (or built without it
// unless the options a parameter holds install it).
func (m *Model) serverSrcs(d ast.Node, ss serverSet) []toolfact.Value {
	var ssrc []toolfact.Value
	if ss.bare() {
		ssrc = append(ssrc, toolfact.Value{Kind: toolfact.BareServer})
	}
	if o, ok := m.optionsParam(d, ss); ok {
		ssrc = append(ssrc, o)
	}
	for _, p := range ss.params {
		if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d {
			ssrc = append(ssrc, toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index})
		}
	}
	for _, fd := range ss.fields {
		if pi, ok := m.Flow.ParamOf(fd.param); ok && pi.Func == d {
			ssrc = append(ssrc, toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index, Field: fd.field.Name()})
		}
	}
	return ssrc
}

// optionsParam describes a server built without the boundary but for the
// options d's caller passes as one of d's parameters.
func (m *Model) optionsParam(d ast.Node, ss serverSet) (toolfact.Value, bool) {
	if !ss.notEquipped || ss.equipped || len(ss.optIf) != 1 {
		return toolfact.Value{}, false
	}
	pi, ok := m.Flow.ParamOf(ss.optIf[0])
	if !ok || pi.Func != d {
		return toolfact.Value{}, false
	}
	return toolfact.Value{Kind: toolfact.ServerByOptions, Param: pi.Index}, true
}

// A regSet collects registrations without repeats, in the order first
// added. Past a few it keeps a set of them, so that a function that
// registers thousands of tools adds each in constant time.
type regSet struct {
	list []toolfact.ParamReg
	seen map[toolfact.ParamReg]bool
}

func (s *regSet) add(r toolfact.ParamReg) {
	if s.seen == nil {
		if len(s.list) < 16 {
			if !slices.Contains(s.list, r) {
				s.list = append(s.list, r)
			}
			return
		}
		s.seen = make(map[toolfact.ParamReg]bool, 2*len(s.list))
		for _, x := range s.list {
			s.seen[x] = true
		}
	}
	if !s.seen[r] {
		s.seen[r] = true
		s.list = append(s.list, r)
	}
}

// handlerSrcs turns a decided handler set into fact sources; an unknown
// part makes the whole result unknown.
func (m *Model) handlerSrcs(d ast.Node, i int, hs handlerSet) []toolfact.ResultValue {
	if hs.unknown {
		return nil
	}
	var out []toolfact.ResultValue
	if hs.wrapped && len(hs.unwrapped) == 0 && len(hs.params) == 0 {
		return []toolfact.ResultValue{{Result: i, Value: toolfact.Value{Kind: toolfact.WrappedHandler}}}
	}
	for _, h := range hs.unwrapped {
		src := toolfact.Value{Kind: toolfact.RawHandler, Name: m.exportName(d, h.Handler), Tool: h.tool.Name, Where: m.where(h.tool.Pos)}
		if src.Where == "" {
			src.Where = h.tool.Where
		}
		if h.tparam != nil {
			pi, ok := m.Flow.ParamOf(h.tparam)
			if !ok || pi.Func != d {
				continue
			}
			src.ToolArg = pi.Index + 1
		}
		out = append(out, toolfact.ResultValue{Result: i, Value: src})
	}
	toolArg := 0 // the parameter the parameter handlers' tool comes from
	if len(hs.tools.params) == 1 && len(hs.tools.defs) == 0 {
		if pi, ok := m.Flow.ParamOf(hs.tools.params[0]); ok && pi.Func == d {
			toolArg = pi.Index + 1
		}
	}
	for _, p := range hs.params {
		pi, ok := m.Flow.ParamOf(p)
		if !ok || pi.Func != d {
			return nil
		}
		out = append(out, toolfact.ResultValue{Result: i, Value: toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index, ToolArg: toolArg}})
	}
	return out
}

// exportName names a handler for another package: a function literal is
// named after the function that makes it.
func (m *Model) exportName(d ast.Node, h Handler) string {
	if !strings.HasPrefix(h.Name, "func literal at ") {
		return h.Name
	}
	if lit, ok := h.Node.(*ast.FuncLit); ok {
		if fn := m.Flow.FuncOf(m.Flow.OuterDecl(lit)); fn != nil {
			return "func literal in " + FuncName(fn)
		}
	}
	if fn := m.Flow.FuncOf(d); fn != nil {
		return "func literal in " + FuncName(fn)
	}
	return h.Name
}

// resultFields describes, for a fact, the fields of the struct that
// result i of d (of type t) is or points to, or that an interface result
// holds, which hold one of d's parameters or a server d builds, as every
// struct literal d returns sets them: the server and the middleware a
// registrar's constructor is given, the server a wrapper's constructor
// builds.
func (m *Model) resultFields(d ast.Node, i int, t types.Type) []toolfact.FieldValue {
	if !types.IsInterface(t) && !m.holdsServer(t) || !m.serverLitFits(t) {
		return nil
	}
	origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
	if !ok || len(origins) == 0 {
		return nil
	}
	var out []toolfact.FieldValue
	for k, o := range origins {
		lit, ok := o.Expr.(*ast.CompositeLit)
		if o.Kind != flow.Made || !ok || !m.holdsServer(m.Pass.TypesInfo.TypeOf(lit)) {
			return nil
		}
		var here []toolfact.FieldValue
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			ft := m.Pass.TypesInfo.TypeOf(kv.Value)
			if !mcpsdk.IsServerType(ft) && !carriesWrapping(ft, 0) {
				continue
			}
			vs := m.tr.Origins(kv.Value, nil, nil)
			if len(vs) == 1 && vs[0].Kind == flow.FreeParam {
				if pi, ok := m.Flow.ParamOf(vs[0].Param); ok && pi.Func == d {
					here = append(here, toolfact.FieldValue{Result: i, Field: key.Name, Param: pi.Index})
				}
				continue
			}
			if !mcpsdk.IsServerType(ft) {
				continue
			}
			// A server d builds: a wrapper's constructor building the
			// SDK's server with the options its caller passes.
			var ss serverSet
			for _, v := range vs {
				ss.merge(m.classifyServerOrigin(v))
			}
			if srcs := m.serverSrcs(d, ss); len(srcs) == 1 && !ss.unknown && len(ss.params) == 0 {
				here = append(here, toolfact.FieldValue{Result: i, Field: key.Name, Server: srcs[0]})
			}
		}
		if k == 0 {
			out = here
		} else if !slices.Equal(out, here) {
			return nil // literals that keep different parameters
		}
	}
	return out
}

// serverLitFits reports whether a composite literal of the package of a
// type that holdsServer can be a value of type t (a literal's type or a
// pointer to it, for an interface t): only such a literal is an origin
// resultFields describes, so without one no result of type t is. Not
// asked of a type parameter, whose values the literal's type does not
// decide.
func (m *Model) serverLitFits(t types.Type) bool {
	if m.serverLits == nil {
		m.serverLits = []types.Type{}
		seen := map[types.Type]bool{}
		for _, lit := range m.Flow.CompositeLits() {
			if lit.Type == nil || seen[lit.Type] {
				continue
			}
			seen[lit.Type] = true
			if m.holdsServer(lit.Type) {
				m.serverLits = append(m.serverLits, lit.Type)
			}
		}
	}
	if len(m.serverLits) == 0 {
		return false
	}
	if _, tparam := types.Unalias(t).(*types.TypeParam); tparam {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return true
	}
	if fits, ok := m.serverLitFit[t]; ok {
		return fits // error, most often
	}
	if m.serverLitFit == nil {
		m.serverLitFit = map[types.Type]bool{}
	}
	fits := m.serverLitImplements(iface)
	m.serverLitFit[t] = fits
	return fits
}

// serverLitImplements reports whether a value of one of serverLits' types,
// or a pointer to one, implements iface.
func (m *Model) serverLitImplements(iface *types.Interface) bool {
	for _, lt := range m.serverLits {
		if implementer(lt, iface) != nil {
			return true
		}
		if p, ok := lt.Underlying().(*types.Pointer); ok && types.Implements(p.Elem(), iface) {
			return true
		}
	}
	return false
}

// holdsServer reports whether t is a struct, or a pointer to one, with a
// field holding a server or middleware.
func (m *Model) holdsServer(t types.Type) bool {
	st := structOf(t)
	if st == nil {
		return false
	}
	for j := 0; j < st.NumFields(); j++ {
		if ft := st.Field(j).Type(); mcpsdk.IsServerType(ft) || carriesWrapping(ft, 0) {
			return true
		}
	}
	return false
}

// debugFacts, set from TOOLCHECK_DEBUG_FACTS, makes the model print each
// fact it exports to standard error: a debugging aid for the model's
// maintainers.
var debugFacts = os.Getenv("TOOLCHECK_DEBUG_FACTS") != ""

func debugFact(of string, f analysis.Fact) {
	if debugFacts {
		fmt.Fprintf(os.Stderr, "toolmodel: fact %s: %v\n", of, f)
	}
}

// wrapParam returns, for the handlers a template of d registers that come
// from d's parameters or from pool records, the parameter of d holding the
// middleware applied to them, if any.
func (m *Model) wrapParam(d ast.Node, hs handlerSet) toolfact.Value {
	for _, w := range hs.paramWrap {
		if pi, ok := m.Flow.ParamOf(w.param); ok && pi.Func == d && w.field != nil && mcpsdk.IsMiddlewareType(elemType(w.field.Type())) {
			return toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index, Field: w.field.Name()}
		}
	}
	for _, p := range hs.deps {
		if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == d && mcpsdk.IsMiddlewareType(elemType(p.Type())) {
			return toolfact.Value{Kind: toolfact.FromParam, Param: pi.Index}
		}
	}
	return toolfact.Value{}
}

// where names a position of this package as facts carry it: file.go:12.
func (m *Model) where(pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := m.Pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// rootSite returns the SDK registration a template ends in, if any.
func rootSite(t *template) *regSite {
	for t != nil {
		if t.site != nil {
			return t.site
		}
		t = t.sub
	}
	return nil
}
