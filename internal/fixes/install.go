package fixes

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// Where unwrapped's fix puts the boundary so that it runs outermost, and
// so sees what every other tool middleware returns.
//
// mcp-go applies its tool-handler middleware in reverse order of
// registration (MCPServer keeps them in toolHandlerMiddlewares, appended
// by WithToolHandlerMiddleware, WithRecovery, WithLogging and Use, and
// wraps the handler with slices.Backward): the first one runs outermost.
// The boundary's option therefore goes before every other option. go-sdk's
// AddReceivingMiddleware wraps the current method handler, so the last
// call runs outermost: the boundary goes after every other call on the
// server that follows its construction.

// firstOption returns the edit that makes opt, a server option, the first
// option of the mcp-go construction call: before its first option, or,
// when the options are spread from a variable (opts...), first in the
// slice literal that variable is built from (opts := []server.ServerOption{
// ...}, later only appended to), or else prepended to the variable by a
// statement before the construction (opts = append([]server.ServerOption{
// opt}, opts...)). False when the call has another shape.
func (fb *Builder) firstOption(call *ast.CallExpr, opt, optType string) (analysis.TextEdit, bool) {
	if !mcpsdk.IsFunc(typeutil.StaticCallee(fb.Pass.TypesInfo, call), mcpsdk.MCPGoServer, "NewMCPServer") ||
		len(call.Args) < 3 && call.Ellipsis.IsValid() || len(call.Args) < 2 {
		return analysis.TextEdit{}, false
	}
	if !call.Ellipsis.IsValid() {
		if len(call.Args) > 2 {
			return fb.insertBefore(call.Args[1], call.Args[2], opt), true
		}
		// After the last argument, not at the parenthesis: a call spread
		// over lines ends its last argument with a comma, and the new
		// option goes on a line of its own.
		lastArg := call.Args[len(call.Args)-1]
		last := lastArg.End()
		if fb.Pass.Fset.Position(call.Rparen).Line > fb.Pass.Fset.Position(last).Line {
			indent, eol := fb.lineOf(lastArg.Pos(), last)
			return analysis.TextEdit{Pos: eol, End: eol, NewText: []byte("\n" + indent + opt + ",")}, true
		}
		return analysis.TextEdit{Pos: last, End: last, NewText: []byte(", " + opt)}, true
	}
	// server.NewMCPServer(name, version, opts...)
	id, _ := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.Ident)
	v, isVar := fb.Pass.TypesInfo.Uses[id].(*types.Var)
	stmt := fb.enclosingStmt(call)
	if id == nil || !isVar || v.Parent() == nil || v.Pkg() != fb.Pass.Pkg || v.Parent() == v.Pkg().Scope() || stmt == nil {
		return analysis.TextEdit{}, false
	}
	c, ok := fb.Syntax.Root().FindNode(call)
	if !ok {
		return analysis.TextEdit{}, false
	}
	if body := funcBody(flow.EnclosingFunc(c)); body != nil {
		if lit := fb.optionLiteral(body, v, 0); lit != nil {
			if len(lit.Elts) == 0 {
				return analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte(opt)}, true
			}
			return fb.insertBefore(nil, lit.Elts[0], opt), true
		}
	}
	indent, _ := fb.lineOf(stmt.Pos(), stmt.End())
	name := v.Name()
	return analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(),
		NewText: []byte(name + " = append([]" + optType + "{" + opt + "}, " + name + "...)\n" + indent)}, true
}

// insertBefore returns the edit that puts the list element opt before
// next (whose predecessor is prev, when there is one), keeping the list's
// line breaks: on a line of its own when next begins one.
func (fb *Builder) insertBefore(prev, next ast.Expr, opt string) analysis.TextEdit {
	tf := fb.Pass.Fset.File(next.Pos())
	ownLine := tf != nil && fb.Pass.ReadFile != nil
	if ownLine {
		src, err := fb.Pass.ReadFile(tf.Name())
		start := tf.Offset(tf.LineStart(tf.Line(next.Pos())))
		ownLine = err == nil && start <= tf.Offset(next.Pos()) && len(trimSpace(src[start:tf.Offset(next.Pos())])) == 0
	}
	if prev != nil && ownLine && fb.Pass.Fset.Position(prev.End()).Line == fb.Pass.Fset.Position(next.Pos()).Line {
		ownLine = false
	}
	if ownLine {
		indent, _ := fb.lineOf(next.Pos(), next.Pos())
		return analysis.TextEdit{Pos: next.Pos(), End: next.Pos(), NewText: []byte(opt + ",\n" + indent)}
	}
	return analysis.TextEdit{Pos: next.Pos(), End: next.Pos(), NewText: []byte(opt + ", ")}
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

func funcBody(fn ast.Node) *ast.BlockStmt {
	switch f := fn.(type) {
	case *ast.FuncDecl:
		return f.Body
	case *ast.FuncLit:
		return f.Body
	}
	return nil
}

// optionLiteral returns the slice literal whose elements come first in
// the options v holds, as body builds them: one assignment gives v its
// first elements (a literal, v := []T{...}, or an append to another such
// variable, v = append(w, ...)) and every other assignment appends to v
// (v = append(v, ...)). Nil when body builds v in another way.
func (fb *Builder) optionLiteral(body *ast.BlockStmt, v *types.Var, depth int) *ast.CompositeLit {
	if depth > 3 {
		return nil
	}
	info := fb.Pass.TypesInfo
	var bases []ast.Expr
	bad := false
	assign := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			id, _ := ast.Unparen(l).(*ast.Ident)
			if id == nil || info.ObjectOf(id) != v {
				continue
			}
			if len(lhs) != len(rhs) {
				bad = true
				return
			}
			r := ast.Unparen(rhs[i])
			if call, ok := r.(*ast.CallExpr); ok && flow.IsBuiltinCall(fb.Pass.TypesInfo, call, "append") && len(call.Args) > 0 {
				if x, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok && info.ObjectOf(x) == v {
					continue // v = append(v, ...): after the first elements
				}
			}
			bases = append(bases, r)
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			if len(n.Values) == 0 {
				for _, id := range n.Names {
					if info.ObjectOf(id) == v {
						bad = true
					}
				}
				return true
			}
			assign(lhs, n.Values)
		case *ast.UnaryExpr:
			// &v: stored through a pointer, built elsewhere.
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.ObjectOf(id) == v {
				bad = true
			}
		}
		return !bad
	})
	if bad || len(bases) != 1 {
		return nil
	}
	switch b := bases[0].(type) {
	case *ast.CompositeLit:
		if _, ok := info.TypeOf(b).Underlying().(*types.Slice); ok {
			return b
		}
	case *ast.CallExpr:
		if !flow.IsBuiltinCall(fb.Pass.TypesInfo, b, "append") || len(b.Args) == 0 || b.Ellipsis.IsValid() && len(b.Args) == 1 {
			return nil
		}
		if lit, ok := ast.Unparen(b.Args[0]).(*ast.CompositeLit); ok {
			if _, ok := info.TypeOf(lit).Underlying().(*types.Slice); ok {
				return lit
			}
			return nil
		}
		id, _ := ast.Unparen(b.Args[0]).(*ast.Ident)
		w, ok := info.Uses[id].(*types.Var)
		if id == nil || !ok || w == v || w.Parent() == nil || w.Parent() == w.Pkg().Scope() ||
			!(body.Pos() <= w.Pos() && w.Pos() < body.End()) {
			return nil
		}
		return fb.optionLiteral(body, w, depth+1)
	}
	return nil
}

// lastMiddleware returns the last statement of the block holding stmt
// that adds receiving middleware to the go-sdk server stored in srv
// (srv.AddReceivingMiddleware(...), possibly inside an if), from stmt on
// and before any return: the boundary added after it runs outermost.
// stmt itself when there is none.
func (fb *Builder) lastMiddleware(stmt ast.Stmt, srv types.Object) ast.Stmt {
	c, ok := fb.Syntax.Root().FindNode(stmt)
	if !ok || srv == nil {
		return stmt
	}
	var list []ast.Stmt
	switch b := c.Parent().Node().(type) {
	case *ast.BlockStmt:
		list = b.List
	case *ast.CaseClause:
		list = b.Body
	case *ast.CommClause:
		list = b.Body
	}
	last := stmt
	after := false
	for _, s := range list {
		if s == stmt {
			after = true
			continue
		}
		if !after {
			continue
		}
		if _, ret := s.(*ast.ReturnStmt); ret {
			break
		}
		adds := false
		ast.Inspect(s, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false // runs later, if at all
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return !adds
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "AddReceivingMiddleware" &&
				fb.Flow.StorageOf(sel.X) == srv {
				adds = true
			}
			return !adds
		})
		if adds {
			last = s
		}
	}
	return last
}
