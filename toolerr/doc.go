// Package toolerr is the runtime half of toolcheck's design for how an MCP
// tool call ends: a ToolError that says what the model reads and who has to
// act, and the tool boundary that turns every failure into that text and
// one log record at the right level.
//
// A tool call ends in one of four outcomes:
//
//   - a result, which fits the tool's contract (an empty search is a result);
//   - a caller error: a bad argument, something not found, a feature the
//     operator turned off. The model has to act: return [CallerError], logged
//     at INFO;
//   - stale state: a version conflict, an expired handle. The model has to
//     act: return [Stale], logged at INFO;
//   - a server fault: anything else. Nobody has to act when it heals itself
//     ([Unavailable], or a timeout or upstream rate limit, logged at WARNING);
//     an operator has to when it does not ([Fault], or any other error or a
//     panic, logged at ERROR).
//
// Tool code returns a *ToolError for the outcomes it can name, and any
// other error for a fault. The boundary does the rest: a ToolError becomes
// an error result carrying its message, any other error becomes an error
// result carrying [FaultMessage] (so the model never reads an internal
// error's text), and each failure is logged once.
//
// This package has no dependency on an MCP SDK. The boundaries live in one
// package per SDK, so a server compiles only the SDK it uses:
//
//   - github.com/toolcheck/toolcheck/toolerr/mcpgo for
//     github.com/mark3labs/mcp-go: server.WithToolHandlerMiddleware(mcpgo.Boundary);
//   - github.com/toolcheck/toolcheck/toolerr/gosdk for
//     github.com/modelcontextprotocol/go-sdk:
//     s.AddReceivingMiddleware(gosdk.ReceivingBoundary()).
//
// toolcheck recognises all of it with no configuration: the type is called
// ToolError and carries a log/slog.Level, and every boundary's name contains
// Boundary.
//
// A server's own test checks the same at run time, on the server as
// production builds it, without running a tool: mcpgotest.Check(t, s) from
// github.com/toolcheck/toolcheck/toolerr/mcpgo/mcpgotest, or
// gosdktest.Check(t, s) from github.com/toolcheck/toolcheck/toolerr/gosdk/gosdktest.
// It fails for each tool a call does not reach a boundary for, and for each
// tool the server registered that a client is not offered, or is offered
// unlike its registration.
//
// # The log record
//
// Every failed call produces exactly one record, with the message
// "tool_failed", at the level of the outcome, with these keys:
//
//	tool        the tool's name
//	outcome     caller_error, stale_state, unavailable, timeout, rate_limited, fault or panic
//	duration    how long the handler ran (a time.Duration)
//	error_type  the Go type of the cause, such as *fs.PathError
//	error       the cause's text (WARNING and above only)
//	message     the model-facing text of a ToolError built by tool code (WARNING and above only)
//	stack       the stack of a panic, or where a ToolError at ERROR was built (ERROR only)
//
// followed by the attributes given with [WithAttrs]. At INFO the record
// carries no error text: a caller error's text holds what the model sent,
// and INFO is where the volume is.
package toolerr
