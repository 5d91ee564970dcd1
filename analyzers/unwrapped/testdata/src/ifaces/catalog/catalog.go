// Package catalog registers through a registrar object that keeps the
// server its constructor is given and records each tool it adds.
package catalog

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type catalog struct {
	srv   *mcp.Server
	names []string
}

func newCatalog(s *mcp.Server) *catalog { return &catalog{srv: s} }

func (c *catalog) add(t *mcp.Tool, h mcp.ToolHandler) {
	c.names = append(c.names, t.Name)
	c.srv.AddTool(t, h)
}

func search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func fetch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func registerAll(c *catalog) {
	c.add(&mcp.Tool{Name: "search"}, search)
	c.add(&mcp.Tool{Name: "fetch"}, fetch)
}

func Run() {
	s := mcp.NewServer(&mcp.Implementation{Name: "cat"}, nil) // want `2 tools are registered on this server without the tool boundary \("fetch", "search"\)`
	registerAll(newCatalog(s))
}

func Boundary(next mcp.MethodHandler) mcp.MethodHandler { return next }

func RunWrapped() {
	s := mcp.NewServer(&mcp.Implementation{Name: "cat"}, nil)
	s.AddReceivingMiddleware(Boundary)
	registerAll(newCatalog(s))
}
