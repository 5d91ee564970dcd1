// Package toolerr is the project's ToolError, with the API of
// github.com/toolcheck/toolcheck/toolerr: New is logged at ERROR unless an
// option sets the level; the constructors named after an outcome set it.
package toolerr

import "log/slog"

// A ToolError is a failure whose message is what the model reads and whose
// level says who has to act.
type ToolError struct {
	message string
	level   slog.Level
	cause   error
}

// An Option adjusts a ToolError as it is built.
type Option func(*ToolError)

// WithLevel sets the level the boundary logs the error at.
func WithLevel(level slog.Level) Option {
	return func(e *ToolError) { e.level = level }
}

// WithCause records the error that led to this one, for the log only.
func WithCause(err error) Option {
	return func(e *ToolError) { e.cause = err }
}

// New returns a ToolError logged at ERROR unless an option sets the level.
func New(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelError, opts)
}

// CallerError returns a ToolError logged at INFO: the model can correct
// the call.
func CallerError(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelInfo, opts)
}

// Unavailable returns a ToolError logged at WARNING: it heals itself.
func Unavailable(msg string, opts ...Option) *ToolError {
	return build(msg, slog.LevelWarn, opts)
}

func build(msg string, level slog.Level, opts []Option) *ToolError {
	e := &ToolError{message: msg, level: level}
	for _, opt := range opts {
		if opt != nil {
			opt(e)
		}
	}
	return e
}

// Error returns the model-facing message.
func (e *ToolError) Error() string { return e.message }

// Level returns the level the boundary logs the error at.
func (e *ToolError) Level() slog.Level { return e.level }

// Unwrap returns the cause.
func (e *ToolError) Unwrap() error { return e.cause }
