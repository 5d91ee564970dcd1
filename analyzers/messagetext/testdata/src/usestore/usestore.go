// Package usestore interpolates the errors of another package of the
// project.
package usestore

import (
	"context"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"

	"store"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	if err := store.Check(name); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	data, err := store.Read(name)
	if err != nil {
		return mcp.NewToolResultErrorf("read failed: %v", err), nil // want `raw error of os.ReadFile, returned through store.Read`
	}
	if _, err := os.Stat(filepath.Join(notesRoot, name)); err != nil {
		return mcp.NewToolResultError(store.Wrap("stat", err).Error()), nil // want `raw error of os.Stat`
	}
	if err := store.Wrap("check", store.Check(name)); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// notesRoot is the server's directory: a path joined from it is the
// server's, and so is the error of an operation on it.
var notesRoot = "/srv/notes"
