// Package toolerr is a fixture boundary package for both SDKs. // want package:"reaches an MCP SDK"
package toolerr

import (
	"context"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Boundary is an mcp-go per-handler wrapper and middleware.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want Boundary:"toolmodel\\(boundary\\)"
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return gomcp.NewToolResultError("the request was fine; retry later"), nil
		}
		return res, nil
	}
}

// TypedBoundary wraps a go-sdk typed handler.
func TypedBoundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] { // want TypedBoundary:"toolmodel\\(boundary\\)"
	return h
}

// ReceivingBoundary is go-sdk receiving middleware.
func ReceivingBoundary() mcp.Middleware { // want ReceivingBoundary:"toolmodel\\(boundary\\)"
	return func(next mcp.MethodHandler) mcp.MethodHandler { return next }
}

// Wrap is a boundary learned from its body: it returns only wrapped handlers.
func Wrap(h server.ToolHandlerFunc) server.ToolHandlerFunc { // want Wrap:"toolmodel\\(boundary\\)"
	return Boundary(h)
}

// Logging is middleware, not a boundary.
func Logging(next server.ToolHandlerFunc) server.ToolHandlerFunc { // want Logging:"toolmodel\\(returns handler param 0\\)"
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		return next(ctx, req)
	}
}
