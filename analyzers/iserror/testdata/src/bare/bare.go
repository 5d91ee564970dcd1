// Package bare sees a ToolError API with a constructor per outcome but no
// boundary: a returned error would reach the model as its text (go-sdk)
// or as a JSON-RPC error (mcp-go), so no fix.
package bare

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"outcomes"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	return nil, outcomes.Fault("unreachable")
}
