// Package flagsoff holds the same text: the optional checks are off by default.
package flagsoff

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"

	"teapi"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("case", "") {
	case "a":
		return nil, teapi.New("No note at that path.", teapi.WithLevel(slog.LevelInfo))
	case "b":
		return nil, teapi.New("No note at that path. Find it with search_notes.", teapi.WithLevel(slog.LevelInfo))
	case "c":
		return nil, teapi.New("The note store is down.")
	case "d":
		return nil, teapi.New("The note store is down; the request was fine, retry in a minute.")
	case "e":
		return nil, &teapi.ToolError{Message: "The path is wrong."}
	case "f":
		return nil, teapi.New("The index is rebuilding.", teapi.WithLevel(slog.LevelWarn))
	case "g":
		return mcp.NewToolResultError("The path is wrong. It must be relative. Paths start at the notes root."), nil
	}
	return mcp.NewToolResultError("The path is wrong. Call search_notes for a valid one."), nil
}

var _ = mcp.NewTool("search_notes")
