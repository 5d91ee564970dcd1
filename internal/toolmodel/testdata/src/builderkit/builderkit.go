// Package builderkit is a ToolError API with builder methods and an
// exported Level field.
package builderkit

import "log/slog"

// ToolError is a failure whose message the model reads.
type ToolError struct {
	Message string
	Level   slog.Level
}

func (e *ToolError) Error() string { return e.Message }

// New builds a ToolError at ERROR.
func New(msg string) *ToolError { // want New:"toolerror\\(constructor, default ERROR\\)"
	return &ToolError{Message: msg, Level: slog.LevelError}
}

// Errorf returns an error built as a ToolError at ERROR.
func Errorf(format string, args ...any) error { // want Errorf:"toolerror\\(constructor, default ERROR\\)"
	e := New(format)
	return e
}

// WithLevel sets the level.
func (e *ToolError) WithLevel(l slog.Level) *ToolError { // want WithLevel:"toolerror\\(sets level arg\\)"
	e.Level = l
	return e
}

// Info logs it at INFO.
func (e *ToolError) Info() *ToolError { // want Info:"toolerror\\(sets level INFO\\)"
	e.Level = slog.LevelInfo
	return e
}
