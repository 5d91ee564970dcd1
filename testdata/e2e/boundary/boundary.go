// Package boundary is the example server's tool boundary, for both SDKs.
package boundary

import (
	"context"
	"log/slog"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolBoundary turns errors into what the model reads and logs them once.
func ToolBoundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "tool", req.Params.Name, "err", err)
			return gomcp.NewToolResultError("The request was fine; retry later, tell the user if it keeps failing."), nil
		}
		return res, nil
	}
}

// TypedBoundary wraps a go-sdk typed handler.
func TypedBoundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "err", err)
			var zero Out
			r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The request was fine; retry later."}}}
			r.SetError(err)
			return r, zero, nil
		}
		return res, out, nil
	}
}
