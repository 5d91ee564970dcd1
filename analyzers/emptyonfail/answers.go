package emptyonfail

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// This file follows a helper's empty value to what the model is told: a
// false or a zero that a tool formats into its answer or tests to choose
// its text, and a caller's map or struct that a helper leaves unfilled.
// Such a value is no finding where it is returned, since false and 0 are
// ordinary answers; it is one where it becomes the tool's answer.

// checkProbe reports ret, a return of false or 0 on failure path f from
// a function with one bool or number result and no error result, when a
// call of the function in tool code makes the value the tool's answer.
func (c *checker) checkProbe(ret *ast.ReturnStmt, f *failure, value string) {
	fi := c.fn
	if f.kind != condFail || c.explained(f, ret) || c.decided(f, ret) || c.documentedOptional(fi.decl) {
		return
	}
	calls, at := 0, token.NoPos
	for _, call := range c.m.Flow.Calls() {
		if typeutil.StaticCallee(c.pass.TypesInfo, call.Call) != fi.decl {
			continue
		}
		calls++
		if at == token.NoPos && c.inScope(call.Call.Pos()) {
			at = c.answerOf(call.Call)
		}
	}
	if at == token.NoPos {
		if calls == 0 && fi.decl.Exported() {
			// Called from other packages only: the fact travels, and
			// each call is judged there.
			c.swallows[fi.decl] = &Fact{Returns: value, Op: f.op(), At: c.position(ret.Pos()), Probe: true}
		}
		return
	}
	name := funcName(fi.decl)
	msg := fmt.Sprintf("%s makes %s return %s, which the tool tells the model as a fact (%s); add an error result and %s",
		f.op(), name, value, c.position(at), remedy)
	c.r.Report(analysis.Diagnostic{Pos: ret.Pos(), End: ret.End(), Message: msg})
}

// answerOf returns where the value of call, in tool code, becomes what
// the model is told: formatted into text (fmt.Sprintf, strconv), stored
// in a field of a literal (`Available: ok`), or tested by a condition
// whose branch returns a tool result or text. It follows one local
// variable the call is assigned to. NoPos: it does not.
func (c *checker) answerOf(call *ast.CallExpr) token.Pos {
	file := c.m.FileOf(call.Pos())
	if file == nil {
		return token.NoPos
	}
	path := pathEnclosing(file, call.Pos(), call.End())
	if at := c.useAnswers(call, path); at != token.NoPos {
		return at
	}
	i := parentIndex(path)
	if i >= len(path) {
		return token.NoPos
	}
	var id *ast.Ident
	switch p := path[i].(type) {
	case *ast.AssignStmt:
		if len(p.Lhs) == 1 && len(p.Rhs) == 1 {
			id, _ = p.Lhs[0].(*ast.Ident)
		}
	case *ast.ValueSpec:
		if len(p.Names) == 1 && len(p.Values) == 1 {
			id = p.Names[0]
		}
	}
	if id == nil {
		return token.NoPos
	}
	v, _ := c.objOf(id).(*types.Var)
	fn := enclosingFunc(path)
	if v == nil || fn == nil {
		return token.NoPos
	}
	at := token.NoPos
	ast.Inspect(fn, func(n ast.Node) bool {
		if at != token.NoPos {
			return false
		}
		use, ok := n.(*ast.Ident)
		if !ok || use == id || c.pass.TypesInfo.Uses[use] != v {
			return true
		}
		upath := pathEnclosing(file, use.Pos(), use.End())
		at = c.useAnswers(use, upath)
		return true
	})
	return at
}

// useAnswers reports where e, under its ancestors path (path[0] is e),
// becomes the answer, or NoPos.
func (c *checker) useAnswers(e ast.Expr, path []ast.Node) token.Pos {
	info := c.pass.TypesInfo
	child := ast.Node(e)
	for _, n := range path[1:] {
		switch p := n.(type) {
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			if p.Op != token.NOT {
				return token.NoPos
			}
		case *ast.BinaryExpr:
			switch p.Op {
			case token.LAND, token.LOR, token.EQL, token.NEQ, token.GTR, token.LSS, token.GEQ, token.LEQ:
			default:
				return token.NoPos
			}
		case *ast.KeyValueExpr:
			if p.Value != child {
				return token.NoPos
			}
			return p.Pos() // Available: ok
		case *ast.AssignStmt:
			// status.Available = ok, or out["available"] = ok: a field
			// or an element of the function's own value, as in a literal.
			for i, r := range p.Rhs {
				if r == child && len(p.Lhs) == len(p.Rhs) && c.storesInLocal(p.Lhs[i], enclosingFunc(path)) {
					return p.Pos()
				}
			}
			return token.NoPos
		case *ast.CallExpr:
			fn := typeutil.StaticCallee(info, p)
			if fn != nil && fn.Pkg() != nil && (fn.Pkg().Path() == "fmt" || fn.Pkg().Path() == "strconv") && child != p.Fun {
				return p.Pos() // fmt.Sprintf("%d errors", n)
			}
			return token.NoPos
		case *ast.IfStmt:
			if p.Cond != child {
				return token.NoPos
			}
			for _, b := range []ast.Stmt{p.Body, p.Else} {
				if at := c.returnsAnswer(b); at != token.NoPos {
					return at
				}
			}
			return token.NoPos
		default:
			return token.NoPos
		}
		child = n
	}
	return token.NoPos
}

// storesInLocal reports whether lhs is a field or a map element of a
// variable declared in fn's body (not a parameter or the receiver, whose
// value outlives the call): `s.f`, `s.f.g`, `m[k]`.
func (c *checker) storesInLocal(lhs ast.Expr, fn ast.Node) bool {
	info := c.pass.TypesInfo
	x := ast.Unparen(lhs)
	switch l := x.(type) {
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[l]; !ok || sel.Kind() != types.FieldVal {
			return false
		}
	case *ast.IndexExpr:
		if t := info.TypeOf(l.X); t == nil {
			return false
		} else if _, ok := t.Underlying().(*types.Map); !ok {
			return false
		}
		x = l.X
	default:
		return false
	}
	id := rootIdent(x)
	if id == nil || fn == nil {
		return false
	}
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && body != nil && !v.IsField() && flow.Within(body, v.Pos())
}

// returnsAnswer returns the position of a return directly in the block
// b (not in nested functions) whose value is a tool result that is not
// an IsError one, or a text: what the model is told.
func (c *checker) returnsAnswer(b ast.Stmt) token.Pos {
	if b == nil {
		return token.NoPos
	}
	at := token.NoPos
	ast.Inspect(b, func(n ast.Node) bool {
		if at != token.NoPos {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				return false
			}
			// The answer goes with a nil error: `return "", fmt.Errorf(…)`
			// tells the model the error.
			last := n.Results[len(n.Results)-1]
			if len(n.Results) > 1 && mcpsdk.IsErrorType(c.pass.TypesInfo.TypeOf(last)) && !isNil(c.pass.TypesInfo, last) {
				return false
			}
			if c.answerValue(n.Results[0]) {
				at = n.Pos()
			}
			return false
		}
		return true
	})
	return at
}

// answerValue reports whether e is an answer built on the spot: a result
// of an SDK constructor that is not an IsError one, a result literal, or
// a text (a constant or fmt.Sprintf). A call of the project's own
// function (`return listDir(p)`) hands the answer on, and is none.
func (c *checker) answerValue(e ast.Expr) bool {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return mcpsdk.IsCallToolResult(info.TypeOf(e)) || mcpsdk.IsCallToolResult(types.NewPointer(info.TypeOf(e)))
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, e)
		if fn == nil || isresult.IsErrorResultCtor(fn) {
			return false
		}
		if mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
			return mcpsdk.IsCallToolResult(info.TypeOf(e))
		}
		return mcpsdk.IsFunc(fn, "fmt", "Sprintf") && mcpsdk.IsStringType(info.TypeOf(e))
	}
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && mcpsdk.IsStringType(tv.Type) && constant.StringVal(tv.Value) != ""
}

// parentIndex returns the index in path (path[0] is an expression) of
// the expression's parent, parentheses skipped; len(path) if none.
func parentIndex(path []ast.Node) int {
	i := 1
	for i < len(path) {
		if _, ok := path[i].(*ast.ParenExpr); !ok {
			break
		}
		i++
	}
	return i
}

// enclosingFunc returns the innermost function of path.
func enclosingFunc(path []ast.Node) ast.Node {
	for _, n := range path {
		switch n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return n
		}
	}
	return nil
}

// checkOutParam reports ret, a return with no results on failure path f,
// when the function fills a map, slice or struct its caller passed (a
// parameter it writes elsewhere) and leaves it unfilled here, and a call
// in tool code passes a variable of its own and reads it afterwards: the
// tool answers from the empty value as if the operation had found
// nothing.
func (c *checker) checkOutParam(ret *ast.ReturnStmt, f *failure) {
	fi := c.fn
	if fi.decl == nil || fi.lit != nil || fi.handler.IsToolHandler() || c.m.Handlers[fi.node] {
		return
	}
	if f.kind != condFail || c.explained(f, ret) || c.decided(f, ret) || c.documentedOptional(fi.decl) {
		return
	}
	sig := fi.sig
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if !fillable(p.Type()) || !c.writes(fi.body, p, token.NoPos, token.NoPos, f) {
			continue
		}
		if c.writes(fi.body, p, f.start, ret.Pos(), nil) {
			continue // filled before the return: a fallback
		}
		calls := 0
		for _, call := range c.m.Flow.Calls() {
			if typeutil.StaticCallee(c.pass.TypesInfo, call.Call) != fi.decl {
				continue
			}
			calls++
			if !c.inScope(call.Call.Pos()) || i >= len(call.Call.Args) {
				continue
			}
			at := c.readAfter(call.Call, call.Call.Args[i])
			if at == token.NoPos {
				continue
			}
			msg := fmt.Sprintf("%s leaves %s unfilled and %s returns as if it succeeded, so the tool answers from the empty value (%s); add an error result and %s",
				f.op(), p.Name(), funcName(fi.decl), c.position(at), remedy)
			c.r.Report(analysis.Diagnostic{Pos: ret.Pos(), End: ret.End(), Message: msg})
			return
		}
		if calls == 0 && fi.decl.Exported() && c.swallows[fi.decl] == nil {
			// Called from other packages only: the fact travels, and
			// each call is judged there.
			c.swallows[fi.decl] = &Fact{Returns: "nothing in " + p.Name(), Op: f.op(), At: c.position(ret.Pos()), Unfilled: i + 1}
			return
		}
	}
}

// fillable reports whether a parameter of type t is filled for the
// caller: a map, or a pointer to a struct or slice.
func fillable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return true
	case *types.Pointer:
		switch u.Elem().Underlying().(type) {
		case *types.Struct, *types.Slice, *types.Map:
			return true
		}
	}
	return false
}

// writes reports whether body stores into the value p points to or holds
// (p[k] = v, p.f = v, *p = v), within [from, to) when from is valid, or
// outside failure path skip when skip is not nil.
func (c *checker) writes(body *ast.BlockStmt, p *types.Var, from, to token.Pos, skip *failure) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		if from.IsValid() && (as.Pos() < from || as.Pos() >= to) {
			return true
		}
		if skip != nil && as.Pos() >= skip.start && (skip.end == token.NoPos || as.Pos() < skip.end) {
			return true
		}
		for _, l := range as.Lhs {
			var root ast.Expr
			switch l := ast.Unparen(l).(type) {
			case *ast.IndexExpr:
				root = l.X
			case *ast.SelectorExpr:
				root = l.X
			case *ast.StarExpr:
				root = l.X
			}
			if id, ok := ast.Unparen(root).(*ast.Ident); ok && info.Uses[id] == p {
				found = true
			}
		}
		return true
	})
	return found
}

// readAfter returns the position of the first read, after call, of the
// local variable arg passes (v or &v), in the function around call; NoPos
// when arg is no local variable or it is not read.
func (c *checker) readAfter(call *ast.CallExpr, arg ast.Expr) token.Pos {
	arg = ast.Unparen(arg)
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		arg = ast.Unparen(u.X)
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return token.NoPos
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() {
		return token.NoPos
	}
	file := c.m.FileOf(call.Pos())
	if file == nil {
		return token.NoPos
	}
	path := pathEnclosing(file, call.Pos(), call.End())
	fn := enclosingFunc(path)
	if fn == nil {
		return token.NoPos
	}
	at := token.NoPos
	ast.Inspect(fn, func(n ast.Node) bool {
		if at != token.NoPos || n == nil {
			return false
		}
		if use, ok := n.(*ast.Ident); ok && use.Pos() > call.End() && c.pass.TypesInfo.Uses[use] == v {
			at = use.Pos()
		}
		return true
	})
	return at
}

// isProbeType reports whether t is a bool or a number: a probe's result.
func isProbeType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsInteger|types.IsFloat) != 0
}
