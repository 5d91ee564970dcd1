// Package mcpw hides mcp-go behind the project's own server and tool
// interfaces. Its options reach the SDK as interface{} values that a
// setter asserts back to server options; its tools are records holding
// the project's handler, converted to the SDK's by a method.
package mcpw

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type CallToolRequest struct {
	Name      string
	Arguments map[string]any
}

type ToolResult struct {
	Text    string
	IsError bool
}

type ToolHandler func(ctx context.Context, req CallToolRequest) (*ToolResult, error)

// Tool is a tool of the project: its definition and handler.
type Tool interface {
	GetHandler() ToolHandler
	toMCPServerTool() server.ServerTool
}

type toolImpl struct {
	name, description string
	handler           ToolHandler
}

func NewTool(name, description string, handler ToolHandler) Tool {
	return &toolImpl{name: name, description: description, handler: handler}
}

func (t *toolImpl) GetHandler() ToolHandler { return t.handler }

func (t *toolImpl) toMCPServerTool() server.ServerTool {
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := t.handler(ctx, CallToolRequest{Name: req.Params.Name, Arguments: req.GetArguments()})
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultText(res.Text), nil
	}
	return server.ServerTool{Tool: mcp.NewTool(t.name, mcp.WithDescription(t.description)), Handler: h}
}

// Server is the project's server.
type Server interface {
	AddTools(tools ...Tool)
	Use(mw ...server.ToolHandlerMiddleware)
	MCPServer() *server.MCPServer
}

// OptionSetter receives the options of the server being built.
type OptionSetter interface {
	SetOption(opt interface{}) error
}

type ServerOption func(OptionSetter) error

type optionSetter struct {
	opts []server.ServerOption
}

func (s *optionSetter) SetOption(opt interface{}) error {
	o, ok := opt.(server.ServerOption)
	if !ok {
		return fmt.Errorf("option %T is not an mcp-go server option", opt)
	}
	s.opts = append(s.opts, o)
	return nil
}

func WithLogging() ServerOption {
	return func(s OptionSetter) error { return s.SetOption(server.WithLogging()) }
}

func WithToolCapabilities(listChanged bool) ServerOption {
	return func(s OptionSetter) error { return s.SetOption(server.WithToolCapabilities(listChanged)) }
}

func WithToolHandlerMiddleware(mw server.ToolHandlerMiddleware) ServerOption {
	return func(s OptionSetter) error { return s.SetOption(server.WithToolHandlerMiddleware(mw)) }
}

type mark3labsServer struct {
	srv *server.MCPServer
}

func NewServer(name, version string, opts ...ServerOption) Server {
	setter := &optionSetter{}
	for _, o := range opts {
		_ = o(setter)
	}
	return &mark3labsServer{srv: server.NewMCPServer(name, version, setter.opts...)}
}

func (s *mark3labsServer) MCPServer() *server.MCPServer { return s.srv }

func (s *mark3labsServer) Use(mw ...server.ToolHandlerMiddleware) { s.srv.Use(mw...) }

func (s *mark3labsServer) AddTools(tools ...Tool) {
	for _, t := range tools {
		s.srv.AddTools(t.toMCPServerTool())
	}
}
