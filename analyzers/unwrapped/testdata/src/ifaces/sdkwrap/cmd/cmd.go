// Package cmd builds the project's server and registers the toolsets.
package cmd

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"ifaces/sdkwrap/mcpw"
	"ifaces/sdkwrap/pay"
)

func NewServer(c *pay.Client, version string) mcpw.Server {
	srv := mcpw.NewServer("pay", version, mcpw.WithLogging(), mcpw.WithToolCapabilities(true)) // want `2 tools are registered on this server without the tool boundary \("create_order", "fetch_payment"\); install the boundary as server middleware here`
	pay.NewToolSets(c, false).RegisterTools(srv)
	return srv
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

// NewGuardedServer installs the boundary through the wrapper's option.
func NewGuardedServer(c *pay.Client, version string) mcpw.Server {
	srv := mcpw.NewServer("pay", version, mcpw.WithLogging(), mcpw.WithToolHandlerMiddleware(Boundary))
	pay.NewToolSets(c, false).RegisterTools(srv)
	return srv
}

// NewUsingServer installs the boundary through the wrapper's middleware
// method.
func NewUsingServer(c *pay.Client, version string) mcpw.Server {
	srv := mcpw.NewServer("pay", version)
	srv.Use(Boundary)
	pay.NewToolSets(c, false).RegisterTools(srv)
	return srv
}

// NewEscapedServer installs the boundary on the SDK's server the wrapper
// exposes.
func NewEscapedServer(c *pay.Client, version string) mcpw.Server {
	srv := mcpw.NewServer("pay", version)
	srv.MCPServer().Use(Boundary)
	pay.NewToolSets(c, false).RegisterTools(srv)
	return srv
}
