// Package gosdkserver builds the example go-sdk servers.
package gosdkserver

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/boundary"
)

type SearchIn struct {
	Query string `json:"query"`
}

type SearchOut struct {
	Paths []string `json:"paths"`
}

func search(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	return nil, SearchOut{Paths: []string{"inbox/todo.md"}}, nil
}

func ping(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

// New builds a go-sdk server.
func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil) // want unwrapped "2 tools are registered on this server without the tool boundary \\(\"search_notes\", \"ping\"\\)"
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes", Description: "Search notes."}, search)
	mcp.AddTool(s, &mcp.Tool{Name: "search_wrapped", Description: "Search notes."}, boundary.TypedBoundary(search))
	s.AddTool(&mcp.Tool{Name: "ping", InputSchema: map[string]any{"type": "object"}}, ping)
	return s
}
