package teconf

import (
	"teerr"
)

// Problem is named in the configuration.
type Problem struct {
	Text     string
	Severity Severity
}

// Severity is a configured level type.
type Severity int

const (
	SeverityInfo Severity = iota
	SeverityError
)

func (p *Problem) Error() string { return p.Text }

func NewProblem(text string) *Problem { return &Problem{Text: text, Severity: SeverityError} } // want `site ctor=- explicit=SeverityError msg=text`

func use() []error {
	return []error{
		NewProblem("p"),             // want `site ctor=NewProblem explicit=- msg="p"`
		&Problem{"q", SeverityInfo}, // want `site ctor=- explicit=SeverityInfo msg="q"`
		teerr.New("e"),              // want `site ctor=New explicit=- msg="e"`
		teerr.New("e", 0),           // want `site ctor=New explicit=0 msg="e"`
		teerr.Join(nil),
	}
}
