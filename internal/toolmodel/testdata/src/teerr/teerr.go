// Package teerr is a ToolError API whose constructors return error.
package teerr

import "log/slog"

type ToolError struct {
	msg   string
	level slog.Level
}

func (e ToolError) Error() string { return e.msg }

// New returns a ToolError at ERROR.
func New(text string, level ...slog.Level) error {
	l := slog.LevelError
	if len(level) > 0 {
		l = level[0]
	}
	return ToolError{msg: text, level: l} // want `site ctor=- explicit=l msg=text`
}

// Join is no constructor: it takes no string.
func Join(errs ...error) error { return errors(errs) }

type errors []error

func (e errors) Error() string { return "" }
