package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/toolcheck/toolcheck/internal/flow"
)

// An UnwrappedTool is a tool registered without the boundary on a server
// that does not carry it: the finding of the unwrapped analyzer.
type UnwrappedTool struct {
	Pos, End token.Pos
	Handler  Handler
	// Via names the registrar function that registers the handler, when
	// the registration happens in a function this package calls.
	Via string
	// Session and Task say what kind of registration it is.
	Session, Task bool
	// Fix, when non-nil, is the handler expression a boundary could wrap,
	// and FixType the handler type the registration expects.
	Fix     ast.Expr
	FixType types.Type
	SDK     string
}

// regSite is one SDK registration call.
type regSite struct {
	call        *ast.CallExpr
	handler     ast.Expr   // the handler argument, or nil
	tools       []ast.Expr // server.ServerTool arguments
	server      ast.Expr
	serverField *types.Var // the server is this (embedded) field of server
	session     bool
	task        bool
	sdk         string
	handlerType types.Type
}

// A template is a registration whose handler or server may depend on the
// parameters of the function that holds it.
type template struct {
	site    *regSite      // a direct registration
	call    *ast.CallExpr // or a call that registers
	reg     *RegSrc       // ... described by the callee's fact
	sub     *template     // ... or by a template of the callee's body
	target  ast.Node      // the callee's body (with sub)
	closure *flow.Frame   // the callee literal's frame (with sub)
	via     *types.Func   // the called registrar, for messages
}

// registrationOf recognises the SDK registration forms.
func (m *Model) registrationOf(call *ast.CallExpr) *regSite {
	fn := m.Flow.Callee(call)
	if fn == nil {
		return nil
	}
	info := m.Pass.TypesInfo
	sig := fn.Type().(*types.Signature)
	site := &regSite{call: call}
	switch PkgPath(fn) {
	case MCPGoServer:
		if RecvTypeName(sig) != "MCPServer" {
			return nil
		}
		site.sdk = "mcp-go"
		n := len(call.Args)
		switch fn.Name() {
		case "AddTool", "AddTaskTool":
			if n != 2 {
				return nil
			}
			site.handler = call.Args[1]
			site.task = fn.Name() == "AddTaskTool"
		case "AddSessionTool":
			if n != 3 {
				return nil
			}
			site.handler, site.session = call.Args[2], true
		case "AddTools", "SetTools", "AddTaskTools":
			site.tools = call.Args
			site.task = fn.Name() == "AddTaskTools"
		case "AddSessionTools":
			if n < 1 {
				return nil
			}
			site.tools, site.session = call.Args[1:], true
		default:
			return nil
		}
		m.setReceiver(site, call)
	case GoSDKMCP:
		site.sdk = "go-sdk"
		switch {
		case sig.Recv() == nil && fn.Name() == "AddTool" && len(call.Args) == 3:
			site.server, site.handler = call.Args[0], call.Args[2]
		case RecvTypeName(sig) == "Server" && fn.Name() == "AddTool" && len(call.Args) == 2:
			site.handler = call.Args[1]
			m.setReceiver(site, call)
		default:
			return nil
		}
	default:
		return nil
	}
	if site.handler != nil {
		if p := paramTypeAt(info, call, site.handler); p != nil {
			site.handlerType = p
		}
	}
	if site.server == nil && site.serverField == nil {
		return nil
	}
	return site
}

func paramTypeAt(info *types.Info, call *ast.CallExpr, arg ast.Expr) types.Type {
	t := info.TypeOf(call.Fun)
	sig, ok := t.(*types.Signature)
	if !ok {
		return nil
	}
	for i, a := range call.Args {
		if a == arg && i < sig.Params().Len() {
			return sig.Params().At(i).Type()
		}
	}
	return nil
}

// setReceiver records the server a method registers on, resolving a
// promoted method to the embedded server field.
func (m *Model) setReceiver(site *regSite, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	site.server = sel.X
	s, ok := m.Pass.TypesInfo.Selections[sel]
	if !ok || len(s.Index()) < 2 {
		return
	}
	// Walk the embedding path to the last embedded field.
	t := s.Recv()
	var field *types.Var
	for _, i := range s.Index()[:len(s.Index())-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return
		}
		field = st.Field(i)
		t = field.Type()
	}
	site.serverField = field
}

// installsOn records, per function node, the parameters it installs
// boundary middleware on.
func (m *Model) markEquipped(installs map[ast.Node][]int) {
	for pass := 0; pass < 3; pass++ {
		changed := false
		for _, ca := range m.Flow.Calls() {
			call := ca.Call
			fn := m.Flow.Callee(call)
			if fn == nil {
				continue
			}
			var targets []ast.Expr
			switch {
			case IsMethod(fn, MCPGoServer, "MCPServer", "Use"), IsMethod(fn, GoSDKMCP, "Server", "AddReceivingMiddleware"):
				if pass > 0 {
					continue
				}
				for _, a := range call.Args {
					if m.isBoundaryValue(a, nil) {
						targets = argOf(call, -1)
						break
					}
				}
			default:
				var on []int
				if d := m.Flow.Body(fn); d != nil {
					on = installs[d]
				} else if ff := m.factOf(fn); ff != nil {
					on = ff.InstallsBoundaryOn
				}
				for _, i := range on {
					targets = append(targets, argOf(call, i)...)
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

// build decides every registration of the package and exports facts.
func (m *Model) build() {
	installs := map[ast.Node][]int{}
	m.markEquipped(installs)

	for _, n := range m.Flow.Funcs() {
		m.summaryOf(n)
	}
	sort.SliceStable(m.Unwrapped, func(i, j int) bool {
		a, b := m.Unwrapped[i], m.Unwrapped[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.Handler.Name < b.Handler.Name
	})

	m.computeCode()
	m.exportFacts(installs)
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
			// A call of a function value: a registrar literal, such as the
			// closure a generic tool factory returns.
			origins := m.tr.Origins(call.Fun, nil, nil)
			for _, o := range m.closures(origins, 0) {
				lit := o.Expr.(*ast.FuncLit)
				if lit == node {
					continue
				}
				for _, sub := range m.summaryOf(lit) {
					m.decide(node, &template{call: call, sub: sub, target: lit, closure: o.Frame}, false, s)
				}
			}
			// Registrar functions kept as values, such as a table of
			// func(*server.MCPServer) adders.
			for _, o := range origins {
				if o.Kind != flow.Func || o.Func.Type().(*types.Signature).Recv() != nil {
					continue
				}
				if d := m.Flow.Body(o.Func); d != nil {
					if d == node {
						continue
					}
					for _, sub := range m.summaryOf(d) {
						m.decide(node, &template{call: call, sub: sub, target: d, via: o.Func}, false, s)
					}
				} else if ff := m.factOf(o.Func); ff != nil {
					for i := range ff.Registers {
						m.decide(node, &template{call: call, reg: &ff.Registers[i], via: o.Func}, false, s)
					}
				}
			}
		}
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
		}
		for _, a := range t.site.tools {
			hs.merge(m.toolHandlers(a, f))
		}
		var ss serverSet
		if t.site.serverField != nil {
			for _, o := range m.tr.VarOrigins(t.site.serverField, nil, f, m.isEquippedStorage) {
				ss.merge(m.classifyServerOrigin(o))
			}
			if m.equipped[t.site.serverField] {
				ss = serverSet{equipped: true}
			}
		} else {
			ss = m.classifyServer(t.site.server, f)
		}
		return hs, ss
	case t.reg != nil:
		return m.handlerFromSrc(t.reg.Handler, t.call, f), m.serverFromSrc(t.reg.Server, t.call, f)
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

// decide evaluates t at the root of node: a registration whose handler is
// unwrapped on a server without the boundary is reported; one that still
// depends on node's parameters joins its summary.
func (m *Model) decide(node ast.Node, t *template, keep bool, s *summary) {
	hs, ss := m.evaluate(t, nil)
	for _, h := range hs.unwrapped {
		if h.Node != nil {
			m.Handlers[h.Node] = true
		}
	}
	if hs.wrapped && len(hs.unwrapped) == 0 && len(hs.params) == 0 {
		return
	}
	if ss.bare() {
		for _, h := range hs.unwrapped {
			m.report(node, t, h)
		}
	}
	dependent := (len(hs.unwrapped) > 0 && len(ss.params) > 0) ||
		(len(hs.params) > 0 && (ss.bare() || len(ss.params) > 0))
	if dependent && keep {
		s.templates = append(s.templates, t)
	}
}

func (m *Model) report(node ast.Node, t *template, h Handler) {
	u := &UnwrappedTool{Handler: h}
	inNode := func(e ast.Expr) bool {
		return e != nil && e.Pos() >= node.Pos() && e.End() <= node.End()
	}
	var at ast.Node
	root := t
	for root.sub != nil && root.site == nil {
		root = root.sub
	}
	switch {
	case t.site != nil && t.site.handler != nil:
		at = t.site.handler
		u.Fix, u.FixType = t.site.handler, t.site.handlerType
	case t.site != nil:
		if h.Expr != nil && m.FileOf(h.Expr.Pos()) != nil {
			at = h.Expr
			u.Fix = h.Expr
			if lit := m.enclosingToolLit(h.Expr); lit != nil {
				u.FixType = lit
			}
		} else {
			at = t.site.call
		}
	case inNode(h.Expr):
		at = h.Expr
	default:
		at = t.call
	}
	if t.via != nil {
		u.Via = FuncName(t.via)
	}
	if root.site != nil {
		u.Session, u.Task, u.SDK = root.site.session, root.site.task, root.site.sdk
	}
	u.Pos, u.End = at.Pos(), at.End()
	key := m.Pass.Fset.Position(u.Pos).String() + "|" + h.Name
	if m.reported[key] {
		return
	}
	m.reported[key] = true
	m.Unwrapped = append(m.Unwrapped, u)
}

// enclosingToolLit returns the handler field type of the ServerTool literal
// holding the Handler value e.
func (m *Model) enclosingToolLit(e ast.Expr) types.Type {
	c, ok := m.Syntax.Root().FindByPos(e.Pos(), e.End())
	if !ok {
		return nil
	}
	for p := range c.Enclosing((*ast.CompositeLit)(nil)) {
		t := m.Pass.TypesInfo.TypeOf(p.Node().(*ast.CompositeLit))
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == "Handler" {
					return st.Field(i).Type()
				}
			}
		}
		return nil
	}
	return nil
}

// closures follows origins through same-package calls to the function
// literals they evaluate to, each with the frame it was made in.
func (m *Model) closures(origins []flow.Origin, depth int) []flow.Origin {
	var out []flow.Origin
	for _, o := range origins {
		if o.Kind != flow.Expr {
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
