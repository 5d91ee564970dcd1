// Package gosdkserver serves the notes over
// github.com/modelcontextprotocol/go-sdk, with the tool boundary installed
// once for every tool.
package gosdkserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/gosdk"

	"example.com/adopted/notes"
)

// New returns the notes server. Its tools report through logger.
func New(store *notes.Store, logger *slog.Logger) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.ReceivingBoundary(gosdk.WithLogger(logger)))
	t := &tools{store: store}
	mcp.AddTool(s, &mcp.Tool{
		Name:        "read_note",
		Description: "Return a note's text and version. Look paths up with search_notes first.",
	}, t.read)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "update_note",
		Description: "Replace a note's text, if it has not changed since you read it.",
	}, t.update)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "search_notes",
		Description: "Return the paths of the notes that contain a word; an empty list when none does.",
	}, t.search)
	return s
}

type tools struct {
	store *notes.Store
}

// ReadIn are read_note's arguments.
type ReadIn struct {
	Path string `json:"path" jsonschema:"the note's path, such as 'inbox/todo.md'"`
}

// NoteOut is a note as read_note and update_note return it.
type NoteOut struct {
	Path    string `json:"path"`
	Text    string `json:"text"`
	Version string `json:"version"`
}

func (t *tools) read(ctx context.Context, req *mcp.CallToolRequest, in ReadIn) (*mcp.CallToolResult, NoteOut, error) {
	note, err := t.store.Read(in.Path)
	if err != nil {
		return nil, NoteOut{}, noteError(in.Path, err)
	}
	return nil, NoteOut{Path: note.Path, Text: note.Text, Version: note.Version}, nil
}

// UpdateIn are update_note's arguments.
type UpdateIn struct {
	Path    string `json:"path" jsonschema:"the note's path"`
	Text    string `json:"text" jsonschema:"the new text"`
	IfMatch string `json:"if_match" jsonschema:"the version read_note returned"`
}

func (t *tools) update(ctx context.Context, req *mcp.CallToolRequest, in UpdateIn) (*mcp.CallToolResult, NoteOut, error) {
	note, err := t.store.Update(in.Path, in.Text, in.IfMatch)
	if errors.Is(err, notes.ErrVersionMismatch) {
		return nil, NoteOut{}, toolerr.Stale(fmt.Sprintf(
			"Note '%s' changed since version '%s', so resending this call fails again. Call read_note for the current text and version, reapply the edit, and pass the new version as if_match.",
			in.Path, in.IfMatch), toolerr.WithCause(err))
	}
	if err != nil {
		return nil, NoteOut{}, noteError(in.Path, err)
	}
	return nil, NoteOut{Path: note.Path, Text: note.Text, Version: note.Version}, nil
}

// SearchIn are search_notes' arguments.
type SearchIn struct {
	Query string `json:"query" jsonschema:"the word to look for"`
}

// SearchOut is search_notes' result.
type SearchOut struct {
	Paths []string `json:"paths"`
}

func (t *tools) search(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	if in.Query == "" {
		return nil, SearchOut{}, toolerr.CallerError("The 'query' argument is empty. Call search_notes with a word to look for.")
	}
	paths, err := t.store.Search(in.Query)
	if errors.Is(err, notes.ErrIndexing) {
		return nil, SearchOut{}, toolerr.Unavailable("The search index is rebuilding; retry search_notes in a minute.", toolerr.WithCause(err))
	}
	if err != nil {
		return nil, SearchOut{}, fmt.Errorf("search notes: %w", err)
	}
	return nil, SearchOut{Paths: paths}, nil
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
