// Package optwrap registers through a registrar whose middleware is
// optional: applied when the field holding it is set.
package optwrap

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type middleware = func(server.ToolHandlerFunc) server.ToolHandlerFunc

type registrar struct {
	srv  *server.MCPServer
	wrap middleware // nil: none
}

func (r *registrar) add(t mcp.Tool, h server.ToolHandlerFunc) {
	if r.wrap != nil {
		h = r.wrap(h)
	}
	r.srv.AddTool(t, h)
}

func ping(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("pong"), nil
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func Serve() {
	s := server.NewMCPServer("p", "1.0.0") // want `tool "ping" \(handler optwrap.ping\) is registered on this server without the tool boundary`
	r := &registrar{srv: s}
	r.add(mcp.NewTool("ping"), ping)
}

func ServeWrapped() {
	s := server.NewMCPServer("p", "1.0.0")
	r := &registrar{srv: s, wrap: Boundary}
	r.add(mcp.NewTool("ping"), ping)
}

func register(r *registrar) {
	r.add(mcp.NewTool("ping"), ping)
}

func ServeBuilt() {
	s := server.NewMCPServer("p", "1.0.0") // want `tool "ping" \(handler optwrap.ping\) is registered on this server without the tool boundary`
	register(&registrar{srv: s})
}

func ServeBuiltWrapped() {
	s := server.NewMCPServer("p", "1.0.0")
	register(&registrar{srv: s, wrap: Boundary})
}

// newRegistrar keeps the server and the middleware it is given: the
// server's registrations are newRegistrar's to decide, but the middleware
// is its caller's.
func newRegistrar(s *server.MCPServer, wrap middleware) *registrar {
	return &registrar{srv: s, wrap: wrap}
}

func ServeMade() {
	s := server.NewMCPServer("p", "1.0.0") // want `tool "ping" \(handler optwrap.ping\) is registered on this server without the tool boundary`
	register(newRegistrar(s, nil))
}

func ServeMadeWrapped() {
	s := server.NewMCPServer("p", "1.0.0")
	register(newRegistrar(s, Boundary))
}

func ServeMadeDirect() {
	s := server.NewMCPServer("p", "1.0.0")
	newRegistrar(s, Boundary).add(mcp.NewTool("ping"), ping)
}
