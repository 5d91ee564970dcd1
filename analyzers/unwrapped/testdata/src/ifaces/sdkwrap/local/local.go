// Package local is the SDK wrapper of package mcpw with its toolsets and
// servers in one package: interface calls resolved to the package's own
// implementations, the boundary installed through the wrapper's option,
// its middleware method, or the SDK server it exposes.
package local

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Handler func(ctx context.Context, args map[string]any) (string, error)

type Tool interface {
	convert() server.ServerTool
}

type tool struct {
	name string
	h    Handler
}

func NewTool(name string, h Handler) Tool { return &tool{name: name, h: h} }

func (t *tool) convert() server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool(t.name),
		Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			text, err := t.h(ctx, req.GetArguments())
			if err != nil {
				return nil, err
			}
			return mcp.NewToolResultText(text), nil
		},
	}
}

type Server interface {
	AddTools(tools ...Tool)
	Use(mw ...server.ToolHandlerMiddleware)
	MCPServer() *server.MCPServer
}

type Setter interface{ Set(opt any) }

type Option func(Setter)

type setter struct{ opts []server.ServerOption }

func (s *setter) Set(opt any) {
	if o, ok := opt.(server.ServerOption); ok {
		s.opts = append(s.opts, o)
	}
}

func WithLogging() Option { return func(s Setter) { s.Set(server.WithLogging()) } }

func WithMiddleware(mw server.ToolHandlerMiddleware) Option {
	return func(s Setter) { s.Set(server.WithToolHandlerMiddleware(mw)) }
}

type impl struct{ srv *server.MCPServer }

func NewServer(name string, opts ...Option) Server {
	st := &setter{}
	for _, o := range opts {
		o(st)
	}
	return &impl{srv: server.NewMCPServer(name, "1.0.0", st.opts...)}
}

func (s *impl) AddTools(tools ...Tool) {
	for _, t := range tools {
		s.srv.AddTools(t.convert())
	}
}

func (s *impl) Use(mw ...server.ToolHandlerMiddleware) { s.srv.Use(mw...) }

func (s *impl) MCPServer() *server.MCPServer { return s.srv }

// Toolset keeps the tools it is given and registers them later.
type Toolset struct{ tools []Tool }

func (ts *Toolset) Add(tools ...Tool) *Toolset {
	ts.tools = append(ts.tools, tools...)
	return ts
}

func (ts *Toolset) Register(s Server) {
	for _, t := range ts.tools {
		s.AddTools(t)
	}
}

func lookup(ctx context.Context, args map[string]any) (string, error) { return "", nil }

func toolset() *Toolset { return (&Toolset{}).Add(NewTool("lookup", lookup)) }

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

func Serve() {
	s := NewServer("local", WithLogging())
	toolset().Register(s) // want `\(\*local\.Toolset\)\.Register registers tool "lookup" \(handler \(the function literal at local\.go:30\)\) without the tool boundary; install the boundary where the server is built`
}

func ServeWithOption() {
	s := NewServer("local", WithLogging(), WithMiddleware(Boundary))
	toolset().Register(s)
}

func ServeUsing() {
	s := NewServer("local")
	s.Use(Boundary)
	toolset().Register(s)
}

func ServeEscaped() {
	s := NewServer("local")
	s.MCPServer().Use(Boundary)
	toolset().Register(s)
}
