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

func newToolError(msg string) *ToolError { // want newToolError:"toolerror\\(constructor, default ERROR\\)"
	e := &ToolError{Msg: msg}
	e.Level = slog.LevelError
	return e
}

func callerError(msg string) *ToolError { // want callerError:"toolerror\\(constructor, default INFO\\)"
	return &ToolError{Msg: msg}
}

// fail is a constructor that returns error.
func fail(msg string) (*mcp.CallToolResult, error) { // want fail:"toolerror\\(constructor, default ERROR\\)"
	return nil, newToolError(msg)
}

// notFound writes its own message.
func notFound(path string) error { // want notFound:"toolerror\\(constructor, default ERROR\\)"
	return newToolError("no note at " + path)
}

var _, _, _ = callerError, fail, notFound
