// Package local declares its ToolError next to its tools.
package local

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ToolError is a failure whose message the model reads.
type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e *ToolError) Error() string { return e.Msg }

func newToolError(msg string) *ToolError {
	e := &ToolError{Msg: msg}
	e.Level = slog.LevelError
	return e
}

func callerError(msg string) *ToolError {
	return &ToolError{Msg: msg}
}

// fail is a constructor that returns error.
func fail(msg string) (*mcp.CallToolResult, error) {
	return nil, newToolError(msg)
}

// notFound writes its own message.
func notFound(path string) error {
	return newToolError("no note at " + path)
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("open"), open)
}

func open(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, newToolError("No file at '" + path + "'.") // want `on the fs.ErrNotExist path`
	}
	if os.IsNotExist(err) {
		return fail("No file there.") // want `on the os.IsNotExist path`
	}
	if errors.Is(err, fs.ErrExist) {
		return nil, notFound(path) // want `on the fs.ErrExist path`
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &ToolError{Msg: "No file there."} // a literal's zero level is INFO
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, callerError("No file there.")
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &ToolError{Msg: "No file there.", Level: slog.LevelError} // explicit
	}
	return nil, nil
}
