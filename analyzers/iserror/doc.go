// Package iserror defines an analyzer that reports IsError tool results
// built outside the tool boundary.
//
// # Analyzer iserror
//
// iserror: report IsError results built outside the tool boundary
//
// In Go the IsError result is the right wire form for a tool error, but no
// Go SDK logs it as a failure: a handler that builds its own IsError result
// and returns a nil error is a failed call that every request log and
// metric records as a success. Only the boundary builds IsError results;
// tool code returns a ToolError (at INFO for a caller error) or a plain
// error for a fault, and the boundary renders and logs it once.
//
// The analyzer reports these constructions:
//
//   - mark3labs/mcp-go: mcp.NewToolResultError, mcp.NewToolResultErrorf and
//     mcp.NewToolResultErrorFromErr, the v1.2.1 constructors whose result has
//     IsError set;
//   - both SDKs: a mcp.CallToolResult literal (or an mcp-go
//     mcp.CreateTaskResult literal, a task tool's result) whose IsError is
//     anything but the constant false, and res.IsError = v with v anything
//     but the constant false;
//   - modelcontextprotocol/go-sdk: (*mcp.CallToolResult).SetError;
//   - a call of a project's own helper that returns an IsError result:
//     always ("returns an IsError result"), or when an argument is non-nil
//     or true ("returns an IsError result when param N is non-nil"),
//     and the argument passed is not the constant nil or false. Helpers are
//     functions, methods and closures (errf := func(...) *mcp.CallToolResult)
//     whose every non-nil result at some position is an IsError result, the
//     result as any value (func() (string, *mcp.CallToolResult)), with or
//     without an error beside it. They are learned across packages as
//     facts; the construction inside the helper is reported too.
//
// A wrapper that turns the error of the handler it wraps (a middleware's
// next, an adapter's typed handler) into an IsError result does the
// boundary's job without being recognised as one: its finding says to name
// it as a boundary (or configure it) if it is one, and otherwise to return
// the error.
//
// A handler that builds its own IsError result, and its clean twin:
//
//	func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		path, err := req.RequireString("path")
//		if err != nil {
//			return mcp.NewToolResultError("path is required"), nil // reported
//		}
//		...
//	}
//
//	func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		path, err := req.RequireString("path")
//		if err != nil {
//			return nil, toolerr.New("The 'path' argument is missing. Call read_note with a path from search_notes.",
//				toolerr.WithLevel(slog.LevelInfo))
//		}
//		...
//	}
//
// Not reported: constructions inside a boundary and in the helpers only
// boundaries call; reading IsError; copying it from another result
// (IsError: res.IsError, as a proxy does); IsError: false; mcp-go's
// NewToolResultContent, which builds a sampling message block, not a tool
// result; code that is clearly client-side (a package that uses an MCP
// client and declares no tools, or a function outside tool code that uses
// one); test and generated files. Every other function of a package is in
// scope, so a utility package that builds results for tools is reported
// where it builds them.
//
// When the file can see exactly one ToolError constructor (an exported
// function taking the message as a string, optionally followed by options,
// that returns a type named ToolError implementing error, or returns error
// and builds a ToolError in every return) and the construction is
// return mcp.NewToolResultError(msg), nil in a function returning
// (*mcp.CallToolResult, error), a suggested fix rewrites it to
// return nil, New(msg). The ToolError it builds has the default ERROR
// level: lower it to INFO for a caller error.
package iserror
