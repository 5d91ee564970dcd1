// Package utils holds the server's own IsError helpers, as many servers'
// utils packages do.
package utils

import "github.com/modelcontextprotocol/go-sdk/mcp"

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
