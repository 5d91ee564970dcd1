// Package generichelp registers each tool through a generic one-tool
// helper, and through one that filters first.
package generichelp

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func addTool[In, Out any](s *mcp.Server, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	mcp.AddTool(s, t, h)
}

func registerEnabled[In, Out any](s *mcp.Server, enabled map[string]bool, t *mcp.Tool, h mcp.ToolHandlerFor[In, Out]) {
	if !enabled[t.Name] {
		return
	}
	mcp.AddTool(s, t, h)
}

type QIn struct{ Q string }

func search(ctx context.Context, req *mcp.CallToolRequest, in QIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func list(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func Run(enabled map[string]bool) {
	s := mcp.NewServer(&mcp.Implementation{Name: "g"}, nil) // want `4 tools are registered on this server without the tool boundary \("search", "list", "search2", "list2"\)`
	addTool(s, &mcp.Tool{Name: "search"}, search)
	addTool(s, &mcp.Tool{Name: "list"}, list)
	registerEnabled(s, enabled, &mcp.Tool{Name: "search2"}, search)
	registerEnabled(s, enabled, &mcp.Tool{Name: "list2"}, list)
}

func Boundary(next mcp.MethodHandler) mcp.MethodHandler { return next }

func RunWrapped(enabled map[string]bool) {
	s := mcp.NewServer(&mcp.Implementation{Name: "g"}, nil)
	s.AddReceivingMiddleware(Boundary)
	addTool(s, &mcp.Tool{Name: "search"}, search)
	registerEnabled(s, enabled, &mcp.Tool{Name: "list2"}, list)
}
