// Package errfix sees one ToolError constructor that returns error, known
// by fact: errctor.New. errctor.Plain may return nil and is not one.
package errfix

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"errctor"
)

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("path is required"), nil // want `mcp.NewToolResultError builds`
	}
	return nil, errctor.Plain("")
}
