// Package loopsoff: without -emptyonfail.loops, a skipped failure in a
// loop is not reported.
package loopsoff

import (
	"context"
	"fmt"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

func readAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var texts []string
	for _, p := range []string{"a", "b"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		texts = append(texts, string(b))
	}
	return mcp.NewToolResultText(fmt.Sprint(texts)), nil
}
