// Package accessors has handlers that read their arguments through the
// project's own helpers, of this package and of another.
package accessors

import (
	"context"
	"errors"
	"os"

	"github.com/mark3labs/mcp-go/mcp"

	"errkit"
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
