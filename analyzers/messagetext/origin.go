package messagetext

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/lazyre"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// A leafKind says where an interpolated value comes from.
type leafKind int

const (
	lUnknown    leafKind = iota
	lInput               // the model's own arguments, or text written for it
	lParam               // a parameter of the function being summarised
	lConst               // a constant string
	lState               // a field of the server's state or a package variable
	lServer              // the error of an operation on server resources
	lUpstream            // an HTTP body, a dump, a command's output
	lStack               // a stack trace or frame
	lServerPath          // a path on the server
	lTypeName            // a Go type name
	lSafe                // a ToolError or a model-safe error
)

// A leaf is one origin of an interpolated value.
type leaf struct {
	kind  leafKind
	what  string     // the operation or value, for messages
	via   string     // the same-package function it came through
	param *types.Var // lParam
	name  string     // lState: the field or variable name
	s     string     // lConst: the value
}

// leaves returns the origins of the value of e, at result index tuple of a
// multi-value call (-1 otherwise).
func (c *checker) leaves(e ast.Expr, tuple int, f *flow.Frame) []leaf {
	if f == nil && tuple < 0 && len(c.inProgress) == 0 {
		// Only values traced outside any helper are memoised: inside one,
		// recursion may cut a trace short.
		if ls, ok := c.leafMemo[e]; ok {
			return ls
		}
		ls := c.leaves1(e, tuple, f)
		c.leafMemo[e] = ls
		return ls
	}
	return c.leaves1(e, tuple, f)
}

func (c *checker) leaves1(e ast.Expr, tuple int, f *flow.Frame) []leaf {
	e = ast.Unparen(e)
	info := c.info
	if f.Depth() > flow.MaxDepth {
		return []leaf{{kind: lUnknown}}
	}
	tv := info.Types[e]
	if tv.Value != nil && tv.Value.Kind() == constant.String {
		return []leaf{{kind: lConst, s: constant.StringVal(tv.Value)}}
	}
	if tv.Value != nil {
		return []leaf{{kind: lConst, s: tv.Value.ExactString()}}
	}
	if tuple < 0 && c.isSafe(tv.Type) {
		return []leaf{{kind: lSafe}}
	}
	switch x := e.(type) {
	case *ast.Ident:
		return c.identLeaves(x, f)
	case *ast.SelectorExpr:
		return c.selectorLeaves(x, f)
	case *ast.CallExpr:
		return c.callLeaves(x, tuple, f)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return append(c.leaves(x.X, -1, f), c.leaves(x.Y, -1, f)...)
		}
	case *ast.StarExpr:
		return c.leaves(x.X, -1, f)
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.leaves(x.X, -1, f)
		}
	case *ast.IndexExpr:
		return c.derived(c.leaves(x.X, -1, f))
	case *ast.SliceExpr:
		return c.leaves(x.X, -1, f)
	}
	return []leaf{{kind: lUnknown}}
}

// derived maps the origins of a container to those of a value taken from
// it: the model's input stays input, server state stays state.
func (c *checker) derived(ls []leaf) []leaf {
	var out []leaf
	for _, l := range ls {
		switch l.kind {
		case lInput, lState, lUpstream, lServerPath, lStack:
			out = append(out, l)
		default:
			out = append(out, leaf{kind: lUnknown})
		}
	}
	return out
}

func (c *checker) identLeaves(id *ast.Ident, f *flow.Frame) []leaf {
	obj := c.info.ObjectOf(id)
	switch obj := obj.(type) {
	case *types.Const:
		if obj.Val().Kind() == constant.String {
			return []leaf{{kind: lConst, s: constant.StringVal(obj.Val())}}
		}
		return []leaf{{kind: lConst, s: obj.Val().ExactString()}}
	case *types.Var:
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			return []leaf{{kind: lState, name: obj.Name()}}
		}
		if c.defs.stackBuf[obj] {
			return []leaf{{kind: lStack, what: "runtime.Stack"}}
		}
		if c.defs.isOpaque(obj) {
			return []leaf{{kind: lUnknown}}
		}
		// Every definition that may reach the use: the value is any of
		// them (`msg := m; if err != nil { msg = fmt.Sprintf("%s: %v", m, err) }`).
		defs, incoming := c.m.Flow.Reaching(obj, id)
		var out []leaf
		if incoming || len(defs) == 0 {
			if _, isParam := c.defs.param(obj); isParam || incoming {
				if b, ok := f.Lookup(obj); ok {
					n := len(out)
					for _, a := range b.Exprs {
						out = append(out, c.leaves(a, -1, b.Frame)...)
					}
					if len(out) == n {
						out = append(out, leaf{kind: lUnknown})
					}
				} else {
					out = append(out, c.paramLeaves(obj)...)
				}
			}
		}
		for _, d := range defs {
			if c.expanding[d] {
				continue // x = g(x) in a loop: its value is what the others bring
			}
			c.expanding[d] = true
			switch {
			case d.Opaque:
				out = append(out, leaf{kind: lUnknown})
			case d.Zero || d.Rhs == nil:
			case d.Elem:
				out = append(out, c.derived(c.leaves(d.Rhs, d.Tuple, f))...)
			default:
				out = append(out, c.leaves(d.Rhs, d.Tuple, f)...)
			}
			delete(c.expanding, d)
		}
		return out
	}
	return []leaf{{kind: lUnknown}}
}

// paramLeaves classifies a parameter's incoming value: the request and a
// typed handler's input are the model's; a declared function's other
// parameters are summarised for its callers.
func (c *checker) paramLeaves(v *types.Var) []leaf {
	p, ok := c.defs.param(v)
	if !ok {
		return []leaf{{kind: lUnknown}}
	}
	if mcpsdk.IsCallToolRequest(v.Type()) {
		return []leaf{{kind: lInput}}
	}
	kind := mcpsdk.HandlerKindOf(p.sig)
	if (kind == mcpsdk.MCPGoTyped || kind == mcpsdk.GoSDKTyped) && p.index == 2 {
		return []leaf{{kind: lInput}}
	}
	if p.index < 0 {
		return []leaf{{kind: lState, name: v.Name()}}
	}
	if _, ok := p.fn.(*ast.FuncDecl); ok {
		return []leaf{{kind: lParam, param: v}}
	}
	return []leaf{{kind: lUnknown}}
}

// pathField matches the names of fields that hold a directory or path.
var (
	pathField = lazyre.New(`(?i)(dir|directory|root|path|folder|home)s?$`)
	notAPath  = lazyre.New(`(?i)url|uri|api|endpoint|route|http|base|web|prefix`)
)

func (c *checker) selectorLeaves(sel *ast.SelectorExpr, f *flow.Frame) []leaf {
	info := c.info
	s, ok := info.Selections[sel]
	if !ok {
		// A qualified identifier.
		return c.identLeaves(sel.Sel, f)
	}
	if s.Kind() != types.FieldVal {
		return []leaf{{kind: lUnknown}}
	}
	field := s.Obj()
	if mcpsdk.PkgPath(field) == "os/exec" && field.Name() == "Stderr" && mcpsdk.IsNamed(s.Recv(), "os/exec", "ExitError") {
		return []leaf{{kind: lUpstream, what: "a command's captured output"}}
	}
	if v, ok := field.(*types.Var); ok && c.bodyField(v) {
		return []leaf{bodyLeaf(v)}
	}
	var out []leaf
	for _, l := range c.leaves(sel.X, -1, f) {
		switch l.kind {
		case lInput:
			out = append(out, l)
		case lState:
			if pathField.MatchString(field.Name()) && !notAPath.MatchString(field.Name()) && isStringish(field.Type()) {
				out = append(out, leaf{kind: lServerPath, what: "the server's " + field.Name()})
			} else {
				out = append(out, leaf{kind: lState, name: field.Name()})
			}
		default:
			out = append(out, leaf{kind: lUnknown})
		}
	}
	return out
}

func isStringish(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		return isString(u.Elem())
	}
	return false
}

// callLeaves classifies the result tuple (or the only result) of a call.
func (c *checker) callLeaves(call *ast.CallExpr, tuple int, f *flow.Frame) []leaf {
	info := c.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.leaves(call.Args[0], -1, f) // a conversion
	}
	if field, ok := c.bodyMethod(call); ok {
		return []leaf{bodyLeaf(field)}
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return []leaf{{kind: lUnknown}}
	}
	fn = fn.Origin()
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	idx := tuple
	if idx < 0 {
		idx = 0
	}
	if idx >= res.Len() {
		return []leaf{{kind: lUnknown}}
	}
	rt := res.At(idx).Type()
	if c.isSafe(rt) || c.isToolErrorCtor(fn) {
		return []leaf{{kind: lSafe}}
	}
	isErr := types.Identical(rt, types.Universe.Lookup("error").Type())
	recv := func() ast.Expr {
		if s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return s.X
		}
		return nil
	}
	args := func(from int) []leaf {
		var out []leaf
		for i := from; i < len(call.Args); i++ {
			out = append(out, c.leaves(call.Args[i], -1, f)...)
		}
		return out
	}
	path := mcpsdk.PkgPath(fn)
	recvName := mcpsdk.RecvTypeName(sig)
	switch {
	case path == mcpsdk.MCPGoMCP && recvName == "CallToolRequest",
		path == mcpsdk.GoSDKMCP && recvName == "ServerRequest":
		return []leaf{{kind: lInput}}
	case isErrorMethod(fn):
		if r := recv(); r != nil {
			return c.leaves(r, -1, f)
		}
	case (fn.Name() == "String" || fn.Name() == "Bytes") && (recvName == "Buffer" && path == "bytes" || recvName == "Builder" && path == "strings"):
		if r := recv(); r != nil {
			if id, ok := ast.Unparen(r).(*ast.Ident); ok {
				if v, ok := info.ObjectOf(id).(*types.Var); ok && c.defs.cmdOut[v] {
					return []leaf{{kind: lUpstream, what: "a command's captured output"}}
				}
			}
		}
		return []leaf{{kind: lUnknown}}
	case path == "reflect" && recvName == "Type" && (fn.Name() == "String" || fn.Name() == "Name"):
		return []leaf{{kind: lTypeName, what: "reflect.Type." + fn.Name()}}
	case path == "runtime/debug" && fn.Name() == "Stack":
		return []leaf{{kind: lStack, what: "debug.Stack"}}
	case path == "runtime" && fn.Name() == "Caller" && (idx == 1 || idx == 2):
		return []leaf{{kind: lStack, what: "runtime.Caller"}}
	case path == "runtime" && (recvName == "Frames" || recvName == "Func"):
		return []leaf{{kind: lStack, what: "a runtime frame"}}
	case (path == "io" || path == "io/ioutil") && fn.Name() == "ReadAll" && !isErr:
		if len(call.Args) == 1 && c.isHTTPBody(call.Args[0]) {
			return []leaf{{kind: lUpstream, what: "the body of an HTTP response"}}
		}
		return []leaf{{kind: lUnknown}}
	case path == "net/http/httputil" && strings.HasPrefix(fn.Name(), "Dump") && !isErr:
		return []leaf{{kind: lUpstream, what: "an HTTP dump (" + "httputil." + fn.Name() + ")"}}
	case path == "os/exec" && recvName == "Cmd" && (fn.Name() == "Output" || fn.Name() == "CombinedOutput") && !isErr:
		return []leaf{{kind: lUpstream, what: "a command's captured output"}}
	case path == "os" && !isErr && sig.Recv() == nil && serverPathFuncs[fn.Name()]:
		return []leaf{{kind: lServerPath, what: "os." + fn.Name()}}
	case path == "os" && recvName == "File" && fn.Name() == "Name":
		if r := recv(); r != nil {
			return c.fileName(c.leaves(r, -1, f), r, f)
		}
	case path == "path/filepath" && fn.Name() == "Abs" && !isErr:
		if len(call.Args) == 1 {
			return c.rooted(c.leaves(call.Args[0], -1, f), nil, "filepath.Abs")
		}
	case path == "path/filepath" && fn.Name() == "Join" && !isErr:
		if len(call.Args) > 0 {
			return c.rooted(c.leaves(call.Args[0], -1, f), args(1), "filepath.Join")
		}
	case !isErr && (path == "strings" || path == "path" || path == "path/filepath" || path == "fmt" || path == "strconv" && strings.HasPrefix(fn.Name(), "Quote")) && sig.Recv() == nil:
		return args(0)
	case path == "fmt" && fn.Name() == "Errorf", path == "errors" && (fn.Name() == "New" || fn.Name() == "Join"):
		return args(0)
	}
	if isErr && idx == res.Len()-1 && isWalk(fn) {
		return c.walkLeaves(call, fn, f)
	}
	if isErr && idx == res.Len()-1 && goapi.IsMarshal(fn) {
		every := func(e ast.Expr, ok func(types.Type) bool) bool { return c.tr.Every(e, f, ok) }
		if c.m.Marshal.CannotFail(info, call, every) {
			return nil // marshalling what can reach here cannot fail: no error to leak
		}
	}
	if isErr && idx == res.Len()-1 && goapi.IsMarshal(fn) && len(call.Args) > 0 && c.allInput(call.Args[0], f) {
		// The model's own input, decoded from JSON: it marshals again.
		return nil
	}
	if isErr && idx == res.Len()-1 {
		if op, ok := c.resourceOp(fn); ok {
			if c.onModelPath(call, fn, f) {
				// os.Create(args.LogPath): the *fs.PathError names the
				// model's own path and what the system said of it.
				return []leaf{{kind: lSafe}}
			}
			return []leaf{{kind: lServer, what: op}}
		}
	}
	if d := c.decls[fn]; d != nil {
		return c.returnLeaves(d, call, idx, f)
	}
	if isErr && idx == res.Len()-1 && fn.Pkg() != c.pass.Pkg {
		var ef errFact
		if c.pass.ImportObjectFact(fn, &ef) {
			return c.errFactLeaves(&ef, fn, call, f)
		}
	}
	return []leaf{{kind: lUnknown}}
}

// isWalk reports whether fn walks a tree, returning what its callback
// returns.
func isWalk(fn *types.Func) bool {
	path := mcpsdk.PkgPath(fn)
	return (path == "path/filepath" || path == "io/fs") && (fn.Name() == "Walk" || fn.Name() == "WalkDir")
}

// walkLeaves classifies the error of filepath.Walk and its kin: whatever
// the callback returns, the SkipDir and SkipAll sentinels aside; the
// callback's own error parameter is the walk's raw error.
func (c *checker) walkLeaves(call *ast.CallExpr, fn *types.Func, f *flow.Frame) []leaf {
	if len(call.Args) == 0 {
		return []leaf{{kind: lUnknown}}
	}
	lit, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.FuncLit)
	if !ok {
		return []leaf{{kind: lServer, what: toolmodel.FuncName(fn)}}
	}
	var errParam *types.Var
	if ps := lit.Type.Params.List; len(ps) > 0 && len(ps[len(ps)-1].Names) > 0 {
		errParam, _ = c.info.Defs[ps[len(ps)-1].Names[len(ps[len(ps)-1].Names)-1]].(*types.Var)
	}
	var out []leaf
	for _, n := range c.m.Flow.Returns(lit) {
		if len(n.Results) != 1 {
			continue
		}
		r := ast.Unparen(n.Results[0])
		if id, ok := r.(*ast.Ident); ok {
			if id.Name == "nil" {
				continue
			}
			if v, ok := c.info.Uses[id].(*types.Var); ok && v == errParam {
				if d, ok := c.reach(v, id); ok && d == nil {
					out = append(out, leaf{kind: lServer, what: toolmodel.FuncName(fn)})
					continue
				}
			}
		}
		if sel, ok := r.(*ast.SelectorExpr); ok && (sel.Sel.Name == "SkipDir" || sel.Sel.Name == "SkipAll") {
			continue
		}
		out = append(out, c.leaves(r, -1, f)...)
	}
	return out
}

// fileName classifies (*os.File).Name(): a temporary file's name is a
// server path; an opened file's is the path it was opened with.
func (c *checker) fileName(ls []leaf, r ast.Expr, f *flow.Frame) []leaf {
	id, ok := ast.Unparen(r).(*ast.Ident)
	if !ok {
		return []leaf{{kind: lUnknown}}
	}
	v, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok {
		return []leaf{{kind: lUnknown}}
	}
	d, ok := c.reach(v, id)
	if !ok || d == nil || d.rhs == nil {
		return []leaf{{kind: lUnknown}}
	}
	call, ok := ast.Unparen(d.rhs).(*ast.CallExpr)
	if !ok {
		return []leaf{{kind: lUnknown}}
	}
	fn := c.callee(call)
	switch {
	case mcpsdk.IsFunc(fn, "os", "CreateTemp"):
		return []leaf{{kind: lServerPath, what: "os.CreateTemp"}}
	case (mcpsdk.IsFunc(fn, "os", "Open") || mcpsdk.IsFunc(fn, "os", "Create") || mcpsdk.IsFunc(fn, "os", "OpenFile")) && len(call.Args) > 0:
		return c.leaves(call.Args[0], -1, f)
	}
	return []leaf{{kind: lUnknown}}
}

// rooted classifies a path built on root (filepath.Abs, filepath.Join): a
// path the model sent stays the model's; one built on server state, a
// server directory or an absolute constant is a server path.
func (c *checker) rooted(root, rest []leaf, op string) []leaf {
	server := len(root) > 0
	for _, l := range root {
		switch {
		case l.kind == lInput || l.kind == lParam:
			return append(root, rest...)
		case l.kind == lState || l.kind == lServerPath:
		case l.kind == lConst && op == "filepath.Abs":
		case l.kind == lConst && absPath.MatchString(l.s):
		default:
			server = false
		}
	}
	if server {
		return []leaf{{kind: lServerPath, what: "a path " + op + " builds on the server's own directory"}}
	}
	return []leaf{{kind: lUnknown}}
}

var absPath = lazyre.New(`^(/|~/|[A-Za-z]:\\)`)

var serverPathFuncs = map[string]bool{
	"Getwd": true, "TempDir": true, "UserHomeDir": true, "UserCacheDir": true,
	"UserConfigDir": true, "Executable": true, "MkdirTemp": true,
}

// isHTTPBody reports whether e is the Body of an *http.Response.
func (c *checker) isHTTPBody(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := c.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	return s.Obj().Name() == "Body" && mcpsdk.PkgPath(s.Obj()) == "net/http"
}

// returnLeaves traces result idx of a same-package function's returns,
// binding its parameters to the call's arguments.
func (c *checker) returnLeaves(d *ast.FuncDecl, call *ast.CallExpr, idx int, f *flow.Frame) []leaf {
	if c.inProgress[d] || f.Depth() >= flow.MaxDepth {
		return []leaf{{kind: lUnknown}}
	}
	c.inProgress[d] = true
	defer delete(c.inProgress, d)
	return c.returnsIn(d, idx, c.tr.Bind(d, call, f, nil))
}

// returnsIn traces result idx of d's return statements in frame nf.
func (c *checker) returnsIn(d *ast.FuncDecl, idx int, nf *flow.Frame) []leaf {
	var out []leaf
	for _, n := range c.m.Flow.Returns(d) {
		switch {
		case len(n.Results) == 0:
			out = append(out, leaf{kind: lUnknown})
		case len(n.Results) > idx && (len(n.Results) > 1 || idx == 0):
			out = append(out, c.leaves(n.Results[idx], -1, nf)...)
		case len(n.Results) == 1:
			out = append(out, c.leaves(n.Results[0], idx, nf)...)
		}
	}
	via := c.funcName(d)
	for i := range out {
		if out[i].kind != lParam {
			out[i].via = via // the outermost helper: the one the caller calls
		}
	}
	return out
}

// resourceOp reports whether fn is an operation on server resources whose
// error carries server detail, and names it.
func (c *checker) resourceOp(fn *types.Func) (string, bool) {
	path := mcpsdk.PkgPath(fn)
	sig := fn.Type().(*types.Signature)
	recv := mcpsdk.RecvTypeName(sig)
	name := fn.Name()
	ok := false
	switch {
	case c.resourcePkgs[path]:
		ok = true
	case strings.HasPrefix(name, "Parse") || strings.HasPrefix(name, "Valid"):
		ok = false // parsing its input
	case path == "encoding/json" || path == "encoding/xml":
		ok = recv == "" && strings.HasPrefix(name, "Marshal") || recv == "Encoder" && name == "Encode"
	case path == "path/filepath":
		ok = name != "Match" && name != "Glob"
	case path == "net/http":
		ok = recv == "Client" || recv == "Transport" ||
			recv == "" && (name == "Get" || name == "Head" || name == "Post" || name == "PostForm" || name == "ReadResponse" ||
				name == "NewRequest" || name == "NewRequestWithContext") ||
			(recv == "Response" || recv == "Request") && name == "Write"
	case path == "net":
		ok = name != "SplitHostPort"
	default:
		ok = resourcePkgs[path]
	}
	if !ok {
		return "", false
	}
	return toolmodel.FuncName(fn), true
}

// onModelPath reports whether call is a file operation of package os on
// paths the model sent, and nothing else: every string argument is the
// model's input, unjoined with server configuration. Its error is a
// *fs.PathError (or *os.LinkError) about the model's own path.
func (c *checker) onModelPath(call *ast.CallExpr, fn *types.Func, f *flow.Frame) bool {
	if mcpsdk.PkgPath(fn) != "os" || fn.Type().(*types.Signature).Recv() != nil || !modelPathFuncs[fn.Name()] {
		return false
	}
	paths := 0
	for _, a := range call.Args {
		if !mcpsdk.IsStringType(c.info.TypeOf(a)) {
			continue
		}
		paths++
		if !c.allInput(a, f) {
			return false
		}
	}
	return paths > 0
}

// allInput reports whether every leaf of e is the model's input.
func (c *checker) allInput(e ast.Expr, f *flow.Frame) bool {
	ls := c.leaves(e, -1, f)
	for _, l := range ls {
		if l.kind != lInput {
			return false
		}
	}
	return len(ls) > 0
}

// modelPathFuncs are the functions of package os whose error is about the
// paths they are given.
var modelPathFuncs = map[string]bool{
	"Create": true, "Open": true, "OpenFile": true, "ReadFile": true, "WriteFile": true,
	"Stat": true, "Lstat": true, "Mkdir": true, "MkdirAll": true, "Remove": true, "RemoveAll": true,
	"Rename": true, "ReadDir": true, "Chmod": true, "Truncate": true, "Readlink": true,
}

// resourcePkgs are the packages whose operations reach server resources:
// the file system and I/O, the network, commands, the operating system,
// databases and archives.
var resourcePkgs = map[string]bool{
	"os": true, "io": true, "io/fs": true, "io/ioutil": true, "bufio": true,
	"os/exec": true, "os/user": true, "syscall": true, "net/http/httputil": true,
	"database/sql": true, "archive/zip": true, "archive/tar": true,
	"compress/gzip": true, "compress/zlib": true, "compress/flate": true, "compress/bzip2": true,
	"net/smtp": true, "crypto/tls": true, "mime/multipart": true,
}

func (c *checker) funcName(d *ast.FuncDecl) string {
	if fn, ok := c.info.Defs[d.Name].(*types.Func); ok {
		return toolmodel.FuncName(fn)
	}
	return d.Name.Name
}
