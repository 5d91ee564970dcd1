package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// goEnvRoot returns the root of the standard library the go command uses in
// dir with env (the toolchain a go.mod selects may not be the one that
// built toolcheck), or "" if the go command cannot say.
func goEnvRoot(dir string, env []string) string {
	cmd := exec.Command("go", "env", "GOROOT")
	cmd.Dir = dir
	if env != nil {
		cmd.Env = env
	}
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// ParseFile returns the parser the loaders give go/packages: it parses a
// file as go/packages would, except that a file of the standard library
// (under goroot) keeps only its declarations, as if its functions were
// implemented in assembly. No analyzer learns anything from the bodies of
// the standard library's functions (what toolcheck knows of its APIs is
// written down, in goapi and the model), and type-checking them was about
// half of loading a small server. Such a file is parsed with its bodies
// blanked (blankBodies) and without its comments, which no analyzer reads
// there either: parsing it whole was a third of a run's CPU. With goroot
// "", every file keeps its bodies.
func ParseFile(goroot string) func(*token.FileSet, string, []byte) (*ast.File, error) {
	src := ""
	if goroot != "" {
		src = filepath.Join(goroot, "src") + string(filepath.Separator)
	}
	return func(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
		// As go/packages, without the parser's object resolution, which
		// nothing reads (the type checker resolves names itself).
		const mode = parser.AllErrors | parser.ParseComments | parser.SkipObjectResolution
		if src == "" || !strings.HasPrefix(filename, src) {
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
		name := stdPackageName(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !qualifiers[name] {
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

// stdPackageName is the name of a package of the standard library: the
// last element of its path, or the one before a major version suffix
// (math/rand/v2).
func stdPackageName(p string) string {
	name := path.Base(p)
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		return path.Base(path.Dir(p))
	}
	return name
}
