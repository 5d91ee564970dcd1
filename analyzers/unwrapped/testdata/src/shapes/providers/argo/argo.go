package argo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func RegisterTools(s *server.MCPServer, readOnly bool) {
	s.AddTool(mcp.NewTool("argo_rollouts"), rollouts)
	if !readOnly {
		s.AddTool(mcp.NewTool("argo_promote"), promote)
	}
}

func rollouts(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("[]"), nil
}

func promote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
