// Package server is a stub of github.com/mark3labs/mcp-go/server v1.2.1
// with the real signatures of what toolcheck's analyzers look at.
package server

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

type ToolHandlerFunc func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error)

type TaskToolHandlerFunc func(ctx context.Context, request mcp.CallToolRequest) (*mcp.CreateTaskResult, error)

type ToolHandlerMiddleware func(ToolHandlerFunc) ToolHandlerFunc

type ServerTool struct {
	Tool    mcp.Tool
	Handler ToolHandlerFunc
}

type ServerTaskTool struct {
	Tool    mcp.Tool
	Handler TaskToolHandlerFunc
}

type MCPServer struct {
	middlewares []ToolHandlerMiddleware
}

type ServerOption func(*MCPServer)

func NewMCPServer(name, version string, opts ...ServerOption) *MCPServer {
	s := &MCPServer{}
	for _, o := range opts {
		o(s)
	}
	return s
}

func WithToolHandlerMiddleware(toolHandlerMiddleware ToolHandlerMiddleware) ServerOption {
	return func(s *MCPServer) { s.middlewares = append(s.middlewares, toolHandlerMiddleware) }
}

func WithRecovery() ServerOption {
	return WithToolHandlerMiddleware(func(next ToolHandlerFunc) ToolHandlerFunc { return next })
}

func WithToolCapabilities(listChanged bool) ServerOption { return func(*MCPServer) {} }

func WithLogging() ServerOption { return func(*MCPServer) {} }

// Hooks holds the server's lifecycle hooks.
type Hooks struct{}

func WithHooks(hooks *Hooks) ServerOption { return func(*MCPServer) {} }

func (s *MCPServer) Use(mw ...ToolHandlerMiddleware) { s.middlewares = append(s.middlewares, mw...) }

func (s *MCPServer) AddTool(tool mcp.Tool, handler ToolHandlerFunc) {
	s.AddTools(ServerTool{Tool: tool, Handler: handler})
}

func (s *MCPServer) AddTaskTool(tool mcp.Tool, handler TaskToolHandlerFunc) {
	s.AddTaskTools(ServerTaskTool{Tool: tool, Handler: handler})
}

func (s *MCPServer) AddTools(tools ...ServerTool) {}

func (s *MCPServer) AddTaskTools(taskTools ...ServerTaskTool) {}

func (s *MCPServer) SetTools(tools ...ServerTool) {}

func (s *MCPServer) DeleteTools(names ...string) {}

func (s *MCPServer) AddSessionTool(sessionID string, tool mcp.Tool, handler ToolHandlerFunc) error {
	return nil
}

func (s *MCPServer) AddSessionTools(sessionID string, tools ...ServerTool) error { return nil }

func ServeStdio(server *MCPServer) error { return nil }
