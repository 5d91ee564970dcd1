package mcp

import "context"

// The client side of the go-sdk v1.8.0, with the real signatures.

type Client struct{ impl *Implementation }

type ClientOptions struct{}

func NewClient(impl *Implementation, options *ClientOptions) *Client { return &Client{impl: impl} }

type ClientSessionOptions struct{}

type ClientSession struct{}

func (c *Client) Connect(ctx context.Context, t Transport, opts *ClientSessionOptions) (cs *ClientSession, err error) {
	return &ClientSession{}, nil
}

type CallToolParams struct {
	Meta      `json:"_meta,omitempty"`
	Name      string `json:"name"`
	Arguments any    `json:"arguments,omitempty"`
}

func (*CallToolParams) isParams() {}

func (cs *ClientSession) CallTool(ctx context.Context, params *CallToolParams) (*CallToolResult, error) {
	return &CallToolResult{}, nil
}
