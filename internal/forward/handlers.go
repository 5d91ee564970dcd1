// Package forward answers whether what a function returns is what a tool
// handler returns, as it is (handlers.go): the function is a handler, or
// each of its uses is a call whose results its caller returns at once or
// forwards untouched (forward.go) from a function that is such itself.
// A fix may then change what the function returns without changing what
// any caller tests. It also lists the functions whose only uses are their
// calls. The analyzers' fixes and the outcome judge ask both of the
// functions they would change.
package forward

import (
	"go/ast"
	"go/types"
	"slices"
	"sync"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
)

// Inputs is what the index reads of a package.
type Inputs struct {
	Info   *types.Info
	Flow   *flow.Info
	Syntax *astindex.Index
	// Handlers holds the package's tool handlers (the model's).
	Handlers map[ast.Node]bool
}

// An Index answers for one package. Its methods may be called
// concurrently.
type Index struct {
	Inputs
	mu sync.Mutex // guards the tables below
	// returned memoizes ReturnedByHandler; cycles counts the cycles
	// returnedByHandler met; funcUses counts the uses of each function
	// and callsOf indexes its static calls; tracer is forward.go's.
	returned map[ast.Node]bool
	cycles   int
	funcUses map[*types.Func]int
	callsOf  map[*types.Func][]*ast.CallExpr
	tracer   *flow.Tracer
}

// New returns the index of the package in.
func New(in Inputs) *Index { return &Index{Inputs: in} }

// ReturnedByHandler reports whether what fn returns is what a tool
// handler returns, as it is: fn is a tool handler, or a function literal
// passed to a function of this package whose parameter it becomes is only
// called as `return p(...)` by functions that are such themselves (the
// project's own handler shape, adapted by a factory:
// NewTool(..., func(ctx, deps, req, args) (...))). A fix may then change
// what fn returns without changing what a caller of fn tests.
func (ix *Index) ReturnedByHandler(fn ast.Node) bool {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if v, ok := ix.returned[fn]; ok {
		return v
	}
	if ix.returned == nil {
		ix.returned = map[ast.Node]bool{}
	}
	v := ix.returnedByHandler(fn, map[ast.Node]bool{})
	ix.returned[fn] = v
	return v
}

func (ix *Index) returnedByHandler(fn ast.Node, seen map[ast.Node]bool) bool {
	if ix.Handlers[fn] {
		return true
	}
	if v, ok := ix.returned[fn]; ok {
		return v
	}
	if seen[fn] {
		ix.cycles++
		return false // in progress: a cycle
	}
	seen[fn] = true
	defer delete(seen, fn)
	// An answer that met no cycle holds whoever asks: keep it.
	cycles := ix.cycles
	v := ix.returnedByHandlerOnce(fn, seen)
	if ix.cycles == cycles {
		ix.returned[fn] = v
	}
	return v
}

func (ix *Index) returnedByHandlerOnce(fn ast.Node, seen map[ast.Node]bool) bool {
	if d, ok := fn.(*ast.FuncDecl); ok {
		return ix.declReturnedByHandler(d, seen)
	}
	lit, ok := fn.(*ast.FuncLit)
	if !ok {
		return false
	}
	c, ok := ix.Syntax.Root().FindNode(lit)
	if !ok {
		return false
	}
	call, ok := c.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun == lit {
		return false
	}
	i := slices.Index(call.Args, ast.Expr(lit))
	callee := ix.Flow.Callee(call)
	if i < 0 || callee == nil {
		return false
	}
	decl := ix.Flow.Decl(callee.Origin())
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
		if id, ok := x.(*ast.Ident); ok && ix.Info.Uses[id] == param {
			uses++
		}
		return true
	})
	for pc := range ix.Flow.CallsIn(decl) {
		id, ok := ast.Unparen(pc.Fun).(*ast.Ident)
		if !ok || ix.Info.Uses[id] != param {
			continue
		}
		if !ix.returnedAsIs(pc, seen) {
			return false
		}
		returned++
	}
	return uses > 0 && returned == uses
}

// declReturnedByHandler reports whether every use of the function d
// declares is the call of `return f(...)` in a function returned by a
// handler: a dispatcher's helpers (case "create": return createProject(...)).
func (ix *Index) declReturnedByHandler(d *ast.FuncDecl, seen map[ast.Node]bool) bool {
	obj := ix.Flow.FuncOf(d)
	if obj == nil {
		return false
	}
	calls := ix.onlyCalls(obj)
	for _, call := range calls {
		if !ix.returnedAsIs(call, seen) {
			return false
		}
	}
	return len(calls) > 0
}

// returnedAsIs reports whether the results of call reach, as they are,
// the return of a function whose results a handler returns as they are:
// call is the whole of `return call(...)`, or its caller forwards them
// (forward.go).
func (ix *Index) returnedAsIs(call *ast.CallExpr, seen map[ast.Node]bool) bool {
	cc, ok := ix.Syntax.Root().FindNode(call)
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
		if fn == nil || !ix.forwarded(call, p, cc.Parent(), fn) {
			return false
		}
	default:
		return false
	}
	return ix.returnedByHandler(fn, seen)
}

// indexCalls counts the uses of each function of the package and indexes
// its static calls, once (the caller holds mu).
func (ix *Index) indexCalls() {
	if ix.funcUses != nil {
		return
	}
	ix.funcUses = map[*types.Func]int{}
	for _, o := range ix.Info.Uses {
		if f, ok := o.(*types.Func); ok {
			ix.funcUses[f.Origin()]++
		}
	}
	ix.callsOf = map[*types.Func][]*ast.CallExpr{}
	for _, ca := range ix.Flow.Calls() {
		if callee := ix.Flow.Callee(ca.Call); callee != nil {
			ix.callsOf[callee.Origin()] = append(ix.callsOf[callee.Origin()], ca.Call)
		}
	}
}

// CallsIfOnlyCalled returns the static calls of fn when they are all its uses (it
// is never used as a value), else nil.
func (ix *Index) CallsIfOnlyCalled(fn *types.Func) []*ast.CallExpr {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.onlyCalls(fn)
}

// onlyCalls is CallsIfOnlyCalled for a caller that holds mu.
func (ix *Index) onlyCalls(fn *types.Func) []*ast.CallExpr {
	ix.indexCalls()
	fn = fn.Origin()
	calls := ix.callsOf[fn]
	if len(calls) == 0 || len(calls) != ix.funcUses[fn] {
		return nil
	}
	return calls
}
