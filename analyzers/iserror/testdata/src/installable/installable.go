// Package installable is uninstallable's twin: its options are spread
// from a variable, so unwrapped's fix installs the boundary in sight in
// the same pass, and the IsError result becomes the ToolError it shows.
package installable

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"outcomes"
)

// Boundary is the project's tool boundary, which unwrapped's fix installs.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	return nil, outcomes.Fault("unreachable")
}

func newServer() *server.MCPServer {
	opts := []server.ServerOption{server.WithRecovery()}
	s := server.NewMCPServer("notes", "1.0.0", opts...)
	s.AddTool(mcp.NewTool("read"), read)
	return s
}
