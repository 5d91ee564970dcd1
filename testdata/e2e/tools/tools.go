// Package tools holds tool handlers and registrars used by the servers.
package tools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Search searches notes.
func Search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("results for " + q), nil
}

func stats(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("{}"), nil
}

// Register registers the stats tool on the server it is given.
func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("stats"), stats)
}

// Toolset returns the tools of the search toolset.
func Toolset() []server.ServerTool {
	return []server.ServerTool{{Tool: mcp.NewTool("search_notes"), Handler: Search}}
}
