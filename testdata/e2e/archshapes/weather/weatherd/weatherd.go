// Package weatherd builds the weather server from default options and
// per-configuration extras; none of them is a boundary.
package weatherd

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/weather/conditions"
)

const (
	name    = "weatherd"
	version = "1.3.0"
)

var defaultOpts = []server.ServerOption{
	server.WithToolCapabilities(false),
	server.WithRecovery(),
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
	// The options are assembled in steps, and none carries the boundary:
	// the finding lands at the construction, where the tools are
	// registered too.
	s := server.NewMCPServer(name, version, opts...) // want unwrapped "2 tools are registered on this server without the tool boundary \\(\"current_temperature\", \"list_cities\"\\)"
	s.AddTools(conditions.Tools()...)
	return s
}
