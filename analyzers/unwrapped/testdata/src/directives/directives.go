package directives

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func f() {
	s := server.NewMCPServer("d", "1") // want `2 tools are registered on this server without the tool boundary \("c", "d"\)`
	//toolcheck:ignore unwrapped the debug server is never exposed to a model
	s.AddTool(mcp.NewTool("a"), search)
	s.AddTool(mcp.NewTool("b"), search) //toolcheck:ignore unwrapped wrapped by the gateway in front of this server
	/* want `malformed toolcheck:ignore directive has no reason` */ //toolcheck:ignore unwrapped
	s.AddTool(mcp.NewTool("c"), search)
	/* want `toolcheck:ignore directive suppresses no unwrapped finding: remove it` */ //toolcheck:ignore unwrapped nothing here to suppress
	_ = s
	/* want `malformed toolcheck:ignore directive names unknown analyzer "wrapped"` */ //toolcheck:ignore wrapped a typo in the analyzer name
	s.AddTool(mcp.NewTool("d"), search)
}
