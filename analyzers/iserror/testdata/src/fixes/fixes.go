// Package fixes sees one ToolError API, toolerr, whose only constructor
// logs at ERROR: a caller error built with it would be a loglevel finding,
// so no fix offers it.
package fixes

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"toolerr"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	if path == "/" {
		return mcp.NewToolResultError("No note at '" + path + "'."), nil // want `mcp.NewToolResultError builds`
	}
	if path == "x" {
		// Not returned as it is built: left alone.
		res := mcp.NewToolResultError("bad path") // want `mcp.NewToolResultError builds`
		return res, nil
	}
	if path == "y" {
		return mcp.NewToolResultErrorf("bad path %q", path), nil // want `mcp.NewToolResultErrorf builds`
	}
	return mcp.NewToolResultText(path), nil
}

// check is a helper returning (*mcp.CallToolResult, error): its caller
// may test the result, so it is never fixed.
func check(q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("q is empty"), nil // want `mcp.NewToolResultError builds`
	}
	return nil, nil
}

// first returns the result alone: no fix.
func first(q string) *mcp.CallToolResult {
	return mcp.NewToolResultError(q) // want `mcp.NewToolResultError builds`
}

var _ = toolerr.WithLevel
