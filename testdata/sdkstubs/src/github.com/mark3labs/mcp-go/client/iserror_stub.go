// Package client is a stub of github.com/mark3labs/mcp-go/client v1.2.1
// with the real signatures of what toolcheck's analyzers look at.
package client

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
)

type Client struct{}

func NewStdioMCPClient(command string, env []string, args ...string) (*Client, error) {
	return &Client{}, nil
}

func (c *Client) CallTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}
