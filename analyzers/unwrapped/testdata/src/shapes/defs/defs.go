// Package defs defines tools as factories returning the tool, its typed
// handler and the scopes it needs.
package defs

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type GetArgs struct{ ID string }

func GetCluster() (mcp.Tool, mcp.ToolHandlerFor[GetArgs, any], []string) {
	return mcp.Tool{Name: "get_cluster"}, func(ctx context.Context, req *mcp.CallToolRequest, args GetArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	}, []string{"read_clusters"}
}

func ListClusters() (mcp.Tool, mcp.ToolHandlerFor[GetArgs, any], []string) {
	return mcp.Tool{Name: "list_clusters"}, listClusters, nil
}

func listClusters(ctx context.Context, req *mcp.CallToolRequest, args GetArgs) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}
