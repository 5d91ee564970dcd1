package driver

import (
	"bufio"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"
)

// RelPath returns file relative to cwd when it is under cwd, and file
// otherwise.
func RelPath(cwd, file string) string {
	if cwd == "" || !filepath.IsAbs(file) {
		return file
	}
	rel, err := filepath.Rel(cwd, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return file
	}
	return rel
}

// posnString formats a position as file:line:col, the file relative to
// cwd when it is under it.
func posnString(cwd string, p token.Position) string {
	if !p.IsValid() {
		return "-"
	}
	p.Filename = RelPath(cwd, p.Filename)
	return p.String()
}

// maxTextRelated is how many pieces of related information the text
// format prints under a finding; a finding for a server of 60 tools
// would otherwise fill a screen. -json and -sarif list them all.
const maxTextRelated = 10

// WriteText writes one line per finding, "file:line:col: message
// (analyzer)", as staticcheck does, and each piece of related information
// on an indented line below it, at most maxTextRelated of them.
// It writes through a buffer: unbuffered, each line would be a system
// call.
func WriteText(out io.Writer, cwd string, fs []Finding) error {
	w := bufio.NewWriter(out)
	for _, f := range fs {
		if _, err := fmt.Fprintf(w, "%s: %s (%s)\n", posnString(cwd, f.Posn), f.Message, f.Analyzer.Name); err != nil {
			return err
		}
		for i, r := range f.Related {
			if i == maxTextRelated {
				if _, err := fmt.Fprintf(w, "\t... and %d more (-json lists them all)\n", len(f.Related)-i); err != nil {
					return err
				}
				break
			}
			if _, err := fmt.Fprintf(w, "\t%s: %s\n", posnString(cwd, f.Fset.Position(r.Pos)), r.Message); err != nil {
				return err
			}
		}
	}
	return w.Flush()
}

// The JSON types follow the tree that go vet -json and x/tools' drivers
// print, so that one consumer reads both: package ID to analyzer name to
// diagnostics.
type (
	jsonTextEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	jsonSuggestedFix struct {
		Message string         `json:"message"`
		Edits   []jsonTextEdit `json:"edits"`
	}
	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	jsonDiagnostic struct {
		Category       string             `json:"category,omitempty"`
		Posn           string             `json:"posn"`
		End            string             `json:"end"`
		Message        string             `json:"message"`
		URL            string             `json:"url,omitempty"`
		SuggestedFixes []jsonSuggestedFix `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated      `json:"related,omitempty"`
	}
)

// WriteJSON writes the findings as go vet -json does, a tree from package
// ID to analyzer name to diagnostics, with absolute positions; unlike
// x/tools' drivers it lists each finding once, under the first package
// variant that reported it.
func WriteJSON(w io.Writer, fs []Finding) error {
	tree := map[string]map[string][]jsonDiagnostic{}
	for _, f := range fs {
		byAnalyzer := tree[f.Package.ID]
		if byAnalyzer == nil {
			byAnalyzer = map[string][]jsonDiagnostic{}
			tree[f.Package.ID] = byAnalyzer
		}
		byAnalyzer[f.Analyzer.Name] = append(byAnalyzer[f.Analyzer.Name], jsonDiag(f))
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

func jsonDiag(f Finding) jsonDiagnostic {
	fset := f.Fset
	d := jsonDiagnostic{
		Category: f.Category,
		Posn:     f.Posn.String(),
		End:      f.End.String(),
		Message:  f.Message,
		URL:      f.URL,
	}
	for _, fix := range f.SuggestedFixes {
		jf := jsonSuggestedFix{Message: fix.Message, Edits: []jsonTextEdit{}}
		for _, e := range fix.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			jf.Edits = append(jf.Edits, jsonTextEdit{
				Filename: fset.Position(e.Pos).Filename,
				Start:    fset.Position(e.Pos).Offset,
				End:      fset.Position(end).Offset,
				New:      string(e.NewText),
			})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, jf)
	}
	for _, r := range f.Related {
		end := r.End
		if !end.IsValid() {
			end = r.Pos
		}
		d.Related = append(d.Related, jsonRelated{
			Posn:    fset.Position(r.Pos).String(),
			End:     fset.Position(end).String(),
			Message: r.Message,
		})
	}
	return d
}
