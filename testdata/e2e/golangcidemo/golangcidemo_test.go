package golangcidemo

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A finding here only with tests: true (the -tests flag).
func TestSearch(t *testing.T) {
	s := server.NewMCPServer("test", "1.0.0")
	s.AddTool(mcp.NewTool("search"), search)
}
