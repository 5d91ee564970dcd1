// Package registrar registers tools on servers it is given. // want package:"pools\\(github.com/mark3labs/mcp-go/server.ServerTool: unwrapped registrar.search as \"search\"\\)" package:"reaches an MCP SDK"
package registrar

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"toolerr"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

// Register registers an unwrapped handler on the server it is given: the
// caller decides.
func Register(s *server.MCPServer) { // want Register:"toolmodel\\(registers unwrapped registrar.search as \"search\" on param 0\\)"
	s.AddTool(mcp.NewTool("search"), search)
}

// RegisterWrapped wraps what it registers.
func RegisterWrapped(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search"), toolerr.Boundary(search))
}

// Registry forwards to the SDK: a registrar with its own AddTool.
type Registry struct{ srv *server.MCPServer }

func NewRegistry() *Registry { return &Registry{srv: server.NewMCPServer("r", "1")} } // want NewRegistry:"toolmodel\\(returns unequipped server in field srv of 0\\)"

func (r *Registry) AddTool(t mcp.Tool, h server.ToolHandlerFunc) { // want AddTool:"toolmodel\\(registers param 1 as param 0 on unequipped\\)"
	r.srv.AddTool(t, h)
}

// Add registers its handler on its server.
func Add(s *server.MCPServer, h server.ToolHandlerFunc) { // want Add:"toolmodel\\(registers param 1 on param 0\\)"
	s.AddTool(mcp.NewTool("x"), h)
}

// Install puts the boundary on the server it is given.
func Install(s *server.MCPServer) { // want Install:"toolmodel\\(installs boundary on param 0\\)"
	s.Use(toolerr.Boundary)
}

// NewServer builds an equipped server.
func NewServer() *server.MCPServer { // want NewServer:"toolmodel\\(returns equipped server\\)"
	return server.NewMCPServer("n", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))
}

// NewBare builds a server without the boundary.
func NewBare() (*server.MCPServer, error) { // want NewBare:"toolmodel\\(returns unequipped server\\)"
	return server.NewMCPServer("n", "1"), nil
}

// Tools is a toolset helper.
func Tools() []server.ServerTool { // want Tools:"toolmodel\\(returns tool unwrapped registrar.search as \"search\"\\)"
	return []server.ServerTool{{Tool: mcp.NewTool("search"), Handler: search}}
}

// Handler is a factory for a wrapped handler.
func Handler() server.ToolHandlerFunc { // want Handler:"toolmodel\\(returns handler wrapped\\)"
	return toolerr.Boundary(search)
}

// Options returns server options that install the boundary.
func Options() []server.ServerOption {
	return []server.ServerOption{server.WithToolHandlerMiddleware(toolerr.Boundary)}
}

// Option returns one server option that installs the boundary.
func Option() server.ServerOption { // want Option:"toolmodel\\(option installs boundary\\)"
	return server.WithToolHandlerMiddleware(toolerr.Boundary)
}

// RegisterGo registers a go-sdk tool on its parameter.
func RegisterGo(s *gosdk.Server) { // want RegisterGo:"toolmodel\\(registers unwrapped registrar.goSearch as \"search\" on param 0\\)"
	gosdk.AddTool(s, &gosdk.Tool{Name: "search"}, goSearch)
}

func goSearch(ctx context.Context, req *gosdk.CallToolRequest, in struct{}) (*gosdk.CallToolResult, any, error) {
	return nil, nil, nil
}
