// Package weatherdguarded builds the weather server from default options,
// which carry the tool boundary, and per-configuration extras.
package weatherdguarded

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/weather/conditions"
	"example.com/notes/boundary"
)

const (
	name    = "weatherd"
	version = "1.3.0"
)

var defaultOpts = []server.ServerOption{
	server.WithToolCapabilities(false),
	server.WithRecovery(),
	server.WithToolHandlerMiddleware(boundary.ToolBoundary),
}

// Config is what varies between deployments.
type Config struct {
	Instructions string
	Logging      bool
}

// New builds the weather server with every tool registered.
func New(cfg Config) *server.MCPServer {
	var extra []server.ServerOption
	if cfg.Instructions != "" {
		extra = append(extra, server.WithInstructions(cfg.Instructions))
	}
	if cfg.Logging {
		extra = append(extra, server.WithLogging())
	}
	opts := append(defaultOpts, extra...)
	h := &server.Hooks{}
	h.AddAfterCallTool(func(ctx context.Context, id any, req *mcp.CallToolRequest, result any) {
		slog.DebugContext(ctx, "tool_called", "tool", req.Params.Name)
	})
	opts = append(opts, server.WithHooks(h))
	s := server.NewMCPServer(name, version, opts...)
	s.AddTools(conditions.Tools()...)
	return s
}
