// Package tools builds the payment tools, each a handler closure made
// into the project's tool by mcpkit.NewTool.
package tools

import (
	"context"
	"errors"

	"example.com/notes/archshapes/payments/mcpkit"
	"example.com/notes/archshapes/payments/toolsets"
)

// Client is the payment API's client.
type Client struct{ Key string }

func fetchPayment(c *Client) mcpkit.Tool {
	handler := func(ctx context.Context, req mcpkit.Request) (any, error) {
		id, _ := req.Args["payment_id"].(string)
		if id == "" {
			return nil, errors.New("payment_id is required")
		}
		return map[string]string{"id": id, "key": c.Key}, nil
	}
	return mcpkit.NewTool("fetch_payment", "Fetch a payment by its id.", handler)
}

func createRefund(c *Client) mcpkit.Tool {
	return mcpkit.NewTool("create_refund", "Refund a payment.",
		func(ctx context.Context, req mcpkit.Request) (any, error) {
			return map[string]string{"status": "queued"}, nil
		})
}

// NewToolSets returns the server's toolsets.
func NewToolSets(c *Client) *toolsets.Group {
	g := toolsets.NewGroup()
	g.Add(toolsets.New("payments").AddRead(fetchPayment(c)).AddWrite(createRefund(c)))
	return g
}
