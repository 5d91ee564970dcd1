// Package steps builds server options in several steps (shape 8): a
// default list, the caller's options appended, then more appended to the
// result.
package steps

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"toolerr"
)

func defaultOptions(boundary bool) []server.ServerOption {
	if boundary {
		return []server.ServerOption{server.WithToolCapabilities(true), server.WithToolHandlerMiddleware(toolerr.Boundary)}
	}
	return []server.ServerOption{server.WithToolCapabilities(true)}
}

// Wrapped installs the boundary in the default options; two more appends
// keep it.
func Wrapped(hooks *server.Hooks, extra ...server.ServerOption) *server.MCPServer {
	defaultOpts := []server.ServerOption{server.WithToolCapabilities(true), server.WithToolHandlerMiddleware(toolerr.Boundary)}
	opts := append(defaultOpts, extra...)
	opts = append(opts, server.WithHooks(hooks))
	if hooks != nil {
		opts = append(opts, server.WithLogging())
	}
	s := server.NewMCPServer("tf", "1", opts...)
	s.AddTool(mcp.NewTool("plan"), plan)
	return s
}

// Removed is Wrapped with the boundary option taken out.
func Removed(hooks *server.Hooks, extra ...server.ServerOption) *server.MCPServer {
	defaultOpts := []server.ServerOption{server.WithToolCapabilities(true)}
	opts := append(defaultOpts, extra...)
	opts = append(opts, server.WithHooks(hooks))
	if hooks != nil {
		opts = append(opts, server.WithLogging())
	}
	s := server.NewMCPServer("tf", "1", opts...) // decided where the options are known: by its callers
	s.AddTool(mcp.NewTool("apply"), plan)
	return s
}

// FromHelper takes the defaults from a function.
func FromHelper(extra ...server.ServerOption) *server.MCPServer {
	opts := defaultOptions(true)
	opts = append(opts, extra...)
	s := server.NewMCPServer("tf", "1", opts...)
	s.AddTool(mcp.NewTool("validate"), plan)
	return s
}

// newServer leaves the boundary to its callers' options.
func newServer(opts ...server.ServerOption) *server.MCPServer {
	defaultOpts := []server.ServerOption{server.WithToolCapabilities(true)}
	opts = append(defaultOpts, opts...)
	s := server.NewMCPServer("tf", "1", opts...)
	s.AddTool(mcp.NewTool("destroy"), plan)
	return s
}

func CallerWrapped(hooks *server.Hooks) *server.MCPServer {
	return newServer(server.WithHooks(hooks), server.WithToolHandlerMiddleware(toolerr.Boundary))
}

func CallerBare(hooks *server.Hooks) *server.MCPServer {
	return newServer(server.WithHooks(hooks)) // want `steps\.newServer registers tool "destroy" \(handler steps\.plan\) without the tool boundary; install the boundary where the server is built`
}

func plan(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// Many conditional steps: each definition of opts reaches the next on
// two paths (a trace that does not remember what it read takes 2^32).
func ManySteps(flags uint64) *server.MCPServer {
	opts := []server.ServerOption{server.WithToolHandlerMiddleware(toolerr.Boundary)}
	if flags&(1<<0) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<1) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<2) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<3) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<4) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<5) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<6) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<7) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<8) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<9) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<10) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<11) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<12) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<13) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<14) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<15) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<16) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<17) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<18) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<19) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<20) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<21) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<22) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<23) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<24) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<25) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<26) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<27) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<28) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<29) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<30) != 0 {
		opts = append(opts, server.WithLogging())
	}
	if flags&(1<<31) != 0 {
		opts = append(opts, server.WithLogging())
	}
	s := server.NewMCPServer("tf", "1", opts...)
	s.AddTool(mcp.NewTool("many"), plan)
	return s
}

// A list whose nodes point at each other: reading a field through the
// stores of the same field must end.
type node struct {
	next *node
	srv  *server.MCPServer
}

func (n *node) last() *node {
	for n.next != nil {
		n.next = n.next.next
	}
	return n
}

func Linked() {
	n := &node{srv: server.NewMCPServer("tf", "1")} // want `tool "linked" \(handler steps\.plan\) is registered on this server without the tool boundary`
	n.next = &node{next: n.next, srv: n.srv}
	n.last().srv.AddTool(mcp.NewTool("linked"), plan)
}
