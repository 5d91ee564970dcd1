// Package regpool keeps its tools as definitions that register themselves
// on the server they are given, built by a generic helper and kept in a
// map of toolsets.
package regpool

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"regtools"
)

// ToolDef is one tool and how to register it.
type ToolDef struct {
	Tool     mcp.Tool
	Register func(s *mcp.Server)
}

// Toolset is a named group of tools.
type Toolset struct {
	Name  string
	Tools []ToolDef
}

func newDef[In, Out any](f func() (mcp.Tool, mcp.ToolHandlerFor[In, Out])) ToolDef {
	tool, handler := f()
	return ToolDef{Tool: tool, Register: func(s *mcp.Server) { mcp.AddTool(s, &tool, handler) }}
}

// Builtin returns the toolsets.
func Builtin() map[string]Toolset {
	return map[string]Toolset{"notes": {Name: "Notes", Tools: []ToolDef{newDef(regtools.Tag)}}}
}

// Registry keeps toolsets by name, and hands out the enabled tools.
type Registry struct{ sets map[string]Toolset }

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{sets: map[string]Toolset{}} }

// Add keeps the toolsets.
func (r *Registry) Add(sets map[string]Toolset) {
	for name, ts := range sets {
		r.sets[name] = ts
	}
}

// Enabled returns the tools of the named toolsets.
func (r *Registry) Enabled(names []string) []ToolDef {
	var out []ToolDef
	for _, n := range names {
		out = append(out, r.sets[n].Tools...)
	}
	return out
}
