// Package mcpgo holds mcp-go tools that build IsError results, and their
// clean twins.
package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"toolerr"
)

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("read"), toolerr.Boundary(read))
	s.AddTool(mcp.NewTool("write"), toolerr.Boundary(write))
	s.AddTool(mcp.NewTool("literal"), toolerr.Boundary(literal))
	s.AddTool(mcp.NewTool("helpers"), toolerr.Boundary(useHelpers))
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError("path is required"), nil // want `mcp.NewToolResultError builds an IsError result outside the tool boundary; return a ToolError \(INFO for a caller error\) and let the boundary render and log it`
	}
	if path == "" {
		return mcp.NewToolResultErrorf("no note at %q", path), nil // want `mcp.NewToolResultErrorf builds an IsError result`
	}
	data, err := load(path)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("read failed", err), nil // want `mcp.NewToolResultErrorFromErr builds an IsError result`
	}
	return mcp.NewToolResultText(data), nil
}

// The clean twin of read: ToolErrors and faults, the boundary renders them.
func readClean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.New("The 'path' argument is missing. Call read with a path.")
	}
	data, err := load(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return mcp.NewToolResultText(data), nil
}

func load(path string) (string, error) { return "", errors.New("not found") }

func write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res := mcp.NewToolResultText("failed")
	if req.GetString("mode", "") == "bad" {
		res.IsError = true // want `res.IsError = true builds an IsError result`
		return res, nil
	}
	ok := mcp.NewToolResultText("ok")
	ok.IsError = false // clean: false
	if ok.IsError {    // clean: reading
		return nil, errors.New("unreachable")
	}
	return ok, nil
}

func literal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := req.RequireString("q")
	if req.GetBool("fail", false) {
		return &mcp.CallToolResult{
			Content: []mcp.Content{mcp.NewTextContent("failed")},
			IsError: true, // want `mcp.CallToolResult literal with IsError: true builds an IsError result`
		}, nil
	}
	if req.GetBool("maybe", false) {
		return &mcp.CallToolResult{IsError: err != nil}, nil // want `mcp.CallToolResult literal with IsError: err != nil builds`
	}
	if req.GetBool("positional", false) {
		return &mcp.CallToolResult{mcp.Result{}, mcp.MultiRoundTripResult{}, nil, nil, nil, true}, nil // want `mcp.CallToolResult literal with IsError: true builds`
	}
	// Clean: IsError false, absent, copied from another result, and a
	// sampling message block (not a tool result).
	up := mcp.NewToolResultText("upstream")
	_ = mcp.NewToolResultContent("call-1", nil, true)
	if req.GetBool("copy", false) {
		return &mcp.CallToolResult{Content: up.Content, IsError: up.IsError}, nil
	}
	return &mcp.CallToolResult{Content: up.Content, IsError: false}, nil
}

// ---- helpers ----

// argOrError returns the argument, or an IsError result as its second value.
func argOrError(req mcp.CallToolRequest, key string) (string, *mcp.CallToolResult) {
	v, err := req.RequireString(key)
	if err != nil {
		return "", mcp.NewToolResultError(key + " is required") // want `mcp.NewToolResultError builds`
	}
	return v, nil
}

// fail returns an IsError result with a nil error.
func fail(msg string) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultError(msg), nil // want `mcp.NewToolResultError builds`
}

// resultOr builds an IsError result when its error is non-nil.
func resultOr(text string, err error) *mcp.CallToolResult {
	if err != nil {
		return mcp.NewToolResultErrorFromErr("failed", err) // want `mcp.NewToolResultErrorFromErr builds`
	}
	return mcp.NewToolResultText(text)
}

// finish hands its error on to resultOr: finish is the helper whose calls
// are reported, not the call inside it.
func finish(text string, err error) *mcp.CallToolResult {
	return resultOr(text, err)
}

// result sets IsError from a boolean argument.
func result(text string, isErr bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(text)}, IsError: isErr} // want `mcp.CallToolResult literal with IsError: isErr builds`
}

// failed sets IsError on a result it built.
func failed(err error) *mcp.CallToolResult {
	res := mcp.NewToolResultText(err.Error())
	res.IsError = true // want `res.IsError = true builds`
	return res
}

// marshalled decides by itself, from a failure of its own: its calls are
// not findings, the construction inside it is.
func marshalled(v any) *mcp.CallToolResult {
	data, err := json.Marshal(v)
	if err != nil {
		return mcp.NewToolResultError("cannot encode") // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(string(data))
}

// text is a clean helper.
func text(s string) *mcp.CallToolResult { return mcp.NewToolResultText(s) }

// validate returns nil or an IsError result.
func validate(q string) *mcp.CallToolResult {
	if q == "" {
		return mcp.NewToolResultError("q is empty") // want `mcp.NewToolResultError builds`
	}
	return nil
}

func useHelpers(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, res := argOrError(req, "q") // want `mcpgo.argOrError returns an IsError result built outside the tool boundary; return a ToolError`
	if res != nil {
		return res, nil
	}
	if r := validate(q); r != nil { // want `mcpgo.validate returns an IsError result`
		return r, nil
	}
	data, err := load(q)
	switch q {
	case "a":
		return fail("bad a") // want `mcpgo.fail returns an IsError result`
	case "b":
		return resultOr(data, err), nil // want `mcpgo.resultOr returns an IsError result built outside the tool boundary when its err argument is non-nil`
	case "c":
		return resultOr(data, nil), nil // clean: never an IsError result
	case "d":
		return finish(data, err), nil // want `mcpgo.finish returns an IsError result built outside the tool boundary when its err argument is non-nil`
	case "e":
		return result(data, true), nil // want `mcpgo.result returns an IsError result built outside the tool boundary when its isErr argument is true`
	case "f":
		return result(data, false), nil // clean
	case "g":
		return failed(err), nil // want `mcpgo.failed returns an IsError result`
	case "h":
		return marshalled(data), nil // clean: the construction inside is reported
	}
	return text(data), nil
}

// closures builds its errors through a closure.
func closures(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	errf := func(format string, args ...any) *mcp.CallToolResult {
		return mcp.NewToolResultErrorf(format, args...) // want `mcp.NewToolResultErrorf builds`
	}
	okf := func(s string) *mcp.CallToolResult { return mcp.NewToolResultText(s) }
	q, err := req.RequireString("q")
	if err != nil {
		return errf("q is required: %v", err), nil // want `closure errf returns an IsError result`
	}
	return okf(q), nil
}

// notCalled is in a tool package but no handler reaches it: the
// construction is still reported.
func notCalled() *mcp.CallToolResult {
	data, err := load("x")
	if err != nil {
		return mcp.NewToolResultError("load failed") // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(data)
}

var _ = readClean
var _ = closures
var _ = notCalled

// recoverErrors renders the errors of the handlers it wraps: the boundary's
// job, done by a wrapper not recognised as a boundary.
func recoverErrors(logf func(string, ...any)) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := next(ctx, req)
			if err != nil {
				logf("tool failed: %v", err)
				return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError turns a wrapped handler's error into an IsError result outside a recognised tool boundary; if this wrapper is your boundary, put Boundary in its name or list it in the boundaries setting`
			}
			return res, nil
		}
	}
}

// ErrorBoundary is the same wrapper recognised as a boundary: silent.
func ErrorBoundary(logf func(string, ...any)) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := next(ctx, req)
			if err != nil {
				logf("tool failed: %v", err)
				return mcp.NewToolResultError(err.Error()), nil
			}
			return res, nil
		}
	}
}

// adapt is an adapter around a typed handler it is given.
func adapt(h func(ctx context.Context, q string) (string, error)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out, err := h(ctx, req.GetString("q", ""))
		if err != nil {
			return &mcp.CallToolResult{IsError: true}, nil // want `mcp.CallToolResult literal with IsError: true turns a wrapped handler's error`
		}
		return mcp.NewToolResultText(out), nil
	}
}

// Service calls a dependency held in a field: its own tool code, not a
// wrapper, so the usual message.
type Service struct {
	fetch func(ctx context.Context, q string) (string, error)
}

func (s *Service) lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := s.fetch(ctx, req.GetString("q", ""))
	if err != nil {
		return mcp.NewToolResultError("lookup failed"), nil // want `mcp.NewToolResultError builds an IsError result outside the tool boundary`
	}
	return mcp.NewToolResultText(out), nil
}

var _ = recoverErrors
var _ = adapt

// reflectTool converts a typed function into a handler by reflection and
// renders its error: a funnel doing the boundary's job.
func reflectTool(fn any) server.ToolHandlerFunc {
	f := reflect.ValueOf(fn)
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		out := f.Call([]reflect.Value{reflect.ValueOf(ctx), reflect.ValueOf(req.GetArguments())})
		err, _ := out[1].Interface().(error)
		if err != nil {
			return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError turns a wrapped handler's error into an IsError result outside a recognised tool boundary`
		}
		return mcp.NewToolResultText(fmt.Sprint(out[0].Interface())), nil
	}
}

// safeHandler is the project's own safety wrapper: a panic in the handler
// it wraps becomes a fixed fault text, the boundary's job.
func safeHandler(next server.ToolHandlerFunc, logf func(string, ...any)) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				logf("ERROR tool panicked: %v", r)
				res, err = mcp.NewToolResultError("internal error; try again later"), nil // want `mcp.NewToolResultError turns a wrapped handler's error into an IsError result outside a recognised tool boundary; if this wrapper is your boundary, put Boundary in its name`
			}
		}()
		return next(ctx, req)
	}
}

// recovering is a tool handler that recovers its own panic: no wrapper,
// its IsError result is tool code's and keeps the ordinary finding.
func recovering(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = mcp.NewToolResultError("internal error") // want `mcp.NewToolResultError builds an IsError result outside the tool boundary`
		}
	}()
	return mcp.NewToolResultText("ok"), nil
}

var _ = safeHandler
var _ = recovering

// allowlist answers a call it rejects instead of calling the handler it
// wraps: a policy's own IsError result, tool code's, with the ordinary
// finding.
func allowlist(allowed map[string]bool) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			org := req.GetString("org", "")
			if org == "" {
				return next(ctx, req)
			}
			if !allowed[org] {
				return mcp.NewToolResultError(fmt.Sprintf("organization %q is not allowed", org)), nil // want `mcp.NewToolResultError builds an IsError result outside the tool boundary`
			}
			return next(ctx, req)
		}
	}
}

var _ = allowlist
