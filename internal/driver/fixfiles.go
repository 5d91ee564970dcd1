package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// FixedFiles applies one suggested fix of a finding in pkg to the files it
// edits, as -fix and -diff apply it: its edits, then the imports it adds
// placed and those it leaves unused removed (fixImports), then gofmt. src
// returns the content a file was analysed with (an editor's unsaved
// buffer, say). It returns the new content of each file the fix changes,
// and an error when a file is missing or left unparsable.
func FixedFiles(pkg *packages.Package, fset *token.FileSet, fix analysis.SuggestedFix, src func(name string) ([]byte, bool)) (map[string][]byte, error) {
	names := map[string]map[string]string{} // by file: import path -> the name the file uses
	if pkg != nil && pkg.TypesInfo != nil {
		for _, f := range pkg.Syntax {
			m := map[string]string{}
			for _, imp := range f.Imports {
				if pn := pkg.TypesInfo.PkgNameOf(imp); pn != nil {
					m[pn.Imported().Path()] = pn.Name()
				}
			}
			names[fset.File(f.FileStart).Name()] = m
		}
	}
	byFile := map[string][]edit{}
	adds := map[string][]string{}
	for _, e := range fix.TextEdits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		tf := fset.File(e.Pos)
		if tf == nil {
			return nil, fmt.Errorf("an edit of the fix %q is in no file", fix.Message)
		}
		name := tf.Name()
		ed := edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)}
		if paths, ok := importOnly(ed); ok && strings.HasSuffix(name, ".go") {
			adds[name] = append(adds[name], paths...)
			if _, ok := byFile[name]; !ok {
				byFile[name] = nil
			}
			continue
		}
		byFile[name] = append(byFile[name], ed)
	}
	out := map[string][]byte{}
	for name, edits := range byFile {
		old, ok := src(name)
		if !ok {
			return nil, fmt.Errorf("the fix %q edits %s, which is not available", fix.Message, name)
		}
		slices.SortFunc(edits, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		var buf bytes.Buffer
		last := 0
		for _, e := range edits {
			if e.start < last || e.end > len(old) {
				return nil, fmt.Errorf("the fix %q has overlapping edits in %s", fix.Message, name)
			}
			buf.Write(old[last:e.start])
			buf.WriteString(e.text)
			last = e.end
		}
		buf.Write(old[last:])
		fixed := buf.Bytes()
		if strings.HasSuffix(name, ".go") {
			withImports, err := fixImports(fixed, adds[name], names[name], old)
			if err != nil {
				return nil, fmt.Errorf("the fix %q leaves %s unparsable: %v", fix.Message, name, err)
			}
			formatted, err := format.Source(withImports)
			if err != nil {
				return nil, fmt.Errorf("the fix %q leaves %s unparsable: %v", fix.Message, name, err)
			}
			fixed = formatted
		}
		if !bytes.Equal(fixed, old) {
			out[name] = fixed
		}
	}
	return out, nil
}
