// Package pay builds the tools, each a handler closure made into the
// project's tool record by its constructor.
package pay

import (
	"context"

	"ifaces/sdkwrap/mcpw"
	"ifaces/sdkwrap/toolsets"
)

type Client struct{ key string }

func FetchPayment(c *Client) mcpw.Tool {
	h := func(ctx context.Context, req mcpw.CallToolRequest) (*mcpw.ToolResult, error) {
		return &mcpw.ToolResult{Text: c.key}, nil
	}
	return mcpw.NewTool("fetch_payment", "Fetch a payment by its id.", h)
}

func CreateOrder(c *Client) mcpw.Tool {
	return mcpw.NewTool("create_order", "Create an order.", func(ctx context.Context, req mcpw.CallToolRequest) (*mcpw.ToolResult, error) {
		return &mcpw.ToolResult{Text: "created"}, nil
	})
}

func NewToolSets(c *Client, readOnly bool) *toolsets.Group {
	g := toolsets.NewGroup()
	payments := toolsets.New("payments", readOnly).
		AddReadTools(FetchPayment(c)).
		AddWriteTools(CreateOrder(c))
	g.Add(payments)
	return g
}
