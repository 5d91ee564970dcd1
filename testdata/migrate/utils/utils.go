// Package utils holds the server's own IsError helpers, as many servers'
// utils packages do.
package utils

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrorResult builds an IsError result from a message.
func ErrorResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// ErrorResultFromErr builds one from a message and an error.
func ErrorResultFromErr(msg string, err error) *mcp.CallToolResult {
	return ErrorResult(msg + ": " + err.Error())
}

// RequiredString returns the string argument name.
func RequiredString(args map[string]any, name string) (string, error) {
	v, ok := args[name].(string)
	if !ok || v == "" {
		return "", &MissingError{Name: name}
	}
	return v, nil
}

// A MissingError names a missing argument.
type MissingError struct{ Name string }

func (e *MissingError) Error() string { return "missing required parameter: " + e.Name }

// failuresKey keys the failures of a call in its context, for the
// server's middleware.
type failuresKey struct{}

// Failures are the upstream failures of a call.
type Failures struct{ Errs []error }

// WithFailures returns a context that records failures.
func WithFailures(ctx context.Context) context.Context {
	return context.WithValue(ctx, failuresKey{}, &Failures{})
}

func record(ctx context.Context, err error) {
	if f, ok := ctx.Value(failuresKey{}).(*Failures); ok {
		f.Errs = append(f.Errs, err)
	}
}

// APIErrorResponse records the failure for the middleware and builds an
// IsError result of it.
func APIErrorResponse(ctx context.Context, msg string, status int, err error) *mcp.CallToolResult {
	failure := fmt.Errorf("%s (status %d): %w", msg, status, err)
	record(ctx, failure)
	return ErrorResultFromErr(msg, err)
}

// APIErrorToCtx only records the failure, for callers that return an
// error.
func APIErrorToCtx(ctx context.Context, msg string, status int, err error) (context.Context, error) {
	failure := fmt.Errorf("%s (status %d): %w", msg, status, err)
	record(ctx, failure)
	return ctx, nil
}
