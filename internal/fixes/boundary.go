package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// A ServerBoundary is a boundary a fix can install as server middleware.
type ServerBoundary struct {
	Name      string // how messages name it: mcpgo.Boundary
	Expr      string // the middleware value as the file spells it: mcpgo.Boundary, gosdk.ReceivingBoundary()
	ServerPkg string // mcp-go: how the file names the server package ("server")
	Imports   []analysis.TextEdit
}

// serverBoundary returns the one boundary file can see that installs as
// server middleware of the SDK ("mcp-go": a server.ToolHandlerMiddleware
// value for server.WithToolHandlerMiddleware; "go-sdk": an mcp.Middleware
// for AddReceivingMiddleware): a boundary of the package or of a package
// the file imports, or, when the module requires toolcheck's toolerr,
// toolerr/mcpgo.Boundary or toolerr/gosdk.ReceivingBoundary(). False when
// there is none, or more than one.
func (fb *Builder) serverBoundary(file *ast.File, sdk string) (ServerBoundary, bool) {
	type cand struct {
		pkg, name, expr string // package path, qualified name, expression
	}
	var cands []cand
	seen := map[string]bool{}
	add := func(c cand) {
		if !seen[c.pkg+"."+c.name] {
			seen[c.pkg+"."+c.name] = true
			cands = append(cands, c)
		}
	}
	for qual, fn := range fb.visibleFuncs(file, fb.MayDeclareBoundary) {
		if !fb.IsBoundary(fn) || mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 || sig.Results().Len() != 1 {
			continue
		}
		switch {
		case sdkMiddleware(fn.Type(), sdk):
			add(cand{mcpsdk.PkgPath(fn), qual, qual}) // Boundary(next) next: the function is the middleware
		case (sig.Params().Len() == 0 || sig.Params().Len() == 1 && sig.Variadic()) && sdkMiddleware(sig.Results().At(0).Type(), sdk):
			add(cand{mcpsdk.PkgPath(fn), qual, qual + "()"}) // NewBoundary(opts...) middleware: its result is
		}
	}
	// A package whose plain boundary is visible offers no factory besides.
	byPkg := map[string][]cand{}
	for _, c := range cands {
		byPkg[c.pkg] = append(byPkg[c.pkg], c)
	}
	cands = cands[:0]
	for _, cs := range byPkg {
		var plain []cand
		for _, c := range cs {
			if !strings.HasSuffix(c.expr, "()") {
				plain = append(plain, c)
			}
		}
		if len(plain) > 0 {
			cs = plain
		}
		cands = append(cands, cs...)
	}
	var b ServerBoundary
	switch {
	case len(cands) == 1:
		b.Name, b.Expr = cands[0].name, cands[0].expr
	case len(cands) == 0 && fb.ModuleRequires(file, ToolerrModule):
		path, name, expr := ToolerrModule+"/mcpgo", "mcpgo", "Boundary"
		if sdk == "go-sdk" {
			path, name, expr = ToolerrModule+"/gosdk", "gosdk", "ReceivingBoundary()"
		}
		q, edits, ok := fb.Qualifier(file, path, name)
		if !ok {
			return ServerBoundary{}, false
		}
		b.Name, b.Expr, b.Imports = q+strings.TrimSuffix(expr, "()"), q+expr, edits
	default:
		return ServerBoundary{}, false
	}
	if sdk == "mcp-go" {
		q, edits, ok := fb.Qualifier(file, mcpsdk.MCPGoServer, "server")
		if !ok {
			return ServerBoundary{}, false
		}
		b.ServerPkg = strings.TrimSuffix(q, ".")
		b.Imports = MergeImports(b.Imports, edits)
	}
	return b, true
}

// sdkMiddleware reports whether t is server middleware of the SDK: a
// server.ToolHandlerMiddleware shape for mcp-go, an mcp.Middleware shape
// for go-sdk.
func sdkMiddleware(t types.Type, sdk string) bool {
	if !mcpsdk.IsMiddlewareType(t) {
		return false
	}
	k := mcpsdk.HandlerKindOf(t.Underlying().(*types.Signature).Params().At(0).Type())
	switch sdk {
	case "mcp-go":
		return k == mcpsdk.MCPGoHandler
	case "go-sdk":
		return k == mcpsdk.GoSDKMethod
	}
	return false
}

// InstallBoundary returns the fix that installs the one boundary the file
// can see (ServerBoundary) as server middleware on the server call makes,
// of the SDK its type says, where it runs outermost (install.go): for
// mcp-go (server.NewMCPServer) the first option
// (server.WithToolHandlerMiddleware(b)), first in the slice literal the
// options are spread from (opts...), or prepended to them by a statement
// before the construction; for go-sdk, whose servers take middleware at
// any time, a statement after the one that stores the server call builds
// or returns, or after the test of the error returned with it
// (serverStore), and after the server's other AddReceivingMiddleware
// calls that follow (s.AddReceivingMiddleware(b)). False when there is no
// such boundary or the code has another shape.
func (fb *Builder) InstallBoundary(call *ast.CallExpr) (analysis.SuggestedFix, bool) {
	sdk := mcpsdk.ServerSDK(fb.Pass.TypesInfo.TypeOf(call))
	file := fb.FileOf(call.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	b, ok := fb.serverBoundary(file, sdk)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	switch sdk {
	case "mcp-go":
		// server.NewMCPServer(name, version, opts..., server.WithToolHandlerMiddleware(b))
		// Only at the construction: mcp-go takes middleware as an option.
		if !mcpsdk.IsFunc(typeutil.StaticCallee(fb.Pass.TypesInfo, call), mcpsdk.MCPGoServer, "NewMCPServer") ||
			len(call.Args) < 3 && call.Ellipsis.IsValid() || len(call.Args) < 2 {
			return analysis.SuggestedFix{}, false
		}
		opt := b.ServerPkg + ".WithToolHandlerMiddleware(" + b.Expr + ")"
		e, ok := fb.firstOption(call, opt, b.ServerPkg+".ServerOption")
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e)
	case "go-sdk":
		// s := mcp.NewServer(...)
		// s.AddReceivingMiddleware(other)
		// s.AddReceivingMiddleware(b)
		stmt, name, obj := fb.ServerStore(call)
		if stmt == nil {
			return analysis.SuggestedFix{}, false
		}
		stmt = fb.lastMiddleware(stmt, obj)
		indent, eol := fb.lineOf(stmt.Pos(), stmt.End())
		edits = append(edits, analysis.TextEdit{Pos: eol, End: eol,
			NewText: []byte("\n" + indent + name + ".AddReceivingMiddleware(" + b.Expr + ")")})
	default:
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, b.Imports...)
	return analysis.SuggestedFix{Message: "install " + b.Name + " as server middleware", TextEdits: edits}, true
}

// enclosingStmt returns the statement of a block or case clause that holds
// n, or nil.
func (fb *Builder) enclosingStmt(n ast.Node) ast.Stmt {
	c, ok := fb.Syntax.Root().FindNode(n)
	if !ok {
		return nil
	}
	for ; c.Valid(); c = c.Parent() {
		stmt, isStmt := c.Node().(ast.Stmt)
		if !isStmt {
			continue
		}
		switch c.Parent().Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return stmt
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// lineOf returns the leading white space of the line holding start, and
// the end of the line holding end (after any comment on it).
func (fb *Builder) lineOf(start, end token.Pos) (string, token.Pos) {
	tf := fb.Pass.Fset.File(start)
	if tf == nil {
		return "\t", end
	}
	src, err := fb.Pass.ReadFile(tf.Name())
	if err != nil {
		return "\t", end
	}
	off := tf.Offset(tf.LineStart(tf.Line(start)))
	ws := off
	for ws < len(src) && (src[ws] == ' ' || src[ws] == '\t') {
		ws++
	}
	eol := tf.Offset(end)
	for eol < len(src) && src[eol] != '\n' {
		eol++
	}
	return string(src[off:ws]), tf.Pos(eol)
}

// BehindBoundary reports whether, as far as this package shows, the tools
// whose code holds pos are behind a tool boundary once the fixes of one
// pass are applied, so that a returned error becomes the boundary's fixed
// fault message and a ToolError is rendered and logged: the file can see a
// boundary (the module requires toolerr, or a boundary function of the
// project is in scope), and every tool the package registers without one
// is on a server unwrapped's fix installs it on (InstallBoundary): one
// built in the package, or a go-sdk server a call returns. Tools registered in another package are taken to be
// behind it when the module requires toolerr: that package's own
// constructions get the same fix.
func (fb *Builder) BehindBoundary(pos token.Pos) bool {
	if !fb.Relevant {
		return false
	}
	file := fb.FileOf(pos)
	if file == nil {
		return false
	}
	fb.mu.Lock()
	v, ok := fb.bounded[file]
	fb.mu.Unlock()
	if ok {
		return v
	}
	v = fb.ModuleRequires(file, ToolerrModule)
	if !v {
		for _, fn := range fb.visibleFuncs(file, fb.MayDeclareBoundary) {
			if fb.IsBoundary(fn) {
				v = true
				break
			}
		}
	}
	v = v && fb.allInstallable()
	fb.mu.Lock()
	if fb.bounded == nil {
		fb.bounded = map[*ast.File]bool{}
	}
	fb.bounded[file] = v
	fb.mu.Unlock()
	return v
}

// allInstallable reports whether unwrapped's fix installs the boundary
// for every registration of the package without it, computed once: it
// does not depend on the file asking.
func (fb *Builder) allInstallable() bool {
	fb.mu.Lock()
	done, v := fb.installable != nil, fb.installable != nil && *fb.installable
	fb.mu.Unlock()
	if done {
		return v
	}
	v = true
	seen := map[*ast.CallExpr]bool{}
	for _, at := range fb.InstallSites {
		if seen[at] {
			continue
		}
		seen[at] = true
		if _, ok := fb.InstallBoundary(at); !ok {
			v = false
			break
		}
	}
	fb.mu.Lock()
	fb.installable = &v
	fb.mu.Unlock()
	return v
}
