package toolmodel

import (
	"go/ast"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// factOf returns the fact another package exported for fn.
func (m *Model) factOf(fn *types.Func) *toolfact.FuncFact {
	if fn == nil || fn.Pkg() == m.Pass.Pkg {
		return nil
	}
	if ff, ok := m.funcFacts[fn]; ok {
		return ff
	}
	// Most functions have no fact: one zero FuncFact serves every miss.
	if m.factScratch == nil {
		m.factScratch = new(toolfact.FuncFact)
	}
	var res *toolfact.FuncFact
	if m.Pass.ImportObjectFact(fn, m.factScratch) {
		res, m.factScratch = m.factScratch, nil
	}
	m.funcFacts[fn] = res
	return res
}

// argOf returns the expression bound to parameter i (-1: receiver) of call.
func argOf(call *ast.CallExpr, i int) []ast.Expr {
	if i < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return []ast.Expr{sel.X}
		}
		return nil
	}
	if i < len(call.Args) {
		return []ast.Expr{call.Args[i]}
	}
	return nil
}

// paramArgs returns the arguments call passes as parameter i: the
// variadic ones too, when i is the variadic parameter.
func paramArgs(info *types.Info, call *ast.CallExpr, i int) []ast.Expr {
	if i < 0 || i >= len(call.Args) {
		return nil
	}
	if sig := funcSig(info.TypeOf(call.Fun)); sig == nil || !sig.Variadic() || i != sig.Params().Len()-1 {
		return call.Args[i : i+1]
	}
	return call.Args[i:]
}

// An arg is the value bound to a parameter: an expression, or result
// tuple of one (f(g()), where g returns several values).
type arg struct {
	e     ast.Expr
	tuple int
}

// argsOf returns the value bound to parameter i (-1: receiver) of call.
func (m *Model) argsOf(call *ast.CallExpr, i int) []arg {
	if i >= 0 && len(call.Args) == 1 {
		if _, ok := m.Pass.TypesInfo.TypeOf(call.Args[0]).(*types.Tuple); ok {
			return []arg{{call.Args[0], i}}
		}
	}
	var out []arg
	for _, e := range argOf(call, i) {
		out = append(out, arg{e, -1})
	}
	return out
}

// typeOf returns the type of a, one result's for a tuple.
func (m *Model) typeOf(a arg) types.Type {
	t := m.Pass.TypesInfo.TypeOf(a.e)
	if tt, ok := t.(*types.Tuple); ok {
		if a.tuple >= 0 && a.tuple < tt.Len() {
			return tt.At(a.tuple).Type()
		}
		return nil
	}
	return t
}

func (m *Model) handlerFromValue(s toolfact.Value, call *ast.CallExpr, f *flow.Frame) handlerSet {
	switch s.Kind {
	case toolfact.WrappedHandler:
		return handlerSet{wrapped: true}
	case toolfact.RecordPool:
		return handlerSet{unwrapped: m.poolOf(s.Name)}
	case toolfact.RawHandler:
		e := entry{Handler: Handler{Name: s.Name}, where: s.Where}
		if s.Tool != "" {
			e.tool = ToolDef{Name: s.Tool, Where: s.Where}
		}
		return handlerSet{unwrapped: []entry{e}}
	case toolfact.FromParam:
		var hs handlerSet
		args := m.argsOf(call, s.Param)
		if len(args) == 0 {
			return handlerSet{unknown: true}
		}
		for _, a := range args {
			hs.merge(m.classifyHandlerAt(a, f))
		}
		if s.ToolArg > 0 {
			hs.unwrapped = pairTools(hs.unwrapped, m.toolFromValue(toolfact.Value{Kind: toolfact.FromParam, Param: s.ToolArg - 1, Where: s.Where}, call, f))
		}
		return hs
	}
	return handlerSet{unknown: true}
}

func (m *Model) serverFromValue(s toolfact.Value, call *ast.CallExpr, f *flow.Frame) serverSet {
	switch s.Kind {
	case toolfact.EquippedServer:
		return serverSet{equipped: true}
	case toolfact.BareServer:
		return serverSet{notEquipped: true}
	case toolfact.ServerByOptions:
		installs, params := m.optionsInstallBoundary(paramArgs(m.Pass.TypesInfo, call, s.Param), f)
		if installs {
			return serverSet{equipped: true}
		}
		return serverSet{notEquipped: true, optIf: params}
	case toolfact.FromParam:
		var ss serverSet
		args := argOf(call, s.Param)
		if len(args) == 0 {
			return serverSet{unknown: true}
		}
		for _, a := range args {
			if s.Field == "" {
				ss.merge(m.classifyServer(a, f))
				continue
			}
			origins := m.fieldOrigins(a, s.Field, f, m.isEquippedStorage)
			if len(origins) == 0 {
				ss.unknown = true
			}
			for _, o := range origins {
				ss.merge(m.classifyServerOrigin(o))
			}
		}
		return ss
	}
	return serverSet{unknown: true}
}

func (m *Model) handlerFromFact(fn *types.Func, call *ast.CallExpr, f *flow.Frame, tuple int) handlerSet {
	ff := m.factOf(fn)
	if ff == nil {
		return handlerSet{unknown: true}
	}
	return m.resultsFromFact(ff.Handlers, call, f, tuple, false)
}

func (m *Model) toolsFromFact(fn *types.Func, call *ast.CallExpr, f *flow.Frame) handlerSet {
	ff := m.factOf(fn)
	if ff == nil {
		return handlerSet{unknown: true}
	}
	return m.resultsFromFact(ff.Tools, call, f, 0, true)
}

func (m *Model) resultsFromFact(rs []toolfact.ResultValue, call *ast.CallExpr, f *flow.Frame, tuple int, tools bool) handlerSet {
	if tuple < 0 {
		tuple = 0
	}
	var hs handlerSet
	found := false
	for _, r := range rs {
		if r.Result != tuple {
			continue
		}
		found = true
		if tools && r.Value.Kind == toolfact.FromParam && r.Value.ToolArg == 0 {
			for _, a := range m.argsOf(call, r.Value.Param) {
				hs.merge(m.toolHandlersAt(a, f))
			}
			continue
		}
		h := m.handlerFromValue(r.Value, call, f)
		if r.Value.ToolArg > 0 {
			h.unwrapped = pairTools(h.unwrapped, m.toolFromValue(toolfact.Value{Kind: toolfact.FromParam, Param: r.Value.ToolArg - 1, Where: r.Value.Where}, call, f))
		}
		hs.merge(h)
	}
	if !found {
		hs.unknown = true
	}
	return hs
}

func (m *Model) serverFromFact(fn *types.Func, call *ast.CallExpr, f *flow.Frame, tuple int) serverSet {
	ff := m.factOf(fn)
	if ff == nil {
		return serverSet{unknown: true}
	}
	if tuple < 0 {
		tuple = 0
	}
	var ss serverSet
	found := false
	for _, r := range ff.Servers {
		if r.Result == tuple {
			found = true
			ss.merge(m.serverFromValue(r.Value, call, f))
		}
	}
	if !found {
		ss.unknown = true
	}
	return ss
}

// fieldOrigins returns the origins of field name of the struct value x
// (or of what x points to), in frame f: through the constructors of other
// packages by their facts (FieldValue), else as flow traces it, a field of
// a parameter no frame binds being decided where it is bound.
func (m *Model) fieldOrigins(x ast.Expr, name string, f *flow.Frame, stop flow.Stop) []flow.Origin {
	fv := fieldNamed(m.Pass.TypesInfo.TypeOf(x), name)
	if fv == nil {
		return []flow.Origin{{Kind: flow.Opaque}}
	}
	var out []flow.Origin
	for _, o := range m.tr.Origins(x, f, nil) {
		call, ok := o.Expr.(*ast.CallExpr)
		if o.Kind != flow.Made || !ok {
			return m.tr.FieldOrigins(x, fv, f, stop)
		}
		fn := m.Flow.Callee(call)
		if fn == nil || m.Flow.Body(fn) != nil {
			return m.tr.FieldOrigins(x, fv, f, stop)
		}
		ff := m.factOf(fn)
		if ff == nil {
			return []flow.Origin{{Kind: flow.Opaque}}
		}
		p, ok := ff.Field(max(o.Tuple, 0), name)
		if !ok {
			return []flow.Origin{{Kind: flow.Opaque}}
		}
		for _, a := range argOf(call, p) {
			out = append(out, m.tr.OriginsByField(a, o.Frame, stop)...)
		}
	}
	return out
}
