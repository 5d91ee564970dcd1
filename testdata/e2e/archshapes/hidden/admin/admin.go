// Package admin is the item server's administration tool, which registers
// itself through an exported interface over an unexported type.
package admin

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/hidden/tools"
)

// Installer adds its tools to a server.
type Installer interface {
	Install(s *server.MCPServer)
}

// New returns the administration tools over st.
func New(st *tools.Store) Installer { return &purge{st: st} }

type purge struct{ st *tools.Store }

func (p *purge) Install(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("purge_items",
		mcp.WithDescription("Delete every item."),
		mcp.WithDestructiveHintAnnotation(true),
	), p.handle)
}

func (p *purge) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	clear(p.st.Items)
	return mcp.NewToolResultText("All items are deleted."), nil
}
