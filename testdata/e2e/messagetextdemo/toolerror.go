// Package messagetextdemo holds tools of both SDKs whose model-facing text
// leaks what the model cannot act on, next to clean twins.
package messagetextdemo

import "log/slog"

// ToolError is an error whose message is written for the model.
type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e *ToolError) Error() string { return e.Msg }

// Option configures a ToolError.
type Option func(*ToolError)

// WithLevel sets the level the boundary logs the error at.
func WithLevel(l slog.Level) Option { return func(e *ToolError) { e.Level = l } }

// NewToolError builds a ToolError, at ERROR unless an option says otherwise.
func NewToolError(msg string, opts ...Option) *ToolError {
	e := &ToolError{Msg: msg, Level: slog.LevelError}
	for _, o := range opts {
		o(e)
	}
	return e
}
