package mcpgo_test

import (
	"context"
	"log/slog"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
)

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.CallerError("The 'path' argument is missing. Call read_note with a path from search_notes.")
	}
	return mcp.NewToolResultText("text of " + path), nil
}

func ExampleBoundary() {
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary))
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), readNote)
}

func ExampleNewBoundary() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	s := server.NewMCPServer("notes", "1.0.0",
		server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(logger))))
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), readNote)
}
