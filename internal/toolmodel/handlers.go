package toolmodel

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/toolcheck/toolcheck/internal/flow"
)

// What a tool handler returns as it is, and the functions whose only uses
// are their calls: the analyzers' fixes and the outcome judge ask it of
// the functions they would change.

// ReturnedByHandler reports whether what fn returns is what a tool
// handler returns, as it is: fn is a tool handler, or a function literal
// passed to a function of this package whose parameter it becomes is only
// called as `return p(...)` by functions that are such themselves (the
// project's own handler shape, adapted by a factory:
// NewTool(..., func(ctx, deps, req, args) (...))). A fix may then change
// what fn returns without changing what a caller of fn tests.
func (m *Model) ReturnedByHandler(fn ast.Node) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if v, ok := m.returned[fn]; ok {
		return v
	}
	if m.returned == nil {
		m.returned = map[ast.Node]bool{}
	}
	v := m.returnedByHandler(fn, map[ast.Node]bool{})
	m.returned[fn] = v
	return v
}

func (m *Model) returnedByHandler(fn ast.Node, seen map[ast.Node]bool) bool {
	if m.Handlers[fn] {
		return true
	}
	if v, ok := m.returned[fn]; ok {
		return v
	}
	if seen[fn] {
		m.cycles++
		return false // in progress: a cycle
	}
	seen[fn] = true
	defer delete(seen, fn)
	// An answer that met no cycle holds whoever asks: keep it.
	cycles := m.cycles
	v := m.returnedByHandlerOnce(fn, seen)
	if m.cycles == cycles {
		m.returned[fn] = v
	}
	return v
}

func (m *Model) returnedByHandlerOnce(fn ast.Node, seen map[ast.Node]bool) bool {
	if d, ok := fn.(*ast.FuncDecl); ok {
		return m.declReturnedByHandler(d, seen)
	}
	lit, ok := fn.(*ast.FuncLit)
	if !ok {
		return false
	}
	c, ok := m.Syntax.Root().FindNode(lit)
	if !ok {
		return false
	}
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == lit {
		return false
	}
	i := slices.Index(call.Args, ast.Expr(lit))
	callee := m.Flow.Callee(call)
	if i < 0 || callee == nil {
		return false
	}
	decl := m.Flow.Decl(callee.Origin())
	if decl == nil || decl.Body == nil {
		return false
	}
	// A declared function's signature holds its parameters' objects.
	sig := callee.Origin().Type().(*types.Signature)
	if i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 {
		return false
	}
	param := sig.Params().At(i)
	// Every use of the parameter is the callee of `return p(...)` (the
	// index holds no identifiers: count them, then check the calls).
	uses, returned := 0, 0
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && m.Pass.TypesInfo.Uses[id] == param {
			uses++
		}
		return true
	})
	for pc := range m.Flow.CallsIn(decl) {
		id, ok := ast.Unparen(pc.Fun).(*ast.Ident)
		if !ok || m.Pass.TypesInfo.Uses[id] != param {
			continue
		}
		if !m.returnedAsIs(pc, seen) {
			return false
		}
		returned++
	}
	return uses > 0 && returned == uses
}

// declReturnedByHandler reports whether every use of the function d
// declares is the call of `return f(...)` in a function returned by a
// handler: a dispatcher's helpers (case "create": return createProject(...)).
func (m *Model) declReturnedByHandler(d *ast.FuncDecl, seen map[ast.Node]bool) bool {
	obj := m.Flow.FuncOf(d)
	if obj == nil {
		return false
	}
	calls := m.onlyCalls(obj)
	for _, call := range calls {
		if !m.returnedAsIs(call, seen) {
			return false
		}
	}
	return len(calls) > 0
}

// returnedAsIs reports whether the results of call reach, as they are,
// the return of a function whose results a handler returns as they are:
// call is the whole of `return call(...)`, or its caller forwards them
// (forward.go).
func (m *Model) returnedAsIs(call *ast.CallExpr, seen map[ast.Node]bool) bool {
	cc, ok := m.Syntax.Root().FindNode(call)
	if !ok {
		return false
	}
	fn := flow.EnclosingFunc(cc)
	switch p := cc.Parent().Node().(type) {
	case *ast.ReturnStmt:
		if len(p.Results) != 1 || p.Results[0] != call {
			return false
		}
	case *ast.AssignStmt:
		if fn == nil || !m.forwarded(call, p, cc.Parent(), fn) {
			return false
		}
	default:
		return false
	}
	return m.returnedByHandler(fn, seen)
}

// indexCalls counts the uses of each function of the package and indexes
// its static calls, once (the caller holds mu).
func (m *Model) indexCalls() {
	if m.funcUses != nil {
		return
	}
	m.funcUses = map[*types.Func]int{}
	for _, o := range m.Pass.TypesInfo.Uses {
		if f, ok := o.(*types.Func); ok {
			m.funcUses[f.Origin()]++
		}
	}
	m.callsOf = map[*types.Func][]*ast.CallExpr{}
	for _, ca := range m.Flow.Calls() {
		if callee := m.Flow.Callee(ca.Call); callee != nil {
			m.callsOf[callee.Origin()] = append(m.callsOf[callee.Origin()], ca.Call)
		}
	}
}

// OnlyCalls returns the static calls of fn when they are all its uses (it
// is never used as a value), else nil.
func (m *Model) OnlyCalls(fn *types.Func) []*ast.CallExpr {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.onlyCalls(fn)
}

// onlyCalls is OnlyCalls for a caller that holds mu.
func (m *Model) onlyCalls(fn *types.Func) []*ast.CallExpr {
	m.indexCalls()
	fn = fn.Origin()
	calls := m.callsOf[fn]
	if len(calls) == 0 || len(calls) != m.funcUses[fn] {
		return nil
	}
	return calls
}
