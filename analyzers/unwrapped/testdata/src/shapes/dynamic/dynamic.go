// Package dynamic registers tools later, from a callback, on a server kept
// in a registry's field (shape 7): each tool comes from a factory passed as
// a value and wrapped in an availability adapter.
package dynamic

import (
	"context"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Registry adds the account tools once a session with credentials appears.
type Registry struct {
	mu         sync.Mutex
	registered bool
	srv        *server.MCPServer
	sessions   map[string]bool
}

var global *Registry

// Callback is what the client package calls when a session authenticates.
type Callback interface{ SessionAuthenticated(id string) }

var callback Callback

// RegisterTools registers the static tools and keeps the server for the
// account tools.
func RegisterTools(s *server.MCPServer) {
	global = &Registry{srv: s, sessions: map[string]bool{}}
	callback = global
	s.AddTool(mcp.NewTool("search_modules"), searchModules)
}

func (r *Registry) SessionAuthenticated(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sessions[id] = true
	if !r.registered {
		r.registerAccountTools()
	}
}

func (r *Registry) registerAccountTools() {
	tool := r.dynamic("whoami", WhoAmI)
	r.srv.AddTool(tool.Tool, tool.Handler)
	tool = r.dynamic("list_workspaces", ListWorkspaces)
	r.srv.AddTool(tool.Tool, tool.Handler)
	r.registered = true
}

func (r *Registry) dynamic(name string, factory func() server.ServerTool) server.ServerTool {
	t := factory()
	return server.ServerTool{Tool: t.Tool, Handler: r.whenAvailable(name, t.Handler)}
}

func (r *Registry) whenAvailable(name string, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if len(r.sessions) == 0 {
			return mcp.NewToolResultError(name + " needs an authenticated session: set a token and retry"), nil
		}
		return h(ctx, req)
	}
}

func WhoAmI() server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("whoami"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("me"), nil
	}}
}

func ListWorkspaces() server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("list_workspaces"), Handler: listWorkspaces}
}

func listWorkspaces(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("[]"), nil
}

func searchModules(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("[]"), nil
}
