package gosdk

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolerr"
)

type In struct{ Query string }
type Out struct{ Hits []string }

func search(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	return nil, Out{}, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

func plain() {
	s := mcp.NewServer(&mcp.Implementation{Name: "n", Version: "1"}, nil) // want `2 tools are registered on this server without the tool boundary \("search", "raw"\)`
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, search)
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
	mcp.AddTool(s, &mcp.Tool{Name: "wrapped"}, toolerr.TypedBoundary(search)) // wrapped
}

func receiving() {
	s := mcp.NewServer(&mcp.Implementation{Name: "n", Version: "1"}, nil)
	s.AddReceivingMiddleware(toolerr.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, search)
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
}

// A constructor that installs the boundary: servers it returns are equipped.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "n", Version: "1"}, nil)
	s.AddReceivingMiddleware(toolerr.ReceivingBoundary())
	return s
}

func viaConstructor() {
	s := NewServer()
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, search)
}

// A sending middleware is not a boundary for tool calls.
func sending() {
	s := mcp.NewServer(&mcp.Implementation{Name: "n", Version: "1"}, nil) // want `tool "search" \(handler gosdk\.search\) is registered on this server without the tool boundary`
	s.AddSendingMiddleware(toolerr.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, search)
}
