// Package mcpgoserver serves the notes over github.com/mark3labs/mcp-go,
// with the tool boundary installed once for every tool.
package mcpgoserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo"

	"example.com/adopted/notes"
)

// New returns the notes server. Its tools report through logger.
func New(store *notes.Store, logger *slog.Logger) *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0",
		server.WithToolCapabilities(false),
		server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(logger))))
	t := &tools{store: store}
	s.AddTool(mcp.NewTool("read_note",
		mcp.WithDescription("Return a note's text and version. Look paths up with search_notes first."),
		mcp.WithString("path", mcp.Required(), mcp.Description("The note's path, such as 'inbox/todo.md'."))),
		t.read)
	s.AddTool(mcp.NewTool("update_note",
		mcp.WithDescription("Replace a note's text, if it has not changed since you read it."),
		mcp.WithString("path", mcp.Required(), mcp.Description("The note's path.")),
		mcp.WithString("text", mcp.Required(), mcp.Description("The new text.")),
		mcp.WithString("if_match", mcp.Required(), mcp.Description("The version read_note returned."))),
		t.update)
	s.AddTool(mcp.NewTool("search_notes",
		mcp.WithDescription("Return the paths of the notes that contain a word; an empty list when none does."),
		mcp.WithString("query", mcp.Required(), mcp.Description("The word to look for."))),
		mcpgo.StructuredBoundary(t.search))
	return s
}

type tools struct {
	store *notes.Store
}

func (t *tools) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.CallerError("The 'path' argument is missing. Call read_note with a path from search_notes.")
	}
	note, err := t.store.Read(path)
	if err != nil {
		return nil, noteError(path, err)
	}
	return mcp.NewToolResultText(fmt.Sprintf("version: %s\n\n%s", note.Version, note.Text)), nil
}

func (t *tools) update(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.CallerError("The 'path' argument is missing. Call update_note with a path from search_notes.")
	}
	text, err := req.RequireString("text")
	if err != nil {
		return nil, toolerr.CallerError("The 'text' argument is missing. Call update_note with the note's new text.")
	}
	ifMatch, err := req.RequireString("if_match")
	if err != nil {
		return nil, toolerr.CallerError("The 'if_match' argument is missing. Call read_note and pass the version it returns as if_match.")
	}
	note, err := t.store.Update(path, text, ifMatch)
	if errors.Is(err, notes.ErrVersionMismatch) {
		return nil, toolerr.Stale(fmt.Sprintf(
			"Note '%s' changed since version '%s', so resending this call fails again. Call read_note for the current text and version, reapply the edit, and pass the new version as if_match.",
			path, ifMatch), toolerr.WithCause(err))
	}
	if err != nil {
		return nil, noteError(path, err)
	}
	return mcp.NewToolResultText("version: " + note.Version), nil
}

// searchArgs are search_notes' arguments.
type searchArgs struct {
	Query string `json:"query"`
}

// searchResult is search_notes' result.
type searchResult struct {
	Paths []string `json:"paths"`
}

func (t *tools) search(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (searchResult, error) {
	if args.Query == "" {
		return searchResult{}, toolerr.CallerError("The 'query' argument is empty. Call search_notes with a word to look for.")
	}
	paths, err := t.store.Search(args.Query)
	if errors.Is(err, notes.ErrIndexing) {
		return searchResult{}, toolerr.Unavailable("The search index is rebuilding; retry search_notes in a minute.", toolerr.WithCause(err))
	}
	if err != nil {
		return searchResult{}, fmt.Errorf("search notes: %w", err)
	}
	return searchResult{Paths: paths}, nil
}

// noteError says what the model can do about a failed read or update of
// the note at path; any other failure is a fault for the boundary.
func noteError(path string, err error) error {
	switch {
	case errors.Is(err, notes.ErrInvalidPath):
		return toolerr.CallerError(fmt.Sprintf(
			"'%s' is not a note path: use a relative path ending in .md, such as 'inbox/todo.md'. Find paths with search_notes.", path))
	case errors.Is(err, fs.ErrNotExist):
		return toolerr.CallerError(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path), toolerr.WithCause(err))
	}
	return fmt.Errorf("note %s: %w", path, err)
}
