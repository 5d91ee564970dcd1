package toolmodel

import (
	"go/ast"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
	"github.com/toolcheck/toolcheck/internal/toolrecord"
)

// isToolValueType matches tool records and slices, arrays, maps and
// pointers of them.
func (m *Model) isToolValueType(t types.Type) bool {
	return m.records.Of(elemType(t)) != nil
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
	r := m.records.Of(info.TypeOf(sel.X))
	if r == nil || s.Obj() != r.Handler || r.Factory != factoryCall || r.Registrar {
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
	r := m.records.Of(info.TypeOf(sel.X))
	if r == nil || !r.Registrar || s.Obj() != r.Handler || r.Server >= len(call.Args) {
		return nil, nil, false
	}
	return sel.X, call.Args[r.Server], true
}

// recordHandlers returns the handler (and tool) a record literal holds,
// evaluated in frame f.
func (m *Model) recordHandlers(lit *ast.CompositeLit, r *toolrecord.Record, f *flow.Frame) handlerSet {
	info := m.Pass.TypesInfo
	var hval, tval ast.Expr
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok {
				switch flow.ObjOf(info, k) {
				case r.Handler:
					hval = kv.Value
				case r.Tool:
					tval = kv.Value
				}
			}
			continue
		}
		switch i {
		case r.Index[1]:
			hval = elt
		case r.Index[0]:
			if r.Tool != nil {
				tval = elt
			}
		}
	}
	if hval == nil {
		return handlerSet{} // no handler: nothing registered
	}
	var hs handlerSet
	switch {
	case r.Registrar:
		hs = m.registrarHandlers(hval, f)
	case r.Factory:
		hs = m.factoryHandlers(hval, f)
	default:
		hs = m.classifyHandler(hval, f)
	}
	var tools toolSet
	if tval != nil {
		tools = m.toolsOf(tval, f)
	} else if r.Tool == nil {
		tools = m.toolOfServerTool(lit, f)
	}
	hs.unwrapped = pairTools(hs.unwrapped, tools)
	if len(hs.params) > 0 {
		hs.tools.merge(tools)
	}
	for j := range hs.unwrapped {
		hs.unwrapped[j].Expr = hval
		if m.FileOf(lit.Pos()) != nil && !hs.unwrapped[j].site.IsValid() && mcpsdk.IsServerToolType(info.TypeOf(lit)) {
			hs.unwrapped[j].site = lit.Pos()
		}
	}
	return hs
}

// factoryHandlers returns the handlers a handler factory (a function value
// returning a handler) returns.
func (m *Model) factoryHandlers(e ast.Expr, f *flow.Frame) handlerSet {
	var hs handlerSet
	for _, o := range m.tr.Origins(e, f, nil) {
		switch o.Kind {
		case flow.Made:
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
		case flow.FuncRef:
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
		case flow.Made:
			lit, ok := o.Expr.(*ast.FuncLit)
			if !ok {
				hs.unknown = true
				continue
			}
			body, next = lit, o.Frame
		case flow.FuncRef:
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
					case toolfact.RawHandler, toolfact.WrappedHandler, toolfact.RecordPool:
						if r.Server.Kind == toolfact.FromParam {
							hs.merge(m.handlerFromValue(r.Handler, nil, f))
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
