// Package emptyonfaildemo holds tools of both SDKs that return an empty
// success on a failure path, and their clean twins.
package emptyonfaildemo

import (
	"context"
	"fmt"
	"os"
	"strings"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/boundary"
	"example.com/notes/emptyonfaildemo/store"
)

// Notes holds the tools.
type Notes struct{ st *store.Store }

func render(notes []store.Note) string {
	var paths []string
	for _, n := range notes {
		paths = append(paths, n.Path)
	}
	return strings.Join(paths, "\n")
}

// --- mcp-go ---

func (n *Notes) search(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	notes, err := n.st.SearchChecked(req.GetString("query", ""))
	if err != nil {
		return gomcp.NewToolResultText("No notes found."), nil // want emptyonfail "failure of n.st.SearchChecked returns gomcp.NewToolResultText\\(\"No notes found.\"\\) with a nil error"
	}
	return gomcp.NewToolResultText(render(notes)), nil
}

func (n *Notes) read(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		return nil, nil // want emptyonfail "failure of os.ReadFile returns \\(nil, nil\\), which mcp-go answers with internal error -32603"
	}
	return gomcp.NewToolResultText(string(b)), nil
}

func (n *Notes) searchStore(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	notes, err := n.st.Search(req.GetString("query", "")) // want emptyonfail "\\(\\*store.Store\\).Search returns nil with a nil error on the failure of os.ReadDir \\(store.go:\\d+\\)"
	if err != nil {
		return nil, err
	}
	if len(notes) == 0 {
		return gomcp.NewToolResultText("No notes found."), nil
	}
	return gomcp.NewToolResultText(render(notes)), nil
}

// Clean: the error goes to the boundary; an empty search that ran is a
// result; a missing folder is an empty listing.
func (n *Notes) searchClean(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	notes, err := n.st.SearchChecked(req.GetString("query", ""))
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	if len(notes) == 0 {
		return gomcp.NewToolResultText("No notes found."), nil
	}
	names, err := n.st.List("archive")
	if err != nil {
		return nil, err
	}
	return gomcp.NewToolResultText(render(notes) + strings.Join(names, "\n")), nil
}

// NewMCPGo builds the mcp-go server.
func NewMCPGo(st *store.Store) *server.MCPServer {
	n := &Notes{st: st}
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(boundary.ToolBoundary))
	s.AddTool(gomcp.NewTool("search_notes"), n.search)
	s.AddTool(gomcp.NewTool("read_note"), n.read)
	s.AddTool(gomcp.NewTool("search_store"), n.searchStore)
	s.AddTool(gomcp.NewTool("search_clean"), n.searchClean)
	return s
}

// --- go-sdk ---

// SearchIn is the input of search_notes.
type SearchIn struct {
	Query string `json:"query"`
}

// SearchOut is the output of search_notes.
type SearchOut struct {
	Query string   `json:"query"`
	Paths []string `json:"paths"`
}

func (n *Notes) typedSearch(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	notes, err := n.st.SearchChecked(in.Query)
	if err != nil {
		return nil, SearchOut{Query: in.Query}, nil // want emptyonfail "failure of n.st.SearchChecked returns nil and an empty emptyonfaildemo.SearchOut with a nil error"
	}
	var paths []string
	for _, x := range notes {
		paths = append(paths, x.Path)
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func (n *Notes) typedClean(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	notes, err := n.st.SearchChecked(in.Query)
	if err != nil {
		return nil, SearchOut{}, err
	}
	out := SearchOut{Query: in.Query, Paths: []string{}}
	for _, x := range notes {
		out.Paths = append(out.Paths, x.Path)
	}
	return nil, out, nil
}

func ping(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(os.TempDir()); err != nil {
		return &mcp.CallToolResult{}, nil // want emptyonfail "failure of os.Stat returns an empty CallToolResult with a nil error"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

// NewGoSDK builds the go-sdk server.
func NewGoSDK(st *store.Store) *mcp.Server {
	n := &Notes{st: st}
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil) // want unwrapped "tool \"ping\" \\(handler emptyonfaildemo\\.ping\\) is registered on this server without the tool boundary"
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes"}, boundary.TypedBoundary(n.typedSearch))
	mcp.AddTool(s, &mcp.Tool{Name: "search_clean"}, boundary.TypedBoundary(n.typedClean))
	s.AddTool(&mcp.Tool{Name: "ping", InputSchema: map[string]any{"type": "object"}}, ping)
	return s
}
