// Package iserrordemo holds tools of both SDKs that build IsError results by
// hand, and their clean twins that return a ToolError for the boundary.
package iserrordemo

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

// NewToolError builds a ToolError, at ERROR unless an option says otherwise.
func NewToolError(msg string, opts ...Option) *ToolError {
	e := &ToolError{Msg: msg, Level: slog.LevelError}
	for _, o := range opts {
		o(e)
	}
	return e
}

// TaskBoundary is the boundary for mcp-go task tools.
func TaskBoundary(next server.TaskToolHandlerFunc) server.TaskToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CreateTaskResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "err", err)
			return &gomcp.CreateTaskResult{IsError: true}, nil
		}
		return res, nil
	}
}

// RawBoundary is the boundary for go-sdk raw handlers.
func RawBoundary(next mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.ErrorContext(ctx, "tool_failed", "err", err)
			r := &mcp.CallToolResult{}
			r.SetError(err)
			return r, nil
		}
		return res, nil
	}
}
