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
//			return mcp.NewToolResultError("path is required"), nil // mcp.NewToolResultError builds an IsError result outside the tool boundary; return a ToolError (INFO for a caller error) and let the boundary render and log it
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
// boundary's job without being recognised as one; so is a wrapper of a
// handler (a tool handler or a go-sdk `MethodHandler` that calls the one it
// wraps) that builds an IsError result for a failure of its own: in a
// deferred `recover()` (a safety wrapper rendering a panic), or in a branch
// that tests what the wrapped call returned (a receiving middleware
// replacing a result it cannot serialise). A handler that recovers its own
// panic wraps nothing, and a branch that answers instead of calling the
// wrapped handler (an allowlist's rejection) is a policy's own answer: both
// draw the ordinary finding. Their finding reads
// "… turns a wrapped handler's error into an IsError result outside a
// recognised tool boundary; if this wrapper is your boundary, put Boundary in
// its name or list it in the boundaries setting". If it is not meant as
// one, return the error and let the boundary render and log it.
//
// Where the result's text also draws a messagetext finding (a raw error, an
// HTTP body), that finding comes as related information of this one when a
// run reports both: one place, one finding.
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
// The fix adopts the design at the site: the handler returns no result and
// the error whose outcome the evidence around the site shows, the same
// evidence loglevel reads (the failure path of an error test and how its
// error was classified, an argument check, an argument accessor, parser
// or validator whose call failed, a lookup keyed by the arguments, a
// feature flag, a message that names another tool or a condition that
// heals itself):
//
//	return mcp.NewToolResultError("The 'path' argument is missing."), nil   // after req.RequireString("path") fails
//	return nil, toolerr.CallerError("The 'path' argument is missing.")
//
//	return utils.NewToolResultError(err.Error()), nil, nil                   // after RequiredParam[string](args, "owner") fails
//	return nil, nil, toolerr.CallerError(err.Error())
//
//	return mcp.NewToolResultErrorf("failed to load %s: %v", path, err), nil  // an upstream call failed
//	return nil, fmt.Errorf("failed to load %s: %w", path, err)
//
// A caller error or a feature turned off becomes CallerError, stale state
// Stale, a condition that heals itself Unavailable (whose message toolerr
// ends with the retry hint). A fault, and every message that carries a raw
// internal error (err.Error(), an error formatted into it, the error of
// NewToolResultErrorFromErr), becomes a plain error: the raw error wrapped
// with %w for the boundary's ERROR record (err itself for err.Error()), or
// the message with the failed error wrapped, or errors.New(msg); the model
// gets the boundary's fixed text, and its error string drops the
// punctuation that ended the text (staticcheck ST1005). A message with no
// raw error whose own text says the model's argument was wrong (not found,
// does not exist, access denied, already exists, not allowed: "provider
// not found: %s - verify the namespace") becomes a caller error where the
// evidence shows only that something failed, or nothing, the failed error
// kept as the cause for the log. A site whose
// evidence shows no outcome ("the note is empty" on no error path), or
// whose message carries the error of the project's own check of values
// the evidence cannot trace to the arguments, keeps its finding without a
// fix; so does the raw error of an operation given a value read from the
// model's arguments (os.Stat(path), a query whose variables hold the owner
// the model gave), which may have failed because of what the model named,
// unless the code tested the error for a not-found or another caller case
// before (`errors.Is(err, fs.ErrNotExist)`), which leaves the rest faults:
// a fault would tell the model the request was fine. The raw error of a
// call that also returns an upstream response with a status (go-github's
// `*github.Response`) goes, with toolerr, to `toolerr.Upstream(err,
// "failed to get issue")`, which reads the status the error carries at
// run time (a 404 a caller error, a rate limit a retry, the rest a fault);
// with the project's own ToolError API it keeps its finding. The raw error
// of a function of the package whose own errors say the model's argument
// was wrong for some inputs and are faults for others (a path check's
// `fmt.Errorf("access denied - path outside allowed directories: %s",
// abs)` beside `fmt.Errorf("invalid path: %w", err)`) is told apart where
// it is made: with toolerr, those fmt.Errorf calls become
// `toolerr.CallerError(fmt.Sprintf(...))` (their line breaks kept; a
// constant text without Sprintf), and the site a fault wrapping the error,
// in which the boundary finds the ToolError; a check that makes such an
// error another way (errors.New, %w, a sentinel), or makes an error of
// its own that says something else ("does not belong to the requested
// project", which may be the model's mistake too), keeps the finding.
//
// It rewrites mcp-go's NewToolResultError, NewToolResultErrorf and
// NewToolResultErrorFromErr, a result literal whose only content is one
// text, and the calls of the project's own helpers that always return an
// IsError result and take, besides contexts, the text and at most an error
// (`utils.NewToolResultError(msg)`, `NewToolResultErrorFromErr(msg, err)`;
// a helper taking more, such as the upstream response, builds more than a
// ToolError carries; so does one that stores into more than its own
// variables, a counter or a field, which the fix would drop). A helper
// that first records the failure (in the context, for the server's
// middleware) and whose package has a function doing just that, with the
// same parameters and the same first statements, is converted too, the
// record kept: its call becomes a call of that function, then the fault
// (`_, _ = ghErrors.NewAPIErrorToCtx(ctx, msg, resp, err)`, then
// `return nil, fmt.Errorf("msg: %w", err)`), when the helper has one text
// and one error parameter and the arguments are pure, being evaluated
// twice. The site must be returned as
// it is, with a nil error, by a tool handler, or by a function whose
// results a handler returns as they are: the project's own handler shape
// adapted by a factory, a dispatcher's `return createProject(...)`, or
// `result, err := getIssue(...)` whose variables the handler returns,
// reading the result meanwhile only through functions that hand a nil or
// IsError result back untouched (`return attachLabel(result), nil, err`).
// A helper whose result its caller tests otherwise would change its
// caller's path. All SDK handler
// shapes are covered: mcp-go's two results, go-sdk's raw and typed three
// results (`return nil, out, err`, the output kept as written).
//
// The fix calls the ToolError API the file can see: the one package (the
// package itself or one it imports) whose exported constructors take a
// message (`func(msg string[, opts ...O]) T`, a ToolError type, or
// `error` built from one in every return), a constructor serving an outcome
// by its default level and name (CallerError and Stale at INFO,
// Unavailable at WARN, Fault at ERROR); or, when there is none and the
// module requires toolcheck's toolerr, toolerr, imported by the fix. With
// two such packages, or an API without an INFO constructor, or no
// boundary in sight (the module does not require toolerr and no boundary
// function of the project is visible), or a tool the package registers
// without the boundary on a server `unwrapped`'s fix cannot reach in the
// same pass (built in another package, or with options from a call),
// there is no fix: a returned error without a boundary reaches the model as
// its text (go-sdk) or as a JSON-RPC error (mcp-go). Tools another package
// registers are taken to be behind the boundary when the module requires
// toolerr; `-fix` names the servers it left without one.
// No fix creates a finding of another analyzer: a caller error is built at
// INFO, a fault is not a ToolError. The driver adds each import once and
// removes the imports a fix leaves unused.
//
// A deliberate IsError result that is not a failure to log (a "form shown to
// the user, nothing done yet" signal) takes a suppression with its reason:
//
//	//toolcheck:ignore iserror the awaiting-form signal is not a failure; the host keys on IsError
//	return utils.NewToolResultAwaitingFormSubmission(msg)
//
// The shared configuration's `boundaries` and `tool-errors` apply.
package iserror
