// Package regpool keeps its tools as definitions that register themselves
// on the server they are given, built by a generic helper and kept in a
// map of toolsets.
package regpool

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
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

type searchIn struct {
	Query string `json:"query"`
}

func search() (mcp.Tool, mcp.ToolHandlerFor[searchIn, any]) {
	return mcp.Tool{Name: "search_notes"}, func(ctx context.Context, req *mcp.CallToolRequest, in searchIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	}
}

func newDef[In, Out any](f func() (mcp.Tool, mcp.ToolHandlerFor[In, Out])) ToolDef {
	tool, handler := f()
	return ToolDef{Tool: tool, Register: func(s *mcp.Server) { mcp.AddTool(s, &tool, handler) }}
}

// Builtin returns the toolsets.
func Builtin() map[string]Toolset {
	return map[string]Toolset{"notes": {Name: "Notes", Tools: []ToolDef{newDef(search)}}}
}
