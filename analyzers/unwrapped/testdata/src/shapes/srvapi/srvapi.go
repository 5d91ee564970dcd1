// Package srvapi hands its servers to the tool packages behind
// interfaces: Server's implementations build theirs without the boundary,
// Wrapped's only implementation with it (and it lacks Addr, so it is not a
// Server: were it one, Server's servers could be either, and draw nothing).
package srvapi

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Server is what the tool packages register on.
type Server interface {
	MCP() *server.MCPServer
	Addr() string
}

type httpServer struct{ mcp *server.MCPServer }

func (s *httpServer) MCP() *server.MCPServer { return s.mcp }
func (s *httpServer) Addr() string           { return ":8080" }

type stdioServer struct{ mcp *server.MCPServer }

func (s stdioServer) MCP() *server.MCPServer { return s.mcp }
func (s stdioServer) Addr() string           { return "stdio" }

// NewHTTP builds the HTTP server.
func NewHTTP() Server {
	return &httpServer{mcp: server.NewMCPServer("notes", "1.0.0")}
}

// NewStdio builds the stdio server.
func NewStdio() Server {
	return stdioServer{mcp: server.NewMCPServer("notes", "1.0.0", server.WithRecovery())}
}

// Wrapped is a server interface whose implementation installs the
// boundary.
type Wrapped interface {
	MCP() *server.MCPServer
}

type wrapped struct{ mcp *server.MCPServer }

func (w *wrapped) MCP() *server.MCPServer { return w.mcp }

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

// NewWrapped builds the server with the boundary.
func NewWrapped() Wrapped {
	return &wrapped{mcp: server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(Boundary))}
}
