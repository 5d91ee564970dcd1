// Package convhelp holds a project's IsError helpers, like a utils
// package: their calls are converted where the handler returns them.
package convhelp

import (
	"context"

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
