package messagetextdemo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/boundary"
	"example.com/notes/messagetextdemo/textutil"
)

// Notes serves notes from a directory the operator configures.
type Notes struct {
	root string
}

// NewMCPGo builds the mcp-go server; every tool is behind the boundary.
func NewMCPGo(n *Notes) *server.MCPServer {
	s := server.NewMCPServer("demo", "1.0.0", server.WithToolHandlerMiddleware(boundary.ToolBoundary))
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("read_clean"), n.readClean)
	s.AddTool(mcp.NewTool("sync_notes"), n.sync)
	s.AddTool(mcp.NewTool("search_notes"), n.search)
	return s
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	data, err := os.ReadFile(filepath.Join(n.root, path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, NewToolError(fmt.Sprintf("no note under %s", filepath.Join(n.root, path)), WithLevel(slog.LevelInfo)) // want messagetext "server path \\(a path filepath.Join builds on the server's own directory\\)"
	}
	if err != nil {
		return nil, NewToolError(fmt.Sprintf("cannot read the note: %v", err), WithLevel(slog.LevelError)) // want messagetext "raw error of os.ReadFile"
	}
	if len(data) == 0 {
		return nil, NewToolError("The note is empty; see the docs.", WithLevel(slog.LevelInfo)) // want messagetext "points elsewhere \\(\"see the docs\"\\)"
	}
	return mcp.NewToolResultText(string(data)), nil
}

// readClean is read's clean twin: the model's own path quoted back, the
// next step by tool name, and the fault left to the boundary.
func (n *Notes) readClean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	data, err := os.ReadFile(filepath.Join(n.root, path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, NewToolError(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path), WithLevel(slog.LevelInfo))
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) sync(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	token := os.Getenv("NOTES_SYNC_TOKEN")
	if token == "" {
		return nil, NewToolError("NOTES_SYNC_TOKEN is not set; see the docs.", WithLevel(slog.LevelError)) // want messagetext "environment variable NOTES_SYNC_TOKEN" messagetext "points elsewhere \\(\"see the docs\"\\)"
	}
	if req.GetBool("force", false) {
		return nil, NewToolError("A sync is running; run `notes-admin unlock` to force one.", WithLevel(slog.LevelInfo)) // want messagetext "run the command \"notes-admin unlock\""
	}
	return nil, NewToolError("Sync is not configured on this server; the request was fine, tell the user.", WithLevel(slog.LevelError))
}

func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	entries, err := os.ReadDir(n.root)
	if err != nil {
		return textutil.Fail("cannot list notes", err), nil // want iserror "textutil.Fail returns an IsError result" related "raw error of os.ReadDir.*\\(messagetext\\)$"
	}
	if len(entries) > 1000 {
		return textutil.Fail(fmt.Sprintf("More than %d notes match; add a query and call search_notes again.", 1000), nil), nil // want iserror "textutil.Fail returns an IsError result"
	}
	return mcp.NewToolResultText(fmt.Sprint(len(entries))), nil
}
