// Package outcome judges which of the design's outcomes a failure shows
// (caller error, stale state, a feature turned off, a condition that heals
// itself, a server fault) from the evidence around the code that builds
// it: the failure path it lies on and how its error was classified, an
// argument check, a lookup keyed by argument data, a feature flag, and its
// message. loglevel reports on it and the fixes convert by it. Validators,
// the project's functions that compute from their parameters alone, pass
// to importing packages as facts (ValidatorFact).
package outcome

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// An evidence kind says what a branch tells about the ToolError built in it.
type evKind int

const (
	evNone    evKind = iota // says nothing: look further out
	evCaller                // the caller can act: outcome 2 or 3
	evFlag                  // a feature the operator turned off
	evFailure               // some other failure: a fault unless shown otherwise
)

type evidence struct {
	kind  evKind
	text  string // "on the fs.ErrNotExist path"
	weak  bool   // a plain argument check: another reason, when there is one, says more
	stale bool   // a caller error about stale state: a version that does not match, an error classified stale
}

func caller(format string, args ...any) evidence {
	return evidence{kind: evCaller, text: fmt.Sprintf(format, args...)}
}

// staleIf marks a caller error as stale state when class says so.
func staleIf(ev evidence, class failpath.Class) evidence {
	ev.stale = class == failpath.ClassStale
	return ev
}

var failure = evidence{kind: evFailure}

// An Kind is the outcome of a tool call that the evidence around a
// failure shows (RULES.md: result, caller error, stale state, server fault).
type Kind int

const (
	Unknown     Kind = iota // nothing tells: a fault unless shown otherwise
	Caller                  // the model sent a bad argument or asked for what does not exist
	Stale                   // the model sent an outdated version or an expired handle
	Off                     // a feature the operator turned off, which the message steers around
	Unavailable             // a server condition that heals itself
	Fault                   // a server fault an operator has to fix
)

// An Outcome is what the evidence around one failure shows, and why.
type Outcome struct {
	Kind Kind
	// Why completes "a ToolError built ...": "on the fs.ErrNotExist
	// path", "where the operator turned the feature off (cfg.Search is
	// false)"; empty for Unknown.
	Why string
}

// CallerActs reports whether the caller can act on the outcome: a caller
// error, stale state, or a feature turned off, each logged at INFO.
func (o Outcome) CallerActs() bool {
	return o.Kind == Caller || o.Kind == Stale || o.Kind == Off
}

// FailureOutcome returns the outcome the evidence shows for a failure
// built at c, whose model-facing message is msg (nil when the
// construction writes its own): the branches around it (the failure path
// of an error test and how its error was classified, an argument check, a
// lookup keyed by argument data, a feature flag), then its message (one
// naming a registered tool, or a server condition).
func (ch *Judge) FailureOutcome(c astindex.Cursor, msg ast.Expr) Outcome {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	texts := ch.messageTexts(msg, 0)
	switch serverMessage(texts) {
	case Unavailable:
		return Outcome{Kind: Unavailable, Why: "with a message that says the condition heals itself"}
	case Fault:
		return Outcome{Kind: Fault, Why: "with a message that says the server failed"}
	}
	ctx := ch.handlerCtx(c)
	ev := ctx.pathEvidence(c)
	if ev.kind == evFlag && !ch.steers(texts) {
		ev = evidence{}
	}
	if ev.kind != evCaller && ev.kind != evFlag {
		if tool := ch.namedTool(texts); tool != "" {
			ev = caller("with a message that sends the model to the tool %s", tool)
		}
	}
	switch ev.kind {
	case evCaller:
		if ev.stale {
			return Outcome{Kind: Stale, Why: ev.text}
		}
		return Outcome{Kind: Caller, Why: ev.text}
	case evFlag:
		return Outcome{Kind: Off, Why: ev.text}
	case evFailure:
		return Outcome{Kind: Fault}
	}
	return Outcome{}
}

// ArgumentError reports whether the error e, used at c, comes from
// reading or checking the model's arguments: an accessor of the request, a
// validator, a parser of argument data. Its text is about the arguments,
// written for the caller.
func (ch *Judge) ArgumentError(c astindex.Cursor, e ast.Expr) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.handlerCtx(c).errOrigin(e, c).kind == evCaller
}

// MentionsArgument reports whether e, used at c, reads one of the model's
// arguments (or the request) among other values: through the locals it
// reads, the arguments of the calls in it, its fields and literals. A
// failure of an operation given such a value may be the upstream saying
// the model named nothing.
func (ch *Judge) MentionsArgument(c astindex.Cursor, e ast.Expr) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	ctx := ch.handlerCtx(c)
	return ctx.handler != nil && ctx.mentions(e, map[*types.Var]bool{}, 0)
}

func (ctx *pathCtx) mentions(e ast.Expr, seen map[*types.Var]bool, depth int) bool {
	if e == nil || depth > 8 {
		return false
	}
	info := ctx.c.pass.TypesInfo
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if fn := typeutil.StaticCallee(info, x); fn != nil && ctx.isArgAccessor(x, fn) {
				found = true
			}
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || v.IsField() || seen[v] {
				break
			}
			seen[v] = true
			switch pi, isParam := ctx.c.in.Flow.ParamOf(v); {
			case ctx.input[v] || ctx.req[v]:
				found = true
			case isParam && pi.Func == ctx.handler && pi.Index >= 0:
				_, found = ctx.c.paramArg(pi, depth)
			case ctx.handler.Pos() <= v.Pos() && v.Pos() < ctx.handler.End():
				// A name or a number passes on what the model named
				// (validPath, err := s.validate(path)); a structure an
				// operation answered with (issue, resp, err :=
				// client.Get(ctx, owner, n)) is the upstream's answer.
				_, basic := v.Type().Underlying().(*types.Basic)
				for _, d := range ctx.c.in.Flow.Defs(v) {
					if d.Tuple < 0 || basic {
						found = found || ctx.mentions(d.Rhs, seen, depth+1)
					}
				}
				for _, addr := range ctx.c.in.Flow.AddrOf(v) {
					_, has := ctx.bindsArgs(addr, depth) // mapstructure.Decode(args, &params)
					found = found || has
				}
			}
		}
		return !found
	})
	return found
}

// ValidatorError reports whether the error e, used at c, is the error of
// the project's own check whose outcome the evidence cannot tell: a
// validator (a function that computes from its parameters alone, see
// ValidatorFact) called with values not traced to the arguments, or a
// function that reads the request itself besides the server's state. Its
// text is the project's, about those values; whether the model or the
// server is at fault is not shown.
func (ch *Judge) ValidatorError(c astindex.Cursor, e ast.Expr) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !ch.isLocal(v) {
		return false
	}
	d := ch.defOf(id, v)
	if d == nil {
		return false
	}
	call, ok := ast.Unparen(d.expr).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(ch.pass.TypesInfo, call)
	if fn == nil || mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
		return false
	}
	sig := fn.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if mcpsdk.IsCallToolRequest(sig.Params().At(i).Type()) {
			// The project's own reader of the request (FetchScope(ctx,
			// cfg, req)): its errors mix the arguments and the server's.
			return true
		}
	}
	if recv := sig.Recv(); recv != nil {
		// A method of a value receiver computes from the value and its
		// parameters: p.ToGraphQLParams() on pagination parameters.
		if _, ptr := types.Unalias(recv.Type()).(*types.Pointer); ptr {
			return false
		}
		d := ch.in.Flow.Decl(fn.Origin())
		return d != nil && d.Body != nil && ch.failsSomewhere(d.Body) && ch.pureBody(d.Body)
	}
	return ch.validator(fn)
}

// Inputs are what a Judge reads of the package and of the tool model.
type Inputs struct {
	Pass      *analysis.Pass
	Flow      *flow.Info
	Syntax    *astindex.Index
	Failures  *failpath.Finder
	Handlers  map[ast.Node]bool // the tool handlers
	ToolCode  map[ast.Node]bool // the functions tool handlers reach
	ToolNames map[string]bool   // the names of the tools the package declares
	// CallsIfOnlyCalled returns the calls of fn when they are its only uses.
	CallsIfOnlyCalled func(fn *types.Func) []*ast.CallExpr
	// ReturnedByHandler reports whether a tool handler returns what fn
	// returns.
	ReturnedByHandler func(fn ast.Node) bool
}

// A Judge judges the outcome of the failures built in one package: the
// evidence of the branches around a construction and of its message. Its
// methods are safe for concurrent use.
type Judge struct {
	pass   *analysis.Pass
	in     Inputs
	mu     sync.Mutex // guards the memo tables: analyzers ask concurrently
	locals map[localKey]localResult
	// validators memoizes validator, params paramArg.
	validators map[*types.Func]bool
	params     map[paramKey]localResult
}

// New returns the Judge of a package.
func New(in Inputs) *Judge {
	return &Judge{pass: in.Pass, in: in, locals: map[localKey]localResult{}, validators: map[*types.Func]bool{}, params: map[paramKey]localResult{}}
}

// pathCtx evaluates the branches around one ToolError construction.
type pathCtx struct {
	c       *Judge
	handler ast.Node // the enclosing tool handler, or nil
	req     map[*types.Var]bool
	input   map[*types.Var]bool
}

// handlerCtx returns the context of the tool handler enclosing c (through
// function literals), with its request and typed-input parameters.
func (ch *Judge) handlerCtx(c astindex.Cursor) *pathCtx {
	ctx := &pathCtx{c: ch, req: map[*types.Var]bool{}, input: map[*types.Var]bool{}}
	info := ch.pass.TypesInfo
	for e := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		n := e.Node()
		if !ch.in.Handlers[n] {
			continue
		}
		var t types.Type
		var ft *ast.FuncType
		switch f := n.(type) {
		case *ast.FuncDecl:
			if obj := info.Defs[f.Name]; obj != nil {
				t = obj.Type()
			}
			ft = f.Type
		case *ast.FuncLit:
			t = info.TypeOf(f)
			ft = f.Type
		}
		if t == nil {
			return ctx
		}
		kind := mcpsdk.HandlerKindOf(t)
		ctx.handler = n
		i := 0
		for _, field := range ft.Params.List {
			names := field.Names
			if len(names) == 0 {
				i++
				continue
			}
			for _, name := range names {
				v, _ := info.Defs[name].(*types.Var)
				if v != nil {
					switch {
					case mcpsdk.IsCallToolRequest(v.Type()):
						ctx.req[v] = true
					case i == 2 && (kind == mcpsdk.MCPGoTyped || kind == mcpsdk.GoSDKTyped) && !goapi.IsLoggerType(v.Type()):
						// (A logger in the typed input's place,
						// func(ctx, req, logger *log.Logger), is a
						// dependency the caller passes.)
						ctx.input[v] = true
					}
				}
				i++
			}
		}
		return ctx
	}
	// A function that is not a recognised handler but takes the request
	// (a project's own handler shape, such as
	// func(ctx, deps, req *mcp.CallToolRequest, args map[string]any)), or
	// a function of tool code that takes the arguments: its parameters
	// named like arguments are the arguments.
	for e := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		switch f := e.Node().(type) {
		case *ast.FuncDecl:
			ft = f.Type
		case *ast.FuncLit:
			ft = f.Type
		}
		var req, input []*types.Var
		for _, field := range ft.Params.List {
			for _, name := range field.Names {
				v, _ := info.Defs[name].(*types.Var)
				switch {
				case v == nil:
				case mcpsdk.IsCallToolRequest(v.Type()):
					req = append(req, v)
				case argsParamName(name.Name) && argsParamType(v.Type()):
					input = append(input, v)
				}
			}
		}
		if len(req) == 0 && !ch.in.ToolCode[e.Node()] && !ch.in.ReturnedByHandler(e.Node()) {
			// (A function of tool code that takes the arguments alone,
			// func createIteration(ctx, client, args map[string]any),
			// reads them as the handler does; one that takes values its
			// callers read from the arguments, CreateIssue(ctx, client,
			// owner, title), holds argument data in those parameters.)
			continue
		}
		ctx.handler = e.Node()
		for _, v := range req {
			ctx.req[v] = true
		}
		for _, v := range input {
			ctx.input[v] = true
		}
		return ctx
	}
	return ctx
}

func argsParamName(name string) bool {
	switch strings.ToLower(name) {
	case "args", "arguments", "input", "in", "params", "argv":
		return true
	}
	return false
}

// argsParamType accepts the types arguments come in: a map keyed by
// string, a struct, or a pointer to one.
func argsParamType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		return mcpsdk.IsStringType(u.Key())
	case *types.Struct:
		return true
	}
	return false
}

// accessorName reports whether a project function's name says it reads or
// checks arguments: RequiredParam, OptionalIntParam, validateArgs,
// parseInput.
func accessorName(name string) bool {
	words := failpath.CamelWords(name)
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "validate", "parse", "require", "required", "optional":
		return true
	}
	for _, w := range words {
		switch w {
		case "param", "params", "arg", "args", "argument", "arguments":
			return true
		}
	}
	return false
}

// argExpr reports whether e reads only the handler's arguments and
// constants (ok), and whether it reads an argument at all (has).
func (ctx *pathCtx) argExpr(e ast.Expr) (ok, has bool) {
	return ctx.argExprDepth(e, 0)
}

func (ctx *pathCtx) argExprDepth(e ast.Expr, depth int) (ok, has bool) {
	if e == nil || depth > 12 {
		return false, false
	}
	info := ctx.c.pass.TypesInfo
	if tv, found := info.Types[e]; found && (tv.Value != nil || tv.IsNil()) {
		return true, false
	}
	if ctx.handler == nil {
		return false, false
	}
	both := func(xs ...ast.Expr) (bool, bool) {
		allOK, anyHas := true, false
		for _, x := range xs {
			ok, has := ctx.argExprDepth(x, depth+1)
			allOK = allOK && ok
			anyHas = anyHas || has
		}
		return allOK, anyHas
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return true, false
	case *ast.Ident:
		v, isVar := info.Uses[x].(*types.Var)
		if !isVar {
			return false, false
		}
		if ctx.input[v] {
			return true, true
		}
		if ctx.req[v] {
			return false, false
		}
		if pi, ok := ctx.c.in.Flow.ParamOf(v); ok && pi.Func == ctx.handler && pi.Index >= 0 {
			return ctx.c.paramArg(pi, depth)
		}
		return ctx.c.localArg(ctx, v, depth)
	case *ast.SelectorExpr:
		if sel, found := info.Selections[x]; found && sel.Kind() == types.FieldVal {
			// req.Params.Arguments: the raw arguments.
			if x.Sel.Name == "Arguments" {
				if inner, isSel := ast.Unparen(x.X).(*ast.SelectorExpr); isSel && inner.Sel.Name == "Params" {
					if id, isID := ast.Unparen(inner.X).(*ast.Ident); isID {
						if v, _ := info.Uses[id].(*types.Var); v != nil && ctx.req[v] {
							return true, true
						}
					}
				}
			}
			return ctx.argExprDepth(x.X, depth+1)
		}
		return false, false
	case *ast.CallExpr:
		if tv, found := info.Types[x.Fun]; found && tv.IsType() && len(x.Args) == 1 {
			return ctx.argExprDepth(x.Args[0], depth+1)
		}
		if id, isID := ast.Unparen(x.Fun).(*ast.Ident); isID {
			if b, isB := info.Uses[id].(*types.Builtin); isB {
				switch b.Name() {
				case "len", "cap", "append":
					return both(x.Args...)
				case "make":
					// an empty container: what it holds is stored later
					ok, _ := both(x.Args[1:]...)
					return ok, false
				}
			}
		}
		fn := typeutil.StaticCallee(info, x)
		if fn == nil {
			return false, false
		}
		if ctx.isArgAccessor(x, fn) || ctx.c.validator(fn) && ctx.validatorArgs(x, depth) {
			return true, true
		}
		if goapi.IsPure(fn) || ctx.c.pureHelper(fn) {
			return both(x.Args...)
		}
		return false, false
	case *ast.IndexExpr:
		return both(x.X, x.Index)
	case *ast.SliceExpr:
		return both(x.X, x.Low, x.High)
	case *ast.TypeAssertExpr:
		return ctx.argExprDepth(x.X, depth+1)
	case *ast.StarExpr:
		return ctx.argExprDepth(x.X, depth+1)
	case *ast.UnaryExpr:
		return ctx.argExprDepth(x.X, depth+1)
	case *ast.BinaryExpr:
		return both(x.X, x.Y)
	}
	return false, false
}

// isArgAccessor reports whether call reads the request's arguments: an
// mcp-go request method (GetString, RequireInt, GetArguments, ...) or
// helper (mcp.ParseString(req, ...)).
func (ctx *pathCtx) isArgAccessor(call *ast.CallExpr, fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && mcpsdk.IsNamed(sig.Recv().Type(), mcpsdk.MCPGoMCP, "CallToolRequest") {
		n := fn.Name()
		return strings.HasPrefix(n, "Get") || strings.HasPrefix(n, "Require")
	}
	if mcpsdk.PkgPath(fn) == mcpsdk.MCPGoMCP && strings.HasPrefix(fn.Name(), "Parse") &&
		sig.Params().Len() > 0 && mcpsdk.IsCallToolRequest(sig.Params().At(0).Type()) {
		return true
	}
	return false
}

// localArg reports whether every value stored in the local variable v
// reads only arguments.
func (ch *Judge) localArg(ctx *pathCtx, v *types.Var, depth int) (ok, has bool) {
	h := ctx.handler
	if h == nil || !(h.Pos() <= v.Pos() && v.Pos() < h.End()) {
		return false, false
	}
	key := localKey{h, v}
	if r, found := ch.locals[key]; found {
		return r.ok, r.has
	}
	ch.locals[key] = localResult{true, false} // a cycle reads nothing new
	allOK, anyHas := true, false
	seen := 0
	add := func(ok, has bool) {
		seen++
		allOK = allOK && ok
		anyHas = anyHas || has
	}
	fl := ch.in.Flow
	for _, d := range fl.Defs(v) {
		switch {
		case d.Zero:
			add(true, false)
		case d.Rhs == nil:
			add(false, false)
		case d.Elem || d.Key:
			add(ctx.argExprDepth(d.Rhs, depth+1)) // for k, v := range x: both read x
		case d.Tuple >= 0:
			add(ctx.tupleArg(d.Rhs, d.Tuple, depth))
		default:
			add(ctx.argExprDepth(d.Rhs, depth+1)) // v = x, v += x
		}
	}
	for _, d := range fl.FieldStores(v) {
		if d.Rhs == nil || d.Tuple >= 0 {
			add(false, false)
			continue
		}
		add(ctx.argExprDepth(d.Rhs, depth+1)) // v.f = x
	}
	for _, addr := range fl.AddrOf(v) {
		if ch.inLiteral(addr) {
			continue // &v handed to a request ({State: &state}): a read
		}
		add(ctx.bindsArgs(addr, depth))
	}
	r := localResult{allOK && seen > 0, allOK && anyHas}
	ch.locals[key] = r
	return r.ok, r.has
}

type localKey struct {
	h ast.Node
	v *types.Var
}

type localResult struct{ ok, has bool }

// bindsArgs reports whether &v is passed to a call that fills v from the
// arguments: req.BindArguments(&v), json.Unmarshal(args, &v).
func (ctx *pathCtx) bindsArgs(addr *ast.UnaryExpr, depth int) (ok, has bool) {
	info := ctx.c.pass.TypesInfo
	var call *ast.CallExpr
	ast.Inspect(ctx.handler, func(n ast.Node) bool {
		if c, isCall := n.(*ast.CallExpr); isCall {
			for _, a := range c.Args {
				if a == addr {
					call = c
				}
			}
		}
		return call == nil
	})
	if call == nil {
		return false, false
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return false, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && mcpsdk.IsCallToolRequest(sig.Recv().Type()) && fn.Name() == "BindArguments" {
		return true, true
	}
	if mcpsdk.PkgPath(fn) == "encoding/json" && fn.Name() == "Unmarshal" && len(call.Args) == 2 {
		return ctx.argExprDepth(call.Args[0], depth+1)
	}
	if decodeFunc(fn) {
		// mapstructure.WeakDecode(args, &params): the destination holds
		// what the other arguments hold.
		allOK, anyHas := true, false
		for _, a := range call.Args {
			if a == addr {
				continue
			}
			ok, has := ctx.argExprDepth(a, depth+1)
			allOK, anyHas = allOK && ok, anyHas || has
		}
		return allOK && anyHas, anyHas
	}
	return false, false
}

// paramArg reports whether parameter p of a declared function holds
// argument data at every call: the function is only ever called, and
// each call passes, in its own tool code, argument data there.
func (ch *Judge) paramArg(p flow.Param, depth int) (ok, has bool) {
	d, isDecl := p.Func.(*ast.FuncDecl)
	if !isDecl || depth > 8 {
		return false, false
	}
	fn := ch.in.Flow.FuncOf(d)
	if fn == nil || fn.Type().(*types.Signature).Variadic() && p.Index >= fn.Type().(*types.Signature).Params().Len()-1 {
		return false, false
	}
	key := paramKey{d, p.Index}
	if r, found := ch.params[key]; found {
		return r.ok, r.has
	}
	ch.params[key] = localResult{false, false} // a recursive call proves nothing
	calls := ch.in.CallsIfOnlyCalled(fn)
	r := localResult{len(calls) > 0, len(calls) > 0}
	for _, call := range calls {
		c, found := ch.in.Syntax.Root().FindNode(call)
		if !found || p.Index >= len(call.Args) {
			r = localResult{}
			break
		}
		ok, has := ch.handlerCtx(c).argExprDepth(call.Args[p.Index], depth+1)
		if !ok || !has {
			r = localResult{}
			break
		}
	}
	ch.params[key] = r
	return r.ok, r.has
}

type paramKey struct {
	fn    ast.Node
	index int
}

// inLiteral reports whether addr hands the value to a request: an element
// of a composite literal ({State: &state}), or the value stored in a field
// (req.StateReason = &reason).
func (ch *Judge) inLiteral(addr *ast.UnaryExpr) bool {
	c, ok := ch.in.Syntax.Root().FindNode(addr)
	if !ok {
		return false
	}
	p := c.Parent().Node()
	if kv, ok := p.(*ast.KeyValueExpr); ok && kv.Value == addr {
		p = c.Parent().Parent().Node()
	}
	switch p := p.(type) {
	case *ast.CompositeLit:
		return true
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == addr {
					_, field := ast.Unparen(p.Lhs[i]).(*ast.SelectorExpr)
					return field
				}
			}
		}
	}
	return false
}

// PureHelper reports whether fn is one of the package's own pure
// helpers: one result, no error, a body that reads only its arguments and
// constants.
func (ch *Judge) PureHelper(fn *types.Func) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.pureHelper(fn)
}

// pureHelper reports whether fn is a function of this package that
// computes its result from its parameters alone and cannot fail
// (normalizeConfidence(c)): what it returns for argument data is argument
// data.
func (ch *Judge) pureHelper(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if fn.Pkg() != ch.pass.Pkg || sig.Recv() != nil || mcpsdk.ReturnsError(sig) || sig.Results().Len() != 1 {
		return false
	}
	d := ch.in.Flow.Decl(fn.Origin())
	return d != nil && d.Body != nil && ch.pureBody(d.Body)
}

// tupleArg reports whether result i of the multi-value expression e reads
// only arguments: the value of RequireString, of a parse of an argument, of
// a comma-ok lookup keyed by one.
func (ctx *pathCtx) tupleArg(e ast.Expr, i int, depth int) (ok, has bool) {
	info := ctx.c.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, x)
		if fn == nil {
			return false, false
		}
		if res := fn.Type().(*types.Signature).Results(); i < res.Len() && mcpsdk.IsErrorType(res.At(i).Type()) {
			return false, false
		}
		// Any other result of an accessor: the value, or whether the
		// argument was sent (OptionalParamOK's ok).
		if ctx.isArgAccessor(x, fn) || ctx.c.validator(fn) && ctx.validatorArgs(x, depth) {
			return true, true
		}
		if i == 0 && (goapi.IsPure(fn) || parseFunc(fn)) || accessorName(fn.Name()) {
			allOK, anyHas := true, false
			for _, a := range x.Args {
				ok, has := ctx.argExprDepth(a, depth+1)
				allOK, anyHas = allOK && ok, anyHas || has
			}
			return allOK, anyHas
		}
	case *ast.TypeAssertExpr:
		// v, ok := x.(T): both read x.
		return ctx.argExprDepth(x.X, depth+1)
	case *ast.IndexExpr:
		// v, ok := m[k]: both read m at k.
		return ctx.argExprDepth(x, depth+1)
	}
	return false, false
}

// parseFunc reports whether fn parses text or decodes a document: called
// on an argument, its error is the caller's mistake.
func parseFunc(fn *types.Func) bool {
	return goapi.IsParse(fn) || goapi.IsDecode(fn)
}

// decodeFunc reports whether fn decodes its input into a destination:
// goapi.IsDecode's functions and, by name, their kin of other packages
// (mapstructure.WeakDecode, yaml.Unmarshal). Called with the arguments,
// its error says they do not fit.
func decodeFunc(fn *types.Func) bool {
	name := fn.Name()
	return fn.Type().(*types.Signature).Recv() == nil && (strings.Contains(name, "Decode") || strings.HasPrefix(name, "Unmarshal"))
}

// pathEvidence walks out from the construction at c through the branches
// that hold it and returns the first that says something.
//
// A plain argument check counts only when it is the innermost condition
// around the construction: past a condition on something else (the
// server's state, an upstream answer), the ToolError answers that.
func (ctx *pathCtx) pathEvidence(c astindex.Cursor) evidence {
	child := c
	crossed := false // a branch on something other than the arguments
	for p := c.Parent(); p.Valid(); child, p = p, p.Parent() {
		var ev evidence
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return evidence{}
		case *ast.IfStmt:
			switch {
			case child.Node() == n.Body:
				ev = ctx.cond(n.Cond, true, p)
			case n.Else != nil && child.Node() == n.Else:
				ev = ctx.cond(n.Cond, false, p)
			default:
				continue
			}
		case *ast.CaseClause:
			ev = ctx.caseClause(n, p.Parent().Parent())
		default:
			continue
		}
		switch ev.kind {
		case evCaller, evFlag:
			if ev.weak && crossed {
				continue
			}
			return ev
		case evFailure:
			return ev // the failure path of an error the code does not classify
		default:
			crossed = true
		}
	}
	return evidence{}
}

func (ctx *pathCtx) text(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// cond evaluates the branch of cond that holds (or fails, when !holds).
func (ctx *pathCtx) cond(e ast.Expr, holds bool, stmt astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	e = ast.Unparen(e)
	if ok, has := ctx.argExpr(e); ok && has {
		ev := caller("where the argument check %s holds", ctx.text(e))
		if !holds {
			ev = caller("where the argument check %s fails", ctx.text(e))
		}
		ev.weak = true
		return ev
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return ctx.cond(x.X, !holds, stmt)
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			if holds {
				return all(ctx.cond(x.X, true, stmt), ctx.cond(x.Y, true, stmt))
			}
			return anyOf(ctx.cond(x.X, false, stmt), ctx.cond(x.Y, false, stmt))
		case token.LOR:
			if holds {
				return anyOf(ctx.cond(x.X, true, stmt), ctx.cond(x.Y, true, stmt))
			}
			return all(ctx.cond(x.X, false, stmt), ctx.cond(x.Y, false, stmt))
		case token.EQL, token.NEQ:
			eq := x.Op == token.EQL
			if !holds {
				eq = !eq
			}
			return ctx.compare(x.X, x.Y, eq, stmt)
		}
	case *ast.CallExpr:
		return ctx.callCond(x, holds, stmt)
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && ctx.c.isLocal(v) {
			return ctx.okCond(x, v, holds, stmt)
		}
		return ctx.flag(x, holds)
	case *ast.SelectorExpr:
		return ctx.flag(x, holds)
	}
	return evidence{}
}

// all combines the evidence of conditions that all hold.
func all(a, b evidence) evidence {
	if a.kind == evCaller && a.weak && (b.kind == evCaller || b.kind == evFlag) {
		return b
	}
	// An argument check together with a condition on something else says
	// no more than that condition.
	if a.kind == evCaller && a.weak && b.kind == evNone || b.kind == evCaller && b.weak && a.kind == evNone {
		return evidence{}
	}
	for _, e := range []evidence{a, b} {
		if e.kind == evCaller || e.kind == evFlag {
			return e
		}
	}
	if a.kind == evFailure || b.kind == evFailure {
		return failure
	}
	return evidence{}
}

// anyOf combines the evidence of alternatives: caller evidence only when
// every alternative is.
func anyOf(a, b evidence) evidence {
	if a.kind == evCaller && b.kind == evCaller {
		return a
	}
	if a.kind == evFailure || b.kind == evFailure {
		return failure
	}
	if a.kind == evFlag && b.kind == evFlag {
		return a
	}
	return evidence{}
}

func (ch *Judge) isLocal(v *types.Var) bool {
	return v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField()
}

func (ctx *pathCtx) compare(x, y ast.Expr, eq bool, stmt astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	if flow.IsNil(info, x) {
		x, y = y, x
	}
	if flow.IsNil(info, y) {
		if !mcpsdk.IsErrorType(info.TypeOf(x)) {
			if !eq {
				return evidence{}
			}
			// v == nil after v := m[argument]: the lookup found nothing.
			if id, ok := ast.Unparen(x).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && ctx.c.isLocal(v) {
					if rhs := ctx.c.defOf(id, v); rhs != nil {
						if ix, ok := ast.Unparen(rhs.expr).(*ast.IndexExpr); ok && rhs.tuple <= 0 {
							if _, isMap := info.TypeOf(ix.X).Underlying().(*types.Map); isMap {
								if ok, has := ctx.argExpr(ix.Index); ok && has {
									return caller("where the lookup of the argument %s finds nothing", ctx.text(ix.Index))
								}
							}
						}
						// v == nil after v, err := store.Get(ctx, argument): an
						// upstream read keyed by the model's argument answered
						// with nothing.
						if call, ok := ast.Unparen(rhs.expr).(*ast.CallExpr); ok && rhs.tuple <= 0 {
							if key := ctx.readKey(call); key != nil {
								return caller("where the read of the argument %s finds nothing", ctx.text(key))
							}
						}
					}
				}
			}
			return evidence{}
		}
		if eq {
			return evidence{} // err == nil
		}
		return ctx.errOrigin(x, stmt)
	}
	for _, pair := range [][2]ast.Expr{{x, y}, {y, x}} {
		// resp.StatusCode == 404: the literal as well as the constant.
		if tv := info.Types[pair[1]]; tv.Value != nil && tv.Value.Kind() == constant.Int && statusExpr(info, pair[0]) {
			if code, exact := constant.Int64Val(tv.Value); exact && callerStatus[code] {
				if eq {
					return caller("on the HTTP %d path", code)
				}
				return evidence{}
			}
		}
		if obj := flow.ObjectOfExpr(info, pair[1]); obj != nil {
			if v, ok := obj.(*types.Var); ok && mcpsdk.IsErrorType(info.TypeOf(pair[0])) && isErrorValue(v) {
				if !eq {
					return failure
				}
				return ctx.c.sentinel(v)
			}
			if c, ok := obj.(*types.Const); ok && statusConst(c) {
				if eq {
					return caller("on the %s path", mcpsdk.Qualified(c))
				}
				return evidence{}
			}
		}
	}
	// A version or tag sent by the model that does not match the current one.
	if !eq {
		okX, hasX := ctx.argExpr(x)
		okY, hasY := ctx.argExpr(y)
		if (okX && hasX) != (okY && hasY) && (versionish(ctx.text(x)) || versionish(ctx.text(y))) {
			arg := x
			if !(okX && hasX) {
				arg = y
			}
			ev := caller("where the argument %s does not match the current version", ctx.text(arg))
			ev.stale = true
			return ev
		}
	}
	return evidence{}
}

func versionish(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"version", "etag", "revision", "ifmatch", "if_match", "generation", "checksum", "sha"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

func isErrorValue(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// statusConst matches HTTP and gRPC status constants that mean the caller
// named something that does not exist, exists already, or changed.
// callerStatus holds the HTTP statuses of an upstream answer that mean the
// request, built from the model's arguments, was wrong.
var callerStatus = map[int64]bool{400: true, 404: true, 409: true, 410: true, 412: true, 422: true}

// statusExpr reports whether e is an integer named like a status code
// (resp.StatusCode, status, code).
func statusExpr(info *types.Info, e ast.Expr) bool {
	var name string
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.SelectorExpr:
		name = x.Sel.Name
	case *ast.CallExpr: // resp.StatusCode()
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 {
			name = sel.Sel.Name
		}
	}
	b, ok := info.TypeOf(e).(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	l := strings.ToLower(name)
	return strings.Contains(l, "status") || l == "code" || strings.HasSuffix(l, "statuscode")
}

func statusConst(c *types.Const) bool {
	switch mcpsdk.PkgPath(c) {
	case "net/http":
		switch c.Name() {
		case "StatusNotFound", "StatusConflict", "StatusGone", "StatusPreconditionFailed", "StatusBadRequest", "StatusUnprocessableEntity":
			return true
		}
	case "google.golang.org/grpc/codes":
		switch c.Name() {
		case "NotFound", "AlreadyExists", "InvalidArgument", "OutOfRange":
			return true
		}
	}
	return false
}

// callCond evaluates a call in a condition: errors.Is, errors.As,
// os.IsNotExist and its siblings, a feature-flag query.
func (ctx *pathCtx) callCond(call *ast.CallExpr, holds bool, stmt astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return evidence{}
	}
	// errors.Is, errors.As, os.IsNotExist, a predicate like isNotFound.
	if t := ctx.c.in.Failures.TestOf(call); t.Err != nil && t.Failed {
		if holds && t.Class.CallerCanAct() {
			return staleIf(caller("on the %s path", t.What), t.Class)
		}
		return failure
	}
	// A feature flag queried by a method: s.features.Enabled("write").
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return evidence{}
	}
	if b, ok := res.At(0).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		for _, a := range call.Args {
			if tv, ok := info.Types[a]; !ok || tv.Value == nil {
				return evidence{}
			}
		}
		return ctx.flagNamed(call, fn.Name(), holds)
	}
	return evidence{}
}

// okCond evaluates a boolean local: the ok of a comma-ok lookup keyed by
// an argument, or of a type assertion on an error.
func (ctx *pathCtx) okCond(id *ast.Ident, v *types.Var, holds bool, stmt astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	d := ctx.c.defOf(id, v)
	if d == nil || d.tuple != 1 {
		return evidence{}
	}
	switch x := ast.Unparen(d.expr).(type) {
	case *ast.IndexExpr:
		if _, isMap := info.TypeOf(x.X).Underlying().(*types.Map); isMap && !holds {
			if ok, has := ctx.argExpr(x.Index); ok && has {
				return caller("where the lookup of the argument %s finds nothing", ctx.text(x.Index))
			}
		}
	case *ast.TypeAssertExpr:
		if x.Type != nil && mcpsdk.IsErrorType(info.TypeOf(x.X)) {
			if !holds {
				return failure
			}
			return ctx.c.errType(info.TypeOf(x.Type))
		}
	}
	return evidence{}
}

// flag evaluates a boolean server setting: the branch where the operator
// turned a feature off.
func (ctx *pathCtx) flag(e ast.Expr, holds bool) evidence {
	info := ctx.c.pass.TypesInfo
	b, ok := info.TypeOf(e).Underlying().(*types.Basic)
	if !ok || b.Kind() != types.Bool {
		return evidence{}
	}
	v, ok := flow.ObjectOfExpr(info, e).(*types.Var)
	if !ok || (!v.IsField() && !isErrorValue(v)) {
		return evidence{}
	}
	if ok, has := ctx.argExpr(e); ok && has {
		return evidence{}
	}
	return ctx.flagNamed(e, v.Name(), holds)
}

func (ctx *pathCtx) flagNamed(e ast.Expr, name string, holds bool) evidence {
	words := failpath.CamelWords(name)
	has := func(ws ...string) bool {
		for _, w := range words {
			for _, x := range ws {
				if w == x {
					return true
				}
			}
		}
		return false
	}
	if has("configured", "token", "key", "auth", "credential", "credentials", "ready", "initialized", "connected",
		"healthy", "available", "valid", "ok", "debug", "verbose", "log", "logging") {
		return evidence{}
	}
	readOnly := false
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "read" && words[i+1] == "only" {
			readOnly = true
		}
	}
	switch {
	case has("enable", "enabled", "allow", "allowed", "allows", "permit", "permitted") && !holds:
		return evidence{kind: evFlag, text: fmt.Sprintf("where the operator turned the feature off (%s is false)", ctx.text(e))}
	case (has("disable", "disabled", "readonly", "deny", "forbid", "forbidden") || readOnly) && holds:
		return evidence{kind: evFlag, text: fmt.Sprintf("where the operator turned the feature off (%s is true)", ctx.text(e))}
	}
	return evidence{}
}

// caseClause evaluates a switch clause.
func (ctx *pathCtx) caseClause(cc *ast.CaseClause, sw astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	switch s := sw.Node().(type) {
	case *ast.SwitchStmt:
		if s.Tag == nil {
			if cc.List == nil {
				return evidence{}
			}
			ev := ctx.cond(cc.List[0], true, sw)
			for _, e := range cc.List[1:] {
				ev = anyOf(ev, ctx.cond(e, true, sw))
			}
			return ev
		}
		if ok, has := ctx.argExpr(s.Tag); ok && has {
			if cc.List == nil {
				return caller("for an unexpected value of the argument %s", ctx.text(s.Tag))
			}
			return evidence{}
		}
		if mcpsdk.IsErrorType(info.TypeOf(s.Tag)) && cc.List == nil {
			return failure
		}
		if cc.List == nil {
			return evidence{}
		}
		ev := ctx.compare(s.Tag, cc.List[0], true, sw)
		for _, e := range cc.List[1:] {
			ev = anyOf(ev, ctx.compare(s.Tag, e, true, sw))
		}
		return ev
	case *ast.TypeSwitchStmt:
		var x ast.Expr
		switch a := s.Assign.(type) {
		case *ast.AssignStmt:
			x = a.Rhs[0].(*ast.TypeAssertExpr).X
		case *ast.ExprStmt:
			x = a.X.(*ast.TypeAssertExpr).X
		}
		if x == nil || !mcpsdk.IsErrorType(info.TypeOf(x)) {
			return evidence{}
		}
		if cc.List == nil {
			return failure
		}
		ev := evidence{}
		for i, t := range cc.List {
			e := ctx.c.errType(info.TypeOf(t))
			if flow.IsNil(info, t) {
				e = evidence{}
			}
			if i == 0 {
				ev = e
			} else {
				ev = anyOf(ev, e)
			}
		}
		return ev
	}
	return evidence{}
}

// A def is the value stored in a local that reaches a use.
type def struct {
	expr  ast.Expr
	tuple int // index into a multi-value expr, or -1
}

// defOf returns the one value of v that reaches the use id, or nil.
func (ch *Judge) defOf(id *ast.Ident, v *types.Var) *def {
	d := ch.in.Flow.ReachingDef(v, id)
	if d == nil || d.Rhs == nil || d.Opaque || d.Zero || d.Elem || d.Key {
		return nil
	}
	return &def{d.Rhs, d.Tuple}
}

// errOrigin evaluates the failure branch of err != nil by where err comes
// from: an argument accessor, the binding of the arguments, the parse of an
// argument, a validation of the arguments. Anything else is a failure.
func (ctx *pathCtx) errOrigin(x ast.Expr, stmt astindex.Cursor) evidence {
	info := ctx.c.pass.TypesInfo
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return failure
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !ctx.c.isLocal(v) {
		return failure
	}
	d := ctx.c.defOf(id, v)
	if d == nil {
		return failure
	}
	call, ok := ast.Unparen(d.expr).(*ast.CallExpr)
	if !ok {
		return failure
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return failure
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() != nil && mcpsdk.IsCallToolRequest(sig.Recv().Type()) &&
		(strings.HasPrefix(fn.Name(), "Require") || fn.Name() == "BindArguments") {
		return caller("when %s fails", ctx.text(call))
	}
	if ctx.handler == nil {
		return failure
	}
	if ctx.c.validator(fn) && ctx.validatorArgs(call, 0) {
		return caller("when %s of the arguments fails", fn.Name())
	}
	argsOK, argsHas := true, false
	var first ast.Expr
	for _, a := range call.Args {
		ok, has := ctx.argExpr(a)
		if !ok {
			if u, isAddr := ast.Unparen(a).(*ast.UnaryExpr); isAddr && u.Op == token.AND {
				continue // the destination of json.Unmarshal
			}
			argsOK = false
		}
		if has && first == nil {
			first = a
		}
		argsHas = argsHas || has
	}
	if !argsOK || !argsHas {
		return failure
	}
	if parseFunc(fn) {
		return caller("when %s of the argument %s fails", mcpsdk.Qualified(fn), ctx.text(first))
	}
	if decodeFunc(fn) {
		return caller("when %s of the arguments fails", mcpsdk.Qualified(fn))
	}
	if accessorName(fn.Name()) {
		return caller("when %s of the arguments fails", fn.Name())
	}
	return failure
}

// sentinel evaluates errors.Is(err, v) and err == v, by failpath's
// classification of the error.
func (ch *Judge) sentinel(v *types.Var) evidence {
	if class := ch.in.Failures.ClassOf(v); class.CallerCanAct() {
		return staleIf(caller("on the %s path", mcpsdk.Qualified(v)), class)
	}
	return failure
}

// errType evaluates errors.As to t, a type switch case or a type
// assertion on t.
func (ch *Judge) errType(t types.Type) evidence {
	if t == nil {
		return failure
	}
	if class, what := ch.in.Failures.TypeClass(t); class.CallerCanAct() {
		return staleIf(caller("on the %s path", what), class)
	}
	return failure
}

// messageTexts returns the constant parts of a model-facing message.
func (ch *Judge) messageTexts(e ast.Expr, depth int) []string {
	if e == nil || depth > 4 {
		return nil
	}
	info := ch.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return append(ch.messageTexts(x.X, depth+1), ch.messageTexts(x.Y, depth+1)...)
		}
	case *ast.CallExpr:
		if fn := typeutil.StaticCallee(info, x); fn != nil && mcpsdk.PkgPath(fn) == "fmt" && len(x.Args) > 0 {
			var out []string
			for _, a := range x.Args {
				out = append(out, ch.messageTexts(a, depth+1)...)
			}
			return out
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && ch.isLocal(v) {
			if rhs := ch.in.Flow.ValueAt(v, x); rhs != nil {
				return ch.messageTexts(rhs, depth+1)
			}
		}
	}
	return nil
}

// faultCues are phrases of a message about an operator's problem: missing
// configuration, an internal error; healCues, of a condition that heals
// itself.
var (
	faultCues = []string{
		"not configured", "misconfigured", "no configuration", "missing configuration", "configuration is missing",
		"not set up", "internal error", "tell the user", "contact the", "server error",
	}
	healCues = []string{
		"retry later", "try again later", "try later", "retry in", "temporarily", "rebuilding",
		"rate limit", "the request was fine",
	}
)

// serverMessage returns the fault outcome a message's text names:
// Unavailable for a condition that heals itself, Fault for
// an operator's problem, Unknown when it names neither.
func serverMessage(texts []string) Kind {
	kind := Unknown
	for _, t := range texts {
		l := strings.ToLower(t)
		for _, c := range healCues {
			if strings.Contains(l, c) {
				return Unavailable
			}
		}
		for _, c := range faultCues {
			if strings.Contains(l, c) {
				kind = Fault
			}
		}
	}
	return kind
}

// namedTool returns a registered tool the message sends the model to.
func (ch *Judge) namedTool(texts []string) string {
	var best string
	for _, t := range texts {
		for name := range ch.in.ToolNames {
			if name == "" || !toolMention(t, name) {
				continue
			}
			if best == "" || name < best {
				best = name
			}
		}
	}
	return best
}

// toolMention reports whether text sends the model to the tool: its name
// as a word right after a verb or preposition that does ("call
// read_note", "with search_notes", "use the 'search' tool", "a path from
// list_files"). A message that merely mentions a tool ("search_notes
// failed") does not.
func toolMention(text, name string) bool {
	isWord := func(r byte) bool {
		return r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(name)
		i = start + 1
		if start > 0 && isWord(text[start-1]) || end < len(text) && isWord(text[end]) {
			continue
		}
		before := strings.ToLower(text[max(0, start-16):start])
		before = strings.TrimRight(before, "'\"`")
		before = strings.TrimSuffix(before, "the ")
		for _, cue := range []string{"call ", "calling ", "use ", "using ", "with ", "run ", "try ", "via ", "from ", "then "} {
			if strings.HasSuffix(before, cue) {
				return true
			}
		}
	}
}

// steers reports whether a message sends the model elsewhere: a tool to
// call, or another way.
func (ch *Judge) steers(texts []string) bool {
	if ch.namedTool(texts) != "" {
		return true
	}
	for _, t := range texts {
		l := strings.ToLower(t)
		for _, cue := range []string{"instead", "use ", "call ", "try "} {
			if strings.Contains(l, cue) {
				return true
			}
		}
	}
	return false
}

// readKey returns the argument a call reads by: a call (not a conversion or
// builtin) whose arguments, a context aside, are the model's arguments and
// constants, one of them an argument; nil otherwise.
func (ctx *pathCtx) readKey(call *ast.CallExpr) ast.Expr {
	info := ctx.c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return nil
	}
	if fn := typeutil.StaticCallee(info, call); fn == nil || mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
		return nil
	}
	var key ast.Expr
	for _, a := range call.Args {
		if mcpsdk.IsNamed(info.TypeOf(a), "context", "Context") {
			continue
		}
		ok, has := ctx.argExpr(a)
		if !ok {
			return nil
		}
		if has && key == nil {
			key = a
		}
	}
	return key
}
