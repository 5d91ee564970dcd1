// Package gosdk holds go-sdk tools that build IsError results, and their
// clean twins.
package gosdk

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolerr"
)

type In struct{ Query string }
type Out struct{ Hits []string }

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, toolerr.TypedBoundary(search))
	mcp.AddTool(s, &mcp.Tool{Name: "clean"}, toolerr.TypedBoundary(searchClean))
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
}

func find(q string) ([]string, error) { return nil, errors.New("index unavailable") }

func search(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if in.Query == "" {
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: "query is required"}},
			IsError: true, // want `mcp.CallToolResult literal with IsError: true builds an IsError result outside the tool boundary`
		}, Out{}, nil
	}
	hits, err := find(in.Query)
	if err != nil {
		res := &mcp.CallToolResult{}
		res.SetError(err) // want `\(\*mcp.CallToolResult\).SetError builds an IsError result`
		return res, Out{}, nil
	}
	if len(hits) > 100 {
		return errResult(errors.New("too many hits")), Out{}, nil // want `gosdk.errResult returns an IsError result`
	}
	return nil, Out{Hits: hits}, nil
}

// The clean twin: a ToolError for the caller error, the error for a fault.
func searchClean(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	if in.Query == "" {
		return nil, Out{}, toolerr.New("The 'query' argument is empty. Call search with a query.")
	}
	hits, err := find(in.Query)
	if err != nil {
		return nil, Out{}, err
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, IsError: false}
	if res.IsError {
		return nil, Out{}, errors.New("unreachable")
	}
	return res, Out{Hits: hits}, nil
}

func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "failed"}}}
	if req.Params.Name == "" {
		res.IsError = true // want `res.IsError = true builds`
	}
	return res, nil
}

// errResult builds an IsError result with SetError.
func errResult(err error) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	r.SetError(err) // want `\(\*mcp.CallToolResult\).SetError builds`
	return r
}

// Logging is receiving middleware that reads IsError: clean.
func Logging(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if ctr, ok := res.(*mcp.CallToolResult); ok && ctr.IsError {
			_ = ctr.GetError()
		}
		return res, err
	}
}

// serializable is a receiving middleware that replaces a tool result it
// cannot serialise: the boundary's job, done by the project's wrapper.
func serializable(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if err != nil {
			return res, err
		}
		if tr, ok := res.(*mcp.CallToolResult); ok && !fits(tr) {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "the result could not be sent"}}}, nil // want `mcp.CallToolResult literal with IsError: true turns a wrapped handler's error into an IsError result outside a recognised tool boundary; if this wrapper is your boundary`
		}
		return res, nil
	}
}

func fits(r *mcp.CallToolResult) bool { return len(r.Content) < 100 }

var _ = serializable
