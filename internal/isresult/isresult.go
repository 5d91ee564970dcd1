// Package isresult finds the IsError results a package builds, for every
// analyzer: a tool result (either SDK's CallToolResult, or mcp-go's
// CreateTaskResult) built with IsError set to anything but false. It is built by
//
//   - mcp-go's mcp.NewToolResultError, NewToolResultErrorf and
//     NewToolResultErrorFromErr (v1.2.1's only constructors that set it;
//     NewToolResultContent(..., true) builds a sampling block);
//   - a composite literal of a result type that sets IsError, keyed or
//     positional, directly or through an embedded struct;
//   - an assignment res.IsError = v (a field of a result, embedded ones
//     included);
//   - go-sdk's (*CallToolResult).SetError(err).
//
// IsError: false, and an IsError copied from another SDK value (a proxy
// forwarding an upstream result) build none.
package isresult

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// An Kind says how an IsError result is built.
type Kind int

const (
	IsErrorCtor    Kind = iota + 1 // mcp.NewToolResultError*
	IsErrorLiteral                 // a result literal setting IsError
	IsErrorAssign                  // res.IsError = v
	IsErrorSet                     // res.SetError(err)
)

// An Site is one construction of an IsError result in the package.
type Site struct {
	Kind Kind
	// Node is where the construction shows: the constructor or SetError
	// call, the literal's IsError element (or the literal, positional),
	// the assignment.
	Node ast.Node
	// Result is the result the site builds or sets IsError on: the call
	// (IsErrorCtor), the literal, or the receiver of the assignment or
	// SetError call.
	Result ast.Expr
	// Value is the value IsError gets (literal, assignment), else nil.
	Value ast.Expr
	// Ctor is the constructor or SetError method called, else nil.
	Ctor *types.Func
	// Literal is the result literal of an IsErrorLiteral site.
	Literal *ast.CompositeLit
	// Field is the res.IsError selector an IsErrorAssign site assigns.
	Field *ast.SelectorExpr

	cur astindex.Cursor
}

// Cursor returns the site's node in the package's syntax index.
func (s *Site) Cursor() astindex.Cursor { return s.cur }

// IsResultType reports whether t is (a pointer to) a tool result that
// carries IsError: either SDK's CallToolResult, or mcp-go's
// CreateTaskResult (a task tool's result).
func IsResultType(t types.Type) bool {
	return mcpsdk.IsCallToolResult(t) || mcpsdk.IsNamed(t, mcpsdk.MCPGoMCP, "CreateTaskResult")
}

// IsErrorResultCtor reports whether fn is one of mcp-go's constructors of
// an IsError result.
func IsErrorResultCtor(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	switch fn.Name() {
	case "NewToolResultError", "NewToolResultErrorf", "NewToolResultErrorFromErr":
		return mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, fn.Name())
	}
	return false
}

// An Index finds the IsError results one package builds. Its methods are
// safe for concurrent use.
type Index struct {
	info     *types.Info
	flow     *flow.Info
	syntax   *astindex.Index
	relevant bool

	once  sync.Once
	sites []*Site
}

// New returns the Index of the package info describes: fl and syntax index
// its code, and Sites finds constructions only when they are set and the
// package is relevant (it reaches an SDK).
func New(info *types.Info, fl *flow.Info, syntax *astindex.Index, relevant bool) *Index {
	return &Index{info: info, flow: fl, syntax: syntax, relevant: relevant}
}

// Sites returns every construction of an IsError result in the package's
// files, in source order. It is computed once.
func (ix *Index) Sites() []*Site {
	ix.once.Do(func() {
		if !ix.relevant || ix.syntax == nil {
			return
		}
		ix.sites = ix.findSites()
	})
	return ix.sites
}

func (ix *Index) findSites() []*Site {
	info := ix.info
	var sites []*Site
	for c := range ix.syntax.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			fn := flow.CalleeOf(ix.flow, ix.info, n)
			switch {
			case IsErrorResultCtor(fn):
				sites = append(sites, &Site{Kind: IsErrorCtor, Node: n, Result: n, Ctor: fn, cur: c})
			case mcpsdk.IsMethod(fn, mcpsdk.GoSDKMCP, "CallToolResult", "SetError"):
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					sites = append(sites, &Site{Kind: IsErrorSet, Node: n, Result: sel.X, Ctor: fn, cur: c})
				}
			}
		case *ast.CompositeLit:
			if !IsResultType(info.TypeOf(n)) {
				continue
			}
			kv, value := ix.IsErrorElt(n)
			if value == nil || ix.setsNoError(value) {
				continue
			}
			var at ast.Node = n
			if kv != nil {
				at = kv
			}
			sites = append(sites, &Site{Kind: IsErrorLiteral, Node: at, Result: n, Value: value, Literal: n, cur: c})
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN {
				continue
			}
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || !ix.IsErrorField(sel) || len(n.Lhs) != len(n.Rhs) {
					continue
				}
				rhs := n.Rhs[i]
				if ix.setsNoError(rhs) {
					continue
				}
				sites = append(sites, &Site{Kind: IsErrorAssign, Node: n, Result: sel.X, Value: rhs, Field: sel, cur: c})
			}
		}
	}
	return sites
}

// SetsIsError reports whether a value given to IsError makes the result
// an IsError result: anything but the constant false or an IsError read
// from another SDK value.
func (ix *Index) SetsIsError(v ast.Expr) bool { return !ix.setsNoError(v) }

// setsNoError reports whether an IsError value builds no IsError result:
// the constant false, or an IsError read from another SDK value.
func (ix *Index) setsNoError(v ast.Expr) bool {
	info := ix.info
	if tv, ok := info.Types[v]; ok && tv.Value != nil && tv.Value.String() == "false" {
		return true
	}
	sel, ok := ast.Unparen(v).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "IsError" {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.FieldVal && mcpsdk.IsSDKPath(mcpsdk.PkgPath(s.Obj()))
}

// IsErrorElt returns the IsError element of a result literal, keyed (with
// its key-value node) or positional, and its value; nil when the literal
// does not set it.
func (ix *Index) IsErrorElt(lit *ast.CompositeLit) (*ast.KeyValueExpr, ast.Expr) {
	st, ok := ix.info.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "IsError" {
				return kv, kv.Value
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == "IsError" {
			return nil, elt
		}
	}
	return nil, nil
}

// IsErrorField reports whether sel selects the IsError field of a tool
// result (directly or through embedding).
func (ix *Index) IsErrorField(sel *ast.SelectorExpr) bool {
	if sel.Sel.Name != "IsError" {
		return false
	}
	s, ok := ix.info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return false
	}
	t := s.Recv()
	// Walk the embedding path to the struct declaring the field.
	for _, i := range s.Index()[:len(s.Index())-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return false
		}
		t = st.Field(i).Type()
	}
	return IsResultType(t)
}

// ContentText reads one element of a tool result's content as text
// content: &TextContent{Text: t} or TextContent{...} of either SDK, or
// mcp-go's NewTextContent(t). ok reports whether e is text content; text
// is its Text (nil when the literal leaves it unset); plain reports
// whether it carries nothing else but its Type.
func ContentText(info *types.Info, e ast.Expr) (text ast.Expr, ok, plain bool) {
	e = ast.Unparen(e)
	if u, isU := e.(*ast.UnaryExpr); isU && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if fn := typeutil.StaticCallee(info, x); mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewTextContent") && len(x.Args) == 1 {
			return x.Args[0], true, true
		}
	case *ast.CompositeLit:
		t := info.TypeOf(x)
		if !mcpsdk.IsNamed(t, mcpsdk.MCPGoMCP, "TextContent") && !mcpsdk.IsNamed(t, mcpsdk.GoSDKMCP, "TextContent") {
			return nil, false, false
		}
		plain = true
		for _, elt := range x.Elts {
			kv, isKV := elt.(*ast.KeyValueExpr)
			if !isKV {
				plain = false
				continue
			}
			key, _ := kv.Key.(*ast.Ident)
			switch {
			case key == nil:
				plain = false
			case key.Name == "Text":
				text = kv.Value
			case key.Name != "Type":
				plain = false
			}
		}
		return text, true, plain
	}
	return nil, false, false
}
