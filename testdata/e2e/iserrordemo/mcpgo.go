package iserrordemo

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/boundary"
)

type Notes struct{ notes map[string]string }

// NewMCPGo builds the mcp-go server; every tool is behind the boundary.
func NewMCPGo(n *Notes) *server.MCPServer {
	s := server.NewMCPServer("demo", "1.0.0", server.WithToolHandlerMiddleware(boundary.ToolBoundary))
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("read_clean"), n.readClean)
	s.AddTool(mcp.NewTool("move_note"), n.move)
	s.AddTaskTool(mcp.NewTool("export_notes"), TaskBoundary(n.export))
	return s
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing."), nil // want iserror "mcp.NewToolResultError builds an IsError result outside the tool boundary; return a ToolError \\(INFO for a caller error\\) and let the boundary render and log it"
	}
	text, ok := n.notes[path]
	if !ok {
		return mcp.NewToolResultErrorf("No note at '%s'.", path), nil // want iserror "mcp.NewToolResultErrorf builds an IsError result"
	}
	if text == "" {
		res := mcp.NewToolResultText("The note is empty.")
		res.IsError = true // want iserror "res.IsError = true builds an IsError result"
		return res, nil
	}
	return mcp.NewToolResultText(text), nil
}

// readClean is read's clean twin: ToolErrors at INFO for the caller
// errors, rendered and logged by the boundary.
func (n *Notes) readClean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, NewToolError("The 'path' argument is missing. Call read_clean with a path from search_notes.", WithLevel(slog.LevelInfo))
	}
	text, ok := n.notes[path]
	if !ok {
		return nil, NewToolError("No note at '"+path+"'. Find the path with search_notes.", WithLevel(slog.LevelInfo))
	}
	res := mcp.NewToolResultText(text)
	if res.IsError { // reading IsError is not building it
		return nil, NewToolError("The note cannot be shown.", WithLevel(slog.LevelInfo))
	}
	res.IsError = false
	_ = mcp.NewToolResultContent("call-1", res.Content, true) // a sampling message block, not a tool result
	return res, nil
}

func (n *Notes) move(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	errf := func(msg string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent(msg)}, IsError: true} // want iserror "mcp.CallToolResult literal with IsError: true builds"
	}
	from := req.GetString("from", "")
	to := req.GetString("to", "")
	if from == "" || to == "" {
		return errf("Both 'from' and 'to' are required."), nil // want iserror "closure errf returns an IsError result built outside the tool boundary"
	}
	if _, ok := n.notes[to]; ok {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.NewTextContent("The target exists.")}, IsError: false}, nil
	}
	n.notes[to] = n.notes[from]
	delete(n.notes, from)
	return mcp.NewToolResultText("moved"), nil
}

func (n *Notes) export(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
	if len(n.notes) == 0 {
		return &mcp.CreateTaskResult{IsError: true}, nil // want iserror "mcp.CreateTaskResult literal with IsError: true builds"
	}
	return &mcp.CreateTaskResult{Task: mcp.Task{TaskId: "export-1"}}, nil
}

// RecoverErrors renders the errors of the handlers it wraps, logging them
// at one level: a boundary in all but name.
func RecoverErrors(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if err != nil {
			slog.WarnContext(ctx, "tool_failed", "err", err)
			return mcp.NewToolResultError("The request was fine; retry later."), nil // want iserror "mcp.NewToolResultError turns a wrapped handler's error into an IsError result outside a recognised tool boundary"
		}
		return res, nil
	}
}
