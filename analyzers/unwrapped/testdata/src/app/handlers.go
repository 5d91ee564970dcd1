package app

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}
