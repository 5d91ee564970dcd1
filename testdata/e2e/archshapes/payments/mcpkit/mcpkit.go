// Package mcpkit hides mcp-go behind the project's own server and tool
// interfaces: an unexported implementation (absent from the export data
// go vet's importers read), options passed to the SDK as interface{}
// values its setter asserts back, and tools converted to the SDK's by a
// method.
package mcpkit

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Request is a tool call as the project's handlers see it.
type Request struct {
	Name string
	Args map[string]any
}

// Handler is the project's tool handler.
type Handler func(ctx context.Context, req Request) (any, error)

// Tool is one tool of the project.
type Tool interface {
	Name() string
	toServerTool() server.ServerTool
}

type tool struct {
	name, description string
	handler           Handler
}

// NewTool makes a tool of a handler.
func NewTool(name, description string, handler Handler) Tool {
	return &tool{name: name, description: description, handler: handler}
}

func (t *tool) Name() string { return t.name }

func (t *tool) toServerTool() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool(t.name, mcp.WithDescription(t.description)),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			out, err := t.handler(ctx, Request{Name: req.Params.Name, Args: req.GetArguments()})
			if err != nil {
				return nil, err
			}
			b, err := json.Marshal(out)
			if err != nil {
				return nil, fmt.Errorf("encode %s result: %w", t.name, err)
			}
			return mcp.NewToolResultText(string(b)), nil
		},
	}
}

// Server is the project's server.
type Server interface {
	AddTools(tools ...Tool)
	Use(mw ...server.ToolHandlerMiddleware)
	MCP() *server.MCPServer
}

// OptionSetter receives the options of a server being built.
type OptionSetter interface {
	SetOption(opt interface{}) error
}

// Option configures a server.
type Option func(OptionSetter) error

// WithLogging logs the server's traffic.
func WithLogging() Option {
	return func(s OptionSetter) error { return s.SetOption(server.WithLogging()) }
}

// WithToolMiddleware wraps every tool handler in mw.
func WithToolMiddleware(mw server.ToolHandlerMiddleware) Option {
	return func(s OptionSetter) error { return s.SetOption(server.WithToolHandlerMiddleware(mw)) }
}

type optionSetter struct {
	opts []server.ServerOption
}

func (s *optionSetter) SetOption(opt interface{}) error {
	o, ok := opt.(server.ServerOption)
	if !ok {
		return fmt.Errorf("mcpkit: %T is not an mcp-go server option", opt)
	}
	s.opts = append(s.opts, o)
	return nil
}

type mark3labs struct {
	srv *server.MCPServer
}

// NewServer builds the project's server on mcp-go.
func NewServer(name, version string, opts ...Option) (Server, error) {
	setter := &optionSetter{}
	for _, o := range opts {
		if err := o(setter); err != nil {
			return nil, err
		}
	}
	return &mark3labs{srv: server.NewMCPServer(name, version, setter.opts...)}, nil
}

func (s *mark3labs) AddTools(tools ...Tool) {
	for _, t := range tools {
		s.srv.AddTools(t.toServerTool())
	}
}

func (s *mark3labs) Use(mw ...server.ToolHandlerMiddleware) { s.srv.Use(mw...) }

func (s *mark3labs) MCP() *server.MCPServer { return s.srv }
