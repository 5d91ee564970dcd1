package iserror

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// ctorChoice is the ToolError constructor a file can see, if exactly one.
type ctorChoice struct {
	qual string // how the file spells it: "toolerr.New" or "New"
	ok   bool
}

// fix rewrites "return mcp.NewToolResultError(msg), nil" into
// "return nil, <ctor>(msg)" when the file sees exactly one ToolError
// constructor and the function returns (*mcp.CallToolResult, error).
func (c *checker) fix(call *ast.CallExpr, fn ast.Node) (analysis.SuggestedFix, bool) {
	callee := c.info.Uses[calleeIdent(call)]
	f, ok := callee.(*types.Func)
	if !ok || !toolmodel.IsFunc(f, toolmodel.MCPGoMCP, "NewToolResultError") || len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	fi := c.funcs[fn]
	if fi == nil {
		return analysis.SuggestedFix{}, false
	}
	res := fi.sig.Results()
	if res.Len() != 2 || !toolmodel.IsNamed(res.At(0).Type(), toolmodel.MCPGoMCP, "CallToolResult") || !toolmodel.IsErrorType(res.At(1).Type()) {
		return analysis.SuggestedFix{}, false
	}
	cur, ok := c.m.Syntax.Root().FindNode(call)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	ret, ok := cur.Parent().Node().(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 || ret.Results[0] != call || !isNilExpr(c.info, ret.Results[1]) {
		return analysis.SuggestedFix{}, false
	}
	file := c.m.FileOf(call.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	choice := c.ctorFor(file)
	if !choice.ok {
		return analysis.SuggestedFix{}, false
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, call.Args[0]); err != nil {
		return analysis.SuggestedFix{}, false
	}
	text := "nil, " + choice.qual + "(" + buf.String() + ")"
	return analysis.SuggestedFix{
		Message:   "return the message as a ToolError from " + choice.qual,
		TextEdits: []analysis.TextEdit{{Pos: ret.Results[0].Pos(), End: ret.Results[1].End(), NewText: []byte(text)}},
	}, true
}

func calleeIdent(call *ast.CallExpr) *ast.Ident {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// ctorFor finds the ToolError constructors file can see: the package's own
// exported functions and those of the packages it imports by name.
func (c *checker) ctorFor(file *ast.File) *ctorChoice {
	if ch, ok := c.ctors[file]; ok {
		return ch
	}
	var found []string
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		if fn, ok := scope.Lookup(name).(*types.Func); ok && fn.Exported() && c.isToolErrorCtor(fn) {
			found = append(found, fn.Name())
		}
	}
	for _, imp := range file.Imports {
		pn := c.info.PkgNameOf(imp)
		if pn == nil || pn.Name() == "_" || pn.Name() == "." || toolmodel.IsSDKPath(pn.Imported().Path()) || !c.m.RelevantPackage(pn.Imported()) {
			continue // (an irrelevant package, like the standard library's, has no ToolError constructor)
		}
		ps := pn.Imported().Scope()
		for _, name := range ps.Names() {
			if fn, ok := ps.Lookup(name).(*types.Func); ok && fn.Exported() && c.isToolErrorCtor(fn) {
				found = append(found, pn.Name()+"."+fn.Name())
			}
		}
	}
	if len(found) > 1 {
		// A ToolError API with a constructor per outcome (toolerr): an
		// IsError result written by hand is most often a caller error.
		var caller []string
		for _, q := range found {
			if strings.Contains(strings.ToLower(q[strings.LastIndex(q, ".")+1:]), "caller") {
				caller = append(caller, q)
			}
		}
		found = caller
	}
	ch := &ctorChoice{}
	if len(found) == 1 {
		ch.qual, ch.ok = found[0], true
	}
	c.ctors[file] = ch
	return ch
}

// isToolErrorCtor reports whether fn is a ToolError constructor (the
// model's answer) that takes a message, optionally followed by options:
// the one a fix can call with the message alone.
func (c *checker) isToolErrorCtor(fn *types.Func) bool {
	return c.isCtorSig(fn) && c.m.ToolErrorCtor(fn) != nil
}

// isCtorSig matches func(msg string) T and func(msg string, opts ...O) T
// with one result, where O is not an empty interface (a format's args).
func (c *checker) isCtorSig(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() > 0 || sig.Recv() != nil || sig.Results().Len() != 1 {
		return false
	}
	ps := sig.Params()
	if ps.Len() == 0 || ps.Len() > 2 || !types.Identical(ps.At(0).Type(), types.Typ[types.String]) {
		return false
	}
	if ps.Len() == 2 {
		if !sig.Variadic() {
			return false
		}
		elem := ps.At(1).Type().(*types.Slice).Elem()
		if it, ok := elem.Underlying().(*types.Interface); ok && it.Empty() {
			return false
		}
	}
	return true
}
