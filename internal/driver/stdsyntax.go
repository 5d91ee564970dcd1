package driver

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// Trim names the files a loader parses for their declarations alone:
// those of the standard library (under GOROOT/src) and of the MCP SDKs'
// modules (each of mcpsdk.Modules) in the module cache
// (GOMODCACHE/MODULE@VERSION) or vendored (a vendor/MODULE directory). No
// analyzer learns anything from the bodies of their
// functions: what toolcheck knows of their APIs is written down, in goapi,
// mcpsdk and the model. The zero Trim parses every file whole.
type Trim struct {
	GOROOT, GOMODCACHE string
}

// goEnvTrim returns the Trim of the go command in dir with env (the
// toolchain a go.mod selects may not be the one that built toolcheck), or
// the zero Trim if the go command cannot say.
func goEnvTrim(dir string, env []string) Trim {
	cmd := exec.Command("go", "env", "-json", "GOROOT", "GOMODCACHE")
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	out, err := cmd.Output()
	if err != nil {
		return Trim{}
	}
	var t Trim
	if json.Unmarshal(out, &t) != nil {
		return Trim{}
	}
	return t
}

// matcher returns a function reporting whether a file is one of those t
// parses for their declarations alone.
func (t Trim) matcher() func(filename string) bool {
	if t == (Trim{}) {
		return func(string) bool { return false }
	}
	sep := string(filepath.Separator)
	src, cache := "", ""
	if t.GOROOT != "" {
		src = filepath.Join(t.GOROOT, "src") + sep
	}
	if t.GOMODCACHE != "" {
		cache = filepath.Clean(t.GOMODCACHE) + sep
	}
	var cached, vendored []string
	for _, m := range mcpsdk.Modules {
		cached = append(cached, m+"@")
		vendored = append(vendored, "/vendor/"+m+"/")
	}
	return func(filename string) bool {
		if src != "" && strings.HasPrefix(filename, src) {
			return true
		}
		rel, inCache := "", false
		if cache != "" {
			rel, inCache = strings.CutPrefix(filename, cache)
		}
		rel, slash := filepath.ToSlash(rel), filepath.ToSlash(filename)
		for i := range cached {
			if inCache && strings.HasPrefix(rel, cached[i]) || strings.Contains(slash, vendored[i]) {
				return true
			}
		}
		return false
	}
}

// Broken reports whether a package whose files t reads from their
// declarations, among pkgs and their dependencies, has errors: a release
// whose sources break an assumption of declarationsOnly, or an import
// whose name it could not tell (see packageNames).
func (t Trim) Broken(pkgs []*packages.Package) bool {
	if t == (Trim{}) {
		return false
	}
	trims, broken := t.matcher(), false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 && len(p.GoFiles) > 0 && trims(p.GoFiles[0]) {
			broken = true
		}
	})
	return broken
}

// ParseFile returns the parser the loaders give go/packages: it parses a
// file as go/packages would, except that a file t trims keeps only its
// declarations, as if its functions were implemented in assembly.
// Type-checking the standard library's bodies was about half of loading a
// small server, and the SDKs' a tenth of a run on the end-to-end fixture.
// Such a file is parsed with its bodies blanked (blankBodies) and without
// its comments, which no analyzer reads there either: parsing the standard
// library whole was a third of a run's CPU.
func ParseFile(t Trim) func(*token.FileSet, string, []byte) (*ast.File, error) {
	trims := t.matcher()
	return func(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
		// As go/packages, without the parser's object resolution, which
		// nothing reads (the type checker resolves names itself).
		const mode = parser.AllErrors | parser.ParseComments | parser.SkipObjectResolution
		if !trims(filename) {
			return parser.ParseFile(fset, filename, data, mode)
		}
		f, err := parser.ParseFile(fset, filename, blankBodies(data), parser.AllErrors|parser.SkipObjectResolution)
		if err == nil && dotImport(f) {
			// declarationsOnly keeps such a file whole: its bodies
			// may be what uses the dot-imported package.
			return parser.ParseFile(fset, filename, data, mode)
		}
		if err == nil {
			declarationsOnly(f)
		}
		return f, err
	}
}

// declarationsOnly drops the bodies of f's functions and methods, keeping
// what the type checker needs of them: an init function keeps an empty
// body (it must have one), a generic function or a method of a generic
// type a body that panics (it must have one, and one that terminates).
// An import no longer used outside the dropped bodies becomes a blank
// import, which the type checker does not call unused. A file with a dot
// import is left as it is: which of its names the bodies used cannot be
// told from the syntax.
func declarationsOnly(f *ast.File) {
	if dotImport(f) {
		return
	}
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					dropElements(v)
				}
			}
			continue
		}
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		switch {
		case fd.Recv == nil && fd.Name.Name == "init":
			fd.Body.List = nil
		case fd.Type.TypeParams != nil || fd.Recv != nil && genericRecv(fd.Recv.List[0].Type):
			fd.Body.List = []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
				Fun:    &ast.Ident{Name: "panic", NamePos: fd.Body.Lbrace},
				Lparen: fd.Body.Lbrace,
				Args:   []ast.Expr{&ast.BasicLit{ValuePos: fd.Body.Lbrace, Kind: token.INT, Value: "0"}},
				Rparen: fd.Body.Lbrace,
			}}}
		default:
			fd.Body = nil
		}
	}
	// A package is used outside the bodies only as the qualifier of a
	// selector (pkg.Name).
	qualifiers := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				qualifiers[id.Name] = true
			}
		}
		return true
	})
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p == "C" || imp.Name != nil && imp.Name.Name == "_" {
			continue
		}
		names := packageNames(p)
		if imp.Name != nil {
			names = []string{imp.Name.Name}
		}
		if !slices.ContainsFunc(names, func(n string) bool { return qualifiers[n] }) {
			imp.Name = &ast.Ident{Name: "_", NamePos: imp.Path.Pos()}
		}
	}
}

// dropElements empties a composite literal that initializes a
// package-level variable (T{...} or &T{...}): its type is the literal's
// type whatever its elements, which are data (the standard library's
// Unicode, IDNA and normalization tables are most of what its declarations
// cost to type-check). An array whose length its elements give ([...]T)
// has its length written instead, unless an element's key gives it.
func dropElements(e ast.Expr) {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || lit.Type == nil {
		return
	}
	if at, ok := lit.Type.(*ast.ArrayType); ok {
		if ell, ok := at.Len.(*ast.Ellipsis); ok {
			for _, e := range lit.Elts {
				if _, ok := e.(*ast.KeyValueExpr); ok {
					return // its length is its greatest index, a constant expression
				}
			}
			at.Len = &ast.BasicLit{ValuePos: ell.Ellipsis, Kind: token.INT, Value: strconv.Itoa(len(lit.Elts))}
		}
	}
	lit.Elts = nil
}

// dotImport reports whether f has a dot import.
func dotImport(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "." {
			return true
		}
	}
	return false
}

// genericRecv reports whether a receiver's type has type parameters.
func genericRecv(t ast.Expr) bool {
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// packageNames returns the names the package at import path p may have:
// the last element of its path, or the one before a major version suffix
// (math/rand/v2), which is the name of every package of the standard
// library, and that element without a gopkg.in version (yaml.v3), a go-
// prefix or a -go suffix. A package outside the standard library can be
// named otherwise: an import declarationsOnly then blanks (or keeps)
// wrongly leaves its package with an error, and the loaders load again
// whole (Trim.Broken).
func packageNames(p string) []string {
	name := path.Base(p)
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = path.Base(path.Dir(p))
	}
	names := []string{name}
	if i := strings.LastIndex(name, ".v"); i > 0 && strings.Trim(name[i+2:], "0123456789") == "" {
		name = name[:i]
		names = append(names, name)
	}
	if n := strings.TrimSuffix(strings.TrimPrefix(name, "go-"), "-go"); n != name {
		names = append(names, n)
	}
	return names
}
