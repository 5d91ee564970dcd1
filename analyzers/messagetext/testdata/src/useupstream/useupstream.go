// Package useupstream interpolates an API client's errors.
package useupstream

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"upstream"
)

func get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := &upstream.Client{}
	if _, err := c.Get(req.GetString("id", "")); err != nil {
		return mcp.NewToolResultErrorFromErr("get failed", err), nil // want `raw error of \(\*upstream.Client\).Get`
	}
	return mcp.NewToolResultText("ok"), nil
}
