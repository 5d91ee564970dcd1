// Package forward dispatches each method to a helper whose results the
// handler returns: at once, through variables, or through functions that
// hand a nil or IsError result back untouched. The helpers' sites are
// fixed like the handler's own; where the handler reads the result
// otherwise, they keep their finding without a fix.
package forward

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"convhelp"
	"outcomes"
)

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

var _ = outcomes.New

// labelled reports whether r is a successful result worth a label.
func labelled(ctx context.Context, r *mcp.CallToolResult) bool {
	return r != nil && !r.IsError && ctx.Value("labels") != nil
}

// label marks a successful result, and hands any other back untouched.
func label(ctx context.Context, r *mcp.CallToolResult) *mcp.CallToolResult {
	if !labelled(ctx, r) {
		return r
	}
	r.Meta = &mcp.Meta{}
	return r
}

// stamp marks every result: a nil one would panic, so no fix through it.
func stamp(r *mcp.CallToolResult) *mcp.CallToolResult {
	r.Meta = &mcp.Meta{}
	return r
}

func list(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty. Give a search text."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(q), nil
}

func get(ctx context.Context, name string) (*mcp.CallToolResult, bool, error) {
	b, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.NewToolResultError("No note named " + name + "."), false, nil // want `mcp.NewToolResultError builds`
	}
	if err != nil {
		return mcp.NewToolResultErrorFromErr("failed to read the note", err), false, nil // want `mcp.NewToolResultErrorFromErr builds`
	}
	return mcp.NewToolResultText(string(b)), len(b) > 0, nil
}

func remove(ctx context.Context, name string) (*mcp.CallToolResult, error) {
	err := os.Remove(name)
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.NewToolResultError("No note named " + name + "."), nil // want `mcp.NewToolResultError builds`
	}
	if err != nil {
		return mcp.NewToolResultErrorFromErr("failed to remove the note", err), nil // want `mcp.NewToolResultErrorFromErr builds`
	}
	return mcp.NewToolResultText("removed"), nil
}

func count(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("1"), nil
}

func tally(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; no tally."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("1"), nil
}

// labeler returns a function that labels a successful result and hands
// any other back untouched.
func labeler(ctx context.Context) func(*mcp.CallToolResult) *mcp.CallToolResult {
	return func(r *mcp.CallToolResult) *mcp.CallToolResult {
		if r == nil || r.IsError {
			return r
		}
		r.Meta = &mcp.Meta{}
		return r
	}
}

func purge(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; nothing to purge."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("purged"), nil
}

func find(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; nothing to find."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("found"), nil
}

func notes(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("q", "")
	attach := func(r *mcp.CallToolResult) *mcp.CallToolResult {
		return label(ctx, r)
	}
	tagged := labeler(ctx)
	switch req.GetString("method", "") {
	case "purge":
		// two calls of one helper from one handler
		return purge(ctx, q)
	case "purge_all":
		return purge(ctx, q+"*")
	case "find":
		// through the function a factory returns
		result, err := find(ctx, q)
		return tagged(result), err
	case "list":
		// through variables the return alone reads
		result, err := list(ctx, q)
		return result, err
	case "get":
		// the flag read in between, the result replaced by a labelled one
		result, full, err := get(ctx, q)
		if full && labelled(ctx, result) {
			result = label(ctx, result)
		}
		return result, err
	case "remove":
		// through a local function that passes the result on
		result, err := remove(ctx, q)
		return attach(result), err
	case "count":
		// the result read before it is returned: no fix
		result, err := count(ctx, q)
		if result.IsError {
			return mcp.NewToolResultText(strings.ToUpper(q)), nil
		}
		return result, err
	case "tally":
		// through a function that touches every result: no fix
		result, err := tally(ctx, q)
		return stamp(result), err
	}
	return mcp.NewToolResultText("ok"), nil
}

// tag checks each label the caller sent, whatever its shape: a check of
// a value of the arguments is a caller error.
func tag(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	raw, ok := req.GetArguments()["labels"].([]any)
	if !ok {
		strs, _ := req.GetArguments()["labels"].([]string)
		raw = make([]any, len(strs))
		for i, s := range strs {
			raw[i] = s
		}
	}
	for _, item := range raw {
		switch v := item.(type) {
		case string:
			if len(v) > 20 {
				return mcp.NewToolResultError("Each label must be 20 characters or less."), nil // want `mcp.NewToolResultError builds`
			}
		case map[string]any:
			if v["name"] == nil {
				return mcp.NewToolResultError("Each label object needs a 'name'."), nil // want `mcp.NewToolResultError builds`
			}
		}
	}
	return mcp.NewToolResultText("tagged"), nil
}

// upstream calls the project's helpers that record a failure for the
// middleware: the one whose record its package offers alone (a twin) is
// converted, the record kept; the other keeps its finding.
func upstream(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	err := os.Remove(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return convhelp.UpstreamError(ctx, "failed to remove the note", 502, err), nil // want `convhelp.UpstreamError returns an IsError result`
	}
	if err := os.Chmod(name, 0o600); err != nil {
		return convhelp.QuotaError(ctx, "failed to protect the note", 429, err), nil // want `convhelp.QuotaError returns an IsError result`
	}
	if err := os.Truncate(name, 0); err != nil {
		// the call's arguments would run twice: no fix
		return convhelp.UpstreamError(ctx, next(), 502, err), nil // want `convhelp.UpstreamError returns an IsError result`
	}
	if err := os.Truncate(name, 1); err != nil {
		return convhelp.RepoError(ctx, "notes", "failed to truncate the note", err), nil // want `convhelp.RepoError returns an IsError result`
	}
	if err := os.Truncate(name, 2); err != nil {
		return convhelp.CountedError(ctx, "failed to truncate the note", err), nil // want `convhelp.CountedError returns an IsError result`
	}
	return mcp.NewToolResultText("done"), nil
}

// A handler of the project's own shape, which addTool adapts.
type handlerFunc func(ctx context.Context, deps *Deps, req mcp.CallToolRequest) (*mcp.CallToolResult, error)

// Deps are what the project's handlers need.
type Deps struct{}

func addTool(s *server.MCPServer, name string, h handlerFunc) {
	s.AddTool(mcp.NewTool(name), Boundary(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, &Deps{}, req)
	}))
}

func archive(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; nothing to archive."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("archived"), nil
}

var calls int

func next() string {
	calls++
	return fmt.Sprint("call ", calls)
}

// okFirst reads r before testing it for nil: after a fix r is nil, so a
// result tested by it keeps its finding.
func okFirst(r *mcp.CallToolResult) bool {
	return !r.IsError && r != nil
}

func peek(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; nothing to peek at."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("peeked"), nil
}

func audit(r **mcp.CallToolResult) {}

func watched(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("The 'q' argument is empty; nothing to watch."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("watched"), nil
}

// audited keeps its result in a named result a deferred call reads: no
// fix of watched.
func audited(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer audit(&res)
	res, err = watched(ctx, req.GetString("q", ""))
	return res, err
}

func peeking(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	result, err := peek(ctx, req.GetString("q", ""))
	if okFirst(result) {
		result = label(ctx, result)
	}
	return result, err
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("audited"), Boundary(audited))
	s.AddTool(mcp.NewTool("peeking"), Boundary(peeking))
	// two calls of one helper from a handler of the project's shape
	addTool(s, "archive", func(ctx context.Context, deps *Deps, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		q := req.GetString("q", "")
		if req.GetBool("all", false) {
			return archive(ctx, q+"/*")
		}
		return archive(ctx, q)
	})
	s.AddTool(mcp.NewTool("upstream"), Boundary(upstream))
	s.AddTool(mcp.NewTool("notes"), Boundary(notes))
	s.AddTool(mcp.NewTool("tag"), Boundary(tag))
}
