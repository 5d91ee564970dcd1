// Package fixes holds the findings that come with a suggested fix, and
// those that do not. Its tools are behind the boundary it declares, so a
// returned error becomes the fixed fault message.
package fixes

import (
	"context"
	"errors"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

type Out struct{ Lines []string }

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile("x")
	if err != nil {
		return mcp.NewToolResultText(""), nil // want `failure of os.ReadFile returns`
	}
	return mcp.NewToolResultText(string(b)), nil
}

func readNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("x"); err != nil {
		return nil, nil // want `failure of os.Stat returns \(nil, nil\)`
	}
	return mcp.NewToolResultText("ok"), nil
}

func typed(ctx context.Context, req *sdk.CallToolRequest, in struct{}) (*sdk.CallToolResult, Out, error) {
	b, err := os.ReadFile("x")
	if err != nil {
		return nil, Out{}, nil // want `failure of os.ReadFile returns nil and fixes.Out\{\}`
	}
	return nil, Out{Lines: []string{string(b)}}, nil
}

func lines() ([]string, error) {
	b, err := os.ReadFile("x")
	if errors.Is(err, os.ErrPermission) {
		return []string{}, nil // want `failure of os.ReadFile returns \[\]string\{\}`
	}
	return []string{string(b)}, nil
}

func sync() error {
	if err := os.MkdirAll("x", 0o755); err != nil {
		return nil // want `failure of os.MkdirAll is swallowed`
	}
	return nil
}

// No fix: the error may be nil on this path.
func either(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile("x")
	if err != nil || len(b) == 0 {
		return mcp.NewToolResultText(""), nil // want `failure of os.ReadFile returns`
	}
	if err := sync(); err != nil {
		return nil, err
	}
	l, err := lines()
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b) + l[0]), nil
}

// No fix: the failed error is shadowed where the function returns.
func shadowed(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile("x")
	if err != nil {
		err := errors.New("other")
		_ = err
		return nil, nil // want `failure of os.ReadFile returns \(nil, nil\)`
	}
	return mcp.NewToolResultText(string(b)), nil
}

// No fix: a bare return.
func bare(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	b, rerr := os.ReadFile("x")
	if rerr != nil {
		return // want `failure of os.ReadFile returns res \(still nil\)`
	}
	return mcp.NewToolResultText(string(b)), nil
}
