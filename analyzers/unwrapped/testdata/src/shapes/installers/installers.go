// Package installers installs the tools of several areas on the server it
// is given, through a slice of installer functions (shape 3), and keeps a
// table of registrar closures in package-level map values (shape 5).
package installers

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type installer func(ctx context.Context, s *mcp.Server, region string)

func Install(ctx context.Context, s *mcp.Server, region string) {
	for _, install := range []installer{installClusters, installTraces} {
		install(ctx, s, region)
	}
}

func installClusters(ctx context.Context, s *mcp.Server, region string) {
	s.AddTool(&mcp.Tool{Name: "list_clusters"}, listClusters)
}

func installTraces(ctx context.Context, s *mcp.Server, region string) {
	s.AddTool(&mcp.Tool{Name: "get_trace"}, getTrace)
}

func listClusters(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

func getTrace(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type Container struct{}

func (c *Container) Query(ctx context.Context, req *mcp.CallToolRequest, in struct{ Q string }) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

type toolRegistration struct {
	register func(s *mcp.Server, c *Container)
	readOnly bool
}

var toolset = map[string]toolRegistration{
	"query": {register: func(s *mcp.Server, c *Container) {
		mcp.AddTool(s, &mcp.Tool{Name: "run_query"}, c.Query)
	}, readOnly: true},
}

func RegisterToolset(s *mcp.Server, c *Container, readOnly bool) {
	for _, t := range toolset {
		if readOnly && !t.readOnly {
			continue
		}
		t.register(s, c)
	}
}
