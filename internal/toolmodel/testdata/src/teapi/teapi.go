// Package teapi is a ToolError API: a general constructor with options, a
// builder, outcome constructors.
package teapi

import "log/slog"

// ToolError is an error whose message the model reads.
type ToolError struct {
	Message string
	Level   slog.Level
	Cause   error
}

func (e *ToolError) Error() string { return e.Message }

// Option configures a ToolError.
type Option func(*ToolError)

// New builds a ToolError at ERROR unless an option says otherwise.
func New(msg string, opts ...Option) *ToolError {
	e := &ToolError{Message: msg, Level: slog.LevelError} // want `site ctor=- explicit=slog.LevelError msg=msg`
	for _, o := range opts {
		o(e)
	}
	return e
}

// WithLevel sets the level.
func WithLevel(l slog.Level) Option { return func(e *ToolError) { e.Level = l } }

// WithCause attaches a cause.
func WithCause(err error) Option { return func(e *ToolError) { e.Cause = err } }

// AsCaller marks a caller error.
func AsCaller() Option { return func(e *ToolError) { e.Level = slog.LevelInfo } }

// Caller builds a caller error.
func Caller(msg string) *ToolError {
	return New(msg, WithLevel(slog.LevelInfo)) // want `site ctor=New explicit=WithLevel\(slog.LevelInfo\) msg=msg`
}

// WithLevel is the builder form.
func (e *ToolError) WithLevel(l slog.Level) *ToolError { e.Level = l; return e }

// Info is a builder named after its level.
func (e *ToolError) Info() *ToolError { e.Level = slog.LevelInfo; return e }

// Hint is a builder that does not touch the level.
func (e *ToolError) Hint(h string) *ToolError { e.Message += " " + h; return e }

// As converts; it does not construct.
func As(err error) *ToolError {
	te, _ := err.(*ToolError)
	return te
}

// Errorf returns an error built as a ToolError.
func Errorf(format string, args ...any) error {
	return New(format) // want `site ctor=New explicit=- msg=format`
}
