package iserrordemo

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Probe is client code: it calls another server and hands the outcome to
// its own caller. Building an IsError result here is not a tool outcome.
func Probe(ctx context.Context, t mcp.Transport) *mcp.CallToolResult {
	c := mcp.NewClient(&mcp.Implementation{Name: "probe", Version: "1.0.0"}, nil)
	cs, err := c.Connect(ctx, t, nil)
	if err != nil {
		r := &mcp.CallToolResult{}
		r.SetError(err)
		return r
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ping"})
	if err != nil {
		return &mcp.CallToolResult{IsError: true}
	}
	return &mcp.CallToolResult{Content: res.Content, IsError: res.IsError}
}
