// Package cfgmw takes its tool middleware from a config struct the caller
// fills, and its server factory as a function value.
package cfgmw

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Middleware = func(mcp.ToolHandler) mcp.ToolHandler

type Config struct {
	Name           string
	ToolMiddleware []Middleware
}

type tool struct {
	name string
	h    mcp.ToolHandler
}

var tools = []tool{{"list_repos", listRepos}, {"get_repo", listRepos}}

func NewServer(cfg *Config) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: cfg.Name}, nil)
	for _, t := range tools {
		register(s, t, cfg.ToolMiddleware...)
	}
	return s
}

func register(s *mcp.Server, t tool, mw ...Middleware) {
	h := t.h
	for _, m := range mw {
		h = m(h)
	}
	s.AddTool(&mcp.Tool{Name: t.name}, h)
}

// Factory is how the HTTP handler makes a server per request.
type Factory func(ctx context.Context, cfg *Config) *mcp.Server

type Handler struct{ factory Factory }

func NewHandler(f Factory) *Handler {
	if f == nil {
		f = defaultFactory
	}
	return &Handler{factory: f}
}

func defaultFactory(ctx context.Context, cfg *Config) *mcp.Server { return NewServer(cfg) }

func (h *Handler) Serve(ctx context.Context) *mcp.Server {
	return h.factory(ctx, &Config{Name: "http"}) // want `2 tools are registered here on a server built without the tool boundary \("get_repo", "list_repos"\)`
}

func listRepos(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}
