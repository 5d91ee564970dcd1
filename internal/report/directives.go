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
	// at lists, by file and line, the indices in list of the directives
	// there: a finding looks at the directives of two lines, not at all.
	at map[fileLine][]int
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
				ds.add(d)
			}
		}
	}
	return ds
}

// add appends d to the list and its index.
func (ds *Directives) add(d *Directive) {
	if ds.at == nil {
		ds.at = map[fileLine][]int{}
	}
	k := fileLine{d.File, d.Line}
	ds.at[k] = append(ds.at[k], len(ds.list))
	ds.list = append(ds.list, d)
}

type fileLine struct {
	file string
	line int
}

// suppressing returns the first directive, in the order of list, that
// suppresses analyzer's findings at p (a directive on its line or the
// line before), or nil.
func (ds *Directives) suppressing(analyzer string, p token.Position) *Directive {
	first := -1
	for _, line := range [2]int{p.Line, p.Line - 1} {
		for _, i := range ds.at[fileLine{p.Filename, line}] {
			if d := ds.list[i]; d.Problem == "" && d.names(analyzer) && (first < 0 || i < first) {
				first = i
				break // the rest of the line come later in list
			}
		}
	}
	if first < 0 {
		return nil
	}
	return ds.list[first]
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
