package toolmodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolrecord"

	"golang.org/x/tools/go/types/typeutil"
)

// A Handler is a raw tool handler that reaches a registration.
type Handler struct {
	Name string   // pkg.Func, (*pkg.T).Method, or "func literal"
	Expr ast.Expr // where the handler enters the traced code (this package), or nil
	Node ast.Node // its *ast.FuncDecl or *ast.FuncLit in this package, or nil
}

// An entry is an unwrapped handler that reaches a registration, with the
// tool it is registered as, once the registration is known.
type entry struct {
	Handler
	tool          ToolDef
	tparam        *types.Var // the tool is this parameter's value
	site          token.Pos  // the registration in this package (the SDK call or the ServerTool literal)
	where         string     // the registration in another package (file.go:12), from a fact
	via           string     // ... performed by this registrar of another package
	sdk           string
	session, task bool
	from          dispatched // the implementation of an interface it came from
	// wrapIf are parameters (or fields of parameters) holding middleware
	// applied to the handler: it is wrapped when a boundary is what the
	// callers pass.
	wrapIf []dep
}

// A dep is a parameter, or a field of a parameter (the middleware field of
// a config struct the caller fills), a value depends on.
type dep struct {
	param *types.Var
	field *types.Var // nil: the parameter itself
}

// depParams returns the parameters deps depend on.
func depParams(ds []dep) []*types.Var {
	out := make([]*types.Var, 0, len(ds))
	for _, d := range ds {
		if !slices.Contains(out, d.param) {
			out = append(out, d.param)
		}
	}
	return out
}

// handlerSet is what a handler expression may evaluate to: the boundary,
// unwrapped handlers, or the values of parameters.
type handlerSet struct {
	wrapped   bool
	unwrapped []entry
	params    []*types.Var
	unknown   bool
	tools     toolSet // the tools a registration pairs the parameter handlers with
	// deps are parameters the value depends on in a way no fact can say
	// (a registrar or a tool factory passed as a function value): the
	// registration is decided where they are bound, within the package.
	deps []*types.Var
	// paramWrap holds where the middleware applied to the handlers of
	// params comes from (wrapIf of an entry).
	paramWrap []dep
}

// wrapIn records that middleware from ds is applied to the handlers:
// wrapped when the callers pass a boundary there.
func (s *handlerSet) wrapIn(ds []dep) {
	if len(ds) == 0 {
		return
	}
	for i := range s.unwrapped {
		s.unwrapped[i].wrapIf = append(slices.Clip(s.unwrapped[i].wrapIf), ds...)
	}
	if len(s.params) > 0 {
		s.paramWrap = append(slices.Clip(s.paramWrap), ds...)
	}
	s.deps = append(s.deps, depParams(ds)...)
}

func (s *handlerSet) merge(o handlerSet) {
	s.wrapped = s.wrapped || o.wrapped
	s.unknown = s.unknown || o.unknown
	s.unwrapped = append(s.unwrapped, o.unwrapped...)
	s.params = append(s.params, o.params...)
	s.tools.merge(o.tools)
	s.deps = append(s.deps, o.deps...)
	s.paramWrap = append(s.paramWrap, o.paramWrap...)
}

// serverSet is what a server expression may evaluate to.
type serverSet struct {
	equipped    bool
	notEquipped bool
	params      []*types.Var
	// fields are fields of parameters the server is read from (r.srv on
	// a registrar the caller passes), decided where they are bound.
	fields  []dep
	unknown bool
	built   []*ast.CallExpr // the constructions, in this package, of the servers without the boundary
	// optIf holds the parameters, of the function the set is evaluated at,
	// whose server options the construction takes: the server carries the
	// boundary when a caller passes it there.
	optIf []*types.Var
	// from names the interface method of another package that returns
	// the server (pkg.Server.MCP), when that is where it comes from.
	from []string
}

func (s *serverSet) merge(o serverSet) {
	s.equipped = s.equipped || o.equipped
	s.notEquipped = s.notEquipped || o.notEquipped
	s.unknown = s.unknown || o.unknown
	s.params = append(s.params, o.params...)
	s.fields = append(s.fields, o.fields...)
	for _, p := range o.optIf {
		if !slices.Contains(s.optIf, p) {
			s.optIf = append(s.optIf, p)
		}
	}
	for _, b := range o.built {
		if !slices.Contains(s.built, b) {
			s.built = append(s.built, b)
		}
	}
	for _, f := range o.from {
		if !slices.Contains(s.from, f) {
			s.from = append(s.from, f)
		}
	}
}

// bare reports whether the server is definitely built without the boundary:
// a server that may also be one carrying it (a field assigned both ways) is
// opaque, and draws no finding; one whose options come from a parameter
// is decided where that parameter is bound.
func (s serverSet) bare() bool {
	return s.notEquipped && !s.equipped && len(s.optIf) == 0 && len(s.fields) == 0
}

// ---- the boundary ----

// IsBoundary reports whether fn is a tool boundary: named so (Boundary in
// its name or its receiver type's) with the shape of one, configured, or
// learned (a fact, or a function of this package that returns only
// boundary-wrapped handlers).
func (m *Model) IsBoundary(fn *types.Func) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.boundaryFunc(fn)
}

func (m *Model) boundaryFunc(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	switch m.boundary[fn] {
	case 1:
		return true
	case 2, 3:
		return false
	}
	m.boundary[fn] = 3
	r := m.isBoundary(fn)
	if r {
		m.boundary[fn] = 1
	} else {
		m.boundary[fn] = 2
	}
	return r
}

func (m *Model) isBoundary(fn *types.Func) bool {
	if mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
		return false
	}
	if m.cfgNames[qualifiedName(fn)] {
		return true
	}
	sig := fn.Type().(*types.Signature)
	if named(fn) && boundaryShape(sig) {
		return true
	}
	if ff := m.factOf(fn); ff != nil {
		return ff.Boundary
	}
	if node := m.Flow.Body(fn); node != nil && boundaryShape(sig) {
		return m.wrapsEverything(node)
	}
	return false
}

// named reports whether fn or its receiver type is called *Boundary*.
func named(fn *types.Func) bool {
	if strings.Contains(strings.ToLower(fn.Name()), "boundary") {
		return true
	}
	sig := fn.Type().(*types.Signature)
	return strings.Contains(strings.ToLower(mcpsdk.RecvTypeName(sig)), "boundary")
}

// boundaryShape: takes a handler and returns a handler, or returns a
// middleware.
func boundaryShape(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 {
		return false
	}
	r0 := res.At(0).Type()
	if mcpsdk.IsMiddlewareType(r0) {
		return true
	}
	if mcpsdk.HandlerKindOf(r0) == mcpsdk.NotHandler {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if mcpsdk.HandlerKindOf(sig.Params().At(i).Type()) != mcpsdk.NotHandler {
			return true
		}
	}
	return false
}

// wrapsEverything reports whether every handler node returns is wrapped.
func (m *Model) wrapsEverything(node ast.Node) bool {
	var body *ast.BlockStmt
	var ftype *ast.FuncType
	switch n := node.(type) {
	case *ast.FuncDecl:
		body, ftype = n.Body, n.Type
	case *ast.FuncLit:
		body, ftype = n.Body, n.Type
	}
	if body == nil || ftype.Results == nil {
		return false
	}
	r0 := m.Pass.TypesInfo.TypeOf(ftype.Results.List[0].Type)
	if mcpsdk.IsMiddlewareType(r0) {
		// A middleware factory: its result must itself be a boundary.
		found, all := false, true
		ast.Inspect(body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
				found = true
				if !m.isBoundaryValue(ret.Results[0], nil) {
					all = false
				}
			}
			return true
		})
		return found && all
	}
	found, all := false, true
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 {
			found = true
			hs := m.classifyHandler(ret.Results[0], nil)
			if !hs.wrapped || hs.unknown || len(hs.unwrapped) > 0 || len(hs.params) > 0 {
				all = false
			}
		}
		return true
	})
	return found && all
}

// isBoundaryValue reports whether e evaluates only to boundary middleware:
// a boundary function, a boundary factory's result, or a literal that
// wraps everything it is given.
func (m *Model) isBoundaryValue(e ast.Expr, f *flow.Frame) bool {
	origins := m.tr.Origins(e, f, nil)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if !m.isBoundaryOrigin(o) {
			return false
		}
	}
	return true
}

func (m *Model) isBoundaryOrigin(o flow.Origin) bool {
	switch o.Kind {
	case flow.FuncRef:
		return m.boundaryFunc(o.Func)
	case flow.Made:
		switch e := o.Expr.(type) {
		case *ast.CallExpr:
			if fn := m.Flow.Callee(e); fn != nil {
				return m.boundaryFunc(fn) && mcpsdk.IsMiddlewareType(m.Pass.TypesInfo.TypeOf(e))
			}
		case *ast.FuncLit:
			if mcpsdk.IsMiddlewareType(m.Pass.TypesInfo.TypeOf(e)) {
				if m.tr.InProgress(e) {
					return false
				}
				m.tr.Enter(e)
				defer m.tr.Leave(e)
				return m.wrapsEverything(e)
			}
		}
	}
	return false
}

// ---- handlers ----

// classifyHandler says what a handler expression evaluates to.
func (m *Model) classifyHandler(e ast.Expr, f *flow.Frame) handlerSet {
	return m.classifyHandlerAt(arg{e, -1}, f)
}

// classifyHandlerAt is classifyHandler of an argument, a tuple's result.
func (m *Model) classifyHandlerAt(a arg, f *flow.Frame) handlerSet {
	if a.tuple >= 0 {
		if m.isToolValueType(m.typeOf(a)) {
			return m.toolHandlersAt(a, f)
		}
		var hs handlerSet
		for _, o := range m.tr.OriginsAt(a.e, f, a.tuple, nil) {
			hs.merge(m.classifyHandlerOrigin(o))
		}
		return hs
	}
	e := a.e
	// A parameter bound to what the call passes, and only that: the
	// arguments, classified as handler expressions (a record's field
	// among them).
	if hs, ok := m.chainedHandler(e, f); ok {
		return hs
	}
	if xs, bf, ok := m.boundArgs(e, f); ok {
		var hs handlerSet
		for _, x := range xs {
			hs.merge(m.classifyHandler(x, bf))
		}
		return hs
	}
	// tool.Handler of a tool record (a server.ServerTool value, a project's
	// own): the handler inside it, paired with the record's tool. So too
	// a record itself, given where a handler is.
	if rec, ok := m.recordField(e); ok {
		return m.toolHandlers(rec, f)
	}
	if m.isToolValueType(m.Pass.TypesInfo.TypeOf(e)) {
		return m.toolHandlers(e, f)
	}
	var hs handlerSet
	for _, o := range m.tr.Origins(e, f, nil) {
		hs.merge(m.classifyHandlerOrigin(o))
	}
	return hs
}

// chainCall recognises middleware from a slice parameter applied to a
// handler, in a loop over the slice: mw[i](h), or m(h) where m ranges
// over mw. It returns the parameter and the handler argument.
func (m *Model) chainCall(call *ast.CallExpr) (*types.Var, ast.Expr) {
	if len(call.Args) != 1 || m.Flow.Callee(call) != nil || mcpsdk.HandlerKindOf(m.Pass.TypesInfo.TypeOf(call.Args[0])) == mcpsdk.NotHandler {
		return nil, nil
	}
	var slice ast.Expr
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.IndexExpr:
		slice = fun.X
	case *ast.Ident:
		v, ok := m.Pass.TypesInfo.Uses[fun].(*types.Var)
		if !ok {
			return nil, nil
		}
		defs, incoming := m.Flow.Reaching(v, fun)
		if len(defs) != 1 || incoming || !defs[0].Elem || defs[0].Key {
			return nil, nil
		}
		slice = defs[0].Rhs
	default:
		return nil, nil
	}
	id, ok := ast.Unparen(slice).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	p, ok := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, nil
	}
	if _, ok := m.Flow.ParamOf(p); !ok {
		return nil, nil
	}
	if _, ok := p.Type().Underlying().(*types.Slice); !ok {
		return nil, nil
	}
	if defs, _ := m.Flow.Reaching(p, id); len(defs) > 0 {
		return nil, nil
	}
	return p, call.Args[0]
}

// classifyChain classifies h after middleware from parameter p is applied
// to it in a loop (chainCall): wrapped when a boundary is among what the
// caller passes as p, decided by the callers when f does not bind p.
func (m *Model) classifyChain(call *ast.CallExpr, p *types.Var, h ast.Expr, f *flow.Frame) handlerSet {
	if !m.enter(call, f) {
		return handlerSet{} // an earlier round of the loop: what the handler before it brings
	}
	defer m.leave(call, f)
	b, bound := f.Lookup(p)
	if bound && len(b.Exprs) == 0 {
		return handlerSet{} // no middleware: the loop does not run
	}
	var ds []dep
	if !bound {
		ds = []dep{{param: p}}
	} else {
		w := m.boundArg(p, f)
		if w.wrapped {
			m.noteWrappedHandlers(&ast.CallExpr{Args: []ast.Expr{h}}, f)
			return handlerSet{wrapped: true}
		}
		ds = w.deps
	}
	hs := m.classifyHandler(h, f)
	hs.wrapIn(ds)
	return hs
}

// chainedHandler classifies a handler variable read after a loop that
// applies middleware from a parameter to it (chainCall): the definitions
// before the loop reach the read only when the loop does not run, when
// the caller passes no middleware; otherwise what the loop makes is the
// handler.
func (m *Model) chainedHandler(e ast.Expr, f *flow.Frame) (handlerSet, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return handlerSet{}, false
	}
	v, ok := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return handlerSet{}, false
	}
	defs, _ := m.Flow.Reaching(v, id)
	var loop ast.Node
	for _, d := range defs {
		call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
		if !ok || d.Tuple >= 0 {
			continue
		}
		p, _ := m.chainCall(call)
		if p == nil {
			continue
		}
		if b, bound := f.Lookup(p); bound && len(b.Exprs) == 0 {
			return handlerSet{}, false
		}
		for _, l := range d.Loops {
			if !flow.Within(l, id.Pos()) {
				loop = l // the outermost loop around the chain, not around the read
			}
		}
	}
	if loop == nil {
		return handlerSet{}, false
	}
	var hs handlerSet
	for _, d := range defs {
		if flow.Within(loop, d.Pos) && d.Rhs != nil && d.Tuple < 0 {
			hs.merge(m.classifyHandler(d.Rhs, f))
		}
	}
	return hs, true
}

// boundArgs returns the arguments a parameter read at e is bound to in
// frame f, and their frame, when the parameter is not reassigned before e.
func (m *Model) boundArgs(e ast.Expr, f *flow.Frame) ([]ast.Expr, *flow.Frame, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || f == nil {
		return nil, nil, false
	}
	v, ok := m.Pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil, nil, false
	}
	if _, ok := m.Flow.ParamOf(v); !ok {
		return nil, nil, false
	}
	b, ok := f.Lookup(v)
	if !ok || len(b.Exprs) == 0 {
		return nil, nil, false
	}
	if defs, incoming := m.Flow.Reaching(v, id); len(defs) > 0 || !incoming {
		return nil, nil, false
	}
	return b.Exprs, b.Frame, true
}

func (m *Model) classifyHandlerOrigin(o flow.Origin) handlerSet {
	switch o.Kind {
	case flow.FuncRef:
		if m.boundaryFunc(o.Func) {
			return handlerSet{wrapped: true} // a boundary used as a middleware value
		}
		h := Handler{Name: FuncName(o.Func), Expr: o.Expr}
		if d := m.Flow.Body(o.Func); d != nil {
			h.Node = d
		}
		return handlerSet{unwrapped: []entry{{Handler: h}}}
	case flow.FreeParam:
		return handlerSet{params: []*types.Var{o.Param}}
	case flow.FreeMethod:
		// t.Handle on a t the caller passes: decided where it is bound.
		return handlerSet{deps: []*types.Var{o.Param}}
	case flow.Made:
		switch e := o.Expr.(type) {
		case *ast.FuncLit:
			if inner := m.adaptedHandlers(e); len(inner) > 0 {
				// An adapter's closure: what counts is the handler it calls.
				var hs handlerSet
				for _, id := range inner {
					hs.merge(m.classifyHandler(id, o.Frame))
				}
				return hs
			}
			return handlerSet{unwrapped: []entry{{Handler: Handler{Name: m.litName(e), Expr: e, Node: e}}}}
		case *ast.CallExpr:
			return m.classifyHandlerCall(e, o.Frame, o.Tuple)
		}
	}
	return handlerSet{unknown: true}
}

func (m *Model) classifyHandlerCall(call *ast.CallExpr, f *flow.Frame, tuple int) handlerSet {
	if p, h := m.chainCall(call); p != nil {
		return m.classifyChain(call, p, h, f)
	}
	if !m.enter(call, f) {
		return handlerSet{unknown: true}
	}
	defer m.leave(call, f)
	if rec, ok := m.recordField(call); ok && tuple <= 0 {
		return m.toolHandlers(rec, f) // st.HandlerFunc(deps): the record's handler
	}
	fn := m.Flow.Callee(call)
	if fn != nil {
		switch {
		case m.boundaryFunc(fn):
			m.noteWrappedHandlers(call, f)
			return handlerSet{wrapped: true}
		case mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewTypedToolHandler"), mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewStructuredToolHandler"):
			if len(call.Args) == 1 {
				return m.classifyHandler(call.Args[0], f)
			}
			return handlerSet{unknown: true}
		}
		if m.Flow.Body(fn) == nil {
			return m.handlerFromFact(fn, call, f, tuple)
		}
	} else if ds := m.valueDeps(call, f); len(ds) > 0 {
		// A function value the caller passes, itself or in a field of a
		// parameter (a registrar's optional middleware): decided where it
		// is bound. Middleware applied to a handler, mw(h): the handler,
		// wrapped when a boundary is what the callers pass.
		for _, a := range call.Args {
			if mcpsdk.HandlerKindOf(m.Pass.TypesInfo.TypeOf(a)) == mcpsdk.NotHandler {
				continue
			}
			hs := m.classifyHandler(a, f)
			hs.wrapIn(ds)
			return hs
		}
		return handlerSet{deps: depParams(ds)}
	} else if m.isBoundaryValue(call.Fun, f) {
		// A boundary middleware applied: Boundary(logger)(h), mw(h).
		m.noteWrappedHandlers(call, f)
		return handlerSet{wrapped: true}
	} else if h, ok := m.nilFuncArg(call, f); ok {
		// A function value that holds nothing but nil: called only where
		// it is tested (if wrap != nil { h = wrap(h) }), it applies
		// nothing, and the handler is its argument.
		return m.classifyHandler(h, f)
	} else if cs, ok := m.valueCallees(call, f); ok {
		// A function value: the declared functions and literals it may be.
		var hs handlerSet
		for _, c := range cs {
			var one handlerSet
			if !m.calleeResults([]flow.Callee{c}, call, f, tuple,
				func(fn *types.Func) { one.merge(m.handlerFromFact(fn, call, f, tuple)) },
				func(o flow.Origin) { one.merge(m.classifyHandlerOrigin(o)) }) {
				hs.unknown = true
			}
			if from, ok := m.dispatchedBy(call, c); ok {
				for i := range one.unwrapped {
					one.unwrapped[i].from = from
				}
			}
			hs.merge(one)
		}
		return hs
	}
	origins, ok := m.tr.Results(call, f, tuple, nil)
	if !ok {
		return handlerSet{unknown: true}
	}
	var hs handlerSet
	for _, o := range origins {
		hs.merge(m.classifyHandlerOrigin(o))
	}
	if len(origins) == 0 {
		hs.unknown = true
	}
	// An adapter's closure is the registered function, but the tool's own
	// code is the handler passed in.
	for _, a := range call.Args {
		if mcpsdk.HandlerKindOf(m.Pass.TypesInfo.TypeOf(a)) != mcpsdk.NotHandler {
			m.noteWrappedHandlers(&ast.CallExpr{Args: []ast.Expr{a}}, f)
		}
	}
	return hs
}

// nilFuncArg returns the handler a call of a function value passes, when
// the value holds nothing but nil (a field or variable never set, its
// zero value).
func (m *Model) nilFuncArg(call *ast.CallExpr, f *flow.Frame) (ast.Expr, bool) {
	if m.Flow.Callee(call) != nil || flow.InterfaceCall(m.Pass.TypesInfo, call) != nil || len(call.Args) != 1 {
		return nil, false
	}
	if _, ok := m.Pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature); !ok {
		return nil, false
	}
	if mcpsdk.HandlerKindOf(m.Pass.TypesInfo.TypeOf(call.Args[0])) == mcpsdk.NotHandler || len(m.tr.Origins(call.Fun, f, nil)) > 0 {
		return nil, false
	}
	return call.Args[0], true
}

// valueDeps returns the parameters, unbound in f, that the function value a
// call calls comes from, and the fields of such parameters it is read
// from (r.wrap on a receiver the caller passes), which the caller's value
// decides rather than what the package stores in the field elsewhere.
func (m *Model) valueDeps(call *ast.CallExpr, f *flow.Frame) []dep {
	if m.Flow.Callee(call) != nil {
		return nil
	}
	var ds []dep
	if sel := flow.InterfaceCall(m.Pass.TypesInfo, call); sel != nil {
		// t.Handler(deps) on a t the caller passes
		for _, o := range m.tr.Origins(sel.X, f, nil) {
			if o.Kind == flow.FreeParam {
				ds = append(ds, dep{param: o.Param})
			}
		}
		return ds
	}
	for _, o := range m.tr.OriginsByField(call.Fun, f, nil) {
		switch o.Kind {
		case flow.FreeParam:
			ds = append(ds, dep{param: o.Param})
		case flow.FreeField:
			ds = append(ds, dep{param: o.Param, field: o.Field})
		}
	}
	return ds
}

// valueCallees returns the functions the function value a call calls may
// be, when every one is known: declared functions and literals.
func (m *Model) valueCallees(call *ast.CallExpr, f *flow.Frame) ([]flow.Callee, bool) {
	if m.Flow.Callee(call) != nil {
		return nil, false
	}
	if sel := flow.InterfaceCall(m.Pass.TypesInfo, call); sel != nil && m.sdkInterface(m.Pass.TypesInfo.TypeOf(sel.X)) {
		return m.interfaceCallees(call, sel, f)
	}
	return m.tr.Callees(call, f)
}

// noteWrappedHandlers records the functions passed to a boundary or adapter
// as tool handlers.
func (m *Model) noteWrappedHandlers(call *ast.CallExpr, f *flow.Frame) {
	for _, a := range call.Args {
		if mcpsdk.HandlerKindOf(m.Pass.TypesInfo.TypeOf(a)) == mcpsdk.NotHandler {
			continue
		}
		for _, o := range m.tr.Origins(a, f, nil) {
			switch o.Kind {
			case flow.FuncRef:
				if d := m.Flow.Body(o.Func); d != nil {
					m.Handlers[d] = true
				}
			case flow.Made:
				if lit, ok := o.Expr.(*ast.FuncLit); ok {
					m.Handlers[lit] = true
				}
			}
		}
	}
}

// FuncName spells fn as go vet does: pkg.Func, (*pkg.T).Method.
func FuncName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Name() + "."
	}
	if sig.Recv() != nil {
		recv := sig.Recv().Type()
		ptr := ""
		if p, ok := recv.(*types.Pointer); ok {
			recv, ptr = p.Elem(), "*"
		}
		if n, ok := types.Unalias(recv).(*types.Named); ok {
			return "(" + ptr + pkg + n.Obj().Name() + ")." + fn.Name()
		}
	}
	return pkg + fn.Name()
}

func qualifiedName(fn *types.Func) string {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil {
		return mcpsdk.PkgPath(fn) + "." + mcpsdk.RecvTypeName(sig) + "." + fn.Name()
	}
	return mcpsdk.PkgPath(fn) + "." + fn.Name()
}

// ---- servers ----

// classifyServer says whether a server expression carries the boundary.
func (m *Model) classifyServer(e ast.Expr, f *flow.Frame) serverSet {
	var ss serverSet
	origins := m.tr.Origins(e, f, m.isEquippedStorage)
	if len(origins) == 0 {
		ss.unknown = true
	}
	for _, o := range origins {
		ss.merge(m.classifyServerOrigin(o))
	}
	if obj := m.Flow.StorageOf(e); obj != nil && !ss.equipped {
		for _, p := range m.equipIf[obj] {
			if !slices.Contains(ss.optIf, p) {
				ss.optIf = append(ss.optIf, p)
			}
		}
	}
	return ss
}

func (m *Model) isEquippedStorage(obj types.Object) bool { return m.equipped[obj] }

func (m *Model) classifyServerOrigin(o flow.Origin) serverSet {
	switch o.Kind {
	case flow.Stopped:
		return serverSet{equipped: true}
	case flow.FreeParam:
		return serverSet{params: []*types.Var{o.Param}}
	case flow.FreeField:
		return serverSet{fields: []dep{{param: o.Param, field: o.Field}}}
	case flow.Made:
		call, ok := o.Expr.(*ast.CallExpr)
		if !ok || !m.enter(call, o.Frame) {
			break
		}
		defer m.leave(call, o.Frame)
		fn := m.Flow.Callee(call)
		switch {
		case fn == nil:
			// A method of an interface another package declares: the
			// servers its implementations there return.
			if im, ok := typeutil.Callee(m.Pass.TypesInfo, call).(*types.Func); ok && m.factOf(im) != nil {
				ss := m.serverFromFact(im, call, o.Frame, o.Tuple)
				ss.from = []string{FuncName(im)}
				return ss
			}
		case mcpsdk.IsFunc(fn, mcpsdk.MCPGoServer, "NewMCPServer"):
			var params []*types.Var
			for _, a := range call.Args[min(2, len(call.Args)):] {
				// Options read from a setter the function handed to its
				// caller's option functions are those the caller passes;
				// others are traced as they are.
				installs, ps, ok := m.collectorOptions(a, o.Frame)
				if !ok {
					installs, ps = m.optionsInstallBoundary([]ast.Expr{a}, o.Frame)
				}
				if installs {
					return serverSet{equipped: true}
				}
				for _, p := range ps {
					if !slices.Contains(params, p) {
						params = append(params, p)
					}
				}
			}
			return serverSet{notEquipped: true, built: m.builtHere(call), optIf: params}
		case mcpsdk.IsFunc(fn, mcpsdk.GoSDKMCP, "NewServer"):
			return serverSet{notEquipped: true, built: m.builtHere(call)}
		case m.Flow.Body(fn) == nil:
			return m.serverFromFact(fn, call, o.Frame, o.Tuple)
		}
		origins, ok := m.tr.Results(call, o.Frame, o.Tuple, m.isEquippedStorage)
		if !ok || len(origins) == 0 {
			return serverSet{unknown: true}
		}
		var ss serverSet
		for _, r := range origins {
			ss.merge(m.classifyServerOrigin(r))
		}
		return ss
	}
	return serverSet{unknown: true}
}

// collectorOptions evaluates, in frame f, the options argument a read
// from an object the function hands to the option functions it is given:
// a project's server hands a setter to each option
// (for _, o := range opts { o(setter) }) and builds the SDK's server with
// what they set (setter.opts...). Those options are the ones its caller
// passes: it reports whether they install the boundary, and otherwise
// the parameters, unbound in f, that hold them; ok is false when a is not
// read from such an object.
func (m *Model) collectorOptions(a ast.Expr, f *flow.Frame) (installs bool, params []*types.Var, found bool) {
	info := m.Pass.TypesInfo
	x := ast.Unparen(a)
	for {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if s, ok := info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false, nil, false
		}
		x = ast.Unparen(sel.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok || x == ast.Unparen(a) {
		return false, nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false, nil, false
	}
	var fn ast.Node
	for _, n := range m.Flow.Funcs() {
		if flow.Within(n, v.Pos()) && (fn == nil || flow.Within(fn, n.Pos())) {
			fn = n
		}
	}
	if fn == nil {
		return false, nil, false
	}
	for call := range m.Flow.CallsIn(fn) {
		if m.Flow.Callee(call) != nil || !slices.ContainsFunc(call.Args, func(e ast.Expr) bool {
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
				e = u.X
			}
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && info.Uses[id] == v
		}) {
			continue
		}
		origins := m.tr.Origins(call.Fun, nil, nil)
		if !slices.ContainsFunc(origins, func(o flow.Origin) bool {
			pi, ok := m.Flow.ParamOf(o.Param)
			return o.Kind == flow.FreeParam && ok && pi.Func == fn
		}) {
			continue
		}
		found = true
		for _, o := range m.tr.Origins(call.Fun, f, nil) {
			if o.Kind == flow.FreeParam {
				if !slices.Contains(params, o.Param) {
					params = append(params, o.Param)
				}
				continue
			}
			if yes, ps := m.optionBoundary(o, 0); yes {
				return true, nil, true
			} else {
				params = append(params, ps...)
			}
		}
	}
	return false, params, found
}

// builtHere returns the construction call as a list, when it is in this
// package.
func (m *Model) builtHere(call *ast.CallExpr) []*ast.CallExpr {
	if m.FileOf(call.Pos()) == nil {
		return nil
	}
	return []*ast.CallExpr{call}
}

// optionsInstallBoundary reports whether mcp-go server options include
// WithToolHandlerMiddleware(boundary), or middleware given to a server
// (AddReceivingMiddleware, Use) is a boundary, and otherwise the
// parameters of the function evaluated at that they come from.
func (m *Model) optionsInstallBoundary(args []ast.Expr, f *flow.Frame) (bool, []*types.Var) {
	var params []*types.Var
	add := func(ps ...*types.Var) {
		for _, p := range ps {
			if !slices.Contains(params, p) {
				params = append(params, p)
			}
		}
	}
	for _, a := range args {
		for _, o := range m.tr.Origins(a, f, nil) {
			if o.Kind == flow.FreeParam {
				add(o.Param)
			}
			if m.isBoundaryOrigin(o) {
				return true, nil
			}
			installs, ps := m.optionBoundary(o, 0)
			if installs {
				return true, nil
			}
			add(ps...)
		}
	}
	return false, params
}

// optionBoundary reports whether the server option o evaluates to
// installs the boundary, and otherwise the parameters of the function
// evaluated at whose arguments decide it: the middleware of
// WithToolHandlerMiddleware(mw), or of a project's own option, a function
// that hands such an option to the project's server (a setter's
// SetOption(server.WithToolHandlerMiddleware(mw))).
func (m *Model) optionBoundary(o flow.Origin, depth int) (bool, []*types.Var) {
	if o.Kind != flow.Made || depth > flow.MaxDepth {
		return false, nil
	}
	if lit, ok := o.Expr.(*ast.FuncLit); ok {
		if m.tr.InProgress(lit) {
			return false, nil
		}
		m.tr.Enter(lit)
		defer m.tr.Leave(lit)
		var params []*types.Var
		for call := range m.Flow.CallsIn(lit.Body) {
			installs, ps := m.optionBoundary(flow.Origin{Kind: flow.Made, Expr: call, Tuple: -1, Frame: o.Frame}, depth+1)
			if installs {
				return true, nil
			}
			params = append(params, ps...)
		}
		return false, params
	}
	call, ok := o.Expr.(*ast.CallExpr)
	if !ok || !m.enter(call, o.Frame) {
		return false, nil
	}
	defer m.leave(call, o.Frame)
	fn := m.Flow.Callee(call)
	if mcpsdk.IsFunc(fn, mcpsdk.MCPGoServer, "WithToolHandlerMiddleware") {
		if len(call.Args) != 1 {
			return false, nil
		}
		return m.middlewareBoundary(call.Args[0], o.Frame)
	}
	if fn != nil && m.Flow.Body(fn) == nil {
		ff := m.factOf(fn)
		if ff == nil {
			return false, nil
		}
		if ff.OptionInstallsBoundary {
			return true, nil
		}
		var params []*types.Var
		for _, p := range ff.OptionBoundaryIf {
			for _, a := range argOf(call, p) {
				installs, ps := m.middlewareBoundary(a, o.Frame)
				if installs {
					return true, nil
				}
				params = append(params, ps...)
			}
		}
		return false, params
	}
	origins, ok := m.tr.Results(call, o.Frame, o.Tuple, nil)
	if !ok {
		return false, nil
	}
	var params []*types.Var
	for _, r := range origins {
		installs, ps := m.optionBoundary(r, depth+1)
		if installs {
			return true, nil
		}
		params = append(params, ps...)
	}
	return false, params
}

// middlewareBoundary reports whether middleware e is a boundary, and
// otherwise the parameters it comes from.
func (m *Model) middlewareBoundary(e ast.Expr, f *flow.Frame) (bool, []*types.Var) {
	if m.isBoundaryValue(e, f) {
		return true, nil
	}
	var params []*types.Var
	for _, o := range m.tr.Origins(e, f, nil) {
		if o.Kind == flow.FreeParam {
			params = append(params, o.Param)
		}
	}
	return false, params
}

// ---- tools (server.ServerTool values) ----

// toolHandlers returns the handlers inside the ServerTool values e may
// evaluate to.
func (m *Model) toolHandlers(e ast.Expr, f *flow.Frame) handlerSet {
	return m.toolHandlersAt(arg{e, -1}, f)
}

// toolHandlersAt is toolHandlers of an argument, a tuple's result.
func (m *Model) toolHandlersAt(a arg, f *flow.Frame) handlerSet {
	var hs handlerSet
	for _, o := range m.tr.OriginsAt(a.e, f, a.tuple, nil) {
		hs.merge(m.toolHandlersOrigin(o, 0))
	}
	if hs.unknown {
		// Records the model cannot follow, out of a registry of another
		// package or an SDK call: any record of the type the program builds.
		if typ := m.recordTypeName(m.typeOf(a)); typ != "" && !mcpsdk.IsServerToolType(elemType(m.typeOf(a))) {
			hs.unwrapped = append(hs.unwrapped, m.poolOf(typ)...)
			hs.unknown = false
		}
	}
	return hs
}

// calleeResults follows a call of a function value into each function it
// may be: fromFact for one whose body is in another package, each for
// every origin of the others' results. It reports false when some
// callee's results cannot be traced (the caller's set is then unknown,
// after merging what could be).
func (m *Model) calleeResults(cs []flow.Callee, call *ast.CallExpr, f *flow.Frame, tuple int, fromFact func(*types.Func), each func(flow.Origin)) bool {
	known := true
	for _, c := range cs {
		if c.Body == nil {
			fromFact(c.Func)
			continue
		}
		origins, ok := m.tr.CallResults(c.Body, c.Frame, call, f, tuple, nil)
		if !ok {
			known = false
			continue
		}
		for _, o := range origins {
			each(o)
		}
	}
	return known
}

// elemType returns the element type of slices, arrays, maps and pointers
// of t, all the way down.
func elemType(t types.Type) types.Type {
	for t != nil {
		switch u := t.Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return t
		}
	}
	return nil
}

func (m *Model) toolHandlersOrigin(o flow.Origin, depth int) handlerSet {
	switch o.Kind {
	case flow.FreeParam:
		return handlerSet{params: []*types.Var{o.Param}}
	case flow.Made:
		switch e := o.Expr.(type) {
		case *ast.CompositeLit:
			r := m.records.Of(m.Pass.TypesInfo.TypeOf(e))
			if r == nil {
				return handlerSet{unknown: true}
			}
			if r.Convert != "" {
				return m.convertedHandlers(o, r, depth)
			}
			return m.recordHandlers(e, r, o.Frame)
		case *ast.CallExpr:
			if !m.enter(e, o.Frame) {
				return handlerSet{unknown: true}
			}
			defer m.leave(e, o.Frame)
			if depth > flow.MaxDepth {
				return handlerSet{unknown: true}
			}
			if x, ok := m.conversionOf(e); ok {
				// t.toMCPServerTool(): the record of the value t is.
				return m.toolHandlers(x, o.Frame)
			}
			if ds := m.valueDeps(e, o.Frame); len(ds) > 0 {
				// t.ToMCP() on a t the caller passes: decided where it
				// is bound.
				return handlerSet{deps: depParams(ds)}
			}
			cs, ok := m.tr.Callees(e, o.Frame)
			if !ok {
				// t.ToMCP() on the project's tool interface: its
				// implementations' records.
				cs, ok = m.valueCallees(e, o.Frame)
			}
			if !ok {
				return handlerSet{unknown: true}
			}
			var hs handlerSet
			if !m.calleeResults(cs, e, o.Frame, o.Tuple,
				func(fn *types.Func) { hs.merge(m.toolsFromFact(fn, e, o.Frame)) },
				func(r flow.Origin) { hs.merge(m.toolHandlersOrigin(r, depth+1)) }) {
				hs.unknown = true
			}
			return hs
		}
	}
	return handlerSet{unknown: true}
}

// conversionOf reports whether call converts a value of the project's own
// tool type into an SDK record (its record's convert method), and
// returns the value.
func (m *Model) conversionOf(call *ast.CallExpr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 {
		return nil, false
	}
	s, ok := m.Pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return nil, false
	}
	r := m.records.Of(m.Pass.TypesInfo.TypeOf(sel.X))
	if r == nil || r.Convert != sel.Sel.Name {
		return nil, false
	}
	return sel.X, true
}

// convertedHandlers returns the handlers of the value o, built by a
// literal of a type whose records are made by method r.convert: those of
// the record the method returns with its receiver bound to the value.
func (m *Model) convertedHandlers(o flow.Origin, r *toolrecord.Record, depth int) handlerSet {
	cs, ok := m.tr.MethodsNamed(m.Pass.Pkg, r.Convert, []flow.Origin{o})
	if !ok || depth > flow.MaxDepth {
		return handlerSet{unknown: true}
	}
	var hs handlerSet
	for _, c := range cs {
		if c.Body == nil || m.tr.InProgress(c.Body) {
			hs.unknown = true
			continue
		}
		m.tr.Enter(c.Body)
		origins, ok := m.tr.ReturnsOf(c.Body, c.Frame, 0, nil)
		m.tr.Leave(c.Body)
		if !ok {
			hs.unknown = true
			continue
		}
		for _, ro := range origins {
			hs.merge(m.toolHandlersOrigin(ro, depth+1))
		}
	}
	return hs
}

// toolOfServerTool returns the tools of a ServerTool literal's Tool field.
func (m *Model) toolOfServerTool(lit *ast.CompositeLit, f *flow.Frame) toolSet {
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Tool" {
				return m.toolsOf(kv.Value, f)
			}
		} else if i == 0 {
			return m.toolsOf(elt, f)
		}
	}
	return toolSet{unknown: true}
}

// pairTools gives each entry that has no tool yet the tools of ts: one
// entry per tool.
//
// A tool and a handler that come from methods of one interface value
// (srv.AddTool(t.Definition(), t.Handler()) over a slice of the project's
// tools) pair only when they come from the same implementation.
func pairTools(es []entry, ts toolSet) []entry {
	if len(ts.defs) == 0 && len(ts.params) == 0 {
		return es
	}
	var out []entry
	for _, e := range es {
		if e.tool != (ToolDef{}) || e.tparam != nil {
			out = append(out, e)
			continue
		}
		paired := false
		for _, d := range ts.defs {
			if e.from.other(d.from) {
				continue // another implementation's tool
			}
			x := e
			x.tool = d
			out = append(out, x)
			paired = true
		}
		if !paired && len(ts.params) == 0 {
			out = append(out, e)
		}
		for _, p := range ts.params {
			x := e
			x.tparam = p
			out = append(out, x)
		}
	}
	return out
}

type visitKey struct {
	node ast.Node
	f    *flow.Frame
}

// enter guards the classification of a call in a frame against cycles
// (a handler reassigned from itself in a loop, mutual recursion) and
// against runaway depth; leave ends it.
func (m *Model) enter(n ast.Node, f *flow.Frame) bool {
	k := visitKey{n, f}
	if m.visiting[k] || len(m.visiting) > 4*flow.MaxDepth*flow.MaxDepth {
		return false
	}
	m.visiting[k] = true
	return true
}

func (m *Model) leave(n ast.Node, f *flow.Frame) { delete(m.visiting, visitKey{n, f}) }

// adaptedHandlers returns the handler-typed variables of enclosing
// functions that a function literal calls: the literal is an adapter (or
// middleware) around them, not a tool of its own.
func (m *Model) adaptedHandlers(lit *ast.FuncLit) []*ast.Ident {
	info := m.Pass.TypesInfo
	var out []*ast.Ident
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || v.Pos() >= lit.Pos() && v.Pos() < lit.End() {
			return true // not captured from outside the literal
		}
		if mcpsdk.HandlerKindOf(v.Type()) != mcpsdk.NotHandler {
			out = append(out, id)
		}
		return true
	})
	return out
}

// litName names a function literal by where it is: "func literal at f.go:12".
func (m *Model) litName(lit *ast.FuncLit) string {
	p := m.Pass.Fset.Position(lit.Pos())
	return fmt.Sprintf("func literal at %s:%d", filepath.Base(p.Filename), p.Line)
}
