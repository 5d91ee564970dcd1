// Package errctor has a ToolError constructor that returns error.
package errctor

import "log/slog"

type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e ToolError) Error() string { return e.Msg }

// New returns a ToolError as an error.
func New(msg string) error {
	return ToolError{Msg: msg}
}

// Plain returns an error that is not a ToolError.
func Plain(msg string) error {
	if msg == "" {
		return nil
	}
	return ToolError{Msg: msg}
}
