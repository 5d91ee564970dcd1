package toolmodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
)

// EffectTwin returns the function of d's package that does what d does
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
func (m *Model) EffectTwin(d *ast.FuncDecl) *types.Func {
	fn := m.Flow.FuncOf(d)
	if fn == nil || d.Body == nil || len(d.Body.List) < 2 || d.Recv != nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var best *types.Func
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
		if !same || !m.runsPrefix(od, osig, d, sig) {
			continue
		}
		best = other
	}
	return best
}

// runsPrefix reports whether twin's body is a proper prefix of d's,
// parameters compared by position, then at most a return of parameters
// and constants.
func (m *Model) runsPrefix(twin *ast.FuncDecl, tsig *types.Signature, d *ast.FuncDecl, sig *types.Signature) bool {
	list := twin.Body.List
	if n := len(list); n > 0 {
		if r, ok := list[n-1].(*ast.ReturnStmt); ok {
			for _, e := range r.Results {
				if !m.paramOrConst(e, tsig) {
					return false
				}
			}
			list = list[:n-1]
		}
	}
	if len(list) == 0 || len(list) >= len(d.Body.List) {
		return false
	}
	for i, s := range list {
		if m.shape(s, tsig) != m.shape(d.Body.List[i], sig) {
			return false
		}
	}
	return true
}

// paramOrConst reports whether e is a parameter of sig, nil or a constant.
func (m *Model) paramOrConst(e ast.Expr, sig *types.Signature) bool {
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
func (m *Model) shape(n ast.Node, sig *types.Signature) string {
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
