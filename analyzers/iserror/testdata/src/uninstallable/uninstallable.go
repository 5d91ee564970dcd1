// Package uninstallable sees a boundary and a ToolError API, but registers
// its tool on a server whose construction unwrapped's fix cannot reach
// (its options come from a call): the boundary would not be installed by
// the same pass, and a returned error would reach the model as a JSON-RPC
// error instead of the text it has now, so no fix.
package uninstallable

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"outcomes"
)

// Boundary is the project's tool boundary, in sight but not installed.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	return nil, outcomes.Fault("unreachable")
}

func options() []server.ServerOption { return []server.ServerOption{server.WithRecovery()} }

func newServer() *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", options()...)
	s.AddTool(mcp.NewTool("read"), read)
	return s
}
