// Package toolset keeps tool definitions whose Register field registers
// the tool on the server it is given, in a registry of toolsets.
package toolset

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"shapes/defs"
)

type ToolDefinition struct {
	Tool     mcp.Tool
	Register func(s *mcp.Server)
	Scopes   []string
}

func newToolDef[In, Out any](toolFunc func() (mcp.Tool, mcp.ToolHandlerFor[In, Out], []string)) ToolDefinition {
	tool, handler, scopes := toolFunc()
	return ToolDefinition{
		Tool:     tool,
		Register: func(s *mcp.Server) { mcp.AddTool(s, &tool, handler) },
		Scopes:   scopes,
	}
}

type Toolset struct {
	Name  string
	Tools []ToolDefinition
}

func Builtin() map[string]Toolset {
	return map[string]Toolset{
		"clusters": {Name: "Clusters", Tools: []ToolDefinition{newToolDef(defs.GetCluster), newToolDef(defs.ListClusters)}},
	}
}

type Registry struct{ sets map[string]Toolset }

func NewRegistry() *Registry { return &Registry{sets: map[string]Toolset{}} }

func (r *Registry) Add(sets map[string]Toolset) {
	for k, v := range sets {
		r.sets[k] = v
	}
}

func (r *Registry) Enabled(names []string) []ToolDefinition {
	var out []ToolDefinition
	for _, n := range names {
		out = append(out, r.sets[n].Tools...)
	}
	return out
}
