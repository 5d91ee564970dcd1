// Package tools is the dashboard server's tools.
package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var dashboards = []string{"API latency", "Checkout funnel", "Node health"}

var datasources = map[string]string{"prom": "prometheus", "loki": "loki"}

// AddSearchTools adds the dashboard search tool to s.
func AddSearchTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search_dashboards",
		mcp.WithDescription("Search dashboards by title."),
		mcp.WithString("query", mcp.Required()),
	), searchDashboards)
}

// AddDatasourceTools adds the datasource tools to s; update_datasource only
// when rw is set.
func AddDatasourceTools(s *server.MCPServer, rw bool) {
	s.AddTool(mcp.NewTool("list_datasources", mcp.WithDescription("List the datasources.")), listDatasources)
	if rw {
		s.AddTool(mcp.NewTool("update_datasource",
			mcp.WithDescription("Change a datasource's type."),
			mcp.WithString("uid", mcp.Required()),
			mcp.WithString("type", mcp.Required()),
		), updateDatasource)
	}
}

func searchDashboards(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := strings.ToLower(req.GetString("query", ""))
	var hits []string
	for _, d := range dashboards {
		if strings.Contains(strings.ToLower(d), q) {
			hits = append(hits, d)
		}
	}
	if len(hits) == 0 {
		return mcp.NewToolResultText("No dashboard matches."), nil
	}
	return mcp.NewToolResultText(strings.Join(hits, "\n")), nil
}

func listDatasources(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var lines []string
	for uid, typ := range datasources {
		lines = append(lines, uid+" ("+typ+")")
	}
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

func updateDatasource(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	uid := req.GetString("uid", "")
	if _, ok := datasources[uid]; !ok {
		return nil, fmt.Errorf("no datasource '%s'; find its uid with list_datasources", uid)
	}
	datasources[uid] = req.GetString("type", "")
	return mcp.NewToolResultText("Updated " + uid + "."), nil
}
