// Package regtools defines the tools regpool registers: each returns its
// tool and its typed handler.
package regtools

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TagIn is tag_note's input.
type TagIn struct {
	Tag string `json:"tag"`
}

// Tag is the tag_note tool.
func Tag() (mcp.Tool, mcp.ToolHandlerFor[TagIn, any]) {
	return mcp.Tool{Name: "tag_note"}, func(ctx context.Context, req *mcp.CallToolRequest, in TagIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	}
}
