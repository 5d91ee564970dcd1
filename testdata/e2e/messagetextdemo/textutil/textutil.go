// Package textutil builds error results for the demo's tools, as many
// servers' utils packages do.
package textutil

import "github.com/mark3labs/mcp-go/mcp"

// Fail returns an error result; a non-nil err is appended to the text.
func Fail(msg string, err error) *mcp.CallToolResult {
	if err != nil {
		return mcp.NewToolResultErrorFromErr(msg, err) // want iserror "mcp.NewToolResultErrorFromErr builds an IsError result outside the tool boundary"
	}
	return mcp.NewToolResultError(msg) // want iserror "mcp.NewToolResultError builds an IsError result outside the tool boundary"
}
