// Package inv is an inventory of tools whose handlers are built from
// dependencies when they are registered, with middleware the caller hands
// in applied around each.
package inv

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type HandlerFunc func(deps any) mcp.ToolHandler

type Middleware func(mcp.ToolHandler) mcp.ToolHandler

type ServerTool struct {
	Tool        mcp.Tool
	HandlerFunc HandlerFunc
}

func NewServerTool(t mcp.Tool, h mcp.ToolHandler) ServerTool {
	return ServerTool{Tool: t, HandlerFunc: func(any) mcp.ToolHandler { return h }}
}

func NewTypedTool[In, Out any](t mcp.Tool, h mcp.ToolHandlerFor[In, Out]) ServerTool {
	return ServerTool{Tool: t, HandlerFunc: func(deps any) mcp.ToolHandler {
		return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var in In
			res, _, err := h(ctx, req, in)
			return res, err
		}
	}}
}

func (st *ServerTool) Handler(deps any) mcp.ToolHandler { return st.HandlerFunc(deps) }

func (st *ServerTool) Register(s *mcp.Server, deps any, mw ...Middleware) {
	h := st.Handler(deps)
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	t := st.Tool
	s.AddTool(&t, h)
}

type Builder struct{ tools []ServerTool }

func NewBuilder() *Builder { return &Builder{} }

func (b *Builder) SetTools(tools []ServerTool) *Builder {
	b.tools = tools
	return b
}

func (b *Builder) Build() *Inventory { return &Inventory{tools: b.tools} }

type Inventory struct{ tools []ServerTool }

func (inv *Inventory) RegisterAll(s *mcp.Server, deps any, mw ...Middleware) {
	for i := range inv.tools {
		tool := &inv.tools[i]
		tool.Register(s, deps, mw...)
	}
}
