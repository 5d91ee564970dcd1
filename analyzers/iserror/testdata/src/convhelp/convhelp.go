// Package convhelp holds a project's IsError helpers, like a utils
// package: their calls are converted where the handler returns them.
package convhelp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// ErrorResult builds an IsError result from a message.
func ErrorResult(msg string) *mcp.CallToolResult { // want ErrorResult:"iserror\\(returns an IsError result\\)"
	return mcp.NewToolResultError(msg) // want `mcp.NewToolResultError builds`
}

// ErrorResultFromErr builds one from a message and an error.
func ErrorResultFromErr(msg string, err error) *mcp.CallToolResult { // want ErrorResultFromErr:"iserror\\(returns an IsError result\\)"
	return mcp.NewToolResultErrorFromErr(msg, err) // want `mcp.NewToolResultErrorFromErr builds`
}

// APIError records the upstream response too: more than a ToolError
// carries, so its calls are not converted.
func APIError(ctx context.Context, msg string, status int, err error) *mcp.CallToolResult { // want APIError:"iserror\\(returns an IsError result\\)"
	return mcp.NewToolResultErrorFromErr(msg, err) // want `mcp.NewToolResultErrorFromErr builds`
}

// MaybeError builds one only when err is not nil.
func MaybeError(msg string, err error) *mcp.CallToolResult { // want MaybeError:"iserror\\(returns an IsError result when param 1 is non-nil\\)"
	if err == nil {
		return mcp.NewToolResultText(msg)
	}
	return mcp.NewToolResultError(msg) // want `mcp.NewToolResultError builds`
}

// failures are the upstream failures of a call, for the server's
// middleware.
type failures struct{ errs []error }

type failuresKey struct{}

func record(ctx context.Context, err error) {
	if f, ok := ctx.Value(failuresKey{}).(*failures); ok {
		f.errs = append(f.errs, err)
	}
}

// UpstreamError records the failure for the middleware and builds an
// IsError result of it; UpstreamErrorToCtx only records it: a call
// converted to a fault calls that first.
func UpstreamError(ctx context.Context, msg string, status int, err error) *mcp.CallToolResult { // want UpstreamError:"iserror\\(returns an IsError result; does first what UpstreamErrorToCtx does\\)"
	failure := fmt.Errorf("%s (status %d): %w", msg, status, err)
	record(ctx, failure)
	return mcp.NewToolResultErrorFromErr(msg, err) // want `mcp.NewToolResultErrorFromErr builds`
}

// UpstreamErrorToCtx records the failure for the middleware.
func UpstreamErrorToCtx(ctx context.Context, msg string, status int, err error) (context.Context, error) {
	failure := fmt.Errorf("%s (status %d): %w", msg, status, err)
	record(ctx, failure)
	return ctx, nil
}

// QuotaError records another failure than QuotaRecord does: no twin, so
// its calls are not converted.
func QuotaError(ctx context.Context, msg string, status int, err error) *mcp.CallToolResult { // want QuotaError:"iserror\\(returns an IsError result\\)"
	record(ctx, err)
	return mcp.NewToolResultErrorFromErr(msg, err) // want `mcp.NewToolResultErrorFromErr builds`
}

// QuotaRecord records a quota failure.
func QuotaRecord(ctx context.Context, msg string, status int, err error) {
	record(ctx, fmt.Errorf("quota: %w", err))
}

// RepoError takes two texts: which one the model reads is the helper's
// business, so its calls are not converted though it has a twin.
func RepoError(ctx context.Context, repo, msg string, err error) *mcp.CallToolResult { // want RepoError:"iserror\\(returns an IsError result; does first what RepoErrorToCtx does\\)"
	record(ctx, err)
	return mcp.NewToolResultError(msg + " in " + repo) // want `mcp.NewToolResultError builds`
}

// RepoErrorToCtx records the failure for the middleware.
func RepoErrorToCtx(ctx context.Context, repo, msg string, err error) {
	record(ctx, err)
}

// Failed counts the failures CountedError saw.
var Failed int

// CountedError counts the failure after recording it: a fix calling only
// CountedRecord would lose the count, so it has no twin.
func CountedError(ctx context.Context, msg string, err error) *mcp.CallToolResult { // want CountedError:"iserror\\(returns an IsError result; stores\\)"
	record(ctx, err)
	Failed++
	return mcp.NewToolResultErrorFromErr(msg, err) // want `mcp.NewToolResultErrorFromErr builds`
}

// CountedRecord records the failure for the middleware.
func CountedRecord(ctx context.Context, msg string, err error) {
	record(ctx, err)
}
