// Package providers registers the tools of the enabled providers through
// a map of registrar closures on the server it is given (shape 4).
package providers

import (
	"github.com/mark3labs/mcp-go/server"

	"shapes/providers/argo"
)

func Register(s *server.MCPServer, enabled []string, readOnly bool) {
	providers := map[string]func(*server.MCPServer){
		"argo": func(s *server.MCPServer) { argo.RegisterTools(s, readOnly) },
		"helm": registerHelm,
	}
	for _, name := range enabled {
		if register, ok := providers[name]; ok {
			register(s)
		}
	}
}
