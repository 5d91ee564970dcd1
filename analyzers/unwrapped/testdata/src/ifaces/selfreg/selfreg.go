// Package selfreg keeps tools that register themselves: each implements
// installer, and the host installs every one on its server.
package selfreg

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type installer interface{ Install(s *server.MCPServer) }

type ListItems struct{ limit int }

func (t *ListItems) def() mcp.Tool { return mcp.NewTool("list_items") }

func (t *ListItems) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("items"), nil
}

func (t *ListItems) Install(s *server.MCPServer) { s.AddTool(t.def(), t.handle) }

type DeleteItem struct{}

func (DeleteItem) Install(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("delete_item"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("deleted"), nil
	})
}

type Host struct {
	server *server.MCPServer
	tools  []installer
}

func NewHost() *Host {
	return &Host{
		server: server.NewMCPServer("items", "1.0.0"), // want `2 tools are registered on this server without the tool boundary \("list_items", "delete_item"\)`
		tools:  []installer{&ListItems{limit: 10}, DeleteItem{}},
	}
}

func (h *Host) Start() {
	for _, tool := range h.tools {
		tool.Install(h.server)
	}
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

type WrappedHost struct {
	server *server.MCPServer
	tools  []installer
}

func NewWrappedHost() *WrappedHost {
	return &WrappedHost{
		server: server.NewMCPServer("items", "1.0.0", server.WithToolHandlerMiddleware(Boundary)),
		tools:  []installer{&ListItems{limit: 10}, DeleteItem{}},
	}
}

func (h *WrappedHost) Start() {
	for _, tool := range h.tools {
		tool.Install(h.server)
	}
}
