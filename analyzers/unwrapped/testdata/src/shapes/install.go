package shapes

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"shapes/installers"
)

// The server an installer slice (shape 3) and a table of registrar
// closures in package-level map values (shape 5) register on.
func installServer(ctx context.Context) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "obs"}, nil) // want `3 tools are registered on this server without the tool boundary \("get_trace", "list_clusters", "run_query"\)`
	installers.Install(ctx, s, "eu")
	installers.RegisterToolset(s, &installers.Container{}, false)
	return s
}

func installServerWrapped(ctx context.Context) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "obs"}, nil)
	s.AddReceivingMiddleware(ReceivingBoundary())
	installers.Install(ctx, s, "eu")
	installers.RegisterToolset(s, &installers.Container{}, false)
	return s
}
