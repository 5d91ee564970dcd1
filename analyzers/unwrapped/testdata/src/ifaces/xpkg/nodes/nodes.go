// Package nodes is a toolset used as a value of its type.
package nodes

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Nodes struct{}

func top(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func (Nodes) RegisterTools(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "nodes_top"}, top)
}
