// Package pods is a toolset whose constructor returns the interface.
package pods

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"ifaces/xpkg/toolset"
)

type Pods struct{ ns string }

func New(ns string) toolset.Toolset { return &Pods{ns: ns} }

type listIn struct{ Namespace string }

func (p *Pods) list(ctx context.Context, req *mcp.CallToolRequest, in listIn) (*mcp.CallToolResult, any, error) {
	return nil, nil, nil
}

func (p *Pods) RegisterTools(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "pods_list"}, p.list)
}
