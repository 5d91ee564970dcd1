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

// A PreparedFix is a suggested fix as byte offsets in the files it edits,
// with the names those files import packages by: what applying it needs
// of the package, so that it can be applied once the package is gone (a
// language server works a fix out when it is asked for it, not for every
// finding it publishes).
type PreparedFix struct {
	message string
	byFile  map[string][]edit
	adds    map[string][]string          // by file: the import paths the fix adds
	names   map[string]map[string]string // by file: import path -> the name the file uses
}

// PrepareFix converts fix, of a finding in pkg, for Apply; an error when
// an edit is in no file of fset.
func PrepareFix(pkg *packages.Package, fset *token.FileSet, fix analysis.SuggestedFix) (*PreparedFix, error) {
	pf := &PreparedFix{message: fix.Message, byFile: map[string][]edit{}, adds: map[string][]string{}, names: map[string]map[string]string{}}
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
			pf.adds[name] = append(pf.adds[name], paths...)
			if _, ok := pf.byFile[name]; !ok {
				pf.byFile[name] = nil
			}
			continue
		}
		pf.byFile[name] = append(pf.byFile[name], ed)
	}
	if pkg != nil && pkg.TypesInfo != nil {
		for _, f := range pkg.Syntax {
			name := fset.File(f.FileStart).Name()
			if _, ok := pf.byFile[name]; !ok {
				continue // a file the fix does not edit
			}
			m := map[string]string{}
			for _, imp := range f.Imports {
				if pn := pkg.TypesInfo.PkgNameOf(imp); pn != nil {
					m[pn.Imported().Path()] = pn.Name()
				}
			}
			pf.names[name] = m
		}
	}
	return pf, nil
}

// Apply applies the fix to the files it edits, as -fix and -diff apply
// it: its edits, then the imports it adds placed and those it leaves
// unused removed (fixImports), then gofmt. src returns the content a file
// was analysed with (an editor's unsaved buffer, say). It returns the new
// content of each file the fix changes, and an error when a file is
// missing or left unparsable.
func (pf *PreparedFix) Apply(src func(name string) ([]byte, bool)) (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, edits := range pf.byFile {
		old, ok := src(name)
		if !ok {
			return nil, fmt.Errorf("the fix %q edits %s, which is not available", pf.message, name)
		}
		edits = slices.Clone(edits)
		slices.SortFunc(edits, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		var buf bytes.Buffer
		last := 0
		for _, e := range edits {
			if e.start < last || e.end > len(old) {
				return nil, fmt.Errorf("the fix %q has overlapping edits in %s", pf.message, name)
			}
			buf.Write(old[last:e.start])
			buf.WriteString(e.text)
			last = e.end
		}
		buf.Write(old[last:])
		fixed := buf.Bytes()
		if strings.HasSuffix(name, ".go") {
			withImports, err := fixImports(fixed, pf.adds[name], pf.names[name], old)
			if err != nil {
				return nil, fmt.Errorf("the fix %q leaves %s unparsable: %v", pf.message, name, err)
			}
			formatted, err := format.Source(withImports)
			if err != nil {
				return nil, fmt.Errorf("the fix %q leaves %s unparsable: %v", pf.message, name, err)
			}
			fixed = formatted
		}
		if !bytes.Equal(fixed, old) {
			out[name] = fixed
		}
	}
	return out, nil
}
