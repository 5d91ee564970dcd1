// Package deftools keeps each tool as a type of its own behind the
// package's Tool interface; a slice of the interface lists them and a loop
// registers them.
package deftools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Manager struct{ root string }

type Tool interface {
	Definition() mcp.Tool
	Handler(m *Manager) server.ToolHandlerFunc
}

type ListTool struct{}

func (*ListTool) Definition() mcp.Tool { return mcp.NewTool("list_items") }

func (*ListTool) Handler(m *Manager) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(m.root), nil
	}
}

type GetTool struct{ name string }

func (t GetTool) Definition() mcp.Tool { return mcp.NewTool(t.name) }

func (GetTool) Handler(m *Manager) server.ToolHandlerFunc { return handleGet }

func handleGet(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("item"), nil
}

// CountTool wraps its own handler in the boundary: paired with its own
// definition only, it is never named.
type CountTool struct{}

func (CountTool) Definition() mcp.Tool { return mcp.NewTool("count_items") }

func (CountTool) Handler(m *Manager) server.ToolHandlerFunc { return Boundary(handleGet) }

var all = []Tool{&ListTool{}, GetTool{name: "get_item"}, CountTool{}}

func Serve() {
	srv := server.NewMCPServer("items", "1.0.0") // want `2 tools are registered on this server without the tool boundary \("get_item", "list_items"\)`
	mgr := &Manager{}
	for _, t := range all {
		srv.AddTool(t.Definition(), t.Handler(mgr))
	}
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func ServeWrapped() {
	srv := server.NewMCPServer("items", "1.0.0", server.WithToolHandlerMiddleware(Boundary))
	mgr := &Manager{}
	for _, t := range all {
		srv.AddTool(t.Definition(), t.Handler(mgr))
	}
}
