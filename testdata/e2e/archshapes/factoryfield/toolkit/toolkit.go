// Package toolkit is the tool plumbing of the pods server: a tool whose
// handler is built from the server's dependencies when it is registered.
package toolkit

import (
	"context"
	"log/slog"
	"sort"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Cluster is the in-memory view of the cluster the tools read.
type Cluster struct {
	pods map[string][]string // namespace -> pod names
	logs map[string]string   // namespace/pod -> last log lines
}

// NewCluster returns a cluster with a couple of namespaces.
func NewCluster() *Cluster {
	return &Cluster{
		pods: map[string][]string{
			"default": {"web-7d9f", "worker-2b1c"},
			"billing": {"invoicer-55aa"},
		},
		logs: map[string]string{
			"default/web-7d9f": "GET /healthz 200",
		},
	}
}

// Pods lists a namespace's pods, sorted; ok is false for an unknown namespace.
func (c *Cluster) Pods(namespace string) (pods []string, ok bool) {
	p, ok := c.pods[namespace]
	if !ok {
		return nil, false
	}
	out := append([]string(nil), p...)
	sort.Strings(out)
	return out, true
}

// Logs returns a pod's last log lines; ok is false for an unknown pod.
func (c *Cluster) Logs(namespace, pod string) (string, bool) {
	l, ok := c.logs[namespace+"/"+pod]
	return l, ok
}

// Deps is what every tool handler is given.
type Deps struct {
	Cluster *Cluster
	Logger  *slog.Logger
}

// HandlerFunc is a tool handler that is given the server's dependencies.
type HandlerFunc func(ctx context.Context, deps Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)

// Middleware wraps a tool handler.
type Middleware = func(mcp.ToolHandler) mcp.ToolHandler

// ServerTool is a tool and the factory of its handler.
type ServerTool struct {
	Tool        mcp.Tool
	HandlerFunc func(deps Deps) mcp.ToolHandler
}

// NewServerTool pairs a tool with a handler that needs the dependencies.
func NewServerTool(tool mcp.Tool, h HandlerFunc) ServerTool {
	return ServerTool{
		Tool: tool,
		HandlerFunc: func(deps Deps) mcp.ToolHandler {
			return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return h(ctx, deps, req)
			}
		},
	}
}

// Register builds the tool's handler and adds it to s, wrapped in mw; the
// first middleware is the outermost.
func (st ServerTool) Register(s *mcp.Server, deps Deps, mw ...func(mcp.ToolHandler) mcp.ToolHandler) {
	h := st.HandlerFunc(deps)
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	s.AddTool(&st.Tool, h)
}

// LogCalls logs every tool call at DEBUG. It is not a boundary: errors go
// through unchanged.
func LogCalls(logger *slog.Logger) Middleware {
	return func(next mcp.ToolHandler) mcp.ToolHandler {
		return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			logger.DebugContext(ctx, "tool_call", "tool", req.Params.Name)
			return next(ctx, req)
		}
	}
}
