package shapes

import (
	"context"

	"shapes/adapter"
)

func pods(ctx context.Context, args map[string]any) (string, error) { return "[]", nil }

var k8sTools = []adapter.ServerTool{{Tool: adapter.Tool{Name: "pods_list"}, Handler: pods}}

// The project's adapter registers through the SDK's method value (shape 2).
func adapterServer() *adapter.Server {
	return adapter.New(k8sTools) // want `adapter\.New registers a tool with handler \(a function literal in adapter\.toSDK\) without the tool boundary; install the boundary where the server is built`
}

func adapterServerWrapped() *adapter.Server {
	return adapter.New(k8sTools, ReceivingBoundary())
}
