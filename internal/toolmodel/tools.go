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

// A ToolDef is the definition of a tool a registration registers, named
// as the user names it: the string in mcp.NewTool("read_note", ...) or
// mcp.Tool{Name: "read_note"}.
type ToolDef struct {
	Name  string     // the tool's name; "" when it is not a constant
	Pos   token.Pos  // its definition in this package, or token.NoPos
	Where string     // its definition in another package (file.go:12), from a fact
	from  dispatched // the implementation of an interface it came from
}

// toolSet is what a tool expression may evaluate to.
type toolSet struct {
	defs    []ToolDef
	params  []*types.Var // the tool is a parameter's value
	unknown bool
}

func (s *toolSet) merge(o toolSet) {
	s.defs = append(s.defs, o.defs...)
	s.params = append(s.params, o.params...)
	s.unknown = s.unknown || o.unknown
}

// toolsOf says which tools a tool expression (an mcp.Tool or *mcp.Tool
// value) may be, in frame f: mcp.NewTool calls and Tool literals, through
// variables, fields, the package's functions and other packages' facts.
func (m *Model) toolsOf(e ast.Expr, f *flow.Frame) toolSet {
	if e == nil {
		return toolSet{unknown: true}
	}
	var ts toolSet
	for _, o := range m.tr.Origins(e, f, nil) {
		ts.merge(m.toolsOrigin(o, 0))
	}
	return ts
}

func (m *Model) toolsOrigin(o flow.Origin, depth int) toolSet {
	info := m.Pass.TypesInfo
	switch o.Kind {
	case flow.FreeParam:
		return toolSet{params: []*types.Var{o.Param}}
	case flow.Global:
		// var ExportTool = mcp.NewTool("export_items") in another package
		var tf toolfact.ToolVarFact
		if !mcpsdk.IsToolType(o.Var.Type()) || !m.Pass.ImportObjectFact(o.Var, &tf) {
			return toolSet{unknown: true}
		}
		var ts toolSet
		for _, name := range tf.Names {
			ts.defs = append(ts.defs, ToolDef{Name: name, Where: tf.Where})
		}
		return ts
	case flow.Made:
		switch e := o.Expr.(type) {
		case *ast.CompositeLit:
			if !mcpsdk.IsToolType(info.TypeOf(e)) {
				return toolSet{unknown: true}
			}
			def := ToolDef{Pos: e.Pos()}
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
						return m.namedTools(def, kv.Value, o.Frame)
					}
				}
			}
			return toolSet{defs: []ToolDef{def}}
		case *ast.CallExpr:
			fn := m.Flow.Callee(e)
			if mcpsdk.IsToolConstructor(fn) && len(e.Args) > 0 {
				return m.namedTools(ToolDef{Pos: e.Pos()}, e.Args[0], o.Frame)
			}
			if depth > flow.MaxDepth || !m.enter(e, o.Frame) {
				return toolSet{unknown: true}
			}
			defer m.leave(e, o.Frame)
			if fn != nil && m.Flow.Body(fn) == nil {
				return m.toolDefsFromFact(fn, e, o.Frame, o.Tuple)
			}
			if cs, ok := m.valueCallees(e, o.Frame); ok {
				// A function value: the functions it may be.
				var ts toolSet
				for _, c := range cs {
					var one toolSet
					if !m.calleeResults([]flow.Callee{c}, e, o.Frame, o.Tuple,
						func(fn *types.Func) { one.merge(m.toolDefsFromFact(fn, e, o.Frame, o.Tuple)) },
						func(r flow.Origin) { one.merge(m.toolsOrigin(r, depth+1)) }) {
						ts.unknown = true
					}
					if from, ok := m.dispatchedBy(e, c); ok {
						for i := range one.defs {
							one.defs[i].from = from
						}
					}
					ts.merge(one)
				}
				return ts
			}
			origins, ok := m.tr.Results(e, o.Frame, o.Tuple, nil)
			if !ok {
				return toolSet{unknown: true}
			}
			var ts toolSet
			for _, r := range origins {
				ts.merge(m.toolsOrigin(r, depth+1))
			}
			return ts
		}
	}
	return toolSet{unknown: true}
}

// namedTools returns the tool def with each name the expression may hold.
func (m *Model) namedTools(def ToolDef, name ast.Expr, f *flow.Frame) toolSet {
	names, params := m.tr.Strings(name, f)
	var ts toolSet
	for _, n := range names {
		d := def
		d.Name = n
		ts.defs = append(ts.defs, d)
	}
	ts.params = params
	if len(names) == 0 && len(params) == 0 {
		ts.defs = []ToolDef{def} // a name that is not a constant
	}
	return ts
}

// toolDefsFromFact evaluates the tools another package's function returns.
func (m *Model) toolDefsFromFact(fn *types.Func, call *ast.CallExpr, f *flow.Frame, tuple int) toolSet {
	ff := m.factOf(fn)
	if ff == nil {
		return toolSet{unknown: true}
	}
	if tuple < 0 {
		tuple = 0
	}
	var ts toolSet
	found := false
	for _, r := range ff.ToolDefs {
		if r.Result != tuple {
			continue
		}
		found = true
		ts.merge(m.toolFromValue(r.Value, call, f))
	}
	if !found {
		ts.unknown = true
	}
	return ts
}

// toolFromValue evaluates a tool described by a fact at call.
func (m *Model) toolFromValue(s toolfact.Value, call *ast.CallExpr, f *flow.Frame) toolSet {
	switch s.Kind {
	case toolfact.NamedTool:
		return toolSet{defs: []ToolDef{{Name: s.Tool, Where: s.Where}}}
	case toolfact.FromParam:
		var ts toolSet
		args := m.argsOf(call, s.Param)
		if len(args) == 0 {
			return toolSet{unknown: true}
		}
		for _, a := range args {
			if mcpsdk.IsToolType(m.typeOf(a)) {
				for _, o := range m.tr.OriginsAt(a.e, f, a.tuple, nil) {
					ts.merge(m.toolsOrigin(o, 0))
				}
				continue
			}
			// The tool's name, passed as a string.
			names, params := m.tr.Strings(a.e, f)
			for _, n := range names {
				ts.defs = append(ts.defs, ToolDef{Name: n, Where: s.Where})
			}
			ts.params = append(ts.params, params...)
			if len(names) == 0 && len(params) == 0 {
				ts.defs = append(ts.defs, ToolDef{Where: s.Where})
			}
		}
		return ts
	}
	return toolSet{unknown: true}
}

// exportToolVars gives each package-level variable of tool type whose
// tools all have constant names a ToolVarFact.
func (m *Model) exportToolVars() {
	scope := m.Pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !v.Exported() || !mcpsdk.IsToolType(v.Type()) {
			continue // only this package can name it, or not tools
		}
		var ts toolSet
		for _, o := range m.tr.VarOrigins(v, nil, nil, nil) {
			ts.merge(m.toolsOrigin(o, 0))
		}
		if ts.unknown || len(ts.params) > 0 || len(ts.defs) == 0 {
			continue
		}
		tf := &toolfact.ToolVarFact{Where: m.where(v.Pos())}
		for _, d := range ts.defs {
			if d.Name == "" {
				tf.Names = nil
				break
			}
			if !slices.Contains(tf.Names, d.Name) {
				tf.Names = append(tf.Names, d.Name)
			}
		}
		if len(tf.Names) > 0 {
			debugFact(v.Name(), tf)
			m.Pass.ExportObjectFact(v, tf)
		}
	}
}
