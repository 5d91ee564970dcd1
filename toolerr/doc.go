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
// # Upstream rate limits and unavailability
//
// An error the handler returns, or one it wraps (errors.Unwrap, and each
// of an errors.Join), that carries an upstream HTTP response is read for
// a rate limit with no project code, so the errors of the common API
// clients (go-github, the GitLab client, googleapi, azcore, smithy-go and
// the AWS SDK, Stripe, openai-go, generated clients) reach the model as a
// retry. toolerr depends on none of them: it reads
//
//   - the response: an exported field of type *http.Response (go-github's
//     Response, azcore's RawResponse), or of a pointer to a struct
//     embedding one (smithy-go's Response), or an HTTPResponse()
//     *http.Response method;
//   - without a response, the status: a StatusCode() int or
//     HTTPStatusCode() int method, an int field StatusCode or
//     HTTPStatusCode, or an int field Code beside an http.Header field
//     (googleapi.Error), whose Header is then the headers;
//   - go-github's typed fields, by name: RetryAfter (a time.Duration or
//     *time.Duration) and Rate, a struct with an int Remaining and a Reset
//     time (a time.Time, or a struct embedding one).
//
// A rate limit (outcome rate_limited, WARNING) is a status 429; a 403 with
// evidence of one: X-RateLimit-Remaining or RateLimit-Remaining "0", a
// Retry-After header, a RetryAfter field, a Rate with none remaining, or a
// type whose name contains RateLimit (go-github's secondary limits may
// come with no header at all); such a type with no status at all; and
// [ErrRateLimited] in the chain. A status 503 with a Retry-After header
// (or a RetryAfter field) is an upstream unavailable for that long
// (outcome unavailable, WARNING); without one, a 503 is a fault like any
// other error, as is a 403 without evidence and every other status.
//
// The delay is, in this order, the RetryAfter field, Retry-After (seconds
// or an HTTP date), Rate.Reset, X-RateLimit-Reset or RateLimit-Reset (a
// Unix time from 10^9 on, as GitHub and GitLab send it; seconds below, as
// HCP Terraform and the IETF draft do). The model reads it rounded up,
// never the response's detail: "The request was fine but a service the
// server relies on is busy; retry in 42s." (seconds up to 90, then
// minutes up to 15); a longer wait is said as it is, "…is busy for about
// 59 minutes; tell the user, and retry after that."; with no delay known,
// [RateLimitMessage]. The log record keeps the cause, and the delay as
// retry_after.
//
// # Whose failure: the upstream's answer
//
// A call given the model's arguments fails for a repository the model
// misnamed and for a service that is down alike, and the code around it
// often cannot tell which. [Upstream] lets the service's answer decide at
// run time: a 404 or 410 becomes a caller error ("failed to get issue: not
// found"), a 400 or 422 "rejected as invalid", a 403 that is no rate
// limit "access denied", a 405 "not allowed", a 409 stale state, each
// followed by the service's own message when it says more ("rejected as
// invalid (Reference already exists)"); anything else reaches the
// boundary's rules above with the call's context ("failed to get issue:
// …"). toolcheck -fix writes it at such calls.
//
// # A project's own classification
//
// What only the project can tell, such as an upstream answer that means
// the model named nothing, it says with a [Classifier]:
// mcpgo.WithClassifier and gosdk.WithClassifier install one on a
// boundary, and [ResolveWith] takes them for a boundary of another
// framework. A classifier sees every error that is not a ToolError, a
// panic or a cancelled call, before the built-in rules; the first
// non-nil ToolError decides, and nil leaves the error to the next.
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
//	retry_after the upstream's delay behind a rate_limited or unavailable outcome, when known
//
// followed by the attributes given with [WithAttrs]. At INFO the record
// carries no error text: a caller error's text holds what the model sent,
// and INFO is where the volume is.
package toolerr
