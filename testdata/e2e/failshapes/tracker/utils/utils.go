// Package utils holds the tracker tools' result helpers.
package utils

import (
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// ToolError returns an error result for the model; a non-nil err is
// appended to msg.
func ToolError(msg string, err error) (*mcp.CallToolResult, error) {
	full := msg
	if err != nil {
		full = fmt.Sprintf("%s: %v", msg, err)
	}
	return mcp.NewToolResultError(full), nil // want iserror "mcp.NewToolResultError builds an IsError result outside the tool boundary"
}
