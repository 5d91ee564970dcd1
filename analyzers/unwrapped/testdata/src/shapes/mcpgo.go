package shapes

import (
	"github.com/mark3labs/mcp-go/server"

	"shapes/dynamic"
	"shapes/entries"
	"shapes/providers"
	"shapes/steps"
	"toolerr"
)

// A map of registrar closures (shape 4), registrar values in a struct
// slice called through a parameter (shape 6), and tools registered later
// on a server kept in a registry's field (shape 7).
func mcpgoServer(enabled []string) *server.MCPServer {
	s := server.NewMCPServer("ops", "1") // want `9 tools are registered on this server without the tool boundary \("argo_promote", "argo_rollouts", "helm_list", and 6 more\)`
	providers.Register(s, enabled, false)
	entries.AddTools(s, true)
	dynamic.RegisterTools(s)
	return s
}

func mcpgoServerWrapped(enabled []string) *server.MCPServer {
	s := server.NewMCPServer("ops", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))
	providers.Register(s, enabled, false)
	entries.AddTools(s, true)
	dynamic.RegisterTools(s)
	return s
}

// Options assembled in steps (shape 8), the boundary among them or left
// to the caller.
func stepsServers() {
	steps.Wrapped(nil)
	steps.FromHelper()
	steps.Removed(nil) // want `steps\.Removed registers tool "apply" \(handler steps\.plan\) without the tool boundary`
	steps.Removed(nil, server.WithToolHandlerMiddleware(toolerr.Boundary))
	steps.CallerWrapped(nil)
}
