package emptyonfail

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

const remedy = "return the error so the tool boundary reports a fault"

// checkReturn reports ret, on failure path f, if it returns an empty
// success.
func (c *checker) checkReturn(ret *ast.ReturnStmt, f *failure) {
	fi := c.fn
	info := c.pass.TypesInfo
	if fi == nil || fi.callback {
		return
	}
	res := fi.sig.Results()
	if res.Len() == 0 {
		if len(ret.Results) == 0 {
			c.checkOutParam(ret, f)
		}
		return
	}
	bare := len(ret.Results) == 0
	if !bare && len(ret.Results) != res.Len() {
		c.checkTupleReturn(ret, f)
		return
	}
	if fi.errIdx >= 0 {
		if bare {
			ev := res.At(fi.errIdx)
			if ev == f.err || c.assigned(fi, ev) {
				return
			}
		} else if !isNil(info, ret.Results[fi.errIdx]) {
			return
		}
	}
	var descs []string
	anyEmpty, coll := false, false
	for i := 0; i < res.Len(); i++ {
		if i == fi.errIdx {
			continue
		}
		var j judgement
		if bare {
			j = c.varJudge(res.At(i), nil, ret.Pos(), f, 0)
		} else {
			j = c.judge(ret.Results[i], res.At(i).Type(), f, 0)
		}
		switch j.v {
		case notEmpty:
			return
		case empty:
			anyEmpty = true
			coll = coll || j.coll
			descs = append(descs, j.desc)
		}
	}
	errOnly := res.Len() == 1 && fi.errIdx == 0
	if !anyEmpty && !errOnly {
		if !bare && res.Len() == 1 && fi.errIdx < 0 && fi.decl != nil && fi.lit == nil &&
			!fi.handler.IsToolHandler() && !c.m.Handlers[fi.node] && isProbeType(res.At(0).Type()) {
			// probe(...) bool returning false: reported where it becomes
			// the answer.
			c.checkProbe(ret, f, shortExpr(ret.Results[0]))
		}
		return
	}
	if errOnly && !f.exact {
		return // `if err != nil || nothingToDo { return nil }`: nil is "no problem"
	}
	if errOnly && c.fallsBack(f, ret) {
		return // `s.cfg = defaults; return nil`: the failure was handled
	}
	handler := fi.handler.IsToolHandler() || c.m.Handlers[fi.node]
	if f.kind != condFail && (!handler || coll || errOnly) {
		// Absence, or a value that does not parse: a classification, which
		// a list contract or the "nil means absent" idiom answers with
		// nothing.
		return
	}
	if c.explained(f, ret) || c.decided(f, ret) {
		return
	}
	if !handler && fi.decl != nil && fi.lit == nil {
		if c.documentedOptional(fi.decl) {
			return // "best effort": the contract says empty on a failure
		}
		if fi.errIdx < 0 && (c.callersTest(fi.decl) || c.enrichment(fi.decl)) {
			return
		}
	}
	if c.namesFailure(f, ret) {
		return // "no data file found for %q" after os.ReadFile: it says what failed
	}
	returns := strings.Join(descs, " and ")
	if allNil(descs) {
		returns = "nil"
	}
	var msg string
	switch {
	case f.kind == condAbsence:
		msg = fmt.Sprintf("the not-found %s returns %s as a success; return a ToolError at INFO that names the missing item and where to find it", f.op(), returns)
	case f.kind == condInvalid:
		msg = fmt.Sprintf("%s returns %s as a success, hiding a value that does not parse; return a ToolError at INFO that names the argument and the value expected", f.op(), returns)
	case errOnly:
		returns = "nil"
		msg = fmt.Sprintf("%s is swallowed by a nil error return, which reports success; %s", f.op(), remedy)
	case fi.errIdx < 0:
		msg = fmt.Sprintf("%s returns %s from a function with no error result, so the tools that call it answer as if nothing were there; add an error result and %s", f.op(), returns, remedy)
	case mcpGoResult(fi) && !bare && isNil(info, ret.Results[0]):
		returns = "(nil, nil)"
		msg = fmt.Sprintf("%s returns (nil, nil), which mcp-go answers with internal error -32603 \"handler returned no result\"; %s", f.op(), remedy)
	default:
		msg = fmt.Sprintf("%s returns %s with a nil error, so the answer says there is nothing when the server failed to look; %s", f.op(), returns, remedy)
	}
	d := analysis.Diagnostic{Pos: ret.Pos(), End: ret.End(), Message: msg}
	if c.m.Config.Fixes() {
		if fix, ok := c.fix(ret, f); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.swallow(fi, ret, d, returns, f.op())
}

// fallsBack reports whether the failure branch, before ret, stores a value
// in something that outlives it: a field, an element, a variable declared
// outside the branch (a fallback the function's caller will use).
func (c *checker) fallsBack(f *failure, ret *ast.ReturnStmt) bool {
	if !f.start.IsValid() {
		return false
	}
	found := false
	ast.Inspect(c.fn.body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= f.start || n.Pos() >= ret.Pos() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if n.Pos() < f.start {
				return true
			}
			for _, l := range n.Lhs {
				switch l := ast.Unparen(l).(type) {
				case *ast.Ident:
					if v, ok := c.objOf(l).(*types.Var); ok && v.Pos() < f.start && l.Name != "_" {
						found = true
					}
				case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
					found = true
				}
			}
		}
		return true
	})
	return found
}

func allNil(descs []string) bool {
	for _, d := range descs {
		if d != "nil" {
			return false
		}
	}
	return len(descs) > 0
}

// mcpGoResult reports whether fi is an mcp-go handler (plain or typed)
// whose *mcp.CallToolResult the server receives as is.
func mcpGoResult(fi *funcInfo) bool {
	switch fi.handler {
	case mcpsdk.MCPGoHandler:
		return true
	case mcpsdk.MCPGoTyped:
		return mcpsdk.IsNamed(fi.sig.Results().At(0).Type(), mcpsdk.MCPGoMCP, "CallToolResult")
	}
	return false
}

// checkTupleReturn handles `return mcp.NewToolResultJSON(v)`: its error is
// about marshalling, so an empty v is an empty success.
func (c *checker) checkTupleReturn(ret *ast.ReturnStmt, f *failure) {
	info := c.pass.TypesInfo
	if len(ret.Results) != 1 || f.kind != condFail {
		return
	}
	call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil || !mcpsdk.IsFunc(fn.Origin(), mcpsdk.MCPGoMCP, "NewToolResultJSON") {
		return
	}
	j := c.judge(call.Args[0], info.TypeOf(call.Args[0]), f, 0)
	if j.v != empty {
		return
	}
	returns := shortExpr(call.Fun) + " of " + j.desc
	c.swallow(c.fn, ret, analysis.Diagnostic{Pos: ret.Pos(), End: ret.End(),
		Message: fmt.Sprintf("%s returns %s with a nil error, so the answer says there is nothing when the server failed to look; %s", f.op(), returns, remedy)}, returns, f.op())
}

// assigned reports whether the function assigns v anywhere.
func (c *checker) assigned(fi *funcInfo, v *types.Var) bool {
	for _, ev := range fi.eventsOf(v) {
		if !ev.read && !ev.zero {
			return true
		}
	}
	return false
}

// fix returns the failed error in place of the nil one, and nil in place
// of each nilable empty value, when the error is certainly non-nil and in
// scope at ret, and the tools are behind a boundary.
func (c *checker) fix(ret *ast.ReturnStmt, f *failure) (analysis.SuggestedFix, bool) {
	fi := c.fn
	info := c.pass.TypesInfo
	if !f.exact || f.kind != condFail || f.err == nil || fi.errIdx < 0 || len(ret.Results) == 0 {
		return analysis.SuggestedFix{}, false
	}
	if !c.m.Fixes().BehindBoundary(ret.Pos()) {
		// Without a boundary the returned error's text reaches the model
		// as it is (go-sdk) or as a JSON-RPC error (mcp-go): the fix
		// would trade this finding for a messagetext one.
		return analysis.SuggestedFix{}, false
	}
	if scope := c.pass.Pkg.Scope().Innermost(ret.Pos()); scope == nil {
		return analysis.SuggestedFix{}, false
	} else if _, obj := scope.LookupParent(f.err.Name(), ret.Pos()); obj != f.err {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	res := fi.sig.Results()
	for i, e := range ret.Results {
		switch {
		case i == fi.errIdx:
			edits = append(edits, analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(f.err.Name())})
		case nilable(res.At(i).Type()) && !isNil(info, e):
			edits = append(edits, analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte("nil")})
		}
	}
	return analysis.SuggestedFix{Message: "return " + f.err.Name(), TextEdits: edits}, true
}

// checkRecover reports a deferred recover() in outer that swallows the
// panic: it neither re-panics nor sets a result, so outer returns zero
// values and a nil error.
func (c *checker) checkRecover(outer *funcInfo, lit *ast.FuncLit) {
	info := c.pass.TypesInfo
	if outer.errIdx < 0 || outer.callback {
		return
	}
	for _, s := range lit.Body.List {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || !c.m.Failures.IsRecoverTest(ifs) {
			continue
		}
		handled := false
		ast.Inspect(ifs.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok {
					for _, r := range outer.named {
						if v == r {
							handled = true
						}
					}
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "panic" {
					handled = true
				}
				if fn := typeutil.StaticCallee(info, n); fn != nil && fn.Pkg() != nil {
					p := fn.Pkg().Path()
					if (p == "os" && fn.Name() == "Exit") || (p == "log" && (strings.HasPrefix(fn.Name(), "Fatal") || strings.HasPrefix(fn.Name(), "Panic"))) {
						handled = true
					}
				}
			}
			return !handled
		})
		if handled {
			continue
		}
		name := "the function"
		if outer.lit == nil && outer.decl != nil {
			name = funcName(outer.decl)
		}
		op := "recovered panic"
		c.swallow(outer, ifs.Cond, analysis.Diagnostic{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(),
			Message: fmt.Sprintf("this recover() swallows the panic and %s returns zero values with a nil error, so the answer says there is nothing when the server failed; set the error result in the recover branch so the tool boundary reports a fault", name)},
			"zero values", op)
	}
}

// checkLoop reports, with -emptyonfail.loops, a failure skipped with
// continue in a loop that builds a collection the function returns with a
// nil error, when nothing records the skip.
func (c *checker) checkLoop(loop ast.Node, body *ast.BlockStmt) {
	fi := c.fn
	info := c.pass.TypesInfo
	if fi == nil || fi.callback || fi.errIdx < 0 && fi.sig.Results().Len() == 0 {
		return
	}
	// The collections the loop builds.
	built := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var v *types.Var
				switch l := ast.Unparen(l).(type) {
				case *ast.Ident, *ast.SelectorExpr:
					// v = append(v, x), or v.f = append(v.f, x)
					if i < len(n.Rhs) && flow.IsBuiltinCall(info, n.Rhs[i], "append") {
						if id := rootIdent(l); id != nil {
							v, _ = c.objOf(id).(*types.Var)
						}
					}
				case *ast.IndexExpr:
					if id, ok := ast.Unparen(l.X).(*ast.Ident); ok {
						if t := info.TypeOf(l.X); t != nil {
							if _, isMap := t.Underlying().(*types.Map); isMap {
								v, _ = c.objOf(id).(*types.Var)
							}
						}
					}
				}
				if v != nil && !flow.Within(loop, v.Pos()) {
					built[v] = true
				}
			}
		}
		return true
	})
	if len(built) == 0 {
		return
	}
	// ... and that a later return hands out with a nil error.
	returned := map[*types.Var]bool{}
	for _, n := range c.m.Flow.Returns(fi.node) {
		if n.Pos() < loop.End() {
			continue
		}
		if fi.errIdx >= 0 && (len(n.Results) <= fi.errIdx || !isNil(info, n.Results[fi.errIdx])) {
			continue
		}
		for v := range built {
			for _, e := range n.Results {
				if flow.UsesVar(info, e, v) {
					returned[v] = true
				}
			}
		}
	}
	if len(returned) == 0 {
		return
	}
	var names []string
	for v := range returned {
		names = append(names, v.Name())
	}
	sort.Strings(names)
	// The failure branches that skip the item.
	var visit func(list []ast.Stmt)
	visit = func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.IfStmt:
				f := c.failureOf(c.m.Failures.IfFailure(s, c.fn.node), astindex.Cursor{})
				if f != nil && f.kind == condFail && skips(s.Body) && !records(s.Body) {
					cont := s.Body.List[len(s.Body.List)-1]
					if c.inScope(cont.Pos()) {
						c.r.Report(analysis.Diagnostic{Pos: cont.Pos(), End: cont.End(),
							Message: fmt.Sprintf("%s is skipped with continue while building %s, and the result does not say so; return the error, or record the skipped item in the result", f.op(), strings.Join(names, ", "))})
					}
					continue
				}
				visit(s.Body.List)
				if b, ok := s.Else.(*ast.BlockStmt); ok {
					visit(b.List)
				}
			case *ast.BlockStmt:
				visit(s.List)
			}
		}
	}
	visit(body.List)
}

// rootIdent returns v of v, v.f, v.f.g.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// skips reports whether b ends by continuing the loop.
func skips(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	br, ok := b.List[len(b.List)-1].(*ast.BranchStmt)
	return ok && br.Tok == token.CONTINUE && br.Label == nil
}

// records reports whether a skip branch writes anything down: an
// assignment, an increment, a send (a skipped count, a warning list, the
// last error for a retry).
func records(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.SendStmt:
			found = true
		case *ast.FuncLit:
			return false
		}
		return !found
	})
	return found
}
