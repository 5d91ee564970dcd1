// Package golangcidemo holds the cases the golangci-lint plugin test needs
// (scripts/test-golangci.sh): a boundary that only configuration names, a
// line golangci-lint's nolint comment silences, a finding with a suggested
// fix, and a test file.
package golangcidemo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/boundary"
)

// Guard has the shape of a boundary but not the name: only configuration
// (boundaries: example.com/notes/golangcidemo.Guard) makes it one. A real
// boundary would log the error and render it; this one only passes through.
func Guard(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("results"), nil
}

// New registers tools on servers without boundary middleware, one case
// a server: unwrapped reports each server's construction.
func New() []*server.MCPServer {
	s := server.NewMCPServer("demo", "1.0.0")          // want unwrapped "tool \"bare\" \\(handler golangcidemo\\.search\\) is registered on this server without the tool boundary"
	guarded := server.NewMCPServer("guarded", "1.0.0") // want unwrapped "tool \"guarded\" \\(handler golangcidemo\\.search\\) is registered on this server without the tool boundary"
	ignored := server.NewMCPServer("ignored", "1.0.0") //nolint:toolcheck // want unwrapped "tool \"ignored\" \\(handler golangcidemo\\.search\\) is registered on this server without the tool boundary"
	s.AddTool(mcp.NewTool("wrapped"), boundary.ToolBoundary(search))
	s.AddTool(mcp.NewTool("bare"), search)
	guarded.AddTool(mcp.NewTool("guarded"), Guard(search))
	ignored.AddTool(mcp.NewTool("ignored"), search)
	return []*server.MCPServer{s, guarded, ignored}
}
