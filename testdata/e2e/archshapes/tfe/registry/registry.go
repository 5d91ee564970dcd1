// Package registry holds the server the Terraform Cloud tools appear on
// once the user has signed in.
package registry

import (
	"context"
	"errors"
	"log/slog"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/tfe/tfetools"
)

// Registry is the server and what it knows about the sign-in.
type Registry struct {
	srv    *server.MCPServer
	client *tfetools.Client

	mu     sync.Mutex
	token  string
	loaded bool
}

// current is the process's registry, set by Init.
var current *Registry

// Init creates the registry for srv, the server the dynamic tools will be
// registered on.
func Init(srv *server.MCPServer) {
	current = &Registry{srv: srv, client: tfetools.NewClient()}
}

// TokenChanged is the credentials callback: the first token makes the
// dynamic tools appear.
func TokenChanged(token string) {
	r := current
	if r == nil {
		return
	}
	r.mu.Lock()
	r.token = token
	first := token != "" && !r.loaded
	if first {
		r.loaded = true
	}
	r.mu.Unlock()
	if first {
		r.registerDynamic()
	}
}

func (r *Registry) registerDynamic() {
	tool := r.dynamic("whoami", tfetools.WhoAmI)
	r.srv.AddTool(tool.Tool, tool.Handler)
	tool = r.dynamic("workspaces", tfetools.ListWorkspaces)
	r.srv.AddTool(tool.Tool, tool.Handler)
}

func (r *Registry) signedIn() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.token != ""
}

// whenAvailable refuses calls while nobody is signed in. It is an
// availability adapter, not a boundary: h's errors go through unchanged.
func (r *Registry) whenAvailable(h server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if !r.signedIn() {
			return nil, errors.New("the server is signed out of Terraform Cloud; ask the user to sign in again, then retry")
		}
		return h(ctx, req)
	}
}

// dynamic builds a feature's tool with its factory and makes it wait for
// the sign-in.
func (r *Registry) dynamic(feature string, factory func(*tfetools.Client) server.ServerTool) server.ServerTool {
	t := factory(r.client)
	slog.Debug("dynamic tool", "feature", feature, "tool", t.Tool.Name)
	return server.ServerTool{Tool: t.Tool, Handler: r.whenAvailable(t.Handler)}
}
