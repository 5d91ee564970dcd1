// Package entries keeps registrar values in a struct slice and calls each
// through a function parameter (shape 6).
package entries

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type toolEntry struct {
	adder   func(*server.MCPServer)
	enabled bool
}

func AddTools(s *server.MCPServer, readWrite bool) {
	entries := []toolEntry{
		{AddSearchTools, true},
		{func(s *server.MCPServer) { AddDatasourceTools(s, readWrite) }, readWrite},
	}
	for _, e := range entries {
		maybeAdd(s, e.enabled, e.adder)
	}
}

func maybeAdd(s *server.MCPServer, enabled bool, tf func(*server.MCPServer)) {
	if enabled {
		tf(s)
	}
}

func AddSearchTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search_dashboards"), search)
}

func AddDatasourceTools(s *server.MCPServer, readWrite bool) {
	s.AddTool(mcp.NewTool("list_datasources"), search)
	if readWrite {
		s.AddTool(mcp.NewTool("update_datasource"), search)
	}
}

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("[]"), nil
}
