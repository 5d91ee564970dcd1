// Package scope declares a tool; code no tool reaches is reported only
// with -emptyonfail.all-functions.
package scope

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := load("/notes")
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

func load(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil // want `failure of os.ReadFile returns nil with a nil error`
	}
	return b, nil
}

// Unreached is called by no tool.
func Unreached(path string) ([]byte, error) { // want Unreached:"emptyonfail\\(returns nil on the failure of os\\.ReadFile at scope\\.go:32\\)"
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil
	}
	return b, nil
}

func main() {
	if _, err := os.Stat("/"); err != nil {
		return
	}
}
