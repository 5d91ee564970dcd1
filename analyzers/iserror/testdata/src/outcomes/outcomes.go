// Package outcomes is a ToolError API with a constructor per outcome, like
// toolcheck's toolerr module.
package outcomes

import "log/slog"

// ToolError is an error whose message is written for the model.
type ToolError struct {
	msg   string
	level slog.Level
}

func (e *ToolError) Error() string { return e.msg }

// Option configures a ToolError.
type Option func(*ToolError)

func New(msg string, opts ...Option) *ToolError         { return &ToolError{msg, slog.LevelError} }
func CallerError(msg string, opts ...Option) *ToolError { return &ToolError{msg, slog.LevelInfo} }
func Stale(msg string, opts ...Option) *ToolError       { return &ToolError{msg, slog.LevelInfo} }
func Fault(msg string, opts ...Option) *ToolError       { return &ToolError{msg, slog.LevelError} }
func Unavailable(msg string, opts ...Option) *ToolError { return &ToolError{msg, slog.LevelWarn} }
