package mcpgo

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// Test files draw nothing.
func TestFake(t *testing.T) {
	res := mcp.NewToolResultError("x")
	res.IsError = true
	if !res.IsError {
		t.Fatal("not an error")
	}
}
