package iserrordemo

import (
	"context"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/boundary"
	"example.com/notes/iserrordemo/results"
)

type SearchIn struct {
	Query string `json:"query"`
}

type SearchOut struct {
	Paths []string `json:"paths"`
}

// NewGoSDK builds the go-sdk server; every tool is behind a boundary.
func NewGoSDK(n *Notes) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "demo", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes"}, boundary.TypedBoundary(n.search))
	mcp.AddTool(s, &mcp.Tool{Name: "search_clean"}, boundary.TypedBoundary(n.searchClean))
	s.AddTool(&mcp.Tool{Name: "stat_note", InputSchema: map[string]any{"type": "object"}}, RawBoundary(n.stat))
	return s
}

func (n *Notes) search(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	if in.Query == "" {
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: "The 'query' argument is empty."}},
			IsError: true, // want iserror "mcp.CallToolResult literal with IsError: true builds an IsError result outside the tool boundary"
		}, SearchOut{}, nil
	}
	if len(in.Query) > 200 {
		return results.Error("The 'query' argument is longer than 200 characters."), SearchOut{}, nil // want iserror "results.Error returns an IsError result built outside the tool boundary"
	}
	paths, err := n.find(in.Query)
	if len(paths) == 0 {
		return results.Or("No note matches.", err), SearchOut{}, nil // want iserror "results.Or returns an IsError result built outside the tool boundary when its err argument is non-nil"
	}
	return nil, SearchOut{Paths: paths}, nil
}

// searchClean is search's clean twin.
func (n *Notes) searchClean(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	if in.Query == "" {
		return nil, SearchOut{}, NewToolError("The 'query' argument is empty. Call search_clean with a query.", WithLevel(slog.LevelInfo))
	}
	paths, _ := n.find(in.Query)
	if len(paths) == 0 {
		return results.Or("No note matches.", nil), SearchOut{}, nil
	}
	return results.Text("found"), SearchOut{Paths: paths}, nil
}

func (n *Notes) find(q string) ([]string, error) {
	var out []string
	for p := range n.notes {
		if p == q {
			out = append(out, p)
		}
	}
	return out, nil
}

func (n *Notes) stat(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no such note"}}}
	if len(n.notes) == 0 {
		res.SetError(NewToolError("There are no notes yet.")) // want iserror "\\(\\*mcp.CallToolResult\\).SetError builds an IsError result"
		return res, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil
}
