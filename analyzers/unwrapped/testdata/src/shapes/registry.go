// Package shapes holds the registration architectures of large servers,
// each beside its wrapped twin.
package shapes

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"shapes/toolset"
)

// Boundary is the go-sdk boundary as receiving middleware.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			return next(ctx, method, req)
		}
	}
}

// Tool definitions with a Register closure, kept in a registry of
// toolsets of another package and registered in a loop.
func registryServer(names []string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bk"}, nil) // want `2 tools are registered on this server without the tool boundary \("get_cluster", "list_clusters"\)`
	registerAll(s, names)
	return s
}

func registerAll(s *mcp.Server, names []string) {
	reg := toolset.NewRegistry()
	reg.Add(toolset.Builtin())
	for _, td := range reg.Enabled(names) {
		td.Register(s)
	}
}

func registryServerWrapped(names []string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "bk"}, nil)
	s.AddReceivingMiddleware(ReceivingBoundary())
	registerAll(s, names)
	return s
}
