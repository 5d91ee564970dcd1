// Package televelapi is a ToolError API whose levels are learned as facts.
package televelapi

import "log/slog"

type ToolError struct {
	msg   string
	level slog.Level
}

func (e *ToolError) Error() string { return e.msg }

type Option func(*ToolError)

func WithLevel(l slog.Level) Option { return func(e *ToolError) { e.level = l } }

func AsCaller() Option { return func(e *ToolError) { e.level = slog.LevelInfo } }

func New(msg string, opts ...Option) *ToolError {
	e := &ToolError{msg: msg, level: slog.LevelError} // want `level=ERROR stated=true`
	for _, o := range opts {
		o(e)
	}
	return e
}

func CallerError(msg string) *ToolError { return New(msg, AsCaller()) } // want `level=INFO stated=true`

func Unavailable(msg string) *ToolError { return New(msg, WithLevel(slog.LevelWarn)) } // want `level=WARN stated=true`
