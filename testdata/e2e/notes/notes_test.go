package notes

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Test files draw no findings.
func TestRead(t *testing.T) {
	s := server.NewMCPServer("test", "1")
	s.AddTool(mcp.NewTool("read_note"), (&Notes{}).read)
}
