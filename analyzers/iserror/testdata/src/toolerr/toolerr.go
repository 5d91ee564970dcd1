// Package toolerr is the fixture's boundary package: a ToolError, its
// constructor, and the boundary for both SDKs. The boundary builds IsError
// results: that is its job, and draws nothing.
package toolerr

import (
	"context"
	"log/slog"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolError is an error whose message is written for the model.
type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e *ToolError) Error() string { return e.Msg }

// Option configures a ToolError.
type Option func(*ToolError)

// WithLevel sets the level the boundary logs the error at.
func WithLevel(l slog.Level) Option { return func(e *ToolError) { e.Level = l } }

// New is the ToolError constructor.
func New(msg string, opts ...Option) *ToolError {
	e := &ToolError{Msg: msg, Level: slog.LevelError}
	for _, o := range opts {
		o(e)
	}
	return e
}

// Newf formats its message: not a constructor a fix may call with a
// message that may hold a %.
func Newf(format string, args ...any) *ToolError { return New(format) }

// Wrap does not take the message first.
func Wrap(err error, msg string) *ToolError { return New(msg) }

// Boundary is the mcp-go boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "err", err)
			return render(err), nil
		}
		if res == nil {
			return &gomcp.CallToolResult{IsError: true}, nil
		}
		return res, nil
	}
}

// render is called by the boundary only: boundary code.
func render(err error) *gomcp.CallToolResult {
	return gomcp.NewToolResultError(err.Error())
}

// TypedBoundary is the go-sdk boundary for typed handlers.
func TypedBoundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			var zero Out
			r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The request was fine; retry later."}}}
			r.SetError(err)
			r.IsError = true
			return r, zero, nil
		}
		return res, out, nil
	}
}
