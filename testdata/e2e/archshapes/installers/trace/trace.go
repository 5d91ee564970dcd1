// Package trace is the operations server's tracing tools.
package trace

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/installers/config"
)

type finder struct {
	service string
	spans   map[string][]string // trace id -> span names
}

// Install adds the trace tools to s.
func Install(ctx context.Context, s *server.MCPServer, cfg config.Config) error {
	if cfg.TraceService == "" {
		return fmt.Errorf("no trace service configured")
	}
	f := &finder{service: cfg.TraceService, spans: map[string][]string{"4bf92f35": {"GET /orders", "db.query"}}}
	s.AddTools(server.ServerTool{
		Tool: mcp.NewTool("get_trace",
			mcp.WithDescription("Show the spans of one trace."),
			mcp.WithString("trace_id", mcp.Required()),
		),
		Handler: f.get,
	})
	return nil
}

func (f *finder) get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	id := req.GetString("trace_id", "")
	spans, ok := f.spans[id]
	if !ok {
		return nil, fmt.Errorf("no trace '%s' in %s; copy a trace id from a log line", id, f.service)
	}
	return mcp.NewToolResultText(strings.Join(spans, "\n")), nil
}
