// Package outcomefix sees several ToolError constructors, one per outcome:
// the fix uses the caller-error one.
package outcomefix

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"outcomes"
)

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	return nil, outcomes.Fault("unreachable")
}
