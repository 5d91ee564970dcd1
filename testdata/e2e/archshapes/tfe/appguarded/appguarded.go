// Package appguarded builds the Terraform Cloud server with the tool
// boundary as server middleware.
package appguarded

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/tfe/creds"
	"example.com/notes/archshapes/tfe/registry"
	"example.com/notes/boundary"
)

// New builds the server and arranges for its tools to appear at sign-in.
func New(w *creds.Watcher) *server.MCPServer {
	s := server.NewMCPServer("tfe", "0.2.0",
		server.WithToolCapabilities(true),
		server.WithToolHandlerMiddleware(boundary.ToolBoundary),
	)
	registry.Init(s)
	w.OnChange(registry.TokenChanged)
	return s
}
