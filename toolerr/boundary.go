package toolerr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime"
	"strings"
	"time"
)

// The fixed model-facing texts of failures that tool code did not describe
// with a ToolError.
const (
	// FaultMessage is what the model reads for a panic or an error that is
	// not a ToolError.
	FaultMessage = "The request was fine; retry later, and tell the user if it keeps failing."
	// TimeoutMessage is what the model reads when the call timed out.
	TimeoutMessage = "The request was fine but took too long on the server's side; retry it in a moment."
	// RateLimitMessage is what the model reads when an upstream service
	// rate-limited the server.
	RateLimitMessage = "The request was fine but a service the server relies on is busy; retry it in a minute."
)

// ErrRateLimited marks an upstream rate limit. Wrap it into the error a
// tool returns (fmt.Errorf("search: %w: %w", toolerr.ErrRateLimited, err))
// and the boundary logs a WARNING and tells the model to retry. The
// common API clients' own rate-limit errors count with no marking: the
// package documentation lists what is recognised.
var ErrRateLimited = errors.New("rate limited upstream")

// A PanicError is a panic recovered by a boundary. It is the cause of the
// ToolError the boundary renders, so middleware that inspects the result's
// error can tell a panic apart.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the panicking goroutine's stack, from debug.Stack
}

func (p *PanicError) Error() string { return fmt.Sprintf("panic: %v", p.Value) }

// Unwrap returns the panic value when it is an error.
func (p *PanicError) Unwrap() error {
	if err, ok := p.Value.(error); ok {
		return err
	}
	return nil
}

// A Classifier is a project's own reading of the errors its tools return,
// for what the built-in rules of [Resolve] do not know: an upstream
// client's "not found" that means the model named nothing, a GraphQL
// error that names a bad ID. It returns the ToolError err stands for, or
// nil to leave err to the rules after it. Install one on a boundary with
// its WithClassifier option (mcpgo.WithClassifier, gosdk.WithClassifier).
//
// The ToolError it returns is not changed: when it has no cause, the
// boundary renders a copy whose cause is err, so the log record keeps the
// error the handler returned. An empty message stands for the fixed text
// of its level, as for any ToolError.
type Classifier func(ctx context.Context, err error) *ToolError

// Resolve is the boundary's decision about the non-nil error a tool handler
// returned (or a *PanicError for a panic it recovered). It returns the
// ToolError whose message the model reads:
//
//   - err itself when it is a *ToolError; a copy of the ToolError err wraps,
//     with err as its cause, when err wraps one;
//   - what the first of the classifiers given to [ResolveWith] returns
//     that does not return nil;
//   - for a timeout (context.DeadlineExceeded, or an error whose Timeout
//     method reports true), a WARNING with [TimeoutMessage];
//   - for an upstream rate limit, a WARNING with outcome rate_limited whose
//     message says when to retry ("The request was fine but a service the
//     server relies on is busy; retry in 42s."), or [RateLimitMessage]
//     when the error does not say when; for an upstream that is
//     unavailable and said until when (HTTP 503 with Retry-After), a
//     WARNING with outcome unavailable and the same kind of message. The
//     package documentation lists what counts as either;
//   - for a panic or any other error, an ERROR with [FaultMessage].
//
// It returns nil when the error must pass through untouched: the call's
// context was cancelled, so the client has given up on it. A panic is
// never passed through, nor handed to a classifier.
//
// The SDK boundaries in toolerr/mcpgo and toolerr/gosdk call [ResolveWith]
// and [Log]; call them yourself only to write a boundary for another
// framework.
func Resolve(ctx context.Context, err error) *ToolError {
	return ResolveWith(ctx, err)
}

// ResolveWith is [Resolve] with a project's own classifiers, consulted in
// order after a ToolError in err's chain and before the built-in rules.
func ResolveWith(ctx context.Context, err error, classifiers ...Classifier) *ToolError {
	if err == nil {
		return nil
	}
	var p *PanicError
	if errors.As(err, &p) && !wrapsToolErrorAbove(err) {
		return &ToolError{message: FaultMessage, level: slog.LevelError, outcome: OutcomePanic, cause: err, fixed: true}
	}
	if ctx != nil && errors.Is(ctx.Err(), context.Canceled) {
		return nil
	}
	var te *ToolError
	if errors.As(err, &te) {
		if te.message == "" {
			te = te.withMessage(fixedMessage(te.level))
		}
		if te == err {
			return te
		}
		c := *te
		c.cause = err
		return &c
	}
	if ctx == nil {
		ctx = context.Background()
	}
	for _, classify := range classifiers {
		if classify == nil {
			continue
		}
		if te := classify(ctx, err); te != nil {
			c := *te
			if c.message == "" {
				c.message = fixedMessage(c.level)
			}
			if c.cause == nil {
				c.cause = err
			}
			return &c
		}
	}
	if isTimeout(err) {
		return &ToolError{message: TimeoutMessage, level: slog.LevelWarn, outcome: OutcomeTimeout, cause: err, fixed: true}
	}
	if r, ok := upstreamRefusal(err); ok {
		te := &ToolError{message: refusalMessage(r), level: slog.LevelWarn, outcome: r.outcome, cause: err, fixed: true}
		if r.known {
			te.retryAfter = max(r.delay, 0)
		}
		return te
	}
	return &ToolError{message: FaultMessage, level: slog.LevelError, outcome: OutcomeFault, cause: err, fixed: true}
}

// wrapsToolErrorAbove reports whether a ToolError sits in err's chain above
// the first PanicError (a handler that recovered a panic itself and
// described it).
func wrapsToolErrorAbove(err error) bool {
	found := false
	walk(err, func(e error) bool {
		switch e.(type) {
		case *ToolError:
			found = true
			return true
		case *PanicError:
			return true
		}
		return false
	})
	return found
}

func (e *ToolError) withMessage(msg string) *ToolError {
	c := *e
	c.message = msg
	return &c
}

// fixedMessage stands in for the empty message of a ToolError.
func fixedMessage(level slog.Level) string {
	switch {
	case level <= slog.LevelInfo:
		return "The arguments of this call were not accepted; correct them and call the tool again."
	case level < slog.LevelError:
		return "The request was fine; retry it in a moment."
	}
	return FaultMessage
}

// walk calls visit on err and every error it wraps, depth first, until
// visit returns true; it reports whether one did.
func walk(err error, visit func(error) bool) bool {
	for depth := 0; err != nil && depth < 100; depth++ {
		if visit(err) {
			return true
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if walk(e, visit) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	return walk(err, func(e error) bool {
		t, ok := e.(interface{ Timeout() bool })
		return ok && t.Timeout()
	})
}

// The keys of the boundary's log record.
const (
	KeyTool       = "tool"
	KeyOutcome    = "outcome"
	KeyDuration   = "duration"
	KeyErrorType  = "error_type"
	KeyError      = "error"
	KeyMessage    = "message"
	KeyStack      = "stack"
	KeyRetryAfter = "retry_after"
)

// LogMessage is the message of the boundary's log record.
const LogMessage = "tool_failed"

// Log writes the boundary's one record for a call of tool that failed
// with te (as returned by [Resolve]) after running for elapsed, through
// logger (slog.Default() when nil), at te's level. The record's keys are
// listed in the package documentation.
func Log(ctx context.Context, logger *slog.Logger, tool string, te *ToolError, elapsed time.Duration) {
	if te == nil {
		return
	}
	if logger == nil {
		logger = slog.Default()
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if !logger.Enabled(ctx, te.level) {
		return
	}
	attrs := make([]slog.Attr, 0, 8+len(te.attrs))
	attrs = append(attrs,
		slog.String(KeyTool, tool),
		slog.String(KeyOutcome, string(te.outcome)),
		slog.Duration(KeyDuration, elapsed),
		slog.String(KeyErrorType, errorType(te)),
	)
	var panicked *PanicError
	errors.As(te.cause, &panicked)
	if te.level > slog.LevelInfo {
		if te.cause != nil {
			attrs = append(attrs, slog.String(KeyError, te.cause.Error()))
		}
		if !te.fixed && !isFixed(te.message) {
			attrs = append(attrs, slog.String(KeyMessage, te.message))
		}
		if te.retryAfter > 0 {
			attrs = append(attrs, slog.Duration(KeyRetryAfter, te.retryAfter))
		}
	}
	if te.level >= slog.LevelError {
		switch {
		case panicked != nil:
			attrs = append(attrs, slog.String(KeyStack, string(panicked.Stack)))
		case len(te.stack) > 0:
			attrs = append(attrs, slog.String(KeyStack, formatStack(te.stack)))
		}
	}
	attrs = append(attrs, te.attrs...)
	logger.LogAttrs(ctx, te.level, LogMessage, attrs...)
}

func isFixed(msg string) bool {
	return msg == FaultMessage || msg == TimeoutMessage || msg == RateLimitMessage
}

// errorType names the Go type of te's cause: the first error in its chain
// that is not a generic wrapper (fmt.Errorf, errors.Join), the panic
// value's type for a panic, or te's own type when it has no cause.
func errorType(te *ToolError) string {
	if te.cause == nil {
		return fmt.Sprintf("%T", te)
	}
	var name string
	walk(te.cause, func(e error) bool {
		if p, ok := e.(*PanicError); ok {
			name = fmt.Sprintf("%T", p.Value)
			return true
		}
		if isGenericWrapper(e) {
			return false
		}
		if t, ok := e.(*ToolError); ok && t.cause != nil {
			return false
		}
		name = fmt.Sprintf("%T", e)
		return true
	})
	if name == "" {
		name = fmt.Sprintf("%T", te.cause)
	}
	return name
}

func isGenericWrapper(err error) bool {
	t := reflect.TypeOf(err)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.PkgPath() + "." + t.Name() {
	case "fmt.wrapError", "fmt.wrapErrors", "errors.joinError":
		return true
	}
	return false
}

func formatStack(pcs []uintptr) string {
	var b strings.Builder
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if f.Function != "" {
			fmt.Fprintf(&b, "%s\n\t%s:%d\n", f.Function, f.File, f.Line)
		}
		if !more {
			break
		}
	}
	return b.String()
}
