// Package adapter keeps tools in a project tool type of its own, converts
// each to the SDK's with an adapter, and registers them through the SDK's
// method value passed to a generic helper (shape 2).
package adapter

import (
	"context"
	"fmt"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool and ServerTool are the project's own tool types.
type Tool struct {
	Name        string
	Description string
}

type ToolHandlerFunc func(ctx context.Context, args map[string]any) (string, error)

type ServerTool struct {
	Tool    Tool
	Handler ToolHandlerFunc
}

type Server struct {
	server  *mcp.Server
	enabled []string
}

func New(tools []ServerTool, mw ...mcp.Middleware) *Server {
	s := &Server{server: mcp.NewServer(&mcp.Implementation{Name: "k8s"}, nil)}
	s.server.AddReceivingMiddleware(mw...)
	_ = s.apply(tools)
	return s
}

func toSDK(s *Server, tool ServerTool) (*mcp.Tool, mcp.ToolHandler, error) {
	if tool.Tool.Name == "" {
		return nil, nil, fmt.Errorf("tool without a name")
	}
	t := &mcp.Tool{Name: tool.Tool.Name, Description: tool.Tool.Description}
	h := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := tool.Handler(ctx, nil)
		if err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out}}}, nil
	}
	return t, h, nil
}

type converted[M, H any] struct {
	name    string
	item    M
	handler H
}

func convertItems[T, M, H any](items []T, name func(T) string, convert func(T) (M, H, error)) ([]converted[M, H], error) {
	out := make([]converted[M, H], 0, len(items))
	for _, it := range items {
		m, h, err := convert(it)
		if err != nil {
			return nil, fmt.Errorf("converting %s: %w", name(it), err)
		}
		out = append(out, converted[M, H]{name: name(it), item: m, handler: h})
	}
	return out, nil
}

func commitItems[M, H any](previous []string, items []converted[M, H], remove func(...string), add func(M, H)) []string {
	var enabled, stale []string
	for _, c := range items {
		enabled = append(enabled, c.name)
	}
	for _, old := range previous {
		if !slices.Contains(enabled, old) {
			stale = append(stale, old)
		}
	}
	remove(stale...)
	for _, c := range items {
		add(c.item, c.handler)
	}
	return enabled
}

func (s *Server) apply(tools []ServerTool) error {
	conv, err := convertItems(tools,
		func(t ServerTool) string { return t.Tool.Name },
		func(t ServerTool) (*mcp.Tool, mcp.ToolHandler, error) { return toSDK(s, t) })
	if err != nil {
		return err
	}
	s.enabled = commitItems(s.enabled, conv, s.server.RemoveTools, s.server.AddTool)
	return nil
}
