// Package helm is the deployer's Helm tools.
package helm

import (
	"context"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// RegisterTools adds the Helm tools to s.
func RegisterTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("list_releases", mcp.WithDescription("List the Helm releases.")), listReleases)
}

func listReleases(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(strings.Join([]string{"ingress-nginx 4.10.0", "redis 19.0.1"}, "\n")), nil
}
