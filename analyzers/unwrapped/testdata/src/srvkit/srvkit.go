// Package srvkit builds the go-sdk server for installlater and registers
// its tools, with the middleware its caller passes.
package srvkit

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

// NewServer builds the server, with mw as receiving middleware.
func NewServer(name string, mw ...mcp.Middleware) (*mcp.Server, error) {
	s := mcp.NewServer(&mcp.Implementation{Name: name}, nil)
	s.AddReceivingMiddleware(mw...)
	s.AddTool(&mcp.Tool{Name: "search_notes"}, search)
	return s, nil
}
