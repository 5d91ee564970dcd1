// Package toolkit declares tools and exports helpers that other tool
// packages call.
package toolkit

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

// Read swallows a failure and is reached by this package's tool: reported
// here, so its callers in other packages are not reported again.
func Read(path string) (string, error) { // want Read:`emptyonfail\(returns "" on the failure of os.ReadFile at toolkit.go:\d+, reported\)`
	b, err := os.ReadFile(path)
	if err != nil {
		return "", nil // want `failure of os.ReadFile returns "" with a nil error`
	}
	return string(b), nil
}

// Stat swallows a failure but no tool of this package reaches it: its
// callers in tool code are reported.
func Stat(path string) (*os.FileInfo, error) { // want Stat:`emptyonfail\(returns nil on the failure of os.Stat at toolkit.go:\d+\)`
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil
	}
	return &fi, nil
}

func readTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := Read(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}
