// Package accessors has handlers that read their arguments through the
// project's own helpers, of this package and of another.
package accessors

import (
	"context"
	"errors"
	"os"

	"github.com/mark3labs/mcp-go/mcp"

	"errkit"
	"pathkit"
	"reqkit"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := reqkit.GetToolReqParam[string](req, "query", true)
	if err != nil {
		return nil, errkit.New("The 'query' argument is missing.") // want `when GetToolReqParam of the arguments fails`
	}
	if q == "*" {
		return nil, errkit.New("The 'query' argument cannot be '*'.") // want `where the argument check q == "\*" holds`
	}
	return mcp.NewToolResultText(q), nil
}

func mount(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := reqkit.ExtractMountPath(req.GetArguments())
	if err != nil {
		return nil, errkit.New("The 'mount' argument is not an absolute path.") // want `when ExtractMountPath of the arguments fails`
	}
	// The server's state decides: not the caller's error alone.
	if err := reqkit.KnownMount(m); err != nil {
		return nil, errkit.New("The mount is not available.")
	}
	// Reading the file is an operation: its failure is a fault.
	b, err := os.ReadFile(m)
	if err != nil {
		return nil, errkit.New("Reading failed.")
	}
	return mcp.NewToolResultText(string(b)), nil
}

// pageSize is a local validator: its inputs are the arguments.
func pageSize(args map[string]any) (int, error) {
	n, _ := args["size"].(float64)
	if n < 1 || n > 100 {
		return 0, errors.New("size out of range")
	}
	return int(n), nil
}

func list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := pageSize(req.GetArguments())
	if err != nil {
		return nil, errkit.New("The 'size' argument must be between 1 and 100.") // want `when pageSize of the arguments fails`
	}
	// A helper that never fails validates nothing.
	s, err := reqkit.Echo("x")
	if err != nil {
		return nil, errkit.New("Echo failed.")
	}
	return mcp.NewToolResultText(s + string(rune(n))), nil
}

func volume(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	m, err := pathkit.ExtractMount(req.GetArguments())
	if err != nil {
		return nil, errkit.New("The 'path' argument must be absolute.") // want `when ExtractMount of the arguments fails`
	}
	return mcp.NewToolResultText(m), nil
}

type response struct{ StatusCode int }

func call(ctx context.Context, q string) (*response, error) { return &response{StatusCode: 404}, nil }

func fetchTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := call(ctx, req.GetString("id", ""))
	if err != nil {
		return nil, errkit.New("The lookup failed.")
	}
	if resp.StatusCode == 404 {
		return nil, errkit.New("There is no item with that id.") // want `on the HTTP 404 path`
	}
	if 422 == resp.StatusCode {
		return nil, errkit.New("The item was refused.") // want `on the HTTP 422 path`
	}
	if resp.StatusCode == 500 {
		return nil, errkit.New("The service failed.")
	}
	items := 404
	if items == 404 {
		return nil, errkit.New("Too many items.")
	}
	return mcp.NewToolResultText("ok"), nil
}

type secret struct{ value string }

type vault struct{ m map[string]*secret }

func (v *vault) Read(ctx context.Context, name string) (*secret, error) { return v.m[name], nil }

var theVault = &vault{}

func secretTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	s, err := theVault.Read(ctx, name)
	if err != nil {
		return nil, errkit.New("The vault failed.")
	}
	if s == nil {
		return nil, errkit.New("There is no secret with that name.") // want `where the read of the argument name finds nothing`
	}
	// A read keyed by server state: its nil is not the caller's.
	d, _ := theVault.Read(ctx, "default")
	if d == nil {
		return nil, errkit.New("The default secret is missing.")
	}
	return mcp.NewToolResultText(s.value + d.value), nil
}
