// Package ifacetools registers each tool in a function of its own, on the
// server a srvapi interface returns: one finding for the tools on
// Server's, none for those on Wrapped's.
package ifacetools

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"shapes/srvapi"
)

func handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

// RegisterRead registers read_note.
func RegisterRead(s srvapi.Server) {
	srv := s.MCP()
	srv.AddTool(mcp.NewTool("read_note"), handle) // want `2 tools are registered on the server \(srvapi.Server\).MCP returns, built without the tool boundary \("read_note", "write_note"\); install the boundary where it is built`
}

// RegisterWrite registers write_note.
func RegisterWrite(s srvapi.Server) {
	s.MCP().AddTool(mcp.NewTool("write_note"), handle)
}

// RegisterWrapped registers tag_note on a server with the boundary.
func RegisterWrapped(w srvapi.Wrapped) {
	w.MCP().AddTool(mcp.NewTool("tag_note"), handle)
}
