// Package flags holds text the optional checks report.
package flags

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"

	"teapi"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("case", "") {
	case "a":
		return nil, teapi.New("No note at that path.", teapi.WithLevel(slog.LevelInfo)) // want `INFO ToolError names no tool to call next`
	case "b":
		return nil, teapi.New("No note at that path. Find it with search_notes.", teapi.WithLevel(slog.LevelInfo))
	case "c":
		return nil, teapi.New("The note store is down.") // want `fault ToolError does not say the request was fine`
	case "d":
		return nil, teapi.New("The note store is down; the request was fine, retry in a minute.")
	case "e":
		return nil, &teapi.ToolError{Message: "The path is wrong."} // want `INFO ToolError names no tool`
	case "f":
		return nil, teapi.New("The index is rebuilding.", teapi.WithLevel(slog.LevelWarn)) // want `fault ToolError does not say`
	case "g":
		return mcp.NewToolResultError("The path is wrong. It must be relative. Paths start at the notes root."), nil // want `runs to 3 sentences`
	}
	return mcp.NewToolResultError("The path is wrong. Call search_notes for a valid one."), nil
}

var _ = mcp.NewTool("search_notes")
