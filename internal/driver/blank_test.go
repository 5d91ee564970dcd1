package driver

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestBlankBodies(t *testing.T) {
	for _, tc := range []struct {
		src    string
		bodies []string // what is blanked, in order
	}{
		{ // bodies, and what is not one
			"package p\n\nfunc F(x int) int {\n\treturn x // }\n}\n\nvar f = func() int { return 1 }\n\nfunc G() struct{ a int } { return struct{ a int }{} }\n",
			[]string{"\n\treturn x // }\n", " return struct{ a int }{} "},
		},
		{ // literals and comments with braces, runes, raw strings
			"package p\n\n/* func X() { */\nfunc S() string { return \"}\" + `{` + string('}') + string('\\'') }\n",
			[]string{" return \"}\" + `{` + string('}') + string('\\'') "},
		},
		{ // a function without a body, a method, an interface result, a generic function
			"package p\n\nfunc asm(x int) int\n\nfunc (t *T) M() (r interface{ N() }) { return t }\n\nfunc Map[T interface{ ~int }](x T) T { return x }\n",
			[]string{" return t ", " return x "},
		},
		{ // a signature across lines, a declaration after a semicolon
			"package p\n\nfunc F(\n\ta int,\n) (\n\tb int,\n) { return a }; func G() { F(1) }\n",
			[]string{" return a ", " F(1) "},
		},
		{ // the elements of a package-level variable's composite literal
			"package p\n\nvar t = [2]T{\n\t{1, \"}\"},\n\t{2, `{`},\n} // table\n\nvar (\n\tm = map[string]*pkg.T{\"a\": {}}\n\tp = &pkg.T[int]{A: []int{1}}; q = []*T{nil}\n)\n",
			[]string{"\n\t{1, \"}\"},\n\t{2, `{`},\n", "\"a\": {}", "A: []int{1}", "nil"},
		},
		{ // literals whose elements may count, or that are not the whole value
			"package p\n\nvar a = [...]int{1: 2, 0: 1}\nvar b = struct{ x int }{1}\nvar c = func() int { return 1 }()\nvar d, e = T{1}, T{2}\nvar f = T{1}.x\nvar g = x == T{1}\nvar h T = T{1} /* one */ + T{2}\n",
			nil,
		},
		{ // an unterminated comment: the file as it is
			"package p\n\nfunc F() { /* }\n",
			nil,
		},
	} {
		want, rest := "", tc.src
		for _, b := range tc.bodies {
			i := strings.Index(rest, b)
			if i < 0 {
				t.Fatalf("%q not in %q", b, rest)
			}
			want += rest[:i] + strings.Map(func(r rune) rune {
				if r == '\n' {
					return r
				}
				return ' '
			}, b)
			rest = rest[i+len(b):]
		}
		want += rest
		if got := string(blankBodies([]byte(tc.src))); got != want {
			t.Errorf("blankBodies of\n%s\ngives\n%q\nwant\n%q", tc.src, got, want)
		}
	}
}

// TestBlankEllipsis checks the literals of type [...]T blankBodies blanks:
// their last element kept, keyed by its index, the key written on the
// first line with room for it.
func TestBlankEllipsis(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"var a = [...]int{1, 2}\n", "var a = [...]int{1: 2}\n"},
		{"var b = [...]T{\n\t{1, \"a\"}, // one\n\t{2, \"}\"},\n}\n", "var b = [...]T{\n1:               \n {2, \"}\"},\n}\n"},
		{"var c = [...]int{\n" + strings.Repeat("1,\n", 10) + "1}\n", ""}, // no room for "10:"
		{"var d = [...]string{`,`, \",\", ','}\n", "var d = [...]string{2:        ','}\n"},
	} {
		src := "package p\n\n" + tc.src
		want := src
		if tc.want != "" {
			want = "package p\n\n" + tc.want
		}
		if got := string(blankBodies([]byte(src))); got != want {
			t.Errorf("blankBodies of\n%s\ngives\n%q\nwant\n%q", src, got, want)
		}
	}
}

// keyedLength writes what blankBodies makes of a literal of type [...]T
// ({N-1: last}) as declarationsOnly writes the literal whole ([N]T{}).
func keyedLength(f *ast.File) {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			for _, v := range spec.(*ast.ValueSpec).Values {
				if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
					v = u.X
				}
				lit, ok := v.(*ast.CompositeLit)
				if !ok || len(lit.Elts) != 1 {
					continue
				}
				at, ok := lit.Type.(*ast.ArrayType)
				kv, isKV := lit.Elts[0].(*ast.KeyValueExpr)
				if !ok || !isKV {
					continue
				}
				ell, ok := at.Len.(*ast.Ellipsis)
				key, isLit := kv.Key.(*ast.BasicLit)
				if !ok || !isLit {
					continue
				}
				n, err := strconv.Atoi(key.Value)
				if err != nil {
					continue
				}
				at.Len = &ast.BasicLit{ValuePos: ell.Ellipsis, Kind: token.INT, Value: strconv.Itoa(n + 1)}
				lit.Elts = nil
			}
		}
	}
}

// TestBlankBodiesStd checks blankBodies on packages of the standard
// library: each file parses, with the same declarations at the same
// positions, and the body of each function empty.
func TestBlankBodiesStd(t *testing.T) {
	goroot := goEnvTrim(".", nil).GOROOT
	if goroot == "" {
		t.Fatal("go env GOROOT: no answer")
	}
	root := filepath.Join(goroot, "src")
	for _, dir := range []string{"net/http", "unicode", "go/types", "runtime", "reflect", "math/big", "crypto/internal/fips140/nistec", "vendor/golang.org/x/text/unicode/norm", "encoding/json", "syscall"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			whole, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
			if err != nil {
				continue // a file of another build (a +build ignore generator)
			}
			blanked, err := parser.ParseFile(token.NewFileSet(), name, blankBodies(src), parser.SkipObjectResolution)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if len(whole.Decls) != len(blanked.Decls) {
				t.Errorf("%s: %d declarations, blanked %d", name, len(whole.Decls), len(blanked.Decls))
				continue
			}
			for i, d := range whole.Decls {
				b := blanked.Decls[i]
				if d.Pos() != b.Pos() || d.End() != b.End() {
					t.Errorf("%s: declaration %d at %d-%d, blanked at %d-%d", name, i, d.Pos(), d.End(), b.Pos(), b.End())
				}
				if fd, ok := b.(*ast.FuncDecl); ok && fd.Body != nil && len(fd.Body.List) > 0 {
					t.Errorf("%s: %s keeps its body", name, fd.Name.Name)
				}
			}
			// The variables' declarations are what declarationsOnly makes
			// of the whole file: the literals blanked are those it empties.
			if dotImport(whole) {
				continue
			}
			declarationsOnly(whole)
			declarationsOnly(blanked)
			keyedLength(blanked)
			for i, d := range whole.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					var w, b strings.Builder
					if err := printer.Fprint(&w, token.NewFileSet(), gd); err != nil {
						t.Fatal(err)
					}
					if err := printer.Fprint(&b, token.NewFileSet(), blanked.Decls[i]); err != nil {
						t.Fatal(err)
					}
					if w.String() != b.String() {
						t.Errorf("%s: declaration %d, blanked, is\n%s\nwant\n%s", name, i, b.String(), w.String())
					}
				}
			}
		}
	}
}
