// Package cleantools is a notes server that has adopted the design: every
// tool behind the boundary, each caller error and stale state a ToolError
// at INFO naming the next step, faults left to the boundary or said to be
// the server's. No analyzer reports anything here, in any mode.
package cleantools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"errkit"
	"toolerr"
)

// ErrVersion is returned when a note changed since it was read.
var ErrVersion = errors.New("version mismatch")

type Notes struct{ root string }

// New builds the server.
func New(root string) *server.MCPServer {
	n := &Notes{root: root}
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(toolerr.Boundary))
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("search_notes"), n.search)
	s.AddTool(mcp.NewTool("update_note"), n.update)
	return s
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, errkit.CallerError("The 'path' argument is missing. Call read_note with a path from search_notes.")
	}
	data, err := os.ReadFile(filepath.Join(n.root, path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errkit.CallerError(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path))
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, errkit.CallerError("The 'query' argument is missing. Call search_notes with a query.")
	}
	matches, err := filepath.Glob(filepath.Join(n.root, q))
	if err != nil {
		return nil, errkit.Unavailable("The request was fine; the search index is rebuilding. Retry later.")
	}
	if len(matches) == 0 {
		return mcp.NewToolResultText("No notes match."), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(len(matches), " notes match.")), nil
}

func (n *Notes) update(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, errkit.CallerError("The 'path' argument is missing. Call update_note with a path from search_notes.")
	}
	if err := n.write(path); errors.Is(err, ErrVersion) {
		return nil, errkit.Stale(fmt.Sprintf("The note '%s' changed since you read it; the same call fails again. Call read_note for the fresh version, then update_note.", path))
	} else if err != nil {
		return nil, fmt.Errorf("update %s: %w", path, err)
	}
	return mcp.NewToolResultText("Updated."), nil
}

func (n *Notes) write(path string) error {
	return os.WriteFile(filepath.Join(n.root, path), nil, 0o644)
}
