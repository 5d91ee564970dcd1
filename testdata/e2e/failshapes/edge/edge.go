// Package edge is the project's tool boundary for both SDKs: the one place
// where an error becomes what the model reads and one log line.
package edge

import (
	"context"
	"errors"
	"log/slog"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/failshapes/toolerr"
)

// FaultMessage is what the model reads for an error that is not a ToolError.
const FaultMessage = "The request was fine; retry later, and tell the user if it keeps failing."

func resolve(ctx context.Context, tool string, err error) string {
	var te *toolerr.ToolError
	if errors.As(err, &te) {
		slog.Log(ctx, te.Level(), "tool_failed", "tool", tool, "err", err)
		return te.Error()
	}
	slog.ErrorContext(ctx, "tool_failed", "tool", tool, "err", err)
	return FaultMessage
}

// Boundary is mcp-go tool middleware.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return gomcp.NewToolResultError(resolve(ctx, req.Params.Name, err)), nil
		}
		return res, nil
	}
}

// ReceivingBoundary is go-sdk server middleware: it renders and logs the
// error of every tools/call.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			ctr, ok := req.(*mcp.CallToolRequest)
			if method != "tools/call" || !ok {
				return res, err
			}
			if err != nil {
				r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: resolve(ctx, ctr.Params.Name, err)}}}
				r.SetError(err)
				return r, nil
			}
			r, ok := res.(*mcp.CallToolResult)
			if !ok || r == nil || !r.IsError || r.GetError() == nil {
				return res, nil
			}
			r.Content = []mcp.Content{&mcp.TextContent{Text: resolve(ctx, ctr.Params.Name, r.GetError())}}
			return r, nil
		}
	}
}
