// Package results is a utility package that builds tool results for the
// demo's tools: its helpers are learned as facts by the packages using them.
package results

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Text is a plain result.
func Text(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}, IsError: false}
}

// Error returns an IsError result.
func Error(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: msg}},
		IsError: true, // want iserror "mcp.CallToolResult literal with IsError: true builds an IsError result outside the tool boundary"
	}
}

// Or returns an IsError result when err is non-nil.
func Or(msg string, err error) *mcp.CallToolResult {
	if err != nil {
		return Error(msg) // want iserror "results.Error returns an IsError result built outside the tool boundary"
	}
	return Text(msg)
}
