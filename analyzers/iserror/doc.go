// Package iserror defines an analyzer that reports IsError tool results
// built outside the tool boundary.
//
// # Analyzer iserror
//
// iserror: report IsError results built outside the tool boundary
//
// No Go SDK logs an IsError result as a failure: a handler that builds one and
// returns a nil error is a failed call that every request log and metric
// records as a success. Only the boundary builds IsError results; tool code
// returns a ToolError (INFO for a caller error) or a plain error for a fault,
// and the boundary renders and logs it once, at the ToolError's level.
//
// Fix `unwrapped` findings first. A server without a boundary gets
// `unwrapped` findings too. Until the boundary is installed, an mcp-go
// handler's returned error becomes a JSON-RPC -32603 internal error the model
// never reads, and a go-sdk handler's error text goes to the model verbatim and is
// logged nowhere. So turning IsError results into returned errors before the
// boundary is in place makes things worse.
//
// Bad: the handler builds the IsError result itself.
//
//	func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
//		path, err := req.RequireString("path")
//		if err != nil {
//			return mcp.NewToolResultError("path is required"), nil // mcp.NewToolResultError builds an IsError result outside the tool boundary, so its outcome is neither classified nor logged at the level that says who acts; return a ToolError (INFO for a caller error) and let the boundary render and log it
//		}
//		...
//	}
//
//	errf := func(format string, args ...any) *mcp.CallToolResult { // go-sdk
//		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprintf(format, args...)}}, IsError: true} // reported
//	}
//	return errf("invalid input: %v", err), nil // closure errf returns an IsError result built outside the tool boundary, ...
//
// Good: return a ToolError and let the boundary render it.
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
// # Reported
//
//   - mcp-go `mcp.NewToolResultError`, `NewToolResultErrorf`,
//     `NewToolResultErrorFromErr` (the v1.2.1 constructors that set IsError);
//   - on either SDK's `mcp.CallToolResult` (and mcp-go's `mcp.CreateTaskResult`,
//     a task tool's result): a literal with `IsError:` anything but the constant
//     `false`, and `res.IsError = v` with `v` anything but the constant `false`;
//   - go-sdk `(*mcp.CallToolResult).SetError`;
//   - calls of the project's own helpers that return an IsError result, learned
//     across packages: a helper whose every non-nil result at some position is
//     an IsError result ("returns an IsError result"), or one that returns an
//     IsError result when an argument is non-nil or true ("…when param N is
//     non-nil"), called with something other than a constant `nil` or `false`.
//     The result may be the only one, come with an error, or be a second value
//     (`func arg(req, key) (string, *mcp.CallToolResult)`); closures such as
//     `errf := func(...) *mcp.CallToolResult {...}` inside a handler count too.
//     The construction inside the helper is reported as well. A helper that
//     decides by itself, from a failure of its own (`MarshalledTextResult`
//     returning an IsError result when `json.Marshal` fails), is not one: its
//     calls draw nothing, the construction inside it does.
//
// A wrapper that turns the error of the handler it wraps (a middleware's
// `next`, an adapter's typed handler, a function a converter calls by
// reflection: `err, _ := out[1].Interface().(error)` after
// `out := fn.Call(in)`) into an IsError result is doing the
// boundary's job without being recognised as one. Its finding reads
// "… turns a wrapped handler's error into an IsError result outside a
// recognised tool boundary; if this wrapper is your boundary, put Boundary in
// its name or list it in the boundaries setting, otherwise return the error
// and let the boundary render and log it".
//
// # Not reported
//
// Where it reports: tool handlers and the code they reach, and every other
// function of the package, so a utility package that builds results for
// tools is reported where it builds them. Not reported: inside a boundary and
// in helpers only a boundary calls; code that is clearly client-side (a
// package that uses an MCP client, mcp-go `client` or go-sdk
// `mcp.Client`/`ClientSession`, and declares no tool; or a function outside
// tool code that uses one); reading `IsError`; copying it from another result
// (`IsError: upstream.IsError`, a proxy forwarding an outcome); `IsError:
// false`; mcp-go `mcp.NewToolResultContent`, which builds a sampling message
// block, not a tool result; `_test.go` and generated files.
//
// # Suggested fix
//
// When the file sees exactly one ToolError constructor and the
// construction is `return mcp.NewToolResultError(msg), nil` in a function
// returning `(*mcp.CallToolResult, error)`, the fix rewrites it to
// `return nil, toolerr.New(msg)`. A ToolError constructor is an exported
// function of the package or of a package the file imports, taking the message
// as a `string` (optionally followed by variadic options, but not `...any`),
// that returns a type named `ToolError` (or one in `tool-errors`) implementing
// `error`, or returns `error` and builds a ToolError in every return. The
// ToolError it builds has the default ERROR level: set INFO for a caller
// error (`loglevel` reports the ones left at ERROR).
//
// A deliberate IsError result that is not a failure to log (a "form shown to
// the user, nothing done yet" signal) takes a suppression with its reason:
//
//	//toolcheck:ignore iserror the awaiting-form signal is not a failure; the host keys on IsError
//	return utils.NewToolResultAwaitingFormSubmission(msg)
//
// The shared configuration's `boundaries` and `tool-errors` apply.
package iserror
