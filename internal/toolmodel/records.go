package toolmodel

import (
	"go/ast"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// A tool record is a struct that carries a tool with its handler: mcp-go's
// server.ServerTool and ServerTaskTool, and a project's own type shaped
// like them (a field of an SDK's mcp.Tool type and a handler field, or a
// field of a function returning a handler, which builds the handler from
// dependencies at registration). Tools are followed as records through
// slices, maps, fields and factories, so that each tool stays paired with
// its handler.
type record struct {
	tool    *types.Var // the tool field, or nil
	handler *types.Var // the handler field
	factory bool       // handler is a function returning the handler
	// registrar: handler is a function that registers the tool on the
	// server it is given as parameter server (Register func(*mcp.Server)).
	registrar bool
	server    int
	index     [2]int // the fields' positions, for positional literals
	// convert names the method that makes a value of the type into an
	// SDK record (t.toMCPServerTool() server.ServerTool): a project's
	// own tool type, struct or interface, holding the handler in a type
	// of its own. Its tool and handler are those of the record the
	// method returns for the value.
	convert string
}

// recordOf returns the tool record type t is, or points to. The answers
// are kept for the package's analysis only: a process-wide table would
// keep every type of every package a long-lived process (the language
// server) ever checked.
func (m *Model) recordOf(t types.Type) *record {
	n := mcpsdk.NamedOf(t)
	if n == nil {
		return nil
	}
	n = n.Origin()
	switch n.Underlying().(type) {
	case *types.Struct:
	case *types.Interface:
		if n.Obj().Pkg() == nil {
			return nil // error
		}
	default:
		return nil // most named types: no cache lookup
	}
	m.recMu.Lock()
	defer m.recMu.Unlock()
	if r, ok := m.records[n]; ok {
		return r
	}
	if m.records == nil {
		m.records = map[*types.Named]*record{}
	}
	r := computeRecord(n)
	if r == nil {
		r = m.convertedRecord(n)
	}
	m.records[n] = r
	return r
}

func computeRecord(n *types.Named) *record {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	r := &record{}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		t := f.Type()
		switch {
		case isToolType(t) && r.tool == nil:
			r.tool, r.index[0] = f, i
		case mcpsdk.HandlerKindOf(t).IsToolHandler() && r.handler == nil:
			r.handler, r.index[1] = f, i
		case r.handler == nil:
			sig := funcSig(t)
			switch {
			case sig == nil:
			case sig.Results().Len() == 1 && mcpsdk.HandlerKindOf(sig.Results().At(0).Type()).IsToolHandler():
				r.handler, r.factory, r.index[1] = f, true, i
			case sig.Results().Len() == 0:
				for j := 0; j < sig.Params().Len(); j++ {
					if mcpsdk.IsServerType(sig.Params().At(j).Type()) {
						r.handler, r.registrar, r.server, r.index[1] = f, true, j, i
						break
					}
				}
			}
		}
	}
	if r.handler == nil || r.tool == nil && !r.registrar && !(mcpsdk.IsNamed(n, mcpsdk.MCPGoServer, "ServerTool") || mcpsdk.IsNamed(n, mcpsdk.MCPGoServer, "ServerTaskTool")) {
		return nil
	}
	return r
}

// convertedRecord returns the record of a type that converts its values
// into SDK records by a method of no parameters returning one, or nil.
// The caller holds recMu.
func (m *Model) convertedRecord(n *types.Named) *record {
	if n.Obj().Pkg() == nil || mcpsdk.IsSDKPath(n.Obj().Pkg().Path()) {
		return nil
	}
	var ms *types.MethodSet
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	} else {
		ms = types.NewMethodSet(types.NewPointer(n))
	}
	for i := 0; i < ms.Len(); i++ {
		sig, ok := ms.At(i).Type().(*types.Signature)
		if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		rn := mcpsdk.NamedOf(sig.Results().At(0).Type())
		if rn == nil || rn.Origin() == n {
			continue
		}
		rn = rn.Origin()
		r, ok := m.records[rn]
		if !ok {
			r = computeRecord(rn)
			m.records[rn] = r
		}
		if r != nil && r.convert == "" {
			return &record{convert: ms.At(i).Obj().Name()}
		}
	}
	return nil
}

// isToolValueType matches tool records and slices, arrays, maps and
// pointers of them.
func (m *Model) isToolValueType(t types.Type) bool {
	return m.recordOf(elemType(t)) != nil
}

// recordField reports whether e selects the handler field of a tool
// record (h := st.Handler), or calls a handler-factory field
// (st.HandlerFunc(deps)): the handler is the record's, paired with its
// tool. It returns the record expression.
func (m *Model) recordField(e ast.Expr) (ast.Expr, bool) {
	info := m.Pass.TypesInfo
	e = ast.Unparen(e)
	factoryCall := false
	if call, ok := e.(*ast.CallExpr); ok {
		e, factoryCall = ast.Unparen(call.Fun), true
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil, false
	}
	r := m.recordOf(info.TypeOf(sel.X))
	if r == nil || s.Obj() != r.handler || r.factory != factoryCall || r.registrar {
		return nil, false
	}
	return sel.X, true
}

// registrarField reports whether call calls the registrar field of a tool
// record (td.Register(s)): it registers the record's tool on the server
// argument. It returns the record expression and the server argument.
func (m *Model) registrarField(call *ast.CallExpr) (ast.Expr, ast.Expr, bool) {
	info := m.Pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, false
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil, nil, false
	}
	r := m.recordOf(info.TypeOf(sel.X))
	if r == nil || !r.registrar || s.Obj() != r.handler || r.server >= len(call.Args) {
		return nil, nil, false
	}
	return sel.X, call.Args[r.server], true
}

// recordHandlers returns the handler (and tool) a record literal holds,
// evaluated in frame f.
func (m *Model) recordHandlers(lit *ast.CompositeLit, r *record, f *flow.Frame) handlerSet {
	info := m.Pass.TypesInfo
	var hval, tval ast.Expr
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				switch flow.ObjOf(info, k) {
				case r.handler:
					hval = kv.Value
				case r.tool:
					tval = kv.Value
				}
			}
			continue
		}
		switch i {
		case r.index[1]:
			hval = elt
		case r.index[0]:
			if r.tool != nil {
				tval = elt
			}
		}
	}
	if hval == nil {
		return handlerSet{} // no handler: nothing registered
	}
	var hs handlerSet
	switch {
	case r.registrar:
		hs = m.registrarHandlers(hval, f)
	case r.factory:
		hs = m.factoryHandlers(hval, f)
	default:
		hs = m.classifyHandler(hval, f)
	}
	var tools toolSet
	if tval != nil {
		tools = m.toolsOf(tval, f)
	} else if r.tool == nil {
		tools = m.toolOfServerTool(lit, f)
	}
	hs.unwrapped = pairTools(hs.unwrapped, tools)
	if len(hs.params) > 0 {
		hs.tools.merge(tools)
	}
	for j := range hs.unwrapped {
		hs.unwrapped[j].Expr = hval
		if m.FileOf(lit.Pos()) != nil && !hs.unwrapped[j].site.IsValid() && isServerToolType(info.TypeOf(lit)) {
			hs.unwrapped[j].site = lit.Pos()
		}
	}
	return hs
}

// isServerToolType reports whether t is mcp-go's ServerTool or
// ServerTaskTool, whose literal is itself a registration.
func isServerToolType(t types.Type) bool {
	return mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "ServerTool") || mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "ServerTaskTool")
}

// factoryHandlers returns the handlers a handler factory (a function value
// returning a handler) returns.
func (m *Model) factoryHandlers(e ast.Expr, f *flow.Frame) handlerSet {
	var hs handlerSet
	for _, o := range m.tr.Origins(e, f, nil) {
		switch o.Kind {
		case flow.Expr:
			lit, ok := o.Expr.(*ast.FuncLit)
			if !ok || m.tr.InProgress(lit) {
				hs.unknown = true
				continue
			}
			m.tr.Enter(lit)
			origins, ok := m.tr.ReturnsOf(lit, o.Frame, 0, nil)
			m.tr.Leave(lit)
			if !ok {
				hs.unknown = true
				continue
			}
			for _, r := range origins {
				hs.merge(m.classifyHandlerOrigin(r))
			}
		case flow.Func:
			if d := m.Flow.Body(o.Func); d != nil && !m.tr.InProgress(d) {
				m.tr.Enter(d)
				origins, ok := m.tr.ReturnsOf(d, nil, 0, nil)
				m.tr.Leave(d)
				if ok {
					for _, r := range origins {
						hs.merge(m.classifyHandlerOrigin(r))
					}
					continue
				}
			}
			hs.unknown = true
		case flow.FreeParam:
			hs.params = append(hs.params, o.Param)
		default:
			hs.unknown = true
		}
	}
	return hs
}

// registrarHandlers returns the tools a registrar function value (a
// record's Register field) registers on the server it is given, evaluated
// where the value was made.
func (m *Model) registrarHandlers(e ast.Expr, f *flow.Frame) handlerSet {
	var hs handlerSet
	for _, o := range m.tr.Origins(e, f, nil) {
		var body ast.Node
		next := f
		switch o.Kind {
		case flow.Expr:
			lit, ok := o.Expr.(*ast.FuncLit)
			if !ok {
				hs.unknown = true
				continue
			}
			body, next = lit, o.Frame
		case flow.Func:
			body = m.Flow.Body(o.Func)
			if body == nil {
				// Another package's registrar: what its fact says it
				// registers on the server it is given.
				ff := m.factOf(o.Func)
				if ff == nil {
					hs.unknown = true
					continue
				}
				for _, r := range ff.Registers {
					switch r.Handler.Kind {
					case SrcUnwrapped, SrcWrapped, SrcPool:
						if r.Server.Kind == SrcParam {
							hs.merge(m.handlerFromSrc(r.Handler, nil, f))
						}
					}
				}
				continue
			}
		}
		if body == nil || m.tr.InProgress(body) {
			hs.unknown = true
			continue
		}
		m.tr.Enter(body)
		for _, t := range m.summaryOf(body) {
			h, _ := m.evaluate(t, next)
			hs.merge(h)
		}
		m.tr.Leave(body)
	}
	return hs
}
