// Package installfix has one boundary per SDK in sight: the fix installs
// it as server middleware where each server is built.
package installfix

import (
	"context"

	gomcp "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Boundary is the mcp-go boundary, a server.ToolHandlerMiddleware.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

// ReceivingBoundary is the go-sdk boundary, as receiving middleware.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler { return next }
}

func read(ctx context.Context, req gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return gomcp.NewToolResultText("note"), nil
}

func search(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func mcpgoServer() *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery()) // want `tool "read_note" \(handler installfix.read\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	s.AddTool(gomcp.NewTool("read_note"), read)
	return s
}

// A construction spread over lines, its last option ending in a comma.
func multiline() *server.MCPServer {
	s := server.NewMCPServer( // want `tool "list_notes" \(handler installfix.read\) is registered on this server without the tool boundary; install the boundary as server middleware here`
		"notes",
		"1.0.0",
		server.WithRecovery(),
	)
	s.AddTool(gomcp.NewTool("list_notes"), read)
	return s
}

// Options assembled in a slice and spread into the construction: the fix
// puts the boundary first in the slice, where mcp-go runs it outermost.
func spread(limit bool) *server.MCPServer {
	opts := []server.ServerOption{server.WithRecovery()}
	if limit {
		opts = append(opts, server.WithToolCapabilities(true))
	}
	s := server.NewMCPServer("notes", "1.0.0", opts...) // want `tool "tag_note" \(handler installfix.read\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	s.AddTool(gomcp.NewTool("tag_note"), read)
	return s
}

// Options spread from a call: no variable to append to, so no fix.
func spreadCall() *server.MCPServer {
	s := server.NewMCPServer("notes", "1.0.0", defaultOpts()...) // want `tool "pin_note" \(handler installfix.read\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	s.AddTool(gomcp.NewTool("pin_note"), read)
	return s
}

func defaultOpts() []server.ServerOption { return []server.ServerOption{server.WithRecovery()} }

// newServer builds the server with the options its callers pass; the
// tools are registered where it is called, and the fix goes here, the
// boundary prepended to the callers' options.
func newServer(opts ...server.ServerOption) *server.MCPServer {
	return server.NewMCPServer("notes", "1.0.0", opts...)
}

func registerArchive(s *server.MCPServer) {
	s.AddTool(gomcp.NewTool("archive_note"), read)
}

func archive() *server.MCPServer {
	s := newServer(server.WithRecovery())
	registerArchive(s) // want `installfix.registerArchive registers tool "archive_note" \(handler installfix.read\) without the tool boundary; install the boundary where the server is built`
	return s
}

func gosdkServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil) // want `tool "search_notes" \(handler installfix.search\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	s.AddTool(&mcp.Tool{Name: "search_notes"}, search)
	s.AddReceivingMiddleware(logging)
	if true {
		s.AddReceivingMiddleware(logging)
	}
	return s
}

// logging is receiving middleware the project adds after building the
// server: go-sdk runs the last added outermost, so the boundary goes after.
func logging(next mcp.MethodHandler) mcp.MethodHandler { return next }
