// Package logleveldemo has caller-error ToolErrors left at the ERROR
// default, and their clean twins, on both SDKs.
package logleveldemo

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/logleveldemo/toolerr"
)

// ErrVersionMismatch says the caller's version is not the current one.
var ErrVersionMismatch = errors.New("version mismatch")

// ErrIndexRebuilding says the index is being rebuilt.
var ErrIndexRebuilding = errors.New("index rebuilding")

// Store holds the notes.
type Store interface {
	Read(path string) (string, error)
	Replace(path, text, version string) error
}

// Notes serves the note tools.
type Notes struct {
	store        Store
	apiKey       string
	allowEditing bool
}

// NewMCPGo builds the mcp-go server, with the boundary as middleware.
func NewMCPGo(n *Notes) *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(toolerr.Boundary))
	s.AddTool(gomcp.NewTool("read_note"), n.read)
	s.AddTool(gomcp.NewTool("search_notes"), n.search)
	s.AddTool(gomcp.NewTool("edit_note"), n.edit)
	return s
}

func (n *Notes) read(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.New("The 'path' argument is missing. Call read_note with a path from search_notes.") // want loglevel "built when req.RequireString\\(\"path\"\\) fails is a caller error left at the ERROR default"
	}
	text, err := n.store.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, toolerr.New("No note at '" + path + "'. Find the path with search_notes.") // want loglevel "built on the fs.ErrNotExist path is a caller error left at the ERROR default"
	}
	if errors.Is(err, ErrIndexRebuilding) {
		return nil, toolerr.New("The index is rebuilding; retry in a minute.", toolerr.WithLevel(slog.LevelWarn))
	}
	if err != nil {
		return nil, toolerr.New("Reading the note failed.")
	}
	return gomcp.NewToolResultText(text), nil
}

func (n *Notes) search(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if n.apiKey == "" {
		return nil, toolerr.New("The server is not configured for search.")
	}
	query := req.GetString("query", "")
	if query == "" {
		return nil, toolerr.New("The 'query' argument is empty. Call search_notes with a word from the note.", toolerr.WithLevel(slog.LevelInfo))
	}
	text, err := n.store.Read("index")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, toolerr.CallerError("No note matches '" + query + "'. Call search_notes with another word.")
	}
	if err != nil {
		return nil, toolerr.New("Searching failed.")
	}
	return gomcp.NewToolResultText(text), nil
}

func (n *Notes) edit(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	if !n.allowEditing {
		return nil, toolerr.New("Editing is turned off on this server. Use read_note to show the note instead.") // want loglevel "where the operator turned the feature off \\(n.allowEditing is false\\)"
	}
	path := req.GetString("path", "")
	version := req.GetString("version", "")
	err := n.store.Replace(path, req.GetString("text", ""), version)
	if errors.Is(err, ErrVersionMismatch) {
		return nil, toolerr.New("Note '" + path + "' changed since version '" + version + "', so resending this call fails again. Call read_note for the current version.") // want loglevel "built on the logleveldemo.ErrVersionMismatch path"
	}
	if err != nil {
		return nil, toolerr.New("Editing the note failed.")
	}
	return gomcp.NewToolResultText("Saved."), nil
}

// GetInput is the typed input of get_note.
type GetInput struct {
	Path string `json:"path"`
}

// NewGoSDK builds the go-sdk server, each tool wrapped in the boundary.
func NewGoSDK(n *Notes) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "get_note"}, toolerr.TypedBoundary(n.get))
	mcp.AddTool(s, &mcp.Tool{Name: "peek_note"}, toolerr.TypedBoundary(n.peek))
	return s
}

func (n *Notes) get(ctx context.Context, req *mcp.CallToolRequest, in GetInput) (*mcp.CallToolResult, string, error) {
	if in.Path == "" {
		return nil, "", toolerr.New("The 'path' argument is empty. Call get_note with a path from search_notes.") // want loglevel "where the argument check in.Path == \"\" holds"
	}
	text, err := n.store.Read(in.Path)
	if err != nil {
		return nil, "", toolerr.New("Reading the note failed.")
	}
	return nil, text, nil
}

func (n *Notes) peek(ctx context.Context, req *mcp.CallToolRequest, in GetInput) (*mcp.CallToolResult, string, error) {
	if in.Path == "" {
		return nil, "", toolerr.CallerError("The 'path' argument is empty. Call peek_note with a path from search_notes.")
	}
	text, err := n.store.Read(in.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", toolerr.New("No note at '"+in.Path+"'. Find the path with search_notes.", toolerr.WithLevel(slog.LevelInfo))
	}
	if err != nil {
		return nil, "", toolerr.Unavailable("The store is busy; retry in a minute.")
	}
	return nil, text, nil
}
