// Package registry turns the deployer's configured provider names into
// registered tools.
package registry

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/providers/argo"
	"example.com/notes/archshapes/providers/helm"
)

// Enable registers the tools of each named provider on s; unknown names
// are skipped.
func Enable(s *server.MCPServer, names []string, readOnly bool) []string {
	providers := map[string]func(*server.MCPServer){
		"argo": func(s *server.MCPServer) { argo.RegisterTools(s, readOnly) },
		"helm": func(s *server.MCPServer) { helm.RegisterTools(s) },
	}
	var skipped []string
	for _, name := range names {
		if reg, ok := providers[name]; ok {
			reg(s)
		} else {
			skipped = append(skipped, name)
		}
	}
	return skipped
}
