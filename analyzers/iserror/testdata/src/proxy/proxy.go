// Package proxy is a go-sdk server whose tools call another server: the
// tools are tool code, the function that only talks to the client is not.
package proxy

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Proxy struct{ upstream *mcp.ClientSession }

func (p *Proxy) Register(s *mcp.Server) {
	s.AddTool(&mcp.Tool{Name: "forward"}, p.forward)
}

func (p *Proxy) forward(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := p.upstream.CallTool(ctx, &mcp.CallToolParams{Name: req.Params.Name})
	if err != nil {
		return &mcp.CallToolResult{IsError: true}, nil // want `mcp.CallToolResult literal with IsError: true builds`
	}
	// Forwarding the upstream's own outcome: a copy, not a construction.
	return &mcp.CallToolResult{Content: res.Content, IsError: res.IsError}, nil
}

// probe is client code no tool reaches: it checks the upstream at startup.
func probe(ctx context.Context, cs *mcp.ClientSession) *mcp.CallToolResult {
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ping"})
	if err != nil {
		r := &mcp.CallToolResult{}
		r.SetError(err)
		return r
	}
	return res
}

// Connect builds the upstream session.
func Connect(ctx context.Context) (*Proxy, error) {
	c := mcp.NewClient(&mcp.Implementation{Name: "proxy", Version: "1"}, nil)
	cs, err := c.Connect(ctx, nil, nil)
	if err != nil {
		return nil, err
	}
	_ = probe(ctx, cs)
	return &Proxy{upstream: cs}, nil
}
