// Package generic registers tools through generic factories that return a
// closure calling mcp.AddTool.
package generic

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolerr"
)

type tool func(*mcp.Server)

func newTool[In, Out any](name string, h mcp.ToolHandlerFor[In, Out]) tool {
	return func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: name}, h)
	}
}

type QIn struct{ Q string }

func search(ctx context.Context, req *mcp.CallToolRequest, in QIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func list(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func bare() {
	s := mcp.NewServer(&mcp.Implementation{Name: "g"}, nil) // want `tool "search" \(handler generic\.search\) is registered on this server without the tool boundary`
	tools := []tool{
		newTool("search", search),
		newTool("list", toolerr.TypedBoundary(list)),
	}
	for _, t := range tools {
		t(s)
	}
}

func equipped() {
	s := mcp.NewServer(&mcp.Implementation{Name: "g"}, nil)
	s.AddReceivingMiddleware(toolerr.ReceivingBoundary())
	for _, t := range []tool{newTool("search", search)} {
		t(s)
	}
}
