// Package results holds the server's own result helpers.
package results

import "github.com/mark3labs/mcp-go/mcp"

// Error builds an error result for the model.
func Error(msg string) *mcp.CallToolResult {
	return mcp.NewToolResultError(msg)
}
