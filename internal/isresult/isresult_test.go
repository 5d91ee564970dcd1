package isresult_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// sdk is mcp-go's mcp package, reduced to what the test builds with.
const sdk = `package mcp

type Content interface{}

type CallToolResult struct {
	Content []Content
	IsError bool
}

func NewToolResultText(text string) *CallToolResult  { return &CallToolResult{} }
func NewToolResultError(text string) *CallToolResult { return &CallToolResult{IsError: true} }
`

const src = `package p

import "github.com/mark3labs/mcp-go/mcp"

type wrapped struct {
	mcp.CallToolResult
}

func results(failed bool, upstream *mcp.CallToolResult) []*mcp.CallToolResult {
	a := mcp.NewToolResultError("no note at that path")
	b := &mcp.CallToolResult{IsError: true}
	c := &mcp.CallToolResult{}
	c.IsError = failed
	d := mcp.NewToolResultText("ok")
	e := &mcp.CallToolResult{IsError: false}
	f := &mcp.CallToolResult{IsError: upstream.IsError}
	g := &wrapped{}
	g.IsError = true
	return []*mcp.CallToolResult{a, b, c, d, e, f, &g.CallToolResult}
}
`

// TestSites checks which constructions build an IsError result: the
// constructor, a literal and assignments setting it, directly or through
// an embedded result; not IsError: false, nor one copied from another
// result.
func TestSites(t *testing.T) {
	fset := token.NewFileSet()
	sdkFile, err := parser.ParseFile(fset, "mcp.go", sdk, 0)
	if err != nil {
		t.Fatal(err)
	}
	mcp, err := (&types.Config{}).Check(mcpsdk.MCPGoMCP, fset, []*ast.File{sdkFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := testkit.TypesInfo()
	imp := importer(func(path string) (*types.Package, error) {
		if path == mcpsdk.MCPGoMCP {
			return mcp, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	})
	if _, err := (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range isresult.New(info, nil, astindex.New([]*ast.File{file}), true).Sites() {
		got = append(got, fmt.Sprintf("%d:%d", fset.Position(s.Node.Pos()).Line, s.Kind))
	}
	want := []string{
		fmt.Sprintf("10:%d", isresult.IsErrorCtor),
		fmt.Sprintf("11:%d", isresult.IsErrorLiteral),
		fmt.Sprintf("13:%d", isresult.IsErrorAssign),
		fmt.Sprintf("18:%d", isresult.IsErrorAssign),
	}
	if !slices.Equal(got, want) {
		t.Errorf("sites (line:kind) %v, want %v", got, want)
	}
	if got := isresult.New(info, nil, astindex.New([]*ast.File{file}), false).Sites(); len(got) != 0 {
		t.Errorf("a package that is not relevant has %d sites, want none", len(got))
	}
}

type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }
