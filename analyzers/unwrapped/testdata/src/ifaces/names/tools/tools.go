// Package tools registers tools another package defines.
package tools

import (
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"ifaces/names/export"
)

func Serve() {
	s := server.NewMCPServer("names", "1.0.0") // want `3 tools are registered on this server without the tool boundary \("export_items", "import_items", "purge_items"\)`
	t := &export.Tools{}
	s.AddTool(export.ExportTool, t.Export)
	s.AddTool(export.ImportTool, t.Import)
	s.AddTool(export.PurgeTool(), t.Export)
}

const prefix = "items__"

var suffix = "archive"

func name(s string) string { return prefix + s }

func ServeBuilt() {
	s := server.NewMCPServer("names", "1.0.0") // want `3 tools are registered on this server without the tool boundary \("items__list", "items__get", "items__archive"\)`
	t := &export.Tools{}
	s.AddTool(mcp.NewTool(prefix+"list"), t.Export)
	s.AddTool(mcp.NewTool(name("get")), t.Export)
	s.AddTool(mcp.NewTool(fmt.Sprintf("%s%s", prefix, suffix)), t.Export)
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func ServeWrapped() {
	s := server.NewMCPServer("names", "1.0.0", server.WithToolHandlerMiddleware(Boundary))
	t := &export.Tools{}
	s.AddTool(export.ExportTool, t.Export)
	s.AddTool(mcp.NewTool(name("get")), t.Export)
}
