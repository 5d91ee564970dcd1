// Package inventory lists the pods server's tools.
package inventory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/factoryfield/toolkit"
)

type podArgs struct {
	Namespace string `json:"namespace"`
	Pod       string `json:"pod"`
}

func objectSchema(props ...string) map[string]any {
	p := map[string]any{}
	for _, name := range props {
		p[name] = map[string]any{"type": "string"}
	}
	return map[string]any{"type": "object", "properties": p, "required": props}
}

func decode(req *mcp.CallToolRequest) (podArgs, error) {
	var a podArgs
	if len(req.Params.Arguments) == 0 {
		return a, nil
	}
	if json.Unmarshal(req.Params.Arguments, &a) != nil {
		return a, errors.New("the arguments must be a JSON object with string fields 'namespace' and 'pod'")
	}
	return a, nil
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// AllTools is every tool of the pods server.
func AllTools() []toolkit.ServerTool {
	return []toolkit.ServerTool{
		toolkit.NewServerTool(mcp.Tool{Name: "list_pods", Description: "List the pods of a namespace.", InputSchema: objectSchema("namespace")}, listPods),
		toolkit.NewServerTool(mcp.Tool{Name: "pod_logs", Description: "Show a pod's last log lines.", InputSchema: objectSchema("namespace", "pod")}, podLogs),
		toolkit.NewServerTool(mcp.Tool{Name: "count_pods", Description: "Count the pods of a namespace.", InputSchema: objectSchema("namespace")}, countPods),
	}
}

// RegisterAll registers every tool on s, each wrapped in mw.
func RegisterAll(s *mcp.Server, deps toolkit.Deps, mw ...func(mcp.ToolHandler) mcp.ToolHandler) {
	for _, st := range AllTools() {
		st.Register(s, deps, mw...)
	}
}

func listPods(ctx context.Context, deps toolkit.Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err
	}
	pods, ok := deps.Cluster.Pods(a.Namespace)
	if !ok {
		return nil, fmt.Errorf("no namespace '%s'; the namespaces are 'default' and 'billing'", a.Namespace)
	}
	if len(pods) == 0 {
		return text("No pods in " + a.Namespace + "."), nil
	}
	return text(strings.Join(pods, "\n")), nil
}

func podLogs(ctx context.Context, deps toolkit.Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err
	}
	logs, ok := deps.Cluster.Logs(a.Namespace, a.Pod)
	if !ok {
		return nil, fmt.Errorf("no logs for pod '%s' in '%s'; find the pod with list_pods", a.Pod, a.Namespace)
	}
	return text(logs), nil
}

func countPods(ctx context.Context, deps toolkit.Deps, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := decode(req)
	if err != nil {
		return nil, err
	}
	pods, ok := deps.Cluster.Pods(a.Namespace)
	if !ok {
		return nil, fmt.Errorf("no namespace '%s'; the namespaces are 'default' and 'billing'", a.Namespace)
	}
	return text(fmt.Sprintf("%d pods", len(pods))), nil
}
