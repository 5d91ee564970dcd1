package guarded

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Guard is a boundary only because the plugin settings name it.
func Guard(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

// Trace has the same shape, and no setting names it.
func Trace(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("results"), nil
}

func New() {
	s := server.NewMCPServer("demo", "1.0.0") // want `tool "traced" \(handler guarded.search\) is registered on this server without the tool boundary`
	s.AddTool(mcp.NewTool("guarded"), Guard(search))
	s.AddTool(mcp.NewTool("traced"), Trace(search))
}
