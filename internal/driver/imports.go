package driver

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// importOnly returns the import paths an edit adds when it inserts
// nothing but import specs (`\n\t"fmt"`, `import "fmt"\n`): the fixes of
// many findings each import what they use, and two such insertions at one
// place are not a conflict. The driver adds those imports to the fixed
// file once, where gofmt sorts them.
func importOnly(e edit) ([]string, bool) {
	if e.start != e.end {
		return nil, false
	}
	var paths []string
	for _, line := range strings.Split(e.text, "\n") {
		line = strings.TrimSpace(line)
		line = strings.TrimSpace(strings.TrimPrefix(line, "import"))
		if line == "" {
			continue
		}
		p, err := strconv.Unquote(line)
		if err != nil || p == "" {
			return nil, false
		}
		paths = append(paths, p)
	}
	return paths, len(paths) > 0
}

// fixImports adds to the fixed source src of a file the imports its fixes
// need, and removes those the fixes left unused: an import is removed only
// when the original file used it (names maps each import path to the
// name the file uses it by) and the fixed one no longer does.
func fixImports(src []byte, add []string, names map[string]string, old []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	changed := false
	for _, p := range add {
		if astutil.AddImport(fset, f, p) {
			changed = true
		}
	}
	if len(names) > 0 {
		of, err := parser.ParseFile(token.NewFileSet(), "", old, 0)
		if err == nil {
			before, after := selectorUses(of), selectorUses(f)
			for _, imp := range slices.Clone(f.Imports) { // DeleteNamedImport edits f.Imports
				p, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					continue
				}
				name := names[p]
				if imp.Name != nil {
					name = imp.Name.Name
				}
				if name == "" || name == "_" || name == "." {
					continue
				}
				if before[name] > 0 && after[name] == 0 {
					var n string
					if imp.Name != nil {
						n = imp.Name.Name
					}
					if astutil.DeleteNamedImport(fset, f, n, p) {
						changed = true
					}
				}
			}
		}
	}
	if !changed {
		return src, nil
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// selectorUses counts the qualified identifiers of f by the name that
// qualifies them: x.Sel where x resolves to no declaration of the file
// (a package name, as the parser sees it).
func selectorUses(f *ast.File) map[string]int {
	uses := map[string]int{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
				uses[id.Name]++
			}
		}
		return true
	})
	return uses
}
