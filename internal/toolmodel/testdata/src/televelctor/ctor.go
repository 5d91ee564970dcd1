// Package televelctor declares its ToolError and constructors beside its // want package:"reaches an MCP SDK"
// tools: their default levels are learned from their bodies.
package televelctor

import (
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
)

// ToolError is a failure whose message the model reads.
type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e *ToolError) Error() string { return e.Msg }

func NewToolError(msg string) *ToolError { // want NewToolError:"toolerror\\(constructor, default ERROR\\)"
	e := &ToolError{Msg: msg}
	e.Level = slog.LevelError
	return e
}

func CallerError(msg string) *ToolError { // want CallerError:"toolerror\\(constructor, default INFO\\)"
	return &ToolError{Msg: msg}
}

// Fail is a constructor that returns error.
func Fail(msg string) (*mcp.CallToolResult, error) { // want Fail:"toolerror\\(constructor, default ERROR\\)"
	return nil, NewToolError(msg)
}

// NotFound writes its own message.
func NotFound(path string) error { // want NotFound:"toolerror\\(constructor, default ERROR\\)"
	return NewToolError("no note at " + path)
}

// newCallerError is a constructor no other package can call: it has no
// fact.
func newCallerError(msg string) *ToolError {
	return &ToolError{Msg: msg}
}

var _ = newCallerError
