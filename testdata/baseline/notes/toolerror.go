package notes

import "log/slog"

// ToolError is an error whose message is written for the model.
type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e *ToolError) Error() string { return e.Msg }

// CallerError builds a ToolError at INFO.
func CallerError(msg string) *ToolError { return &ToolError{Msg: msg, Level: slog.LevelInfo} }
