// Package clean is a server with every tool wrapped: no findings.
package clean

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"toolerr"
)

type Notes struct{ srv *server.MCPServer }

func New() *Notes {
	n := &Notes{}
	n.srv = server.NewMCPServer("notes", "1.0.0", server.WithRecovery(), server.WithToolHandlerMiddleware(toolerr.Boundary))
	n.srv.AddTool(mcp.NewTool("read_note"), n.read)
	n.srv.AddTools(n.tools()...)
	return n
}

func (n *Notes) tools() []server.ServerTool {
	return []server.ServerTool{{Tool: mcp.NewTool("search_notes"), Handler: n.search}}
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("note"), nil
}

func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("[]"), nil
}

// A client inspecting results is not a server.
func inspect(res *mcp.CallToolResult) bool { return res.IsError }
