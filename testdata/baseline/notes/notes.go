// Package notes is a small notes server whose tools build IsError results
// by hand: the baseline and summary tests' fixture.
package notes

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/bl/results"
)

type Notes struct{ m map[string]string }

// New builds the server; every tool is behind the boundary.
func New(n *Notes) *server.MCPServer {
	s := server.NewMCPServer("bl", "1.0.0", server.WithToolHandlerMiddleware(ToolBoundary))
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("load_note"), n.load)
	s.AddTool(mcp.NewTool("delete_note"), deleteNote)
	return s
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing."), nil
	}
	text, ok := n.m[path]
	if !ok {
		return mcp.NewToolResultError("No note at that path."), nil
	}
	return mcp.NewToolResultText(text), nil
}

func (n *Notes) load(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	if path == "" {
		return results.Error("The 'path' argument is missing."), nil
	}
	data, err := os.ReadFile("/srv/notes/" + path)
	if err != nil {
		return nil, CallerError(fmt.Sprintf("read failed: %v", err))
	}
	return mcp.NewToolResultText(string(data)), nil
}

func deleteNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	check := func(path string) *mcp.CallToolResult {
		if path == "" {
			return results.Error("The 'path' argument is missing.")
		}
		return nil
	}
	if res := check(req.GetString("path", "")); res != nil {
		return res, nil
	}
	return mcp.NewToolResultText("deleted"), nil
}
