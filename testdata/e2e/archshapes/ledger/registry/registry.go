// Package registry adds tools to a server through a registrar object that
// holds the server and an optional middleware, both given to its
// constructor.
package registry

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Registrar adds tools to one server and records their names.
type Registrar struct {
	srv   *server.MCPServer
	wrap  func(server.ToolHandlerFunc) server.ToolHandlerFunc
	names []string
}

// New returns a registrar for s; wrap, when not nil, wraps every handler.
func New(s *server.MCPServer, wrap func(server.ToolHandlerFunc) server.ToolHandlerFunc) *Registrar {
	return &Registrar{srv: s, wrap: wrap}
}

// Add registers tool with handler h.
func (r *Registrar) Add(tool mcp.Tool, h server.ToolHandlerFunc) {
	if r.wrap != nil {
		h = r.wrap(h)
	}
	r.names = append(r.names, tool.Name)
	r.srv.AddTool(tool, h)
}

// Names lists the tools added so far.
func (r *Registrar) Names() []string { return r.names }
