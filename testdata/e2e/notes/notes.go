// Package notes builds the example mcp-go servers.
package notes

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/boundary"
	"example.com/notes/tools"
)

type Notes struct{ srv *server.MCPServer }

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("note"), nil
}

func (n *Notes) write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// NewWrapped builds a server that carries the boundary: nothing to report.
func NewWrapped() *Notes {
	n := &Notes{srv: server.NewMCPServer("notes", "1.0.0", server.WithRecovery(), server.WithToolHandlerMiddleware(boundary.ToolBoundary))}
	n.srv.AddTool(mcp.NewTool("read_note"), n.read)
	n.srv.AddTools(tools.Toolset()...)
	tools.Register(n.srv)
	return n
}

// NewBare builds a server without the boundary.
func NewBare(debug bool) *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery()) // want unwrapped "4 tools are registered on this server without the tool boundary \\(\"read_note\", \"search_debug\", \"search_notes\", \"stats\"\\)"
	n := &Notes{srv: s}
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("write_note"), boundary.ToolBoundary(n.write))
	if debug {
		_ = s.AddSessionTool("debug", mcp.NewTool("search_debug"), tools.Search)
	}
	s.AddTools(tools.Toolset()...)
	tools.Register(s)
	return s
}
