// Package safeerrors sends a model-safe error's text.
package safeerrors

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"upstream"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := &upstream.Client{}
	if _, err := c.Search(req.GetString("q", "")); err != nil {
		return mcp.NewToolResultError(err.Error()), nil // a configured model-safe error type
	}
	if _, err := c.Get("x"); err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `raw error of \(\*upstream.Client\).Get`
	}
	return mcp.NewToolResultText("ok"), nil
}
