// Package notes is an mcp-go notes server that builds its error results
// by hand: toolcheck -fix migrates it to the design.
package notes

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Notes serves the notes under Root.
type Notes struct{ Root string }

// New builds the server.
func New(n *Notes) *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery())
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), n.read)
	s.AddTool(mcp.NewTool("write_note", mcp.WithString("path", mcp.Required()), mcp.WithString("text")), n.write)
	s.AddTool(mcp.NewTool("count_notes", mcp.WithString("dir", mcp.Required())), n.countTool())
	return s
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	data, err := os.ReadFile(filepath.Join(n.Root, path))
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.NewToolResultError("No note at '" + path + "'. Call list_notes for the paths."), nil
	}
	if err != nil {
		return mcp.NewToolResultErrorf("failed to read %s: %v", path, err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if err := os.WriteFile(filepath.Join(n.Root, path), []byte(req.GetString("text", "")), 0o644); err != nil {
		// The path is the model's: the failure may be its (a directory
		// that does not exist), and the site does not tell which. -fix
		// leaves it: a fault would tell the model the request was fine.
		return mcp.NewToolResultErrorFromErr("failed to write the note", err), nil
	}
	return mcp.NewToolResultText("written"), nil
}

// countTool builds the count_notes handler, which hands the call to
// count: a test that calls the handler it builds reaches count.
func (n *Notes) countTool() server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return n.count(ctx, req)
	}
}

func (n *Notes) count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	dir, err := req.RequireString("dir")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("notes in " + dir), nil
}
