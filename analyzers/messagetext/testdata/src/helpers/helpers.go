// Package helpers builds IsError results for its callers, like many
// servers' utils packages.
package helpers

import (
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func ErrorResult(message string) *mcp.CallToolResult { // want ErrorResult:"modelText\\(0\\)"
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: message}},
		IsError: true,
	}
}

func ErrorFromErr(message string, err error) *mcp.CallToolResult { // want ErrorFromErr:"modelText\\(0, 1\\)"
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: message + ": " + err.Error()}},
		IsError: true,
	}
}

func StatusError(message string, status int, body []byte) *mcp.CallToolResult { // want StatusError:"modelText\\(0, 2 %s\\)"
	err := fmt.Errorf("unexpected status %d: %s", status, body)
	return ErrorFromErr(message, err)
}

func Errorf(format string, args ...any) *mcp.CallToolResult { // want Errorf:"modelText\\(0, 1 %v\\)"
	return ErrorResult(fmt.Sprintf(format, args...))
}

// Text is not an error result: its argument is not reported.
func Text(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message}}}
}

// ToolError adds the error to the message only when there is one: the
// message reaches the text on both paths.
func ToolError(message string, err error) *mcp.CallToolResult { // want ToolError:"modelText\\(0, 1\\)"
	full := message
	if err != nil {
		full = fmt.Sprintf("%s: %v", message, err)
	}
	return ErrorResult(full)
}
