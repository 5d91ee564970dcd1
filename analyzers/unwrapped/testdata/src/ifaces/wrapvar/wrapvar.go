// Package wrapvar hides the SDK behind the project's own server interface:
// its AddTools takes the project's tools as a variadic parameter of the
// project's tool interface, converts each to the SDK's record through an
// unexported method, and registers it on the server a field holds.
package wrapvar

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Tool is one tool of the project.
type Tool interface {
	toMCP() server.ServerTool
}

type tool struct {
	def mcp.Tool
	h   server.ToolHandlerFunc
}

// NewTool makes a tool of def and h.
func NewTool(def mcp.Tool, h server.ToolHandlerFunc) Tool { return &tool{def: def, h: h} }

func (t *tool) toMCP() server.ServerTool { return server.ServerTool{Tool: t.def, Handler: t.h} }

// Server is the project's MCP server.
type Server interface {
	AddTools(tools ...Tool)
}

type mcpServer struct{ srv *server.MCPServer }

// NewServer builds the project's server with opts.
func NewServer(opts ...server.ServerOption) Server {
	return &mcpServer{srv: server.NewMCPServer("pay", "1.0.0", opts...)}
}

func (s *mcpServer) AddTools(tools ...Tool) {
	for _, t := range tools {
		s.srv.AddTools(t.toMCP())
	}
}

func fetchPayment(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("captured"), nil
}

func createOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("order_1"), nil
}

func payments() []Tool {
	return []Tool{
		NewTool(mcp.NewTool("fetch_payment"), fetchPayment),
		NewTool(mcp.NewTool("create_order"), createOrder),
	}
}

func Serve() {
	s := NewServer(server.WithRecovery())
	s.AddTools(payments()...) // want `2 tools are registered here on a server built without the tool boundary \("create_order", "fetch_payment"\)`
}

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func ServeWrapped() {
	s := NewServer(server.WithToolHandlerMiddleware(Boundary))
	s.AddTools(payments()...)
}
