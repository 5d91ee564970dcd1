// Package nofix sees two ToolError constructors (toolerr.New and
// errctor.New): which to use is the author's choice, so no fix.
package nofix

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"errctor"
	"toolerr"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := req.RequireString("path"); err != nil {
		return mcp.NewToolResultError("path is required"), nil // want `mcp.NewToolResultError builds`
	}
	return nil, nil
}

var _ = errctor.New
var _ = toolerr.New
