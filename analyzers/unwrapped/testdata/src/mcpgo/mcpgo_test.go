package mcpgo

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func testServer() *server.MCPServer {
	s := server.NewMCPServer("test", "1")
	s.AddTool(mcp.NewTool("search"), search) // test files draw no findings
	return s
}
