// Command clientapp is an MCP client: it declares no tools, and the results
// it builds for its own agent loop are not tool outcomes.
package main

import (
	"context"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

func call(ctx context.Context, c *client.Client, name string) *mcp.CallToolResult {
	req := mcp.CallToolRequest{}
	req.Params.Name = name
	res, err := c.CallTool(ctx, req)
	if err != nil {
		return mcp.NewToolResultError("the server did not answer")
	}
	if res.IsError {
		return res
	}
	return res
}

// synth has no client in sight, but the package is a client.
func synth(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{mcp.NewTextContent(msg)}}
}

func main() {
	c, err := client.NewStdioMCPClient("server", nil)
	if err != nil {
		_ = synth(err.Error())
		return
	}
	_ = call(context.Background(), c, "read")
}
