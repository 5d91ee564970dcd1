// Package app builds the Terraform Cloud server; it has no boundary.
package app

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/tfe/creds"
	"example.com/notes/archshapes/tfe/registry"
)

// New builds the server and arranges for its tools to appear at sign-in.
//
// The tools are registered later, from the credentials callback, on the
// server that registry.Init stores; registry.Init(s) is the call here that
// leads to those registrations, and it is in the same function as the
// construction, so the finding lands at the construction.
func New(w *creds.Watcher) *server.MCPServer {
	s := server.NewMCPServer("tfe", "0.2.0", server.WithToolCapabilities(true)) // want unwrapped "2 tools are registered on this server without the tool boundary \\(\"tfe_list_workspaces\", \"tfe_whoami\"\\)"
	registry.Init(s)
	w.OnChange(registry.TokenChanged)
	return s
}
