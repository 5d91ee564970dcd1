// Package tags is an mcp-go server whose options come from a function:
// -fix cannot install the boundary at its construction, so it converts
// none of its IsError results either (without the boundary, a returned
// error would reach the model as a JSON-RPC internal error instead of
// the text it reads now). Its findings stay for a person.
package tags

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func options() []server.ServerOption {
	return []server.ServerOption{server.WithRecovery()}
}

// New builds the server.
func New() *server.MCPServer {
	s := server.NewMCPServer("tags", "1.0.0", options()...)
	s.AddTool(mcp.NewTool("tag_note", mcp.WithString("tag", mcp.Required())), tag)
	return s
}

func tag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	t, err := req.RequireString("tag")
	if err != nil {
		return mcp.NewToolResultError("The 'tag' argument is missing. Call tag_note with a tag."), nil
	}
	return mcp.NewToolResultText("tagged " + t), nil
}
