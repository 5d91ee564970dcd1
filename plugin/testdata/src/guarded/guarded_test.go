package guarded

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Reported because the settings say tests: true.
func TestSearch(t *testing.T) {
	s := server.NewMCPServer("test", "1.0.0") // want `tool "search" \(handler guarded.search\) is registered on this server without the tool boundary`
	s.AddTool(mcp.NewTool("search"), search)
}
