package toolerr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
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
// and the boundary logs a WARNING and tells the model to retry. An error
// whose StatusCode() or HTTPStatusCode() method returns 429 counts too.
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

// Resolve is the boundary's decision about the non-nil error a tool handler
// returned (or a *PanicError for a panic it recovered). It returns the
// ToolError whose message the model reads:
//
//   - err itself when it is a *ToolError; a copy of the ToolError err wraps,
//     with err as its cause, when err wraps one;
//   - for a timeout (context.DeadlineExceeded, or an error whose Timeout
//     method reports true), a WARNING with [TimeoutMessage];
//   - for an upstream rate limit ([ErrRateLimited], an HTTP 429), a WARNING
//     with [RateLimitMessage];
//   - for a panic or any other error, an ERROR with [FaultMessage].
//
// It returns nil when the error must pass through untouched: the call's
// context was cancelled, so the client has given up on it. A panic is
// never passed through.
//
// The SDK boundaries in toolerr/mcpgo and toolerr/gosdk call Resolve and
// [Log]; call them yourself only to write a boundary for another framework.
func Resolve(ctx context.Context, err error) *ToolError {
	if err == nil {
		return nil
	}
	var p *PanicError
	if errors.As(err, &p) && !wrapsToolErrorAbove(err) {
		return &ToolError{message: FaultMessage, level: slog.LevelError, outcome: OutcomePanic, cause: err}
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
	switch {
	case isTimeout(err):
		return &ToolError{message: TimeoutMessage, level: slog.LevelWarn, outcome: OutcomeTimeout, cause: err}
	case isRateLimit(err):
		return &ToolError{message: RateLimitMessage, level: slog.LevelWarn, outcome: OutcomeRateLimited, cause: err}
	}
	return &ToolError{message: FaultMessage, level: slog.LevelError, outcome: OutcomeFault, cause: err}
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

func isRateLimit(err error) bool {
	if errors.Is(err, ErrRateLimited) {
		return true
	}
	return walk(err, func(e error) bool {
		switch s := e.(type) {
		case interface{ StatusCode() int }:
			return s.StatusCode() == http.StatusTooManyRequests
		case interface{ HTTPStatusCode() int }:
			return s.HTTPStatusCode() == http.StatusTooManyRequests
		}
		return false
	})
}

// The keys of the boundary's log record.
const (
	KeyTool      = "tool"
	KeyOutcome   = "outcome"
	KeyDuration  = "duration"
	KeyErrorType = "error_type"
	KeyError     = "error"
	KeyMessage   = "message"
	KeyStack     = "stack"
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
	attrs := make([]slog.Attr, 0, 7+len(te.attrs))
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
		if !isFixed(te.message) {
			attrs = append(attrs, slog.String(KeyMessage, te.message))
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
