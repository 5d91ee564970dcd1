// Package gosdk is the tool boundary for
// github.com/modelcontextprotocol/go-sdk: the one place where a tool
// handler's error becomes what the model reads and one log record at the
// right level.
//
// Install it once per server, and every tool of that server is wrapped,
// typed and raw handlers alike:
//
//	s := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil)
//	s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
//
// (gosdk.ReceivingBoundary(gosdk.WithLogger(logger)) logs somewhere else
// than slog.Default(), and gosdk.WithClassifier adds the project's own
// reading of errors the boundary would otherwise call faults, see
// toolerr.Classifier). A single handler can be wrapped instead:
// mcp.AddTool(s, tool, gosdk.TypedBoundary(h)) for a typed handler,
// s.AddTool(tool, gosdk.ToolBoundary(h)) for a raw one.
//
// What the boundary does with the error a handler returns:
//
//   - a *toolerr.ToolError: an error result with its message, logged once
//     at its level;
//   - an error a classifier given with WithClassifier reads as a
//     ToolError: the same, with that ToolError;
//   - a timeout, an upstream rate limit, or an upstream unavailable for a
//     stated time: an error result telling the model to retry, and when
//     the upstream said when, after how long ("retry in 42s"), logged once
//     at WARNING (toolerr.Resolve lists what is recognised);
//   - any other error or a panic: an error result with
//     toolerr.FaultMessage, logged once at ERROR with the cause (and the
//     stack of a panic);
//   - an error after the client cancelled the call, and the SDK's
//     deliberate protocol errors (a *jsonrpc.Error, such as
//     mcp.URLElicitationRequiredError or a client's refusal of a request
//     it does not support): passed through untouched, and not logged.
//
// The error result's text is only ever the model-facing message, and its
// error, as (*mcp.CallToolResult).GetError returns it to sending
// middleware, is the *toolerr.ToolError that message came from: errors.As
// gives its level and outcome, and errors.Is and errors.As reach the
// handler's own error through it.
//
// ReceivingBoundary also logs, once at INFO as a caller error, the SDK's
// own rejection of a typed tool's arguments ("validating \"arguments\":
// ..."), and leaves that result as the SDK wrote it. An error result a
// handler built itself with SetError and its own text keeps that text and
// is logged at the level of its error.
//
// Boundaries nest without logging twice: the receiving boundary leaves
// alone what an inner TypedBoundary or ToolBoundary handled, and an inner
// boundary logs through the receiving boundary's logger.
//
// Every boundary answers the probe of toolerr/gosdk/gosdktest, whose Check
// fails a server's test for each tool a call does not reach the boundary
// for: a call whose context carries the probe, which only Go code of this
// module can build, gets a result without its handler running.
package gosdk

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
)

// An Option configures the boundary built by ReceivingBoundary.
type Option func(*boundary)

// WithLogger sets the logger the boundary writes its records to; boundaries
// inside it log through it too. A nil logger, or none, means slog.Default()
// at the time of each call.
func WithLogger(logger *slog.Logger) Option {
	return func(b *boundary) { b.logger = logger }
}

// WithClassifier adds the project's own reading of its tools' errors,
// consulted, in the order given, after a *toolerr.ToolError the handler
// returned and before the boundary's built-in rules; a nil result leaves
// the error to the next. Boundaries inside it (TypedBoundary,
// ToolBoundary) use it too. See toolerr.Classifier.
func WithClassifier(classify toolerr.Classifier) Option {
	return func(b *boundary) {
		if classify != nil {
			b.classifiers = append(b.classifiers[:len(b.classifiers):len(b.classifiers)], classify)
		}
	}
}

// ReceivingBoundary returns the tool boundary as receiving middleware for
// (*mcp.Server).AddReceivingMiddleware. It acts on tools/call and passes
// every other method through.
func ReceivingBoundary(opts ...Option) mcp.Middleware {
	var b boundary
	for _, opt := range opts {
		if opt != nil {
			opt(&b)
		}
	}
	return b.middleware
}

// TypedBoundary wraps a typed handler, for mcp.AddTool, in the boundary.
// The handler's failure reaches the SDK as the *toolerr.ToolError to
// render, so the SDK sends its message and keeps it for GetError.
func TypedBoundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	if h == nil {
		panic("toolerr/gosdk: nil tool handler")
	}
	var b boundary
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		if probe.Answer(ctx, toolName(req)) {
			return probeResult(), out, nil
		}
		ctx, c := b.begin(ctx, req)
		defer func() {
			if v := recover(); v != nil {
				var zero Out
				res, out, err = nil, zero, c.fail(&toolerr.PanicError{Value: v, Stack: debug.Stack()})
			}
		}()
		res, out, err = h(ctx, req, in)
		if err == nil {
			return res, out, nil
		}
		var wire *jsonrpc.Error
		if errors.As(err, &wire) {
			// The SDK sends a *jsonrpc.Error as a protocol error only
			// when it is not wrapped.
			return nil, out, wire
		}
		te := c.fail(err)
		if te == nil {
			return res, out, err
		}
		var zero Out
		return nil, zero, te
	}
}

// ToolBoundary wraps a raw handler, for (*mcp.Server).AddTool, in the
// boundary.
//
// toolerr's check recognises the handler it returns by its code pointer;
// inlined, ToolBoundary would compile it again under another.
//
//go:noinline
func ToolBoundary(h mcp.ToolHandler) mcp.ToolHandler {
	if h == nil {
		panic("toolerr/gosdk: nil tool handler")
	}
	var b boundary
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		if probe.Answer(ctx, toolName(req)) {
			return probeResult(), nil
		}
		ctx, c := b.begin(ctx, req)
		defer func() {
			if v := recover(); v != nil {
				res, err = errorResult(c.fail(&toolerr.PanicError{Value: v, Stack: debug.Stack()})), nil
			}
		}()
		res, err = h(ctx, req)
		failure := err
		switch {
		case err == nil && res != nil:
			return res, nil
		case err == nil:
			failure = errNoResult
		case isProtocolError(err):
			return res, err
		}
		te := c.fail(failure)
		if te == nil {
			return res, err
		}
		return errorResult(te), nil
	}
}

func init() {
	probe.RegisterBoundary(ToolBoundary(func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	}))
}

// probeResult is what a boundary returns for a call of toolerr's check,
// without calling the handler.
func probeResult() *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: probe.Text}}}
}

func toolName(req *mcp.CallToolRequest) string {
	if req == nil || req.Params == nil {
		return ""
	}
	return req.Params.Name
}

var errNoResult = errors.New("tool handler returned neither a result nor an error")

const methodCallTool = "tools/call"

// argumentsPrefix starts the error the SDK sets when a typed tool's
// arguments fail its input schema.
const argumentsPrefix = `validating "arguments": `

func (b boundary) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
		ctr, ok := req.(*mcp.CallToolRequest)
		if method != methodCallTool || !ok {
			return next(ctx, method, req)
		}
		if probe.Answer(ctx, toolName(ctr)) {
			return probeResult(), nil
		}
		ctx, c := b.begin(ctx, ctr)
		defer func() {
			if v := recover(); v != nil {
				res, err = errorResult(c.fail(&toolerr.PanicError{Value: v, Stack: debug.Stack()})), nil
			}
		}()
		res, err = next(ctx, method, req)
		if c.st.handled {
			return res, err // an inner boundary rendered and logged it
		}
		if err != nil {
			if isProtocolError(err) {
				return res, err
			}
			te := c.fail(err)
			if te == nil {
				return res, err
			}
			return errorResult(te), nil
		}
		r, ok := res.(*mcp.CallToolResult)
		if !ok || r == nil || !r.IsError {
			return res, nil
		}
		cause := r.GetError()
		if cause == nil {
			return res, nil // an error result built without SetError: toolcheck reports it
		}
		raw := rawText(r, cause)
		if raw && strings.HasPrefix(cause.Error(), argumentsPrefix) {
			// The SDK rejected the arguments; its text is written for the model.
			c.fail(toolerr.CallerError(cause.Error(), toolerr.WithCause(cause)))
			return res, nil
		}
		te := c.fail(cause)
		if te == nil {
			return res, nil
		}
		if raw {
			r.Content = []mcp.Content{&mcp.TextContent{Text: te.Message()}}
		}
		r.SetError(te)
		return r, nil
	}
}

// rawText reports whether r's content is nothing but cause's text, as the
// SDK writes it for a typed handler's error.
func rawText(r *mcp.CallToolResult, cause error) bool {
	switch len(r.Content) {
	case 0:
		return true
	case 1:
		t, ok := r.Content[0].(*mcp.TextContent)
		return ok && t.Text == cause.Error()
	}
	return false
}

func isProtocolError(err error) bool {
	var wire *jsonrpc.Error
	return errors.As(err, &wire)
}

// errorResult renders te: its message as the only content, and te kept
// for GetError. SetError writes the error's text only into empty content,
// so the content is set first.
func errorResult(te *toolerr.ToolError) *mcp.CallToolResult {
	r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: te.Message()}}}
	r.SetError(te)
	return r
}

// boundary is the configured boundary; its zero value logs through the
// enclosing boundary's logger or slog.Default().
type boundary struct {
	logger      *slog.Logger
	classifiers []toolerr.Classifier
}

// state is shared by the boundaries nested around one call.
type state struct {
	req         *mcp.CallToolRequest // the call: a handler may serve another call with its context
	logger      *slog.Logger
	classifiers []toolerr.Classifier
	handled     bool // a boundary has rendered and logged the failure
}

type stateKey struct{}

// call is one boundary's view of one call.
type call struct {
	ctx         context.Context
	st          *state
	logger      *slog.Logger
	classifiers []toolerr.Classifier
	tool        string
	start       time.Time
}

func (b boundary) begin(ctx context.Context, req *mcp.CallToolRequest) (context.Context, *call) {
	st, nested := ctx.Value(stateKey{}).(*state)
	if !nested || st.req != req {
		st = &state{req: req, logger: b.logger, classifiers: b.classifiers}
		ctx = context.WithValue(ctx, stateKey{}, st)
	}
	logger := b.logger
	if logger == nil {
		logger = st.logger
	}
	classifiers := b.classifiers
	if classifiers == nil {
		classifiers = st.classifiers
	}
	c := &call{ctx: ctx, st: st, logger: logger, classifiers: classifiers, start: time.Now()}
	if req != nil && req.Params != nil {
		c.tool = req.Params.Name
	}
	return ctx, c
}

// fail resolves err, logs it and marks the call handled; it returns nil
// when err passes through untouched.
func (c *call) fail(err error) *toolerr.ToolError {
	te := toolerr.ResolveWith(c.ctx, err, c.classifiers...)
	if te == nil {
		return nil
	}
	toolerr.Log(c.ctx, c.logger, c.tool, te, time.Since(c.start))
	c.st.handled = true
	return te
}
