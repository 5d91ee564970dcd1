package driver

import (
	"go/ast"
	"go/format"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestDeclarationsOnly checks what a file of the standard library keeps.
func TestDeclarationsOnly(t *testing.T) {
	const src = `package p

import (
	_ "embed"
	"errors"
	"io"
	rnd "math/rand/v2"
	"strings"
	"unsafe"
)

var size = unsafe.Sizeof(0)

func init() { _ = errors.New("x") }

func Read(r io.Reader) (int, error) { return strings.NewReader("").Read(nil) }

func Map[T any](x T) T { return x }

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { return b.v }

func Pick() float64 { return rnd.Float64() }

func asm(x int) int

var table = &Table{R: []Range{{0x41, 0x5a, 1}, {0x61, 0x7a, 1}}, Latin: strings.Count("ab", "b")}

var digits = [...]byte{'0', '1', '2'}

var names = [...]string{2: "b", 0: "a"}

var empty, pair = T{}, map[string]int{"a": 1}
`
	const want = `package p

import (
	_ "embed"
	_ "errors"
	"io"
	_ "math/rand/v2"
	_ "strings"
	"unsafe"
)

var size = unsafe.Sizeof(0)

func init() {}

func Read(r io.Reader) (int, error)

func Map[T any](x T) T { panic(0) }

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { panic(0) }

func Pick() float64

func asm(x int) int

var table = &Table{}

var digits = [...]byte{2: '2'}

var names = [...]string{2: "b", 0: "a"}

var empty, pair = T{}, map[string]int{}
`
	goroot := t.TempDir()
	name := filepath.Join(goroot, "src", "p", "p.go")
	fset := token.NewFileSet()
	for _, tc := range []struct {
		goroot, name, want string
	}{
		{goroot, name, want},
		{goroot, filepath.Join(t.TempDir(), "p.go"), src}, // not the standard library
		{"", name, src},                                   // no GOROOT known
	} {
		f, err := ParseFile(tc.goroot)(fset, tc.name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if got := gofmt(t, fset, f); got != tc.want {
			t.Errorf("ParseFile(%q) of %s:\n%s\nwant\n%s", tc.goroot, tc.name, got, tc.want)
		}
	}
	// A file with a dot import stays whole.
	dot := strings.Replace(src, `"errors"`, `. "errors"`, 1)
	dot = strings.Replace(dot, "errors.New", "New", 1)
	f, err := ParseFile(goroot)(fset, name, []byte(dot))
	if err != nil {
		t.Fatal(err)
	}
	if got := gofmt(t, fset, f); got != dot {
		t.Errorf("a file with a dot import became\n%s", got)
	}
}

func gofmt(t *testing.T, fset *token.FileSet, f *ast.File) string {
	t.Helper()
	var b strings.Builder
	if err := format.Node(&b, fset, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestLoadStdDeclarations loads a module importing packages of the
// standard library that use generics, dot imports, major version suffixes
// and cgo: the standard library type-checks from its declarations, and the
// module keeps its bodies.
func TestLoadStdDeclarations(t *testing.T) {
	if testing.Short() {
		t.Skip("loads part of the standard library")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"m.go": `package m

import (
	"encoding/json"
	"go/types"
	"math/rand/v2"
	"net/http"
	"os/user"
	"slices"
)

func F() (int, error) {
	_, err := http.Get("http://example.com")
	_, _ = json.Marshal(types.Typ[types.Int].String())
	_, _ = user.Current()
	return slices.Index([]int{rand.Int()}, 0), err
}
`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goroot := goEnvRoot(dir, nil)
	if goroot == "" {
		t.Fatal("go env GOROOT: no answer")
	}
	pkgs, err := Load(dir, []string{"./..."}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if StdBroken(pkgs, goroot) {
		t.Fatal("the standard library did not type-check from its declarations (Load fell back to it whole, but ParseFile's assumptions no longer hold)")
	}
	body := map[string]bool{} // by package path and function name
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.ID, e)
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
					body[p.PkgPath+"."+fd.Name.Name] = fd.Body != nil
				}
			}
		}
	})
	for fn, want := range map[string]bool{
		"example.com/m.F":       true,
		"net/http.Get":          false,
		"encoding/json.Marshal": false,
		"math/rand/v2.Int":      false,
		"slices.Index":          true, // generic: a body that panics
	} {
		if got, ok := body[fn]; !ok || got != want {
			t.Errorf("%s: loaded %v, has a body %v; want a body %v", fn, ok, got, want)
		}
	}
}
