// Package helpers is a utility package that builds results for tools in
// other packages: it registers no tool, and its constructions are reported.
package helpers

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func NewToolResultText(message string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: message}}, IsError: false}
}

func NewToolResultError(message string) *mcp.CallToolResult { // want NewToolResultError:"iserror\\(returns an IsError result\\)"
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: message}},
		IsError: true, // want `mcp.CallToolResult literal with IsError: true builds`
	}
}

// NewAPIErrorResponse wraps NewToolResultError: a helper of a helper.
func NewAPIErrorResponse(ctx context.Context, message string, err error) *mcp.CallToolResult { // want NewAPIErrorResponse:"iserror\\(returns an IsError result\\)"
	if ctx == nil {
		return NewToolResultError(message) // want `helpers.NewToolResultError returns an IsError result`
	}
	return NewToolResultError(fmt.Sprintf("%s: %v", message, err)) // want `helpers.NewToolResultError returns an IsError result`
}

// ResultOr builds an IsError result when err is non-nil.
func ResultOr(text string, err error) *mcp.CallToolResult { // want ResultOr:"iserror\\(returns an IsError result when param 1 is non-nil\\)"
	if err == nil {
		return NewToolResultText(text)
	}
	r := NewToolResultText(err.Error())
	r.IsError = true // want `r.IsError = true builds`
	return r
}

// Checked returns an IsError result as its second value.
type Checked struct{}

func (Checked) Arg(args map[string]any, key string) (string, *mcp.CallToolResult) { // want Arg:"iserror\\(returns an IsError result as result 1\\)"
	s, ok := args[key].(string)
	if !ok {
		return "", NewToolResultError(key + " is required") // want `helpers.NewToolResultError returns`
	}
	return s, nil
}

// Rejected starts from a text result and replaces it with the error
// result: only the second reaches the return.
func Rejected(reason string) *mcp.CallToolResult { // want Rejected:"iserror\\(returns an IsError result\\)"
	res := NewToolResultText("")
	res = NewToolResultError("rejected: " + reason) // want `helpers.NewToolResultError returns an IsError result`
	return res
}

// Maybe returns the error result on one path and nil on the other.
func Maybe(reason string) *mcp.CallToolResult { // want Maybe:"iserror\\(returns an IsError result\\)"
	var res *mcp.CallToolResult
	if reason != "" {
		res = NewToolResultError(reason) // want `helpers.NewToolResultError returns an IsError result`
	}
	return res
}

// Either returns a text result on one path and an error result on the
// other: not an IsError helper.
func Either(reason string) *mcp.CallToolResult {
	res := NewToolResultText("ok")
	if reason != "" {
		res = NewToolResultError(reason) // want `helpers.NewToolResultError returns an IsError result`
	}
	return res
}
