package directives

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

func legacy(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	//toolcheck:ignore iserror the legacy client only reads IsError results
	return mcp.NewToolResultError("legacy"), nil
}

func unused(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	//toolcheck:ignore iserror nothing to suppress here // want `toolcheck:ignore directive suppresses no iserror finding: remove it`
	return mcp.NewToolResultText("ok"), nil
}
