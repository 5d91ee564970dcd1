// Package tools installs every tool group of the operations server.
package tools

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/installers/cluster"
	"example.com/notes/archshapes/installers/config"
	"example.com/notes/archshapes/installers/trace"
)

type installer func(ctx context.Context, s *server.MCPServer, cfg config.Config) error

// Install installs every tool group on s.
func Install(ctx context.Context, s *server.MCPServer, cfg config.Config) error {
	for _, install := range []installer{cluster.Install, trace.Install} {
		if err := install(ctx, s, cfg); err != nil {
			return fmt.Errorf("install tools: %w", err)
		}
	}
	return nil
}
