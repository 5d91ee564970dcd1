package toolrecord

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// Stubs of the mcp-go API the records are made of.
var stubs = map[string]string{
	"github.com/mark3labs/mcp-go/mcp": `package mcp
type Tool struct{ Name string }
type CallToolRequest struct{}
type CallToolResult struct{}
`,
	"github.com/mark3labs/mcp-go/server": `package server
import (
	"context"
	"github.com/mark3labs/mcp-go/mcp"
)
type ToolHandlerFunc func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)
type ServerTool struct {
	Tool    mcp.Tool
	Handler ToolHandlerFunc
}
type MCPServer struct{}
`,
}

const src = `package p

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Deps struct{}

// Plain: a tool and its handler.
type Plain struct {
	Def     mcp.Tool
	Handler server.ToolHandlerFunc
	Note    string
}

// Factory: a tool and a function building its handler from dependencies.
type Factory struct {
	Make func(Deps) server.ToolHandlerFunc
	Tool *mcp.Tool
}

// Installer: a tool that registers itself on the server it is given.
type Installer struct {
	Register func(s *server.MCPServer)
}

// Own: the project's tool type, converted into an SDK record.
type Own interface {
	ServerTool() server.ServerTool
}

// NoHandler: a tool alone.
type NoHandler struct{ Def mcp.Tool }

type Alias = Plain
`

type stubImporter map[string]*types.Package

func (im stubImporter) Import(path string) (*types.Package, error) {
	if p, ok := im[path]; ok {
		return p, nil
	}
	return importer.Default().Import(path)
}

func check(t *testing.T, fset *token.FileSet, im stubImporter, path, src string) *types.Package {
	t.Helper()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: im}).Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func TestOf(t *testing.T) {
	fset := token.NewFileSet()
	im := stubImporter{}
	for _, path := range []string{"github.com/mark3labs/mcp-go/mcp", "github.com/mark3labs/mcp-go/server"} {
		im[path] = check(t, fset, im, path, stubs[path])
	}
	pkg := check(t, fset, im, "example.com/p", src)
	var tb Table
	describe := func(r *Record) string {
		switch {
		case r == nil:
			return "none"
		case r.Convert != "":
			return "converted by " + r.Convert
		}
		tool := "no tool"
		if r.Tool != nil {
			tool = "tool " + r.Tool.Name()
		}
		kind := "handler"
		switch {
		case r.Factory:
			kind = "factory"
		case r.Registrar:
			kind = fmt.Sprintf("registrar on param %d", r.Server)
		}
		return fmt.Sprintf("%s, %s %s, at %v", tool, kind, r.Handler.Name(), r.Index)
	}
	lookup := func(name string) types.Type { return pkg.Scope().Lookup(name).Type() }
	serverTool := im["github.com/mark3labs/mcp-go/server"].Scope().Lookup("ServerTool").Type()
	for _, c := range []struct {
		t    types.Type
		want string
	}{
		{lookup("Plain"), "tool Def, handler Handler, at [0 1]"},
		{types.NewPointer(lookup("Plain")), "tool Def, handler Handler, at [0 1]"},
		{lookup("Alias"), "tool Def, handler Handler, at [0 1]"},
		{lookup("Factory"), "tool Tool, factory Make, at [1 0]"},
		{lookup("Installer"), "no tool, registrar on param 0 Register, at [0 0]"},
		{lookup("Own"), "converted by ServerTool"},
		{lookup("NoHandler"), "none"},
		{lookup("Deps"), "none"},
		{serverTool, "tool Tool, handler Handler, at [0 1]"},
		{types.Typ[types.String], "none"},
	} {
		if got := describe(tb.Of(c.t)); got != c.want {
			t.Errorf("Of(%s) = %s, want %s", c.t, got, c.want)
		}
	}
	if tb.Of(lookup("Plain")) != tb.Of(lookup("Alias")) {
		t.Errorf("Of answers a type and its alias with two records")
	}
}
