package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
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

// TestBlankBodiesStd checks blankBodies on packages of the standard
// library: each file parses, with the same declarations at the same
// positions, and the body of each function empty.
func TestBlankBodiesStd(t *testing.T) {
	goroot := goEnvRoot(".", nil)
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
		}
	}
}
