// Package gonotes is a go-sdk notes server whose tools take the project's
// own handler shape and build error results with the project's helpers.
package gonotes

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/migrate/utils"
)

type handler func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error)

// tool adapts the project's handler shape to the SDK's.
func tool(h handler) mcp.ToolHandlerFor[map[string]any, any] {
	return func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
		return h(ctx, req, args)
	}
}

// Register adds the tools to s.
func Register(s *mcp.Server, root string) {
	mcp.AddTool(s, &mcp.Tool{Name: "count_lines"}, tool(func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
		path, err := utils.RequiredString(args, "path")
		if err != nil {
			return utils.ErrorResult(err.Error()), nil, nil
		}
		limit, err := strconv.Atoi(fmt.Sprint(args["limit"]))
		if err != nil {
			return utils.ErrorResult(fmt.Sprintf("The 'limit' argument is not a number: %v", err)), nil, nil
		}
		data, err := os.ReadFile(root + "/" + path)
		if errors.Is(err, fs.ErrNotExist) {
			return utils.ErrorResult("No note at '" + path + "'. List the notes to find one."), nil, nil
		}
		if err != nil {
			return utils.ErrorResultFromErr("failed to read the note", err), nil, nil
		}
		if len(data) > limit {
			return utils.ErrorResult("The note is longer than the limit."), nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}}, nil, nil
	}))
	mcp.AddTool(s, &mcp.Tool{Name: "notes"}, tool(func(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
		path, _ := args["path"].(string)
		result, err := statNote(ctx, root, path)
		return label(result), nil, err
	}))
}

// label marks a successful result, and hands any other back untouched.
func label(r *mcp.CallToolResult) *mcp.CallToolResult {
	if r == nil || r.IsError {
		return r
	}
	r.Meta = mcp.Meta{"source": "notes"}
	return r
}

// statNote is the stat method of the notes tool.
func statNote(ctx context.Context, root, path string) (*mcp.CallToolResult, error) {
	if path == "" {
		return utils.ErrorResult("The 'path' argument is empty. Give a note's path."), nil
	}
	info, err := os.Stat(root + "/" + path)
	if os.IsNotExist(err) {
		return utils.ErrorResult("No note at '" + path + "'. List the notes to find one."), nil
	}
	if err != nil {
		return utils.APIErrorResponse(ctx, "failed to stat the note", 500, err), nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(info.Size())}}}, nil
}

// NewServer builds the server.
func NewServer(root string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gonotes", Version: "1.0.0"}, nil)
	Register(s, root)
	s.AddReceivingMiddleware(logCalls)
	return s
}

// logCalls logs each request: receiving middleware added after the
// server is built, which the boundary must wrap too.
func logCalls(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		log.Printf("request %s", method)
		return next(ctx, method, req)
	}
}
