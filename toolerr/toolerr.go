package toolerr

import (
	"log/slog"
	"runtime"
	"strings"
	"time"
)

// An Outcome names how a failed tool call ended. It is the value of the
// log record's "outcome" key.
type Outcome string

// The outcomes of a failed call.
const (
	OutcomeCallerError Outcome = "caller_error" // the model sent something it can correct (INFO)
	OutcomeStaleState  Outcome = "stale_state"  // the model holds an outdated version or handle (INFO)
	OutcomeUnavailable Outcome = "unavailable"  // a server condition that heals itself (WARNING)
	OutcomeTimeout     Outcome = "timeout"      // the call ran out of time (WARNING)
	OutcomeRateLimited Outcome = "rate_limited" // an upstream service refused for now (WARNING)
	OutcomeFault       Outcome = "fault"        // an operator has to act (ERROR)
	OutcomePanic       Outcome = "panic"        // the handler panicked (ERROR)
)

// A ToolError is a failure whose model-facing text the tool code chose: its
// message is what the model reads, and its level says who has to act (INFO:
// the model; WARNING: nobody, it heals itself; ERROR: an operator). Build
// one with [CallerError], [Stale], [Unavailable], [Fault] or [New], and
// return it from the tool handler; the boundary renders and logs it.
//
// Its cause, set with [WithCause], is for the log only: Error returns the
// message alone, and errors.Is and errors.As see the cause through Unwrap.
type ToolError struct {
	message string
	level   slog.Level
	outcome Outcome
	cause   error
	attrs   []slog.Attr
	stack   []uintptr

	fixed      bool          // the message is the boundary's own text, not tool code's
	retryAfter time.Duration // the upstream's delay behind a rate_limited or unavailable message
}

// An Option adjusts a ToolError as it is built.
type Option func(*ToolError)

// WithLevel sets the level the boundary logs the error at, overriding the
// constructor's.
func WithLevel(level slog.Level) Option {
	return func(e *ToolError) { e.level = level }
}

// WithCause records the error that led to this one, for the log record and
// for errors.Is and errors.As. Its text never reaches the model.
func WithCause(err error) Option {
	return func(e *ToolError) { e.cause = err }
}

// WithAttrs adds attributes to the boundary's log record: what an operator
// needs to know about this failure, which the message must not say.
func WithAttrs(attrs ...slog.Attr) Option {
	return func(e *ToolError) { e.attrs = append(e.attrs, attrs...) }
}

// New returns a ToolError with the model-facing message msg, logged at
// ERROR unless an option sets the level. Its outcome follows the level:
// a caller error at INFO and below, unavailable at WARNING, a fault at
// ERROR and above. Prefer the constructor named after the outcome.
func New(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelError, "", opts)
}

// CallerError returns a ToolError, logged at INFO, for a call the model can
// correct: a bad or missing argument, something that does not exist, a
// feature the operator turned off. The message names the argument, quotes
// the value the model sent, and gives the next step by tool and parameter
// name: "No note at 'inbox/todo.md'. Find the path with search_notes."
func CallerError(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelInfo, OutcomeCallerError, opts)
}

// Stale returns a ToolError, logged at INFO, for a call made with an
// outdated version or an expired handle. The message says that the same
// call fails again and where the fresh value comes from.
func Stale(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelInfo, OutcomeStaleState, opts)
}

// Unavailable returns a ToolError, logged at WARNING, for a server
// condition that heals itself and that the model can be told about more
// precisely than the boundary's fixed text: "The index is rebuilding; retry
// in a minute." The model must learn that its request was fine and that it
// should retry: a message that does not say "retry" or "try again" gets
// [RetryHint] appended ("Search is down." reads "Search is down. The
// request was fine; retry it in a moment.").
func Unavailable(msg string, opts ...Option) *ToolError {
	e := build(msg, slog.LevelWarn, OutcomeUnavailable, opts)
	e.message = withRetryHint(e.message)
	return e
}

// RetryHint is the sentence an unavailable ToolError's message ends with
// when it does not tell the model to retry.
const RetryHint = "The request was fine; retry it in a moment."

func withRetryHint(msg string) string {
	m := strings.TrimSpace(msg)
	l := strings.ToLower(m)
	if m == "" || strings.Contains(l, "retry") || strings.Contains(l, "try again") {
		return msg
	}
	if !strings.ContainsAny(m[len(m)-1:], ".!?") {
		m += "."
	}
	return m + " " + RetryHint
}

// Fault returns a ToolError, logged at ERROR, for a server fault an
// operator has to fix and that the model can be told about more precisely
// than the boundary's fixed text. Any error that is not a ToolError is
// such a fault already; use Fault only for a better message.
func Fault(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelError, OutcomeFault, opts)
}

func build(msg string, level slog.Level, outcome Outcome, opts []Option) *ToolError {
	e := &ToolError{message: msg, level: level, outcome: outcome}
	for _, opt := range opts {
		if opt != nil {
			opt(e)
		}
	}
	if e.outcome == "" {
		e.outcome = outcomeOf(e.level)
	}
	if e.level >= slog.LevelError {
		var pcs [32]uintptr
		n := runtime.Callers(3, pcs[:]) // skip Callers, build, the constructor
		e.stack = pcs[:n:n]
	}
	return e
}

func outcomeOf(level slog.Level) Outcome {
	switch {
	case level <= slog.LevelInfo:
		return OutcomeCallerError
	case level < slog.LevelError:
		return OutcomeUnavailable
	}
	return OutcomeFault
}

// Error returns the model-facing message, without the cause.
func (e *ToolError) Error() string { return e.message }

// Message returns the model-facing message.
func (e *ToolError) Message() string { return e.message }

// Level returns the level the boundary logs the error at.
func (e *ToolError) Level() slog.Level { return e.level }

// Outcome returns how the call ended.
func (e *ToolError) Outcome() Outcome { return e.outcome }

// Unwrap returns the cause set with WithCause, or nil.
func (e *ToolError) Unwrap() error { return e.cause }

// Attrs returns the attributes set with WithAttrs.
func (e *ToolError) Attrs() []slog.Attr { return e.attrs }
