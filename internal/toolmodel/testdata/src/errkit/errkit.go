// Package errkit is a ToolError API shaped like toolcheck's toolerr: a
// general constructor at ERROR with options, and constructors named after
// the outcomes.
package errkit

import "log/slog"

// ToolError is a failure whose message the model reads.
type ToolError struct {
	message string
	level   slog.Level
	cause   error
}

func (e *ToolError) Error() string { return e.message }

// Level returns the level the boundary logs at.
func (e *ToolError) Level() slog.Level { return e.level }

// Option adjusts a ToolError.
type Option func(*ToolError)

// WithLevel sets the level.
func WithLevel(level slog.Level) Option { // want WithLevel:"toolerror\\(sets level arg\\)"
	return func(e *ToolError) { e.level = level }
}

// WithCause records a cause for the log.
func WithCause(err error) Option {
	return func(e *ToolError) { e.cause = err }
}

// AsCaller marks a caller error without taking a level.
func AsCaller() Option { // want AsCaller:"toolerror\\(sets level INFO\\)"
	return func(e *ToolError) { e.level = slog.LevelInfo }
}

// Quiet is an option variable.
var Quiet Option = func(e *ToolError) { e.level = slog.LevelDebug } // want Quiet:"toolerror\\(sets level DEBUG\\)"

// New builds a ToolError at ERROR unless an option sets the level.
func New(msg string, opts ...Option) *ToolError { // want New:"toolerror\\(constructor, default ERROR\\)"
	return build(msg, slog.LevelError, opts)
}

// Newf is New with a format.
func Newf(format string, args ...any) *ToolError { // want Newf:"toolerror\\(constructor, default ERROR\\)"
	return New(format)
}

// CallerError builds a caller error at INFO.
func CallerError(msg string, opts ...Option) *ToolError { // want CallerError:"toolerror\\(constructor, default INFO\\)"
	return build(msg, slog.LevelInfo, opts)
}

// Stale builds a stale-state error at INFO.
func Stale(msg string, opts ...Option) *ToolError { // want Stale:"toolerror\\(constructor, default INFO\\)"
	return build(msg, slog.LevelInfo, opts)
}

// Unavailable builds a self-healing fault at WARN.
func Unavailable(msg string, opts ...Option) *ToolError { // want Unavailable:"toolerror\\(constructor, default WARN\\)"
	return build(msg, slog.LevelWarn, opts)
}

// Fault builds an operator fault at ERROR.
func Fault(msg string, opts ...Option) *ToolError { // want Fault:"toolerror\\(constructor, default ERROR\\)"
	return build(msg, slog.LevelError, opts)
}

// build is the constructors' own: no other package can call it, so it
// has no fact.
func build(msg string, level slog.Level, opts []Option) *ToolError {
	e := &ToolError{message: msg, level: level}
	for _, o := range opts {
		o(e)
	}
	return e
}
