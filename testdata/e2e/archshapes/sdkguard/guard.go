// Package sdkguard is the go-sdk tool boundary of the archshapes servers:
// the one place where a tool's error becomes what the model reads and is
// logged once.
package sdkguard

import (
	"context"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// faultText is what the model reads when a tool fails on the server's side.
const faultText = "The request was fine but the server could not complete it; retry later and tell the user if it keeps failing."

// faultResult is the IsError result the boundary sends for a failed call.
func faultResult(ctx context.Context, tool string, err error) *mcp.CallToolResult {
	slog.ErrorContext(ctx, "tool_failed", "tool", tool, "err", err)
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: faultText}}}
	res.SetError(err)
	return res
}

// ToolBoundary wraps one low-level go-sdk tool handler: an error it returns
// becomes an IsError result instead of a JSON-RPC error.
func ToolBoundary(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return faultResult(ctx, req.Params.Name, err), nil
		}
		return res, nil
	}
}

// ReceivingBoundary is the same boundary as server middleware, for every
// tools/call the server receives: typed handlers' errors (which the SDK has
// already put in the result) and low-level handlers' errors alike.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method != "tools/call" {
				return res, err
			}
			name := ""
			if call, ok := req.(*mcp.CallToolRequest); ok && call.Params != nil {
				name = call.Params.Name
			}
			if err != nil {
				return faultResult(ctx, name, err), nil
			}
			if r, ok := res.(*mcp.CallToolResult); ok && r != nil {
				if terr := r.GetError(); terr != nil {
					return faultResult(ctx, name, terr), nil
				}
			}
			return res, nil
		}
	}
}
