package report

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// directivePrefix starts a suppression comment:
//
//	//toolcheck:ignore <analyzer>[,<analyzer>] <reason>
const directivePrefix = "//toolcheck:ignore"

// A Directive is one suppression comment.
type Directive struct {
	Pos, End  token.Pos
	File      string
	Line      int
	Analyzers []string
	Reason    string
	// Problem says what is wrong with a malformed directive.
	Problem string
}

// Directives are the suppression comments of a package.
type Directives struct {
	list []*Directive
	// known are the analyzers attached to the model, which a directive
	// may name; the first of them reports the malformed directives that
	// name none of them.
	known map[string]bool
	first string
}

// ParseDirectives reads the suppression comments of the package of pass,
// for the analyzers called names.
func ParseDirectives(pass *analysis.Pass, names []string) *Directives {
	ds := &Directives{known: map[string]bool{}}
	for _, n := range names {
		ds.known[n] = true
	}
	if len(names) > 0 {
		ds.first = names[0]
	}
	known := ds.known
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if !strings.HasPrefix(c.Text, directivePrefix) {
					continue
				}
				rest := c.Text[len(directivePrefix):]
				if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue // //toolcheck:ignoreX is not ours
				}
				pos := pass.Fset.Position(c.Pos())
				d := &Directive{Pos: c.Pos(), End: c.End(), File: pos.Filename, Line: pos.Line}
				fields := strings.Fields(rest)
				if len(fields) == 0 {
					d.Problem = "names no analyzer"
				} else {
					for _, name := range strings.Split(fields[0], ",") {
						if !known[name] {
							d.Problem = "names unknown analyzer " + quote(name)
						}
						d.Analyzers = append(d.Analyzers, name)
					}
					d.Reason = strings.Join(fields[1:], " ")
					if d.Problem == "" && d.Reason == "" {
						d.Problem = "has no reason"
					}
				}
				ds.list = append(ds.list, d)
			}
		}
	}
	return ds
}

func quote(s string) string { return "\"" + s + "\"" }

func (d *Directive) names(analyzer string) bool {
	for _, a := range d.Analyzers {
		if a == analyzer {
			return true
		}
	}
	return false
}

// namesKnown reports whether d names an analyzer attached to the model.
func (ds *Directives) namesKnown(d *Directive) bool {
	for _, a := range d.Analyzers {
		if ds.known[a] {
			return true
		}
	}
	return false
}
