// Package argo is the deployer's Argo CD tools.
package argo

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var apps = map[string]string{"checkout": "Synced", "search": "OutOfSync"}

// RegisterTools adds the Argo CD tools to s; sync_app only when writes are
// allowed.
func RegisterTools(s *server.MCPServer, readOnly bool) {
	s.AddTool(mcp.NewTool("list_apps", mcp.WithDescription("List the Argo CD applications and their sync state.")), listApps)
	if !readOnly {
		s.AddTool(mcp.NewTool("sync_app",
			mcp.WithDescription("Sync an application to its target revision."),
			mcp.WithString("app", mcp.Required()),
		), syncApp)
	}
}

func listApps(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	lines := make([]string, 0, len(apps))
	for name, st := range apps {
		lines = append(lines, name+": "+st)
	}
	sort.Strings(lines)
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

func syncApp(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	app := req.GetString("app", "")
	if _, ok := apps[app]; !ok {
		return nil, fmt.Errorf("no application '%s'; find one with list_apps", app)
	}
	return mcp.NewToolResultText("Sync of " + app + " started."), nil
}
