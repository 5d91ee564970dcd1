package forward

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
)

// Results a function forwards as they are: what lets a fix change the
// IsError result of a helper into (nil, error) without changing what its
// callers do. A caller forwards the results of a call when it returns
// them at once (return helper(...)), or keeps them in variables that it
// returns, reading the result meanwhile only through functions that hand
// a nil or IsError result back untouched:
//
//	result, err := getIssue(ctx, client, n)
//	return label(result), nil, err
//
//	result, payload, err := listItems(ctx, args)
//	if successful(result) {
//		result = label(result)
//	}
//	return result, payload, err

// forwarded reports whether the results of call, the whole right side of
// the assignment as, reach the return that ends as's block as they are:
// the first result as the return's first (perhaps through a pass-through
// function), the error as its last, read nowhere else.
func (ix *Index) forwarded(call *ast.CallExpr, as *ast.AssignStmt, asCur astindex.Cursor, fn ast.Node) bool {
	if len(as.Rhs) != 1 || as.Rhs[0] != call || len(as.Lhs) < 2 {
		return false
	}
	info := ix.Info
	vars := make([]*types.Var, len(as.Lhs))
	for i, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			continue
		}
		v, _ := flow.ObjOf(info, id).(*types.Var)
		if v == nil || v.Parent() == nil || !(fn.Pos() <= v.Pos() && v.Pos() < fn.End()) {
			return false // a field, or a variable of an outer function
		}
		vars[i] = v
	}
	res, errv := vars[0], vars[len(vars)-1]
	if res == nil || errv == nil {
		return false
	}
	for _, v := range []*types.Var{res, errv} {
		// A named result is read by every return and by deferred calls, a
		// variable whose address is taken by whatever holds the pointer.
		if isResultOf(fn, v) || len(ix.Flow.AddrOf(v)) > 0 {
			return false
		}
	}
	block, ok := asCur.Parent().Node().(*ast.BlockStmt)
	var list []ast.Stmt
	if ok {
		list = block.List
	} else if cc, isCase := asCur.Parent().Node().(*ast.CaseClause); isCase {
		list = cc.Body
	} else {
		return false
	}
	i := slices.Index(list, ast.Stmt(as))
	if i < 0 || i == len(list)-1 {
		return false
	}
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) < 2 {
		return false
	}
	between := list[i+1 : len(list)-1]
	for _, s := range between {
		if leaves(s) {
			return false
		}
	}
	// The error is the return's last result and read nowhere else.
	from, to := as.End(), ret.End()
	if !isVarUse(info, ret.Results[len(ret.Results)-1], errv) || ix.readsIn(fn, errv, from, to) != 1 {
		return false
	}
	// The result is the return's first, or what a pass-through function
	// returns of it; in between, it is only tested for success or
	// replaced by what a pass-through function returns of it.
	allowed := 0
	switch {
	case isVarUse(info, ret.Results[0], res):
		allowed++
	case ix.passesOn(ret.Results[0], res, map[ast.Node]bool{}):
		allowed++
	default:
		return false
	}
	for _, s := range between {
		ok := true
		ast.Inspect(s, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch x := n.(type) {
			case *ast.AssignStmt:
				if len(x.Lhs) == 1 && len(x.Rhs) == 1 && isVarUse(info, x.Lhs[0], res) {
					if !ix.passesOn(x.Rhs[0], res, map[ast.Node]bool{}) {
						ok = false
					}
					allowed += 2 // r = g(..., r, ...)
					return false
				}
			case *ast.CallExpr:
				if ix.successTest(x, res) {
					allowed++
					return false
				}
			case *ast.Ident:
				if info.Uses[x] == res {
					ok = false // any other read of the result
				}
			}
			return true
		})
		if !ok {
			return false
		}
	}
	return ix.readsIn(fn, res, from, to) == allowed
}

// leaves reports whether s holds a statement that leaves its block: a
// return, a branch, a goto (in s itself, not in a function literal).
func leaves(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}

// isVarUse reports whether e is the variable v.
func isVarUse(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && flow.ObjOf(info, id) == v
}

// reads counts the identifiers in fn that use v; -1 when a function
// literal in fn reads it (readsIn).
func (ix *Index) reads(fn ast.Node, v *types.Var) int {
	return ix.readsIn(fn, v, fn.Pos(), fn.End())
}

// readsIn counts the identifiers in fn between from and to that use v;
// -1 when a function literal in fn reads v, which may run at any time.
func (ix *Index) readsIn(fn ast.Node, v *types.Var, from, to token.Pos) int {
	n, inLit := 0, false
	var visit func(x ast.Node, lit bool) bool
	visit = func(x ast.Node, lit bool) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			if x != fn {
				ast.Inspect(x.Body, func(y ast.Node) bool { return visit(y, true) })
				return false
			}
		case *ast.Ident:
			if ix.Info.Uses[x] == v {
				if lit {
					inLit = true
				} else if from <= x.Pos() && x.End() <= to {
					n++
				}
			}
		}
		return true
	}
	ast.Inspect(fn, func(x ast.Node) bool { return visit(x, false) })
	if inLit {
		return -1
	}
	return n
}

// passesOn reports whether e is a call g(..., v, ...) of a function that
// returns its parameter at v's place untouched when it is nil or an
// IsError result (v read once, there).
func (ix *Index) passesOn(e ast.Expr, v *types.Var, seen map[ast.Node]bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	at := -1
	for i, a := range call.Args {
		if isVarUse(ix.Info, a, v) {
			if at >= 0 {
				return false
			}
			at = i
		}
	}
	if at < 0 || call.Ellipsis.IsValid() {
		return false
	}
	for _, a := range call.Args {
		if a != call.Args[at] && flow.UsesVar(ix.Info, a, v) {
			return false
		}
	}
	body, params := ix.funcOfCall(call)
	if body == nil || seen[body] || at >= len(params) {
		return false
	}
	seen[body] = true
	defer delete(seen, body)
	return ix.passThrough(body, params[at], seen)
}

// funcOfCall (the caller holds mu) returns the one function call may call, when this package
// has its body (flow's Callees: a declared function, a literal a variable
// holds, the literal a factory returns), with its parameters, nil for a
// variadic one.
func (ix *Index) funcOfCall(call *ast.CallExpr) (ast.Node, []*types.Var) {
	if ix.tracer == nil {
		ix.tracer = ix.Flow.NewTracer()
	}
	cs, ok := ix.tracer.Callees(call, nil)
	if !ok || len(cs) != 1 || cs[0].Body == nil {
		return nil, nil
	}
	ft, _ := flow.FuncParts(cs[0].Body)
	if ft == nil {
		return nil, nil
	}
	var params []*types.Var
	for _, f := range ft.Params.List {
		if _, variadic := f.Type.(*ast.Ellipsis); variadic {
			break
		}
		if len(f.Names) == 0 {
			params = append(params, nil)
		}
		for _, n := range f.Names {
			v, _ := ix.Info.Defs[n].(*types.Var)
			params = append(params, v)
		}
	}
	return cs[0].Body, params
}

// passThrough reports whether the function fn returns its parameter p
// untouched when p is nil or an IsError result: p is never assigned, every
// return returns p or passes it on, and p is read otherwise only after a
// first statement that returns p when it is not a successful result
// (if !successful(ctx, r) { return r }; if r == nil || r.IsError { return r }).
func (ix *Index) passThrough(fn ast.Node, p *types.Var, seen map[ast.Node]bool) bool {
	if p == nil || len(ix.Flow.Defs(p)) > 0 || len(ix.Flow.AddrOf(p)) > 0 {
		return false
	}
	_, body := flow.FuncParts(fn)
	if body == nil || len(body.List) == 0 {
		return false
	}
	info := ix.Info
	guarded := false
	if ifs, ok := body.List[0].(*ast.IfStmt); ok && ifs.Init == nil && ifs.Else == nil && len(ifs.Body.List) == 1 {
		if r, ok := ifs.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 && isVarUse(info, r.Results[0], p) {
			guarded = ix.failureTest(ifs.Cond, p)
		}
	}
	returns := ix.Flow.Returns(fn)
	counted := 0
	for _, r := range returns {
		if len(r.Results) != 1 {
			return false
		}
		switch {
		case isVarUse(info, r.Results[0], p):
			counted++
		case ix.passesOn(r.Results[0], p, seen):
			counted++
		default:
			return false
		}
	}
	return len(returns) > 0 && (guarded || ix.reads(fn, p) == counted)
}

// failureTest reports whether cond holds whenever p is nil or an IsError
// result: !successful(p), or p == nil || p.IsError || ...
func (ix *Index) failureTest(cond ast.Expr, p *types.Var) bool {
	cond = ast.Unparen(cond)
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		call, ok := ast.Unparen(u.X).(*ast.CallExpr)
		return ok && ix.successTest(call, p)
	}
	return ix.nilFirst(orTerms(cond), p, token.EQL, func(t ast.Expr) bool {
		s, ok := t.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "IsError" && isVarUse(ix.Info, s.X, p)
	})
}

// successTest reports whether call calls a function that is false when
// its argument v is nil or an IsError result: its body is one return of
// r != nil && !r.IsError && ...
func (ix *Index) successTest(call *ast.CallExpr, v *types.Var) bool {
	at := -1
	for i, a := range call.Args {
		if isVarUse(ix.Info, a, v) {
			at = i
		}
	}
	if at < 0 {
		return false
	}
	fn, params := ix.funcOfCall(call)
	if fn == nil || at >= len(params) || params[at] == nil {
		return false
	}
	_, body := flow.FuncParts(fn)
	if body == nil || len(body.List) != 1 {
		return false
	}
	r, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return false
	}
	p := params[at]
	return ix.nilFirst(andTerms(r.Results[0]), p, token.NEQ, func(t ast.Expr) bool {
		u, ok := t.(*ast.UnaryExpr)
		if !ok || u.Op != token.NOT {
			return false
		}
		s, ok := ast.Unparen(u.X).(*ast.SelectorExpr)
		return ok && s.Sel.Name == "IsError" && isVarUse(ix.Info, s.X, p)
	})
}

// nilFirst reports whether a chain of terms compares p with nil by op
// (== in a failure test, != in a success test) and then has a term
// errTerm accepts, no term reading p coming before the nil test: terms run
// left to right, and one that reads p first would dereference the nil a
// fix makes.
func (ix *Index) nilFirst(terms []ast.Expr, p *types.Var, op token.Token, errTerm func(ast.Expr) bool) bool {
	info := ix.Info
	isNil, isErr := false, false
	for _, t := range terms {
		t = ast.Unparen(t)
		if b, ok := t.(*ast.BinaryExpr); ok && b.Op == op && isVarUse(info, b.X, p) && flow.IsNil(info, b.Y) {
			isNil = true
			continue
		}
		if isNil && errTerm(t) {
			isErr = true
			continue
		}
		if !isNil && flow.UsesVar(info, t, p) {
			return false
		}
	}
	return isNil && isErr
}

// isResultOf reports whether v is a named result of the function fn.
func isResultOf(fn ast.Node, v *types.Var) bool {
	ft, _ := flow.FuncParts(fn)
	return ft != nil && ft.Results != nil && ft.Results.Pos() <= v.Pos() && v.Pos() < ft.Results.End()
}

// orTerms and andTerms split a chain of || or && into its terms.
func orTerms(e ast.Expr) []ast.Expr  { return terms(e, token.LOR) }
func andTerms(e ast.Expr) []ast.Expr { return terms(e, token.LAND) }

func terms(e ast.Expr, op token.Token) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == op {
		return append(terms(b.X, op), terms(b.Y, op)...)
	}
	return []ast.Expr{e}
}
