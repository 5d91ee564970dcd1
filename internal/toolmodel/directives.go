package toolmodel

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// analyzerNames are the analyzers a suppression directive may name.
var analyzerNames = []string{"unwrapped", "iserror", "loglevel", "emptyonfail", "messagetext"}

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
}

func parseDirectives(pass *analysis.Pass) *Directives {
	ds := &Directives{}
	known := map[string]bool{}
	for _, n := range analyzerNames {
		known[n] = true
	}
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

func (d *Directive) namesKnown() bool {
	for _, a := range d.Analyzers {
		for _, n := range analyzerNames {
			if a == n {
				return true
			}
		}
	}
	return false
}
