package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// Registrations through the methods of the project's own interfaces: a
// tool that registers itself (tool.Install(s)), a toolset called through
// the interface its package declares (ts.RegisterTools(s)). An interface
// whose implementations are the project's types is not opaque: a call of
// its method calls the method of each value the interface may hold.
//
// Where those values come from decides how far the model sees them:
//
//   - traced to their construction (a literal, a constructor, a slice of
//     them), the methods of their types;
//   - a parameter: decided where it is bound, in this package as every
//     other parameter, and for the callers in other packages through a
//     dispatch registration in the function's fact (ParamReg.Dispatch);
//   - not visible (a package variable of another package, a value of
//     unknown origin), the implementations declared in this package and in
//     the packages it imports that reach an SDK. An implementation in a
//     package the call cannot see is decided where the value is passed to
//     it, through the fact.

// evaluateInterfaceCall evaluates the registrations of a call of an
// interface method, sel, in frame f.
func (m *Model) evaluateInterfaceCall(t *template, sel *ast.SelectorExpr, f *flow.Frame) (handlerSet, serverSet) {
	var hs handlerSet
	var ss serverSet
	var values []flow.Origin
	// A value whose server a boundary was installed on (w.Use(boundary)
	// on the project's server w): what its methods register is wrapped.
	origins := m.tr.Origins(sel.X, f, m.isEquippedStorage)
	equipped := slices.ContainsFunc(origins, func(o flow.Origin) bool { return o.Kind == flow.Stopped })
	if equipped {
		origins = m.tr.Origins(sel.X, f, nil) // the values, past the storage
	}
	for _, o := range origins {
		if o.Kind == flow.FreeParam {
			if pi, ok := m.Flow.ParamOf(o.Param); ok && (flow.Within(pi.Func, t.call.Pos()) || m.deciding != nil && m.encloses(pi.Func, m.deciding)) {
				hs.deps = append(hs.deps, o.Param)
				continue
			}
			// A value another function stored from its parameter (a
			// registry's Register(t)): not visible here.
			o = flow.Origin{Kind: flow.Opaque}
		}
		values = append(values, o)
	}
	var cs []flow.Callee
	if len(values) > 0 {
		cs = m.methodsOf(m.Pass.TypesInfo.Selections[sel].Obj().Pkg(), m.Pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name, values)
	}
	for _, c := range cs {
		if c.Body == nil {
			if ff := m.factOf(c.Func); ff != nil {
				for i := range ff.Registers {
					h, s := m.evaluate(&template{call: t.call, reg: &ff.Registers[i], via: c.Func}, f)
					hs.merge(h)
					ss.merge(s)
				}
			}
			continue
		}
		for _, sub := range m.summaryOf(c.Body) {
			h, s := m.evaluate(&template{call: t.call, sub: sub, target: c.Body, closure: c.Frame, via: c.Func}, f)
			hs.merge(h)
			ss.merge(s)
		}
	}
	if equipped {
		ss = serverSet{equipped: true}
	}
	return hs, ss
}

// evaluateDispatch evaluates a dispatch registration of another package's
// function (ParamReg.Dispatch) at t.call: the registrations of the methods
// of the values the call passes, on the server the fact says.
func (m *Model) evaluateDispatch(t *template, f *flow.Frame) (handlerSet, serverSet) {
	r := t.reg
	info := m.Pass.TypesInfo
	sig := funcSig(info.TypeOf(t.call.Fun))
	if sig == nil || r.DispatchOn < 0 || r.DispatchOn >= sig.Params().Len() {
		return handlerSet{unknown: true}, serverSet{unknown: true}
	}
	iface := sig.Params().At(r.DispatchOn).Type()
	if sl, ok := iface.Underlying().(*types.Slice); ok {
		iface = sl.Elem()
	}
	var origins []flow.Origin
	for _, a := range paramArgs(info, t.call, r.DispatchOn) {
		var stop flow.Stop
		if r.DispatchArg > 0 {
			stop = m.isEquippedStorage // a wrapper whose server a boundary was installed on
		}
		origins = append(origins, m.tr.Origins(a, f, stop)...)
	}
	var pkg *types.Package
	if n, ok := types.Unalias(iface).(*types.Named); ok {
		pkg = n.Obj().Pkg()
	}
	cs := m.methodsOf(pkg, iface, r.Dispatch, origins)
	if r.DispatchArg > 0 {
		return m.evaluateToolDispatch(t, f, cs, origins)
	}
	server := m.serverFromValue(r.Server, t.call, f)
	var hs handlerSet
	var ss serverSet
	add := func(h handlerSet, s serverSet, via *types.Func) {
		for i := range h.unwrapped {
			if h.unwrapped[i].via == "" {
				h.unwrapped[i].via = FuncName(via)
			}
		}
		h.params, h.deps = nil, nil
		hs.merge(h)
		ss.merge(s)
	}
	for _, c := range cs {
		if c.Body == nil {
			ff := m.factOf(c.Func)
			if ff == nil {
				continue
			}
			for _, reg := range ff.Registers {
				if reg.Dispatch != "" || reg.Server.Kind != toolfact.FromParam || reg.Server.Param != r.DispatchServer {
					continue
				}
				switch reg.Handler.Kind {
				case toolfact.RawHandler, toolfact.WrappedHandler, toolfact.RecordPool:
				default:
					continue // a handler the method is passed: not known here
				}
				h := m.handlerFromValue(reg.Handler, t.call, f)
				for i := range h.unwrapped {
					h.unwrapped[i].sdk, h.unwrapped[i].session, h.unwrapped[i].task = reg.SDK, reg.Session, reg.Task
				}
				add(h, server, c.Func)
			}
			continue
		}
		// The method's body is here: its registrations with the receiver
		// bound to the value dispatched on, on the server the fact says
		// when they register on the method's server parameter.
		nf := m.tr.Bind(c.Body, nil, f, c.Frame)
		for _, sub := range m.summaryOf(c.Body) {
			h, s := m.evaluate(sub, nf)
			onParam := false
			for _, p := range s.params {
				if pi, ok := m.Flow.ParamOf(p); ok && pi.Func == c.Body && pi.Index == r.DispatchServer {
					onParam = true
				}
			}
			if !onParam {
				continue
			}
			add(h, server, c.Func)
		}
	}
	return hs, ss
}

// evaluateToolDispatch evaluates at t.call a dispatch that passes tool
// records (ParamReg.DispatchArg) to the methods cs of the values of origins,
// which hold the server: the methods' registrations of that parameter, on
// the server they say.
func (m *Model) evaluateToolDispatch(t *template, f *flow.Frame, cs []flow.Callee, origins []flow.Origin) (handlerSet, serverSet) {
	r := t.reg
	tools := m.handlerFromValue(r.Handler, t.call, f)
	var hs handlerSet
	var ss serverSet
	for _, c := range cs {
		if c.Body != nil {
			continue // (the package's own: its dispatch is traced, not a fact's)
		}
		ff := m.factOf(c.Func)
		if ff == nil {
			continue
		}
		for _, reg := range ff.Registers {
			if reg.Dispatch != "" || reg.Handler.Kind != toolfact.FromParam || reg.Handler.Param != r.DispatchArg-1 {
				continue
			}
			h := handlerSet{unwrapped: slices.Clone(tools.unwrapped), wrapped: tools.wrapped}
			for i := range h.unwrapped {
				e := &h.unwrapped[i]
				e.sdk, e.session, e.task = reg.SDK, reg.Session, reg.Task
				if e.via == "" {
					e.via = FuncName(c.Func)
				}
			}
			hs.merge(h)
			ss.merge(m.heldServer(reg.Server, origins))
		}
	}
	return hs, ss
}

// heldServer evaluates the server src of a method's fact, for the values
// of origins as its receiver: a server a field of the receiver holds.
func (m *Model) heldServer(src toolfact.Value, origins []flow.Origin) serverSet {
	if src.Kind != toolfact.FromParam || src.Param != -1 || src.Field == "" {
		return serverSet{unknown: true}
	}
	var ss serverSet
	for _, o := range origins {
		ss.merge(m.fieldServer(o, src.Field))
	}
	return ss
}

// fieldServer evaluates the server field name of the value o holds, built
// by a call of another package's function whose fact says what it keeps
// there (FieldValue), or traced here.
func (m *Model) fieldServer(o flow.Origin, name string) serverSet {
	if o.Kind == flow.Stopped {
		return serverSet{equipped: true}
	}
	call, ok := o.Expr.(*ast.CallExpr)
	if o.Kind != flow.Made || !ok {
		return serverSet{unknown: true}
	}
	fn := m.Flow.Callee(call)
	if fn != nil && m.Flow.Body(fn) == nil {
		ff := m.factOf(fn)
		if ff == nil {
			return serverSet{unknown: true}
		}
		if src, ok := ff.FieldServer(max(o.Tuple, 0), name); ok {
			ss := m.serverFromValue(src, call, o.Frame)
			if ss.notEquipped && !ss.equipped {
				// built by the wrapper's constructor: the place to give
				// it the boundary is this call's options
				ss.built = m.builtHere(call)
			}
			return ss
		}
		if p, ok := ff.Field(max(o.Tuple, 0), name); ok {
			var ss serverSet
			for _, a := range argOf(call, p) {
				ss.merge(m.classifyServer(a, o.Frame))
			}
			return ss
		}
		return serverSet{unknown: true}
	}
	fv := fieldNamed(m.Pass.TypesInfo.TypeOf(call), name)
	if fv == nil {
		return serverSet{unknown: true}
	}
	var ss serverSet
	for _, fo := range m.tr.FieldOrigins(call, fv, o.Frame, m.isEquippedStorage) {
		ss.merge(m.classifyServerOrigin(fo))
	}
	return ss
}

// dispatchRegs describes, for the fact of function d, a call of an
// interface method through template t on the values of one of d's
// parameters, as the registrations of the methods of what d's callers
// pass; ok is false when t is no such call or its server is not known.
func (m *Model) dispatchRegs(d ast.Node, t *template) []toolfact.ParamReg {
	// Through the calls of the package's functions to the interface call
	// (a group's RegisterTools calling each toolset's, which calls
	// s.AddTools(tool)), in the frames binding their parameters.
	var f *flow.Frame
	for t.sub != nil {
		next := f
		if t.closure != nil {
			next = t.closure
		}
		f = m.tr.Bind(t.target, t.call, f, next)
		if f.Depth() > flow.MaxDepth {
			return nil
		}
		t = t.sub
	}
	if !t.dyn {
		return nil
	}
	info := m.Pass.TypesInfo
	sel := flow.InterfaceCall(info, t.call)
	if sel == nil {
		return nil
	}
	var on []int
	for _, o := range m.tr.Origins(sel.X, f, nil) {
		if o.Kind != flow.FreeParam {
			continue
		}
		if pi, ok := m.Flow.ParamOf(o.Param); ok && pi.Func == d && pi.Index >= 0 {
			on = append(on, pi.Index)
		}
	}
	if len(on) == 0 {
		return nil
	}
	var out regSet
	for k, a := range t.call.Args {
		if m.isToolValueType(info.TypeOf(a)) {
			for _, h := range m.recordSrcs(d, m.toolHandlers(a, f)) {
				for _, i := range on {
					out.add(toolfact.ParamReg{Dispatch: sel.Sel.Name, DispatchOn: i, DispatchArg: k + 1, Handler: h})
				}
			}
			continue
		}
		if !mcpsdk.IsServerType(info.TypeOf(a)) {
			continue
		}
		for _, src := range m.serverSrcs(d, m.classifyServer(a, f)) {
			for _, i := range on {
				out.add(toolfact.ParamReg{Dispatch: sel.Sel.Name, DispatchOn: i, DispatchServer: k, Server: src})
			}
		}
	}
	return out.list
}

// recordSrcs describes, for d's fact, the tool records hs holds: each
// unwrapped, and the pools of the records d's callers cannot pass.
func (m *Model) recordSrcs(d ast.Node, hs handlerSet) []toolfact.Value {
	var out []toolfact.Value
	for _, e := range hs.unwrapped {
		out = append(out, m.unwrappedValue(d, e))
	}
	_, pools := m.poolParams(d, hs)
	for _, typ := range pools {
		out = append(out, toolfact.Value{Kind: toolfact.RecordPool, Name: typ})
	}
	return out
}

// unwrappedValue describes, for d's fact (or the package's, d nil), the
// unwrapped handler e, with where its tool is registered or defined.
func (m *Model) unwrappedValue(d ast.Node, e entry) toolfact.Value {
	src := toolfact.Value{Kind: toolfact.RawHandler, Name: m.exportName(d, e.Handler), Tool: e.tool.Name, Where: e.where}
	if src.Where == "" {
		src.Where = m.where(e.site)
	}
	if src.Where == "" {
		src.Where = m.where(e.tool.Pos)
	}
	return src
}

// implementations returns the methods named name of the types declared
// in this package, and in the packages it imports that reach an MCP SDK,
// that implement the interface type iface: what a value of it may be when
// where the value comes from is not visible.
func (m *Model) implementations(iface types.Type, name string) []flow.Callee {
	it, ok := iface.Underlying().(*types.Interface)
	if !ok || it.Empty() {
		return nil
	}
	key := implKey{iface, name}
	if cs, ok := m.impls[key]; ok {
		return cs
	}
	var cs []flow.Callee
	for _, tn := range m.namedTypes() {
		if !mayHaveMethod(tn, name) {
			continue
		}
		recv := implementer(tn.Type(), it)
		if recv == nil {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(recv, false, tn.Pkg(), name)
		if fn, ok := obj.(*types.Func); ok {
			cs = append(cs, flow.Callee{Func: fn, Body: m.Flow.Body(fn)})
		}
	}
	if m.impls == nil {
		m.impls = map[implKey][]flow.Callee{}
	}
	m.impls[key] = cs
	return cs
}

type implKey struct {
	iface types.Type
	name  string
}

// namedTypes returns, computed once, the named types other than
// interfaces and aliases declared in this package and in the packages it
// imports, directly or not, that reach an MCP SDK: those of a package in
// the order of their names, each package before those it imports.
func (m *Model) namedTypes() []*types.TypeName {
	if m.named != nil {
		return m.named
	}
	m.named = []*types.TypeName{}
	seen := map[*types.Package]bool{}
	var visit func(pkg *types.Package)
	visit = func(pkg *types.Package) {
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		if pkg != m.Pass.Pkg && !m.reachesSDK(pkg) {
			return
		}
		scope := pkg.Scope()
		for _, n := range scope.Names() {
			if tn, ok := scope.Lookup(n).(*types.TypeName); ok && !tn.IsAlias() && !types.IsInterface(tn.Type()) {
				m.named = append(m.named, tn)
			}
		}
		for _, imp := range pkg.Imports() {
			visit(imp)
		}
	}
	visit(m.Pass.Pkg)
	return m.named
}

// implementer returns t or a pointer to it, whichever implements it, or
// nil.
func implementer(t types.Type, it *types.Interface) types.Type {
	switch {
	case types.Implements(t, it):
		return t
	case types.Implements(types.NewPointer(t), it):
		return types.NewPointer(t)
	}
	return nil
}

// mayHaveMethod reports whether the named type tn, or a pointer to it,
// may have a method called name: one it declares, or, when it is a
// struct, one an embedded field promotes.
func mayHaveMethod(tn *types.TypeName, name string) bool {
	named, ok := tn.Type().(*types.Named)
	if !ok {
		return true
	}
	for i := 0; i < named.NumMethods(); i++ {
		if named.Method(i).Name() == name {
			return true
		}
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Embedded() {
			return true
		}
	}
	return false
}

// dedupeCallees drops repeated declared methods (the same method of two
// values of one type), keeping those with a frame of their own.
func dedupeCallees(cs []flow.Callee) []flow.Callee {
	if len(cs) < 2 {
		return cs
	}
	type key struct {
		fn    *types.Func
		frame *flow.Frame
	}
	seen := map[key]bool{}
	out := cs[:0:0]
	for _, c := range cs {
		k := key{c.Func, c.Frame}
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// sdkInterface reports whether t is a non-empty interface declared in a
// package that reaches an MCP SDK: one the project's tools or servers
// may implement (io.Writer and context.Context are not).
func (m *Model) sdkInterface(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	it, ok := n.Underlying().(*types.Interface)
	if !ok || it.Empty() {
		return false
	}
	pkg := n.Obj().Pkg()
	return pkg == m.Pass.Pkg || m.reachesSDK(pkg)
}

// concreteResults returns the dynamic types of result i of function d, an
// interface value, when every value d returns there is of a type declared
// at package level.
func (m *Model) concreteResults(d ast.Node, i int) []toolfact.TypeRef {
	origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
	if !ok || len(origins) == 0 {
		return nil
	}
	var out []toolfact.TypeRef
	for _, o := range origins {
		ref, ok := typeRef(m.Pass.TypesInfo.TypeOf(o.Expr))
		if o.Kind != flow.Made || !ok {
			return nil
		}
		ref.Result = i
		if !slices.Contains(out, ref) {
			out = append(out, ref)
		}
	}
	return out
}

// sdkInterfaceList reports whether t is a slice or array of such an
// interface (sdkInterface): a list of the project's tools.
func (m *Model) sdkInterfaceList(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return m.sdkInterface(u.Elem())
	case *types.Array:
		return m.sdkInterface(u.Elem())
	}
	return false
}

// concreteElems returns the dynamic types of the elements of result i of
// function d, a list of interface values, when every element d returns
// there is of a type declared at package level (return
// []Tool{&listTool{}, &getTool{}}; the tracer gives the elements of a
// list literal as its origins): what a caller ranging over the result
// calls.
func (m *Model) concreteElems(d ast.Node, i int) []toolfact.TypeRef {
	origins, ok := m.tr.ReturnsOf(d, nil, i, nil)
	if !ok || len(origins) == 0 {
		return nil
	}
	var out []toolfact.TypeRef
	add := func(e ast.Expr) bool {
		ref, ok := typeRef(m.Pass.TypesInfo.TypeOf(e))
		if !ok {
			return false
		}
		ref.Result = i
		if !slices.Contains(out, ref) {
			out = append(out, ref)
		}
		return true
	}
	for _, o := range origins {
		if o.Kind != flow.Made {
			return nil
		}
		if lit, ok := ast.Unparen(o.Expr).(*ast.CompositeLit); ok && m.sdkInterfaceList(m.Pass.TypesInfo.TypeOf(lit)) {
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if !add(e) {
					return nil
				}
			}
			continue
		}
		if !add(o.Expr) {
			return nil
		}
	}
	return out
}

// typeRef names t, a package-level named type or a pointer to one.
func typeRef(t types.Type) (toolfact.TypeRef, bool) {
	var ref toolfact.TypeRef
	if p, ok := t.(*types.Pointer); ok {
		t, ref.Ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(n) || n.Obj().Pkg() == nil || n.Obj().Parent() != n.Obj().Pkg().Scope() || n.TypeArgs().Len() > 0 {
		return toolfact.TypeRef{}, false
	}
	ref.Pkg, ref.Name = n.Obj().Pkg().Path(), n.Obj().Name()
	return ref, true
}

// methodsOf returns the methods named name (of an interface declared in
// pkg, of type iface) that a call on values of origins may call: those of
// their types, traced (Tracer.Methods) or as another package's function
// returns them (FuncFact.Concrete); where neither is known, the
// implementations the package can see.
func (m *Model) methodsOf(pkg *types.Package, iface types.Type, name string, origins []flow.Origin) []flow.Callee {
	var out []flow.Callee
	opaque := false
	for _, o := range origins {
		if cs, ok := m.tr.MethodsNamed(pkg, name, []flow.Origin{o}); ok {
			out = append(out, cs...)
			continue
		}
		if cs, ok := m.factMethods(pkg, name, o); ok {
			out = append(out, cs...)
			continue
		}
		opaque = true
	}
	if opaque {
		out = append(out, m.implementations(iface, name)...)
	}
	return dedupeCallees(out)
}

// factMethods returns the methods named name of the types a call of
// another package's function returns, as its fact says.
func (m *Model) factMethods(pkg *types.Package, name string, o flow.Origin) ([]flow.Callee, bool) {
	call, ok := o.Expr.(*ast.CallExpr)
	if o.Kind != flow.Made || !ok {
		return nil, false
	}
	ff := m.factOf(m.Flow.Callee(call))
	if ff == nil {
		return nil, false
	}
	var out []flow.Callee
	for _, c := range ff.Concrete {
		if c.Result != max(o.Tuple, 0) {
			continue
		}
		t := m.concreteType(c, ff, call)
		if t == nil {
			return nil, false
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			return nil, false
		}
		out = append(out, flow.Callee{Func: fn, Body: m.Flow.Body(fn)})
	}
	return out, len(out) > 0
}

// concreteTypes returns the dynamic types of result i of call, a call of
// another package's function returning an interface, as its fact says
// (FuncFact.Concrete).
func (m *Model) concreteTypes(call *ast.CallExpr, i int) ([]types.Type, bool) {
	ff := m.factOf(m.Flow.Callee(call))
	if ff == nil {
		return nil, false
	}
	var out []types.Type
	for _, c := range ff.Concrete {
		if c.Result != i {
			continue
		}
		t := m.concreteType(c, ff, call)
		if t == nil {
			return nil, false
		}
		out = append(out, t)
	}
	return out, len(out) > 0
}

// concreteType returns the type ref names, one of the Concrete types of
// ff, the fact of the function call calls: the type itself, or, where the
// importer cannot see it (go vet reads an unexported type of another
// package from export data, which leaves it out), a stand-in with the
// methods of the interface the call returns and the facts ff carries for
// them (FuncFact.Methods).
func (m *Model) concreteType(ref toolfact.TypeRef, ff *toolfact.FuncFact, call *ast.CallExpr) types.Type {
	if t := m.lookupType(ref); t != nil {
		return t
	}
	if token.IsExported(ref.Name) {
		return nil
	}
	t := m.Pass.TypesInfo.TypeOf(call)
	if tu, ok := t.(*types.Tuple); ok {
		if ref.Result >= tu.Len() {
			return nil
		}
		t = tu.At(ref.Result).Type()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		t = u.Elem()
	case *types.Array:
		t = u.Elem()
	}
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	key := standInKey{ref.Pkg, ref.Name, ref.Ptr, t}
	if st, ok := m.standIns[key]; ok {
		return st
	}
	pkg := m.importedPackage(ref.Pkg)
	if pkg == nil {
		return nil
	}
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, ref.Name, nil), types.NewStruct(nil, nil), nil)
	for i := 0; i < it.NumMethods(); i++ {
		im := it.Method(i)
		mf, ok := ff.Method(ref.Name, im.Name())
		if !ok {
			return nil // not a method the fact lists: stay silent
		}
		var recv types.Type = named
		if mf.PtrRecv {
			recv = types.NewPointer(named)
		}
		sig := im.Type().(*types.Signature)
		fn := types.NewFunc(token.NoPos, pkg, im.Name(),
			types.NewSignatureType(types.NewVar(token.NoPos, pkg, "", recv), nil, nil, sig.Params(), sig.Results(), sig.Variadic()))
		named.AddMethod(fn)
		m.funcFacts[fn] = mf.Fact
	}
	var st types.Type = named
	if ref.Ptr {
		st = types.NewPointer(named)
	}
	m.standIns[key] = st
	return st
}

// A standInKey names a stand-in type (concreteType): the hidden type, as
// the interface it is returned as.
type standInKey struct {
	pkg, name string
	ptr       bool
	iface     types.Type
}

// importedPackage returns the package of this path among those this
// package imports, directly or not.
func (m *Model) importedPackage(path string) *types.Package {
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if q := find(imp); q != nil {
				return q
			}
		}
		return nil
	}
	return find(m.Pass.Pkg)
}

// lookupType finds the type ref names among the packages this package
// imports, directly or not.
func (m *Model) lookupType(ref toolfact.TypeRef) types.Type {
	p := m.importedPackage(ref.Pkg)
	if p == nil {
		return nil
	}
	tn, ok := p.Scope().Lookup(ref.Name).(*types.TypeName)
	if !ok {
		return nil
	}
	if ref.Ptr {
		return types.NewPointer(tn.Type())
	}
	return tn.Type()
}

// interfaceCallees returns the methods a call of an interface method sel
// may call (methodsOf), unless the receiver is a parameter the call's
// function is given: that is decided where it is bound.
func (m *Model) interfaceCallees(call *ast.CallExpr, sel *ast.SelectorExpr, f *flow.Frame) ([]flow.Callee, bool) {
	origins := slices.Clone(m.tr.Origins(sel.X, f, nil))
	for i, o := range origins {
		if o.Kind != flow.FreeParam {
			continue
		}
		if pi, ok := m.Flow.ParamOf(o.Param); ok && flow.Within(pi.Func, call.Pos()) {
			return nil, false
		}
		origins[i] = flow.Origin{Kind: flow.Opaque} // stored by another function
	}
	cs := m.methodsOf(m.Pass.TypesInfo.Selections[sel].Obj().Pkg(), m.Pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name, origins)
	return cs, len(cs) > 0
}

// dispatched says which implementation of an interface a value came from:
// a method of type typ, called on the interface value the variable or
// field path recv (spelt path) holds.
type dispatched struct {
	recv types.Object
	path string
	typ  types.Type
}

// other reports whether d and o came from different implementations
// called on the same interface value.
func (d dispatched) other(o dispatched) bool {
	return d.recv != nil && d.recv == o.recv && d.path == o.path && !types.Identical(d.typ, o.typ)
}

// dispatchedBy returns the implementation c is of the interface method
// that call calls on a variable or a field path; ok is false for any
// other call, or a receiver such as ts[i] whose value may differ between
// two calls.
func (m *Model) dispatchedBy(call *ast.CallExpr, c flow.Callee) (dispatched, bool) {
	sel := flow.InterfaceCall(m.Pass.TypesInfo, call)
	if sel == nil || c.Func == nil {
		return dispatched{}, false
	}
	recv := c.Func.Type().(*types.Signature).Recv()
	if recv == nil {
		return dispatched{}, false
	}
	for e := ast.Unparen(sel.X); ; {
		if s, ok := e.(*ast.SelectorExpr); ok {
			e = ast.Unparen(s.X)
			continue
		}
		if _, ok := e.(*ast.Ident); !ok {
			return dispatched{}, false
		}
		break
	}
	obj := m.Flow.StorageOf(sel.X)
	if obj == nil {
		return dispatched{}, false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return dispatched{recv: obj, path: types.ExprString(sel.X), typ: t}, true
}
