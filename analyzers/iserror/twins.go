package iserror

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// effectTwin returns the function of d's package that does what d does
// before it builds its result, and nothing else: same parameter types, a
// body that is the first statements of d's, then at most a return of
// parameters and constants. A project's helper that records a failure
// (in a context, a metric) and builds an IsError result of it often has
// such a twin for the callers that return an error instead:
//
//	func NewAPIErrorResponse(ctx context.Context, msg string, resp *Response, err error) *mcp.CallToolResult {
//		apiErr := newAPIError(msg, resp, err)
//		record(ctx, apiErr)
//		return utils.NewToolResultErrorFromErr(msg, err)
//	}
//
//	func NewAPIErrorToCtx(ctx context.Context, msg string, resp *Response, err error) (context.Context, error) {
//		apiErr := newAPIError(msg, resp, err)
//		record(ctx, apiErr)
//		return ctx, nil
//	}
//
// A fix that turns a call of the helper into a returned error keeps the
// record by calling the twin. The twin found first by name wins.
func effectTwin(m *toolmodel.Model, d *ast.FuncDecl) *types.Func {
	fn := m.Flow.FuncOf(d)
	if fn == nil || d.Body == nil || len(d.Body.List) < 2 || d.Recv != nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var best *types.Func
	prefix := 0
	for other, od := range m.Flow.Decls() {
		if other == fn || od.Body == nil || od.Recv != nil || best != nil && best.Name() < other.Name() {
			continue
		}
		osig := other.Type().(*types.Signature)
		if osig.Params().Len() != sig.Params().Len() || osig.Variadic() != sig.Variadic() {
			continue
		}
		same := true
		for i := range sig.Params().Len() {
			if !types.Identical(sig.Params().At(i).Type(), osig.Params().At(i).Type()) {
				same = false
				break
			}
		}
		n := 0
		if same {
			n = runsPrefix(m, od, osig, d, sig)
		}
		if n == 0 {
			continue
		}
		best, prefix = other, n
	}
	if best != nil && !changesOnlyLocals(m, d, d.Body.List[prefix:]) {
		return nil
	}
	return best
}

// runsPrefix returns how many statements twin's body shares with the start
// of d's, parameters compared by position, when its body is that proper
// prefix, then at most a return of parameters and constants; else 0.
func runsPrefix(m *toolmodel.Model, twin *ast.FuncDecl, tsig *types.Signature, d *ast.FuncDecl, sig *types.Signature) int {
	list := twin.Body.List
	if n := len(list); n > 0 {
		if r, ok := list[n-1].(*ast.ReturnStmt); ok {
			for _, e := range r.Results {
				if !paramOrConst(m, e, tsig) {
					return 0
				}
			}
			list = list[:n-1]
		}
	}
	if len(list) == 0 || len(list) >= len(d.Body.List) {
		return 0
	}
	for i, s := range list {
		if shape(m, s, tsig) != shape(m, d.Body.List[i], sig) {
			return 0
		}
	}
	return len(list)
}

// changesOnlyLocals reports whether the statements rest of d store only
// into d's own variables: no package variable, field or element is
// assigned or incremented, nothing is sent, started or deferred. What a
// helper does there is then building its result (and calls, such as
// logging, that the boundary does for a returned error), which a fix
// that returns an error instead may drop.
func changesOnlyLocals(m *toolmodel.Model, d *ast.FuncDecl, rest []ast.Stmt) bool {
	info := m.Pass.TypesInfo
	// A local, or a field or element of what a local (not a parameter)
	// holds: res.IsError = true on the result the helper built.
	local := func(e ast.Expr) bool {
		direct := true
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				e, direct = x.X, false
				continue
			case *ast.IndexExpr:
				e, direct = x.X, false
				continue
			case *ast.StarExpr:
				e, direct = x.X, false
				continue
			}
			break
		}
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		if v == nil || !(d.Body.Pos() <= v.Pos() && v.Pos() < d.End()) {
			return direct && v != nil && d.Pos() <= v.Pos() && v.Pos() < d.End() // a parameter itself
		}
		return true
	}
	ok := true
	for _, st := range rest {
		ast.Inspect(st, func(n ast.Node) bool {
			return ok && changesLocal(n, local, &ok)
		})
	}
	return ok
}

// changesLocal is changesOnlyLocals' inspector: it clears ok at a store
// that is not into a local.
func changesLocal(n ast.Node, local func(ast.Expr) bool, ok *bool) bool {
	switch x := n.(type) {
	case *ast.AssignStmt:
		for _, l := range x.Lhs {
			*ok = *ok && local(l)
		}
	case *ast.IncDecStmt:
		*ok = *ok && local(x.X)
	case *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
		*ok = false
	}
	return *ok
}

// pureExpr reports whether evaluating e twice does what evaluating it once
// does: names, constants, selections, operators, conversions and calls of
// standard functions whose result depends only on their arguments
// (fmt.Sprintf, strings) or of the package's own pure helpers (one
// result, no error, a body that reads only its arguments and constants),
// all of such operands.
func pureExpr(m *toolmodel.Model, e ast.Expr) bool {
	info := m.Pass.TypesInfo
	ch := m.Outcomes()
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case nil, *ast.Ident, *ast.BasicLit, *ast.SelectorExpr, *ast.ParenExpr, *ast.BinaryExpr, *ast.StarExpr, *ast.IndexExpr:
		case *ast.UnaryExpr:
			ok = ok && x.Op != token.ARROW
		case *ast.CallExpr:
			if tv, found := info.Types[x.Fun]; found && tv.IsType() {
				break // a conversion
			}
			fn := typeutil.StaticCallee(info, x)
			ok = ok && fn != nil && (goapi.IsPure(fn) || ch.PureHelper(fn))
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// paramOrConst reports whether e is a parameter of sig, nil or a constant.
func paramOrConst(m *toolmodel.Model, e ast.Expr, sig *types.Signature) bool {
	info := m.Pass.TypesInfo
	if tv, ok := info.Types[e]; ok && (tv.Value != nil || tv.IsNil()) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := info.Uses[id].(*types.Var)
	return v != nil && paramIndex(v, sig) >= 0
}

func paramIndex(v *types.Var, sig *types.Signature) int {
	for i := range sig.Params().Len() {
		if sig.Params().At(i) == v {
			return i
		}
	}
	return -1
}

// shape writes the syntax tree of n, each parameter of sig by its
// position and every other name as it is spelled: two statements of the
// same shape do the same with the same arguments.
func shape(m *toolmodel.Model, n ast.Node, sig *types.Signature) string {
	info := m.Pass.TypesInfo
	var b strings.Builder
	ast.Inspect(n, func(x ast.Node) bool {
		if x == nil {
			b.WriteByte(')')
			return false
		}
		fmt.Fprintf(&b, "(%T", x)
		switch x := x.(type) {
		case *ast.Ident:
			obj := info.Uses[x]
			if obj == nil {
				obj = info.Defs[x]
			}
			if v, ok := obj.(*types.Var); ok {
				if i := paramIndex(v, sig); i >= 0 {
					fmt.Fprintf(&b, " $%d", i)
					break
				}
			}
			b.WriteString(" " + x.Name)
			if obj != nil && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				b.WriteString("@" + obj.Pkg().Path())
			}
		case *ast.BasicLit:
			b.WriteString(" " + x.Value)
		case *ast.BinaryExpr:
			b.WriteString(" " + x.Op.String())
		case *ast.UnaryExpr:
			b.WriteString(" " + x.Op.String())
		case *ast.AssignStmt:
			b.WriteString(" " + x.Tok.String())
		case *ast.IncDecStmt:
			b.WriteString(" " + x.Tok.String())
		case *ast.BranchStmt:
			b.WriteString(" " + x.Tok.String())
		}
		return true
	})
	return b.String()
}
