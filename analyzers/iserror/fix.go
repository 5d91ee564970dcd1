package iserror

import (
	"bytes"
	"go/ast"
	"go/constant"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/fixes"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/outcome"
)

// The fix turns an IsError result a tool handler returns into the design's
// return: no result, and the error the evidence shows. A caller error,
// stale state or a condition that heals itself becomes a ToolError of the
// module's ToolError API with the same text; a fault, and every message
// that carries a raw internal error, becomes a plain error the boundary
// logs at ERROR while the model gets its fixed message: the raw error
// wrapped with %w (fmt.Errorf), or the message as errors.New. A site whose
// evidence tells no outcome keeps its finding, without a fix.

// A message is what a construction tells the model, as the code writes it.
type message struct {
	text   ast.Expr   // the text: NewToolResultError(text), a TextContent's Text
	format ast.Expr   // or NewToolResultErrorf(format, args...)
	args   []ast.Expr //
	cause  ast.Expr   // NewToolResultErrorFromErr(text, cause), a helper's error parameter
	drops  []ast.Expr // a helper's arguments the fix drops: contexts, loggers
	// twin is the helper's effect twin, which the fix calls with the
	// helper's arguments before returning the error: call is the helper's.
	twin *types.Func
	call *ast.CallExpr
}

// fix returns the suggested fix of site s, when s is returned as it is by
// a tool handler behind a boundary, and the file can call a ToolError API.
func (c *checker) fix(s site) (analysis.SuggestedFix, bool) {
	none := analysis.SuggestedFix{}
	if !c.m.Fixes().BehindBoundary(s.expr.Pos()) {
		// Without a boundary a returned error reaches the model as its
		// text (go-sdk) or as a JSON-RPC error (mcp-go).
		return none, false
	}
	fi := c.funcs[s.fn]
	if fi == nil || !c.m.Forward().ReturnedByHandler(s.fn) {
		return none, false // a helper's IsError result may be tested by its caller
	}
	res := fi.sig.Results()
	n := res.Len()
	if n < 2 || !isresult.IsResultType(res.At(0).Type()) || !mcpsdk.IsErrorType(res.At(n-1).Type()) {
		return none, false
	}
	cur, ok := c.m.Syntax.Root().FindNode(s.expr)
	if !ok {
		return none, false
	}
	result := ast.Expr(s.expr)
	if u, ok := cur.Parent().Node().(*ast.UnaryExpr); ok && u.Op == token.AND {
		result, cur = u, cur.Parent()
	}
	ret, ok := cur.Parent().Node().(*ast.ReturnStmt)
	if !ok {
		return none, false
	}
	// return helper(...): a helper returning the result and a nil error,
	// as the handler does (return ToolError(logger, msg, err)).
	whole := s.helper && n == 2 && len(ret.Results) == 1 && ret.Results[0] == result && c.nilErrorHelper(s.expr.(*ast.CallExpr))
	if !whole && (len(ret.Results) != n || ret.Results[0] != result || !isNilExpr(c.info, ret.Results[n-1])) {
		return none, false
	}
	file := c.m.FileOf(ret.Pos())
	if file == nil {
		return none, false
	}
	api, ok := c.apiFor(file)
	if !ok {
		return none, false
	}
	msg, ok := c.messageOf(s)
	if !ok {
		return none, false
	}
	if !c.stillUsed(msg.drops, s.expr, s.fn) {
		return none, false // the fix would leave a variable unused
	}
	cv := converter{c: c, file: file, at: cur}
	errText, why, ok := cv.convert(msg, api)
	if !ok {
		return none, false
	}
	edits := []analysis.TextEdit{{Pos: result.Pos(), End: result.End(), NewText: []byte("nil, " + errText)}}
	if !whole {
		edits = []analysis.TextEdit{
			{Pos: ret.Results[0].Pos(), End: ret.Results[0].End(), NewText: []byte("nil")},
			{Pos: ret.Results[n-1].Pos(), End: ret.Results[n-1].End(), NewText: []byte(errText)},
		}
	}
	if msg.twin != nil {
		stmt, ok := cv.twinCall(msg)
		if !ok {
			return none, false
		}
		edits = append([]analysis.TextEdit{{Pos: ret.Pos(), End: ret.Pos(), NewText: []byte(stmt + c.stmtBreak(ret.Pos()))}}, edits...)
	}
	edits = fixes.MergeImports(edits, cv.imports)
	return analysis.SuggestedFix{Message: why, TextEdits: edits}, true
}

// apiFor memoizes the model's ToolErrorAPI by file.
func (c *checker) apiFor(file *ast.File) (fixes.ToolErrorAPI, bool) {
	if a, ok := c.apis[file]; ok {
		return a.api, a.ok
	}
	api, ok := c.m.Fixes().ToolErrorAPI(file)
	c.apis[file] = fileAPI{api, ok}
	return api, ok
}

type fileAPI struct {
	api fixes.ToolErrorAPI
	ok  bool
}

// messageOf reads the message of a construction: an mcp-go constructor, a
// result literal whose only content is one text, or a call of a project
// helper that takes the text (and an error) and always returns an IsError
// result.
func (c *checker) messageOf(s site) (message, bool) {
	switch e := s.expr.(type) {
	case *ast.CallExpr:
		if e.Ellipsis.IsValid() {
			return message{}, false
		}
		fn := typeutil.StaticCallee(c.info, e)
		if s.helper {
			return c.helperMessage(e, fn)
		}
		switch {
		case fn == nil:
		case fn.Name() == "NewToolResultError" && len(e.Args) == 1:
			return message{text: e.Args[0]}, true
		case fn.Name() == "NewToolResultErrorf" && len(e.Args) >= 1:
			return message{format: e.Args[0], args: e.Args[1:]}, true
		case fn.Name() == "NewToolResultErrorFromErr" && len(e.Args) == 2:
			return message{text: e.Args[0], cause: e.Args[1]}, true
		}
	case *ast.CompositeLit:
		return c.literalMessage(e)
	}
	return message{}, false
}

// literalMessage reads &mcp.CallToolResult{IsError: true, Content:
// []mcp.Content{&mcp.TextContent{Text: msg}}}: any other field is content
// a ToolError cannot carry.
func (c *checker) literalMessage(lit *ast.CompositeLit) (message, bool) {
	var text ast.Expr
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return message{}, false
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			return message{}, false
		}
		switch key.Name {
		case "IsError":
			if !isConstTrue(c.info, kv.Value) {
				return message{}, false
			}
		case "Content":
			cl, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
			if !ok || len(cl.Elts) != 1 {
				return message{}, false
			}
			t, _, plain := isresult.ContentText(c.info, cl.Elts[0])
			if t == nil || !plain {
				return message{}, false
			}
			text = t
		case "Result":
			// mcp-go's embedded Result: only an empty one.
			if cl, ok := ast.Unparen(kv.Value).(*ast.CompositeLit); !ok || len(cl.Elts) > 0 {
				return message{}, false
			}
		default:
			return message{}, false
		}
	}
	if text == nil {
		return message{}, false
	}
	return message{text: text}, true
}

// helperMessage reads the call of a project helper that always returns an
// IsError result and takes, besides contexts, the text and at most an
// error: utils.NewToolResultError(msg), NewToolResultErrorFromErr(msg,
// err). A helper taking more builds more than a ToolError carries.
//
// A logger it takes is one it logs the failure with, which the boundary
// does for a ToolError. A helper named like Printf, whose last parameters
// are a format and ...any, formats its text: ToolErrorf(logger, "no module
// %q", name).
func (c *checker) helperMessage(call *ast.CallExpr, fn *types.Func) (message, bool) {
	conds, _, sig := c.calleeConds(call)
	if fn == nil || sig == nil || sig.Results().Len() == 0 || sig.Results().Len() > 2 {
		return message{}, false
	}
	for _, cd := range conds {
		if cd.Param >= 0 || cd.Result != 0 {
			return message{}, false // an IsError result only for some arguments
		}
	}
	ps := sig.Params()
	formatted := sig.Variadic() && strings.HasSuffix(fn.Name(), "f") && ps.Len() >= 2 &&
		types.Identical(ps.At(ps.Len()-2).Type(), types.Typ[types.String]) && !call.Ellipsis.IsValid()
	if sig.Variadic() && !formatted {
		return message{}, false
	}
	if formatted {
		if it, ok := ps.At(ps.Len() - 1).Type().(*types.Slice).Elem().Underlying().(*types.Interface); !ok || !it.Empty() {
			return message{}, false
		}
	}
	var msg message
	// With an effect twin, every argument goes to the twin: none is
	// dropped, and any may be what only the twin reads, as long as the
	// text and the error are the only string and error (the message is
	// then the one text the helper has). The twin's call and the returned
	// error both evaluate the arguments, so they must be pure.
	if t := c.twinOf(fn); t != nil && !formatted && (t.Pkg() == c.pass.Pkg || t.Exported()) && c.oneTextOneError(ps) {
		pure := true
		for _, a := range call.Args {
			pure = pure && pureExpr(c.m, a)
		}
		if pure {
			msg.twin, msg.call = t, call
		}
	}
	if msg.twin == nil && c.stores(fn) {
		return message{}, false // the fix would drop what it stores
	}
	for i := range ps.Len() {
		t := ps.At(i).Type()
		switch {
		case i >= len(call.Args):
			return message{}, false
		case formatted && i == ps.Len()-2:
			msg.format, msg.args = call.Args[i], call.Args[i+1:]
			return msg, msg.text == nil && msg.cause == nil
		case msg.twin != nil && (mcpsdk.IsNamed(t, "context", "Context") || goapi.IsLoggerType(t)):
		case mcpsdk.IsNamed(t, "context", "Context") || goapi.IsLoggerType(t):
			msg.drops = append(msg.drops, call.Args[i])
		case types.Identical(t, types.Typ[types.String]) && msg.text == nil:
			msg.text = call.Args[i]
		case mcpsdk.IsErrorType(t) && msg.cause == nil:
			if !isNilExpr(c.info, call.Args[i]) {
				msg.cause = call.Args[i]
			}
		case msg.twin != nil:
		default:
			return message{}, false
		}
	}
	return msg, msg.text != nil
}

// oneTextOneError reports whether ps has at most one string and at most
// one error parameter.
func (c *checker) oneTextOneError(ps *types.Tuple) bool {
	texts, errs := 0, 0
	for i := range ps.Len() {
		switch t := ps.At(i).Type(); {
		case types.Identical(t, types.Typ[types.String]):
			texts++
		case mcpsdk.IsErrorType(t):
			errs++
		}
	}
	return texts <= 1 && errs <= 1
}

// twinCall writes the statement that calls msg's effect twin with the
// helper's arguments, its results discarded.
func (cv *converter) twinCall(msg message) (string, bool) {
	name := msg.twin.Name()
	switch fun := ast.Unparen(msg.call.Fun).(type) {
	case *ast.Ident:
	case *ast.SelectorExpr:
		x, ok := fun.X.(*ast.Ident)
		if !ok {
			return "", false
		}
		if _, isPkg := cv.c.info.Uses[x].(*types.PkgName); !isPkg {
			return "", false
		}
		name = x.Name + "." + name
	default:
		return "", false
	}
	args := make([]string, len(msg.call.Args))
	for i, a := range msg.call.Args {
		s, ok := cv.src(a)
		if !ok {
			return "", false
		}
		args[i] = s
	}
	stmt := name + "(" + strings.Join(args, ", ") + ")"
	if n := msg.twin.Type().(*types.Signature).Results().Len(); n > 0 {
		stmt = strings.TrimSuffix(strings.Repeat("_, ", n), ", ") + " = " + stmt
	}
	return stmt, true
}

// nilErrorHelper reports whether the helper call calls, a function of this
// package returning a result and an error, returns a nil error on every
// path: `return helper(...)` is then the handler returning the helper's
// IsError result with a nil error.
func (c *checker) nilErrorHelper(call *ast.CallExpr) bool {
	return c.nilErrorCall(call, map[*types.Func]bool{})
}

func (c *checker) nilErrorCall(call *ast.CallExpr, seen map[*types.Func]bool) bool {
	fn := typeutil.StaticCallee(c.info, call)
	if fn == nil || seen[fn.Origin()] {
		return false
	}
	seen[fn.Origin()] = true
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 2 || !isresult.IsResultType(sig.Results().At(0).Type()) || !mcpsdk.IsErrorType(sig.Results().At(1).Type()) {
		return false
	}
	d := c.m.Flow.Decl(fn.Origin())
	if d == nil || d.Body == nil {
		return false
	}
	rets := c.m.Flow.Returns(d)
	for _, r := range rets {
		if len(r.Results) == 1 {
			// return toolError(logger, fmt.Sprintf(format, args...), nil)
			if inner, ok := ast.Unparen(r.Results[0]).(*ast.CallExpr); ok && c.nilErrorCall(inner, seen) {
				continue
			}
		}
		if len(r.Results) != 2 || !isNilExpr(c.info, r.Results[1]) {
			return false
		}
	}
	return len(rets) > 0
}

// stillUsed reports whether every local variable the dropped expressions
// use is used in fn outside the construction, so that dropping them leaves
// no variable declared and not used.
func (c *checker) stillUsed(drops []ast.Expr, construction ast.Node, fn ast.Node) bool {
	for _, d := range drops {
		ok := true
		ast.Inspect(d, func(n ast.Node) bool {
			id, isID := n.(*ast.Ident)
			if !isID || !ok {
				return ok
			}
			v, isVar := c.info.Uses[id].(*types.Var)
			if !isVar || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || !(fn.Pos() <= v.Pos() && v.Pos() < fn.End()) {
				return true // a field, a package variable, or one declared outside fn
			}
			if _, isParam := c.paramOf(v); isParam {
				return true // an unused parameter compiles
			}
			other := false
			ast.Inspect(fn, func(m ast.Node) bool {
				if other {
					return false
				}
				if m == construction {
					return false
				}
				if u, isU := m.(*ast.Ident); isU && u != id && c.info.Uses[u] == v {
					other = true
				}
				return true
			})
			ok = other
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// faultFix is the message of a fix that returns a fault.
const faultFix = "return the error as a fault: the boundary logs it at ERROR and gives the model its fixed message"

// A converter writes the error expression of one fix.
type converter struct {
	c       *checker
	file    *ast.File
	at      astindex.Cursor
	imports []analysis.TextEdit
}

// convert returns the error a handler returns instead of msg, and the
// fix's message; false when the evidence tells no outcome, or the API
// offers no constructor for it.
func (cv *converter) convert(msg message, api fixes.ToolErrorAPI) (string, string, bool) {
	m := cv.c.m
	textExpr := msg.text
	if textExpr == nil {
		textExpr = msg.format
	}
	if msg.cause != nil {
		// The error a helper or NewToolResultErrorFromErr appends must be
		// the one that failed here: one that may be nil would become a
		// fault wrapping nothing.
		fp := m.Failures.At(cv.at)
		if v := m.Failures.ErrorVar(msg.cause); v == nil || fp == nil || !fp.Test.Failed || fp.Test.Err != v {
			return "", "", false
		}
	}
	o := m.Outcomes().FailureOutcome(cv.at, textExpr)
	raw := cv.rawErrors(msg)
	argErr := len(raw) > 0 // every raw error is about the arguments
	for _, e := range raw {
		if m.Outcomes().ArgumentError(cv.at, e) {
			continue
		}
		argErr = false
		if m.Outcomes().ValidatorError(cv.at, e) {
			// The project's own check whose outcome the evidence cannot
			// tell: its text is not a raw internal error, and whether it
			// is a caller error is not shown.
			return "", "", false
		}
	}
	if len(raw) > 0 && !(argErr && o.CallerActs()) {
		// A raw error the model must not read. Where the site shows the
		// model's argument was wrong (a status or sentinel tested, the
		// project's own text saying not found or denied), a caller error
		// without it; where the upstream answers with a status, the status
		// decides at run time (toolerr.Upstream), or without toolerr no
		// fix; where the operation was given what the model named and the
		// site cannot tell, no fix: a fault would tell the model the
		// request was fine. Else a fault, whose error the boundary logs.
		if reason, ok := cv.callerEvidence(msg, o); ok {
			return cv.callerWithCause(msg, api, raw, reason, o)
		}
		if cv.ownCallerCheck(raw) {
			return cv.ownCheckFix(msg, api, raw)
		}
		if cv.upstreamStatus(raw) {
			// The upstream's status, which the error carries, decides.
			return cv.upstreamFix(msg, api, raw)
		}
		if given, tested := cv.givenArgument(raw); given && !tested {
			return "", "", false
		}
		e, ok := cv.wrapped(msg)
		return e, faultFix, ok
	}
	if (o.Kind == outcome.Fault && o.Why == "" || o.Kind == outcome.Unknown) && cv.saysCaller(msg) {
		// The evidence shows only that something failed, or nothing;
		// the project's own text says what the model named is wrong.
		return cv.ownCaller(msg, api)
	}
	kind := o.Kind
	switch kind {
	case outcome.Off:
		kind = outcome.Caller
	case outcome.Stale:
		if api.Ctors[kind] == "" {
			kind = outcome.Caller
		}
	case outcome.Fault:
		e, ok := cv.fault(msg)
		return e, faultFix, ok
	case outcome.Unknown:
		return "", "", false
	}
	ctor := api.Ctors[kind]
	text, ok := cv.ctorText(ctor, msg, api)
	if !ok {
		return "", "", false
	}
	return ctor + "(" + text + ")", "return a ToolError from " + ctor + " " + o.Why, true
}

// ctorText returns msg's text as the argument of api's constructor ctor,
// the API's imports merged; false when the API has no such constructor
// or the text cannot be written.
func (cv *converter) ctorText(ctor string, msg message, api fixes.ToolErrorAPI) (string, bool) {
	if ctor == "" {
		return "", false
	}
	text, ok := cv.textOf(msg)
	if !ok {
		return "", false
	}
	cv.imports = fixes.MergeImports(cv.imports, api.Imports)
	return text, true
}

// rawErrors returns the errors msg carries into the model's text: its
// cause, an error formatted into it, err.Error().
func (cv *converter) rawErrors(msg message) []ast.Expr {
	var out []ast.Expr
	if msg.cause != nil {
		out = append(out, msg.cause)
	}
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		if x := cv.errorOf(e); x != nil {
			out = append(out, x)
			return
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.BinaryExpr:
			visit(x.X)
			visit(x.Y)
		case *ast.CallExpr:
			if format, args, ok := cv.sprintf(x); ok {
				visit(format)
				for _, a := range args {
					visit(a)
				}
			}
		}
	}
	if msg.text != nil {
		visit(msg.text)
	}
	for _, a := range msg.args {
		visit(a)
	}
	return out
}

// errorOf returns the error e renders: X for X.Error(), e itself when it
// is an error value; nil when it is neither.
func (cv *converter) errorOf(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Error" && mcpsdk.IsErrorType(cv.c.info.TypeOf(sel.X)) {
			return sel.X
		}
	}
	if t := cv.c.info.TypeOf(e); t != nil && mcpsdk.IsErrorType(t) && !isNilExpr(cv.c.info, e) {
		return e
	}
	return nil
}

// sprintf reads fmt.Sprintf(format, args...).
func (cv *converter) sprintf(call *ast.CallExpr) (ast.Expr, []ast.Expr, bool) {
	fn := typeutil.StaticCallee(cv.c.info, call)
	if !mcpsdk.IsFunc(fn, "fmt", "Sprintf") || len(call.Args) == 0 || call.Ellipsis.IsValid() {
		return nil, nil, false
	}
	return call.Args[0], call.Args[1:], true
}

// wrapped returns the fault that keeps msg's raw errors for the log:
// E for E.Error(), fmt.Errorf with each rendered error wrapped (%w).
func (cv *converter) wrapped(msg message) (string, bool) {
	if msg.cause == nil && msg.text != nil {
		if x := cv.errorOf(msg.text); x != nil && !mcpsdk.IsErrorType(cv.c.info.TypeOf(msg.text)) {
			return cv.src(x) // err.Error() → err
		}
	}
	var parts []part
	switch {
	case msg.format != nil:
		ps, ok := cv.formatParts(msg.format, msg.args)
		if !ok {
			return "", false
		}
		parts = ps
	default:
		ps, ok := cv.textParts(msg.text)
		if !ok {
			return "", false
		}
		parts = ps
		if msg.cause != nil {
			parts = append(trimLast(parts), part{lit: ": "}, part{verb: "%w", arg: msg.cause})
		}
	}
	return cv.errorf(parts)
}

// fault returns the error of a fault whose message carries no raw error:
// the message with the tested error wrapped, when the failure path tests
// one the code can name, else the message alone.
func (cv *converter) fault(msg message) (string, bool) {
	parts, ok := cv.messageParts(msg)
	if !ok {
		return "", false
	}
	if fp := cv.c.m.Failures.At(cv.at); fp != nil && fp.Test.Err != nil && fp.Test.Failed && cv.names(fp.Test.Err) {
		parts = append(trimLast(parts), part{lit: ": "}, part{verb: "%w", arg: ast.NewIdent(fp.Test.Err.Name())})
		return cv.errorf(parts)
	}
	if len(parts) == 1 && parts[0].verb == "" {
		q, edits, ok := cv.c.m.Fixes().Qualifier(cv.file, "errors", "errors")
		if !ok {
			return "", false
		}
		cv.imports = fixes.MergeImports(cv.imports, edits)
		return q + "New(" + strconv.Quote(lowerFirst(trimErrorEnd(parts[0].lit))) + ")", true
	}
	return cv.errorf(parts)
}

// names reports whether the code at the site names v by its name.
func (cv *converter) names(v *types.Var) bool {
	scope := cv.c.pass.Pkg.Scope().Innermost(cv.at.Node().Pos())
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(v.Name(), cv.at.Node().Pos())
	return obj == v
}

// A part is a piece of a message: literal text, or a verb and its
// argument.
type part struct {
	lit  string
	verb string
	arg  ast.Expr
}

func (cv *converter) messageParts(msg message) ([]part, bool) {
	if msg.format != nil {
		return cv.formatParts(msg.format, msg.args)
	}
	return cv.textParts(msg.text)
}

// textParts splits a string expression into parts: constants, errors
// rendered (%w), other strings (%s).
func (cv *converter) textParts(e ast.Expr) ([]part, bool) {
	if tv, ok := cv.c.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []part{{lit: constant.StringVal(tv.Value)}}, true
	}
	if x := cv.errorOf(e); x != nil {
		return []part{{verb: "%w", arg: x}}, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			a, ok := cv.textParts(x.X)
			if !ok {
				return nil, false
			}
			b, ok := cv.textParts(x.Y)
			return append(a, b...), ok
		}
	case *ast.CallExpr:
		if format, args, ok := cv.sprintf(x); ok {
			return cv.formatParts(format, args)
		}
	}
	if t := cv.c.info.TypeOf(e); t == nil || !types.Identical(t.Underlying(), types.Typ[types.String]) {
		return nil, false
	}
	return []part{{verb: "%s", arg: e}}, true
}

// formatParts splits a constant format and its arguments into parts; an
// error formatted with %v or %s becomes %w. False for a format it cannot
// read: not constant, an argument index, a star width.
func (cv *converter) formatParts(format ast.Expr, args []ast.Expr) ([]part, bool) {
	tv, ok := cv.c.info.Types[format]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return nil, false
	}
	f := constant.StringVal(tv.Value)
	var parts []part
	var lit strings.Builder
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			lit.WriteByte(f[i])
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("+-# 0123456789.", f[j]) >= 0 {
			j++
		}
		if j >= len(f) || f[j] == '[' || f[j] == '*' {
			return nil, false
		}
		if f[j] == '%' && j == i+1 {
			lit.WriteByte('%')
			i = j
			continue
		}
		if n >= len(args) {
			return nil, false
		}
		verb, arg := f[i:j+1], args[n]
		n++
		if x := cv.errorOf(arg); x != nil && (verb == "%v" || verb == "%s") {
			verb, arg = "%w", x
		}
		if lit.Len() > 0 {
			parts = append(parts, part{lit: lit.String()})
			lit.Reset()
		}
		parts = append(parts, part{verb: verb, arg: arg})
		i = j
	}
	if n != len(args) {
		return nil, false
	}
	if lit.Len() > 0 {
		parts = append(parts, part{lit: lit.String()})
	}
	return parts, true
}

// trimLast returns parts with the punctuation ending the last literal
// dropped (trimErrorEnd): the text it ends is followed by a wrapped error.
func trimLast(parts []part) []part {
	if n := len(parts); n > 0 && parts[n-1].verb == "" {
		parts = append(parts[:n-1:n-1], part{lit: trimErrorEnd(parts[n-1].lit)})
	}
	return parts
}

// errorf writes fmt.Errorf of parts.
func (cv *converter) errorf(parts []part) (string, bool) {
	q, edits, ok := cv.c.m.Fixes().Qualifier(cv.file, "fmt", "fmt")
	if !ok {
		return "", false
	}
	var f strings.Builder
	var args []string
	for i, p := range parts {
		if p.verb == "" {
			if i == 0 {
				p.lit = lowerFirst(p.lit)
			}
			if i == len(parts)-1 {
				p.lit = trimErrorEnd(p.lit) // (a literal last ends the text)
			}
			f.WriteString(strings.ReplaceAll(p.lit, "%", "%%"))
			continue
		}
		f.WriteString(p.verb)
		s, ok := cv.src(p.arg)
		if !ok {
			return "", false
		}
		args = append(args, s)
	}
	cv.imports = fixes.MergeImports(cv.imports, edits)
	out := q + "Errorf(" + strconv.Quote(f.String())
	for _, a := range args {
		out += ", " + a
	}
	return out + ")", true
}

// textOf writes the model-facing text of msg as one string expression.
func (cv *converter) textOf(msg message) (string, bool) {
	switch {
	case msg.format != nil:
		q, edits, ok := cv.c.m.Fixes().Qualifier(cv.file, "fmt", "fmt")
		if !ok {
			return "", false
		}
		args := []string{}
		for _, e := range append([]ast.Expr{msg.format}, msg.args...) {
			s, ok := cv.src(e)
			if !ok {
				return "", false
			}
			args = append(args, s)
		}
		cv.imports = fixes.MergeImports(cv.imports, edits)
		return q + "Sprintf(" + strings.Join(args, ", ") + ")", true
	case msg.cause != nil:
		// One text: fmt.Sprintf("missing input: %v", err), not "..." + ": " + err.Error().
		parts, ok := cv.textParts(msg.text)
		if !ok {
			return "", false
		}
		return cv.sprintfOf(append(parts, part{lit: ": "}, part{verb: "%v", arg: msg.cause}))
	}
	return cv.src(msg.text)
}

// src prints e as the code writes it.
func (cv *converter) src(e ast.Expr) (string, bool) {
	var buf bytes.Buffer
	if err := format.Node(&buf, cv.c.pass.Fset, e); err != nil {
		return "", false
	}
	return buf.String(), true
}

// stmtBreak returns what separates a statement inserted before the one at
// pos from it: a newline and the line's indentation when pos begins its
// line, else "; " (`if err != nil { return ... }` on one line).
func (c *checker) stmtBreak(pos token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if tf == nil || c.pass.ReadFile == nil {
		return "; "
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "; "
	}
	start, off := tf.Offset(tf.LineStart(tf.Line(pos))), tf.Offset(pos)
	if off > len(src) || start > off {
		return "; "
	}
	lead := src[start:off]
	if len(bytes.TrimLeft(lead, " \t")) > 0 {
		return "; "
	}
	return "\n" + string(lead)
}
