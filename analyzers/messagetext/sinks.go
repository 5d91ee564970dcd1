package messagetext

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/lazyre"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolerror"
)

// A sinkText is one model-facing text and where it is built.
type sinkText struct {
	text text
	node ast.Node        // the construct that hands the text to the model
	site *toolerror.Site // when the text is a ToolError's message
}

// An sdkSink is an SDK function whose call hands text to the model.
type sdkSink int

const (
	notSDKSink       sdkSink = iota
	sinkError                // mcp.NewToolResultError(text)
	sinkErrorf               // mcp.NewToolResultErrorf(format, args...)
	sinkErrorFromErr         // mcp.NewToolResultErrorFromErr(text, err)
	sinkSetError             // (*mcp.CallToolResult).SetError(err), go-sdk
)

// sdkSinkOf returns which SDK sink fn is, or notSDKSink. collect keeps the
// calls of SDK functions that are sinks; texts reads each kind.
func sdkSinkOf(fn *types.Func) sdkSink {
	switch {
	case mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultError"):
		return sinkError
	case mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultErrorf"):
		return sinkErrorf
	case mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultErrorFromErr"):
		return sinkErrorFromErr
	case mcpsdk.IsMethod(fn, mcpsdk.GoSDKMCP, "CallToolResult", "SetError"):
		return sinkSetError
	}
	return notSDKSink
}

// texts returns the model-facing texts built at sink node n.
func (c *checker) texts(n ast.Node, u *unit) []sinkText {
	one := func(t text) []sinkText { return []sinkText{{text: t, node: n}} }
	switch n := n.(type) {
	case *toolErrorSink:
		return c.toolErrorTexts(n.Site)
	case *ast.CallExpr:
		fn := c.callee(n)
		if fn == nil {
			return nil
		}
		args := n.Args
		switch sdkSinkOf(fn) {
		case sinkError:
			if len(args) == 1 {
				return one(c.eval(args[0], "", 0))
			}
		case sinkErrorf:
			if len(args) > 0 {
				return one(c.format(args[0], args[1:], 0))
			}
		case sinkErrorFromErr:
			if len(args) == 2 {
				t := c.eval(args[0], "", 0)
				t = append(t, lit(": ", args[0])...)
				return one(append(t, c.eval(args[1], "v", 0)...))
			}
		case sinkSetError:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && len(args) == 1 {
				return c.setErrorTexts(n, sel.X, args[0])
			}
		default:
			if !mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
				return c.helperTexts(n, fn)
			}
		}
	case *ast.CompositeLit:
		if c.isErrorLit(n) {
			return c.contentTexts(n)
		}
	case *ast.AssignStmt:
		sel := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr)
		return c.resultTexts(sel.X, n)
	case *ast.ReturnStmt:
		if !c.errorFuncs[c.retFunc[n]] || len(n.Results) == 0 {
			return nil
		}
		last := n.Results[len(n.Results)-1]
		if id, ok := ast.Unparen(last).(*ast.Ident); ok && id.Name == "nil" {
			return nil
		}
		if !isErrorType(c.info.TypeOf(last)) {
			return nil
		}
		return one(c.eval(last, "", 0))
	}
	return nil
}

// helperTexts treats a call of a function whose parameters reach
// model-facing text as building that text from the arguments.
func (c *checker) helperTexts(call *ast.CallExpr, fn *types.Func) []sinkText {
	uses := c.summary(fn)
	if len(uses) == 0 {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var out []sinkText
	for _, p := range uses {
		var args []ast.Expr
		switch {
		case sig.Variadic() && p.Index == sig.Params().Len()-1 && !call.Ellipsis.IsValid():
			if p.Index < len(call.Args) {
				args = call.Args[p.Index:]
			}
		case p.Index < len(call.Args):
			args = call.Args[p.Index : p.Index+1]
		}
		for _, a := range args {
			out = append(out, sinkText{text: c.eval(a, p.Verb, 0), node: call})
		}
	}
	return out
}

// toolErrorTexts returns a ToolError's message; a constructor taking the
// message and then ...any arguments formats them.
func (c *checker) toolErrorTexts(s *toolerror.Site) []sinkText {
	if s.Message == nil {
		return nil
	}
	var t text
	if call, ok := s.Node.(*ast.CallExpr); ok && s.Ctor != nil {
		sig := s.Ctor.Type().(*types.Signature)
		for i, a := range call.Args {
			if a == s.Message && sig.Variadic() && i == sig.Params().Len()-2 && isAnySlice(sig.Params().At(i+1).Type()) && !call.Ellipsis.IsValid() {
				t = c.format(a, call.Args[i+1:], 0)
			}
		}
	}
	if t == nil {
		t = c.eval(s.Message, "", 0)
	}
	return []sinkText{{text: t, node: s.Node, site: s}}
}

func isAnySlice(t types.Type) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	i, ok := s.Elem().Underlying().(*types.Interface)
	return ok && i.Empty()
}

// contentTexts returns the texts of the TextContent elements of a
// CallToolResult literal's Content.
func (c *checker) contentTexts(cl *ast.CompositeLit) []sinkText {
	var out []sinkText
	for _, elt := range cl.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "Content" {
			continue
		}
		list, ok := ast.Unparen(kv.Value).(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, e := range list.Elts {
			if t := c.textContent(e); t != nil {
				out = append(out, sinkText{text: t, node: e})
			}
		}
	}
	return out
}

// textContent evaluates a TextContent value: a literal's Text field or
// mcp.NewTextContent's argument.
func (c *checker) textContent(e ast.Expr) text {
	if t, _, _ := isresult.ContentText(c.info, e); t != nil {
		return c.eval(t, "", 0)
	}
	return nil
}

// isErrorLit reports whether a result literal is an IsError result.
func (c *checker) isErrorLit(cl *ast.CompositeLit) bool {
	_, v := c.m.IsErrors.IsErrorElt(cl)
	return v != nil && c.m.IsErrors.SetsIsError(v)
}

// setsIsError matches res.IsError = <not false> on a tool result.
func (c *checker) setsIsError(as *ast.AssignStmt) bool {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Tok != token.ASSIGN {
		return false
	}
	sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr)
	return ok && c.m.IsErrors.IsErrorField(sel) && c.m.IsErrors.SetsIsError(as.Rhs[0])
}

// resultDef returns the expression that built the result held by the
// variable r refers to at pos: a literal, a constructor call, or nil.
func (c *checker) resultDef(r ast.Expr) (ast.Expr, *types.Var, bool) {
	r = ast.Unparen(r)
	if u, ok := r.(*ast.UnaryExpr); ok {
		r = ast.Unparen(u.X)
	}
	id, ok := r.(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return nil, nil, false
	}
	d, ok := c.reachAny(v, id)
	if !ok || d == nil || d.tuple >= 0 || d.elem {
		return nil, nil, false
	}
	if d.zero {
		return nil, v, true
	}
	e := ast.Unparen(d.rhs)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	return e, v, true
}

// resultTexts returns the texts of the result r when IsError is set on it
// later: mcp.NewToolResultText's text or a literal's Content.
func (c *checker) resultTexts(r ast.Expr, at ast.Node) []sinkText {
	e, _, ok := c.resultDef(r)
	if !ok || e == nil {
		return nil
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !c.isErrorLit(e) {
			return c.contentTexts(e) // (an IsError literal is a sink of its own)
		}
	case *ast.CallExpr:
		if fn := c.callee(e); mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultText") && len(e.Args) == 1 {
			return []sinkText{{text: c.eval(e.Args[0], "", 0), node: e}}
		}
	}
	return nil
}

// setErrorTexts handles res.SetError(err): the error's text is what the
// model reads when the result has no content of its own; otherwise the
// content is.
func (c *checker) setErrorTexts(call *ast.CallExpr, r, err ast.Expr) []sinkText {
	e, v, ok := c.resultDef(r)
	if !ok {
		return nil
	}
	if cl, ok := e.(*ast.CompositeLit); ok {
		for _, elt := range cl.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Content" {
					if c.isErrorLit(cl) {
						return nil
					}
					return c.contentTexts(cl)
				}
			}
		}
	} else if e != nil {
		if ce, ok := e.(*ast.CallExpr); !ok || !isBuiltinNew(c.info, ce) {
			return nil
		}
	}
	if c.contentAssigned(v) {
		return nil
	}
	return []sinkText{{text: c.eval(err, "", 0), node: call}}
}

func isBuiltinNew(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "new"
}

// contentAssigned reports whether v.Content is ever assigned.
func (c *checker) contentAssigned(v *types.Var) bool {
	if c.contentVars == nil {
		// One walk of the package's assignments for every variable asked
		// about, not one walk each.
		c.contentVars = map[types.Object]bool{}
		for cur := range c.in.Root().Preorder((*ast.AssignStmt)(nil)) {
			for _, lhs := range cur.Node().(*ast.AssignStmt).Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Content" {
					if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && c.info.Uses[id] != nil {
						c.contentVars[c.info.Uses[id]] = true
					}
				}
			}
		}
	}
	return c.contentVars[v]
}

// checkSink checks one model-facing text.
func (c *checker) checkSink(st sinkText, u *unit) {
	clear(c.sinkCatsScratch)
	c.sinkCats, c.sink = c.sinkCatsScratch, st.node
	defer func() { c.sinkCats, c.sink = nil, nil }()
	hasLit := false
	for _, p := range st.text {
		if p.hole != nil {
			c.checkHole(p, u)
		} else if p.lit != "" {
			hasLit = true
		}
	}
	if hasLit {
		c.checkText(st.text)
	}
	if c.opts.longText {
		if n := sentences(st.text.joined()); n > 2 {
			c.report(st.node, catLong, fmt.Sprintf("model-facing text runs to %d sentences; say what was wrong and the next step in one or two", n))
		}
	}
	if st.site != nil && (c.opts.nextStep || c.opts.faultText) {
		c.checkToolError(st)
	}
}

// fineText matches text that tells the model the request was fine and
// what to do.
var fineText = lazyre.New(`(?i)request was (?:fine|valid|correct)|nothing (?:is )?wrong with the request|\bretry\b|try again|tell the user|ask the user|inform the user|later\b`)

func (c *checker) checkToolError(st sinkText) {
	level, _ := c.m.ToolErrors.Levels().Of(st.site)
	switch level {
	case toolerror.LevelDebug, toolerror.LevelInfo, toolerror.LevelWarn, toolerror.LevelError:
	default:
		return // not known
	}
	s := st.text.joined()
	if strings.TrimSpace(strings.ReplaceAll(s, placeholder, "")) == "" {
		return
	}
	switch {
	case c.opts.nextStep && level <= toolerror.LevelInfo && len(c.m.ToolNames) > 0:
		for _, p := range st.text {
			if p.hole != nil && !c.onlyInput(p) {
				return // a hole may name the tool
			}
		}
		for name := range c.m.ToolNames {
			if lazyre.New(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(s) {
				return
			}
		}
		c.report(st.node, catNextStep, "INFO ToolError names no tool to call next; name the tool and parameter that get the model past this")
	case c.opts.faultText && (level == toolerror.LevelWarn || level == toolerror.LevelError):
		if fineText.MatchString(s) {
			return
		}
		for _, p := range st.text {
			if p.hole != nil && !c.onlyInput(p) {
				return
			}
		}
		c.report(st.node, catFaultText, "fault ToolError does not say the request was fine; say so, and whether to retry later or tell the user")
	}
}

// onlyInput reports whether a hole holds only the model's own input.
func (c *checker) onlyInput(p part) bool {
	ls := c.leaves(p.hole, -1, nil)
	for _, l := range ls {
		if l.kind != lInput && l.kind != lConst {
			return false
		}
	}
	return len(ls) > 0
}
