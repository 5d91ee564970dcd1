package outcome

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/types/typeutil"
)

// ValidatorFact marks a function whose error can only say that its
// arguments are wrong: it computes from its parameters and constants,
// calling nothing but the request's argument accessors, parsers, pure
// standard functions and other such functions. Called with the request
// or the model's arguments (`GetToolReqParam[string](req, "query",
// true)`, `ExtractMountPath(args)`), its error is a caller error and its
// results are argument data.
type ValidatorFact struct{}

func (*ValidatorFact) AFact() {}

func (*ValidatorFact) String() string { return "validator" }

// validator reports whether fn is such a function: a function of this
// package judged by its body, or of another by its fact.
func (ch *Judge) validator(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if v, ok := ch.validators[fn]; ok {
		return v
	}
	if fn.Pkg() != ch.pass.Pkg {
		if fn.Pkg() == nil || mcpsdk.IsSDKPath(fn.Pkg().Path()) {
			return false
		}
		v := ch.pass.ImportObjectFact(fn, new(ValidatorFact))
		ch.validators[fn] = v
		return v
	}
	d := ch.in.Flow.Decl(fn)
	sig := fn.Type().(*types.Signature)
	if d == nil || d.Body == nil || !mcpsdk.ReturnsError(sig) || sig.Recv() != nil {
		// A method reads its receiver: server state, not the arguments.
		ch.validators[fn] = false
		return false
	}
	ch.validators[fn] = false // while its body is judged: recursion proves nothing
	var errRes *types.Var
	if r := sig.Results(); r.Len() > 0 && r.At(r.Len()-1).Name() != "" {
		errRes = r.At(r.Len() - 1)
	}
	v := ch.failsIn(d.Body, errRes) && ch.pureBody(d.Body)
	ch.validators[fn] = v
	return v
}

// exportValidators exports the fact of the package's exported validators.
func (ch *Judge) ExportValidators() {
	for fn, d := range ch.in.Flow.Decls() {
		if fn.Exported() && d.Body != nil && ch.validator(fn) {
			ch.pass.ExportObjectFact(fn, &ValidatorFact{})
		}
	}
}

// failsSomewhere reports whether some return of body returns an error
// that is not nil: a function that never fails validates nothing.
func (ch *Judge) failsSomewhere(body *ast.BlockStmt) bool {
	return ch.failsIn(body, nil)
}

// failsIn is failsSomewhere for a function whose error result is the
// named result errRes, if any: a bare return after `err = fmt.Errorf(...)`
// fails too.
func (ch *Judge) failsIn(body *ast.BlockStmt, errRes *types.Var) bool {
	info := ch.pass.TypesInfo
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 && !flow.IsNil(info, n.Results[len(n.Results)-1]) {
				found = true
			}
		case *ast.AssignStmt:
			if errRes == nil || len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.Uses[id] == errRes && !flow.IsNil(info, n.Rhs[i]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// pureBody reports whether body calls only what a validator may call,
// reads no package variable, and neither starts goroutines nor uses
// channels or function literals.
func (ch *Judge) pureBody(body *ast.BlockStmt) bool {
	info := ch.pass.TypesInfo
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.GoStmt, *ast.SendStmt, *ast.SelectStmt, *ast.FuncLit, *ast.DeferStmt:
			ok = false
		case *ast.Ident:
			// A package variable is server state; a sentinel error is not.
			if v, isVar := info.Uses[n].(*types.Var); isVar && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && !mcpsdk.IsErrorType(v.Type()) {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				return true // a conversion
			}
			if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID {
				if _, isB := info.Uses[id].(*types.Builtin); isB {
					return true
				}
			}
			fn := typeutil.StaticCallee(info, n)
			if fn == nil || !ch.validatorCall(fn) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// validatorCall reports whether a validator may call fn: an argument
// accessor of the request, a parser, a pure standard function, an error
// constructor, or another validator.
func (ch *Judge) validatorCall(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	path := mcpsdk.PkgPath(fn)
	if recv := sig.Recv(); recv != nil {
		switch {
		case mcpsdk.IsCallToolRequest(recv.Type()):
			n := fn.Name()
			return strings.HasPrefix(n, "Get") || strings.HasPrefix(n, "Require") || n == "BindArguments"
		case path == "regexp":
			return strings.HasPrefix(fn.Name(), "Match") || strings.HasPrefix(fn.Name(), "Find")
		case path == "strings" || path == "bytes":
			return strings.HasPrefix(fn.Name(), "String") || fn.Name() == "Len" || strings.HasPrefix(fn.Name(), "Write")
		case path == "errors" || isErrorMethod(fn):
			return true
		}
		return false
	}
	if goapi.IsPure(fn) || parseFunc(fn) {
		return true
	}
	switch path {
	case "errors", "strings", "bytes", "strconv", "unicode", "unicode/utf8", "slices", "maps", "sort", "math", "regexp", "net/url", "time", "path", "path/filepath", "encoding/json":
		if path == "time" && fn.Name() == "Now" || path == "path/filepath" && !goapi.IsPure(fn) && !parseFunc(fn) || path == "encoding/json" && fn.Name() != "Unmarshal" {
			return false
		}
		return true
	case "fmt":
		return strings.HasPrefix(fn.Name(), "Sprint") || fn.Name() == "Errorf" || strings.HasPrefix(fn.Name(), "Sscan")
	case mcpsdk.MCPGoMCP:
		return strings.HasPrefix(fn.Name(), "Parse")
	}
	return ch.validator(fn)
}

// isErrorMethod reports whether fn is the Error method of an error type.
func isErrorMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return fn.Name() == "Error" && sig.Params().Len() == 0 && sig.Results().Len() == 1
}

// validatorArgs reports whether call passes a validator only the request,
// the model's arguments and constants, and at least one of the first two.
func (ctx *pathCtx) validatorArgs(call *ast.CallExpr, depth int) bool {
	info := ctx.c.pass.TypesInfo
	has := false
	for _, a := range call.Args {
		if id, isID := ast.Unparen(a).(*ast.Ident); isID {
			if v, _ := info.Uses[id].(*types.Var); v != nil && ctx.req[v] {
				has = true
				continue
			}
		}
		ok, h := ctx.argExprDepth(a, depth+1)
		if !ok {
			return false
		}
		has = has || h
	}
	return has
}
