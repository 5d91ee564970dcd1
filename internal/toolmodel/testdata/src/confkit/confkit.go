// Package confkit has a ToolError and a level type named in the
// configuration; the level's zero value is its error level.
package confkit

import "errors"

// Severity is a level type.
type Severity int

const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityInfo
)

// Problem is a ToolError by configuration.
type Problem struct {
	Text     string
	Severity Severity
}

func (p *Problem) Error() string { return p.Text }

// ErrGone is a caller error by configuration only.
var ErrGone = errors.New("gone")

// NewProblem builds a Problem at the zero (error) severity.
func NewProblem(text string) *Problem { // want NewProblem:"toolerror\\(constructor, default ERROR\\)"
	return &Problem{Text: text}
}
