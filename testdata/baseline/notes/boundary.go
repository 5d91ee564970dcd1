package notes

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ToolBoundary turns errors into what the model reads and logs them once.
func ToolBoundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "tool", req.Params.Name, "err", err)
			return mcp.NewToolResultError("The request was fine; retry later."), nil
		}
		return res, nil
	}
}
