// Package toolerr is the demo's ToolError and boundary: a general
// constructor at ERROR with a level option, and constructors named after
// the outcomes.
package toolerr

import (
	"context"
	"errors"
	"log/slog"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolError is a failure whose message the model reads.
type ToolError struct {
	message string
	level   slog.Level
}

func (e *ToolError) Error() string { return e.message }

// Option adjusts a ToolError.
type Option func(*ToolError)

// WithLevel sets the level the boundary logs the error at.
func WithLevel(level slog.Level) Option { return func(e *ToolError) { e.level = level } }

// New returns a ToolError logged at ERROR unless an option sets the level.
func New(msg string, opts ...Option) *ToolError {
	e := &ToolError{message: msg, level: slog.LevelError}
	for _, o := range opts {
		o(e)
	}
	return e
}

// CallerError returns a ToolError logged at INFO.
func CallerError(msg string) *ToolError { return New(msg, WithLevel(slog.LevelInfo)) }

// Unavailable returns a ToolError logged at WARN: it heals itself.
func Unavailable(msg string) *ToolError { return New(msg, WithLevel(slog.LevelWarn)) }

const fixed = "The request was fine; retry later, tell the user if it keeps failing."

func render(ctx context.Context, err error) string {
	var te *ToolError
	if errors.As(err, &te) {
		slog.Log(ctx, te.level, "tool_failed", "err", err)
		return te.message
	}
	slog.ErrorContext(ctx, "tool_failed", "err", err)
	return fixed
}

// Boundary is mcp-go middleware.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			return gomcp.NewToolResultError(render(ctx, err)), nil
		}
		return res, nil
	}
}

// TypedBoundary wraps a go-sdk typed handler.
func TypedBoundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			var zero Out
			r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: render(ctx, err)}}}
			r.SetError(err)
			return r, zero, nil
		}
		return res, out, nil
	}
}
