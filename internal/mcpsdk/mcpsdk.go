// Package mcpsdk is what toolcheck knows of the MCP SDKs' APIs, stateless:
// their import paths, the types of servers, results, requests, tool
// handlers and middleware, and matching of functions, methods and named
// types by package and name.
package mcpsdk

import (
	"go/types"
	"strings"
	"sync"
)

// Import paths of the MCP SDKs that toolcheck understands.
const (
	MCPGoServer = "github.com/mark3labs/mcp-go/server"
	MCPGoMCP    = "github.com/mark3labs/mcp-go/mcp"
	GoSDKMCP    = "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Modules are the paths of the SDKs' modules.
var Modules = []string{"github.com/mark3labs/mcp-go", "github.com/modelcontextprotocol/go-sdk"}

// SDKPaths lists the SDK packages whose presence makes a package relevant.
var SDKPaths = []string{MCPGoServer, MCPGoMCP, GoSDKMCP}

// PkgPath returns the package path of obj with any vendor prefix removed.
func PkgPath(obj types.Object) string {
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	return Unvendor(obj.Pkg().Path())
}

// Unvendor returns the import path without its vendor prefix.
func Unvendor(path string) string {
	if !strings.Contains(path, "vendor/") {
		return path // the common case, found by the fast forward search
	}
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}

// IsSDKPath reports whether path is one of the MCP SDK packages.
func IsSDKPath(path string) bool {
	path = Unvendor(path)
	for _, p := range SDKPaths {
		if path == p {
			return true
		}
	}
	return false
}

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Name() != name || PkgPath(fn) != pkg {
		return false
	}
	return fn.Type().(*types.Signature).Recv() == nil
}

// Qualified names obj as messages do: pkg.Name.
func Qualified(obj types.Object) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// IsToolConstructor reports whether fn builds an mcp-go Tool named by its
// first argument: mcp.NewTool or mcp.NewToolWithRawSchema.
func IsToolConstructor(fn *types.Func) bool {
	return IsFunc(fn, MCPGoMCP, "NewTool") || IsFunc(fn, MCPGoMCP, "NewToolWithRawSchema")
}

// IsMethod reports whether fn is the method recv.name of package pkg.
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	if fn == nil || fn.Name() != name || PkgPath(fn) != pkg {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return false
	}
	return RecvTypeName(sig) == recv
}

// RecvTypeName returns the name of the receiver's named type, or "".
func RecvTypeName(sig *types.Signature) string {
	if sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// IsNamed reports whether t (or *t) is the named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := n.Origin().Obj()
	return obj.Name() == name && PkgPath(obj) == pkg
}

// IsServerType reports whether t is an MCP server of either SDK.
func IsServerType(t types.Type) bool {
	return IsNamed(t, MCPGoServer, "MCPServer") || IsNamed(t, GoSDKMCP, "Server")
}

// ServerSDK names the SDK of a server type, or of the first result of a
// call's tuple: "mcp-go", "go-sdk", or "".
func ServerSDK(t types.Type) string {
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type()
	}
	switch {
	case IsNamed(t, MCPGoServer, "MCPServer"):
		return "mcp-go"
	case IsNamed(t, GoSDKMCP, "Server"):
		return "go-sdk"
	}
	return ""
}

// IsToolType reports whether t is (a pointer to) either SDK's mcp.Tool.
func IsToolType(t types.Type) bool {
	return IsNamed(t, MCPGoMCP, "Tool") || IsNamed(t, GoSDKMCP, "Tool")
}

// IsServerToolType reports whether t is mcp-go's ServerTool or
// ServerTaskTool, whose literal is itself a registration.
func IsServerToolType(t types.Type) bool {
	return IsNamed(t, MCPGoServer, "ServerTool") || IsNamed(t, MCPGoServer, "ServerTaskTool")
}

// IsCallToolResult reports whether t is (a pointer to) either SDK's
// CallToolResult.
func IsCallToolResult(t types.Type) bool {
	return IsNamed(t, MCPGoMCP, "CallToolResult") || IsNamed(t, GoSDKMCP, "CallToolResult")
}

// HandlerKind classifies function types that handle a tool call.
type HandlerKind int

const (
	NotHandler   HandlerKind = iota
	MCPGoHandler             // server.ToolHandlerFunc shape
	MCPGoTask                // server.TaskToolHandlerFunc shape
	MCPGoTyped               // mcp.TypedToolHandlerFunc / StructuredToolHandlerFunc shape
	GoSDKHandler             // mcp.ToolHandler shape
	GoSDKTyped               // mcp.ToolHandlerFor[In, Out] shape
	GoSDKMethod              // mcp.MethodHandler (receiving middleware)
)

// HandlerKindOf classifies t by its signature, whatever its name.
func HandlerKindOf(t types.Type) HandlerKind {
	if t == nil {
		return NotHandler
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return NotHandler
	}
	return handlerKindOfSig(sig)
}

func handlerKindOfSig(sig *types.Signature) HandlerKind {
	p, r := sig.Params(), sig.Results()
	if p.Len() < 2 || !isContext(p.At(0).Type()) {
		return NotHandler
	}
	req := p.At(1).Type()
	switch {
	case IsNamed(req, MCPGoMCP, "CallToolRequest"):
		if _, isPtr := types.Unalias(req).(*types.Pointer); isPtr {
			return NotHandler
		}
		if r.Len() != 2 || !isError(r.At(1).Type()) {
			return NotHandler
		}
		if p.Len() == 3 {
			return MCPGoTyped
		}
		if p.Len() != 2 {
			return NotHandler
		}
		if IsNamed(r.At(0).Type(), MCPGoMCP, "CallToolResult") {
			return MCPGoHandler
		}
		if IsNamed(r.At(0).Type(), MCPGoMCP, "CreateTaskResult") {
			return MCPGoTask
		}
	case isGoSDKCallToolRequest(req):
		if p.Len() == 2 && r.Len() == 2 && IsCallToolResult(r.At(0).Type()) && isError(r.At(1).Type()) {
			return GoSDKHandler
		}
		if p.Len() == 3 && r.Len() == 3 && IsCallToolResult(r.At(0).Type()) && isError(r.At(2).Type()) {
			return GoSDKTyped
		}
	case isString(req) && p.Len() == 3 && r.Len() == 2 && isError(r.At(1).Type()):
		if IsNamed(r.At(0).Type(), GoSDKMCP, "Result") && IsNamed(p.At(2).Type(), GoSDKMCP, "Request") {
			return GoSDKMethod
		}
	}
	return NotHandler
}

// isGoSDKCallToolRequest matches *mcp.CallToolRequest, an alias of
// *mcp.ServerRequest[*mcp.CallToolParamsRaw].
func isGoSDKCallToolRequest(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok && isGoSDKToolRequest(t)
}

// isGoSDKToolRequest matches mcp.ServerRequest[*mcp.CallToolParamsRaw],
// or a pointer to it.
func isGoSDKToolRequest(t types.Type) bool {
	if !IsNamed(t, GoSDKMCP, "ServerRequest") {
		return false
	}
	n := NamedOf(t)
	return n != nil && n.TypeArgs().Len() == 1 && IsNamed(n.TypeArgs().At(0), GoSDKMCP, "CallToolParamsRaw")
}

// NamedOf returns the named type t is, or points to, or nil.
func NamedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

// IsCallToolRequest reports whether t is a tool call's request of either
// SDK (or a pointer to one): mcp-go's mcp.CallToolRequest, go-sdk's
// *mcp.CallToolRequest. What it carries besides the arguments is the
// model's too.
func IsCallToolRequest(t types.Type) bool {
	return IsNamed(t, MCPGoMCP, "CallToolRequest") || isGoSDKToolRequest(t)
}

// IsMiddlewareType reports whether t is func(H) H for a handler type H.
func IsMiddlewareType(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	return HandlerKindOf(sig.Params().At(0).Type()) != NotHandler &&
		HandlerKindOf(sig.Results().At(0).Type()) != NotHandler
}

// IsToolHandlerKind reports whether k is the shape of a tool handler (as
// opposed to a go-sdk method handler).
func (k HandlerKind) IsToolHandler() bool { return k != NotHandler && k != GoSDKMethod }

func isContext(t types.Type) bool { return IsNamed(t, "context", "Context") }

// errorType is the predeclared error type: a type is identical to it only
// when it is it, or an alias of it.
var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool { return types.Unalias(t) == errorType }

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// IsStringType reports whether t is a string type (string, a named string
// type, an untyped string constant).
func IsStringType(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// ReturnsError reports whether sig's last result is an error.
func ReturnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && IsErrorType(res.At(res.Len()-1).Type())
}

// IsErrorType reports whether t is the error interface.
func IsErrorType(t types.Type) bool { return t != nil && isError(t) }

// A Reach answers whether packages import an MCP SDK, directly or not,
// keeping its final answers by package: not by path, since a test variant
// shares its package's path but may import more. Keep one for as long as
// the analysis of one package, so that a long-lived process (fuzzing, an
// editor's) does not keep every package it ever checked. The zero Reach
// is ready to use; its methods may be called concurrently.
type Reach struct {
	// Known, if set, reports what is known of a package without walking
	// its imports: whether it reaches an SDK, and whether that is known
	// (a fact says it does, or its importer's analysis has settled it).
	Known func(*types.Package) (reaches, known bool)

	mu    sync.Mutex
	known map[*types.Package]bool
	seen  map[*types.Package]bool // the packages one walk has entered (emptied after it)
}

// Reaches reports whether pkg imports an MCP SDK, directly or not.
func (r *Reach) Reaches(pkg *types.Package) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.known[pkg]; ok {
		return v
	}
	if r.known == nil {
		r.known = map[*types.Package]bool{}
		r.seen = map[*types.Package]bool{}
	}
	defer clear(r.seen)
	return r.reaches(pkg, r.seen)
}

func (r *Reach) reaches(pkg *types.Package, seen map[*types.Package]bool) bool {
	if v, ok := r.known[pkg]; ok {
		return v
	}
	if seen[pkg] {
		return false
	}
	seen[pkg] = true
	ok := IsSDKPath(pkg.Path())
	if !ok && r.Known != nil {
		if v, known := r.Known(pkg); known {
			r.known[pkg] = v
			return v
		}
	}
	for _, imp := range pkg.Imports() {
		if ok {
			break
		}
		ok = r.reaches(imp, seen)
	}
	if ok || len(seen) == 1 || r.allKnown(pkg) {
		r.known[pkg] = ok
	}
	return ok
}

// allKnown reports whether every import of pkg has a final answer, so
// that a negative answer for pkg is final too (not an artefact of a
// cycle).
func (r *Reach) allKnown(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if _, ok := r.known[imp]; !ok {
			return false
		}
	}
	return true
}
