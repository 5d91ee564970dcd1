package driver

import (
	"go/ast"
	"go/format"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/testkit"
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
		f, err := ParseFile(Trim{GOROOT: tc.goroot})(fset, tc.name, []byte(src))
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
	f, err := ParseFile(Trim{GOROOT: goroot})(fset, name, []byte(dot))
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
	checkBodies(t, loadTrimmed(t, dir, "./..."), map[string]bool{
		"example.com/m.F":       true,
		"net/http.Get":          false,
		"encoding/json.Marshal": false,
		"math/rand/v2.Int":      false,
		"slices.Index":          true, // generic: a body that panics
	})
}

// loadTrimmed loads patterns from dir and fails unless every package Load
// reads from its declarations type-checked (else Load fell back to
// loading them whole: ParseFile's assumptions no longer hold).
func loadTrimmed(t *testing.T, dir string, patterns ...string) []*packages.Package {
	t.Helper()
	trim := goEnvTrim(dir, nil)
	if trim.GOROOT == "" || trim.GOMODCACHE == "" {
		t.Fatalf("go env GOROOT GOMODCACHE: %+v", trim)
	}
	pkgs, err := Load(dir, patterns, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if trim.Broken(pkgs) {
		t.Fatal("a package of the standard library or an SDK did not type-check from its declarations")
	}
	return pkgs
}

// checkBodies checks that pkgs and their dependencies have no errors and
// that each function of want (by package path and name) was loaded, with
// a body or without as want says.
func checkBodies(t *testing.T, pkgs []*packages.Package, want map[string]bool) {
	t.Helper()
	body := map[string]bool{}
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
	for fn, w := range want {
		if got, ok := body[fn]; !ok || got != w {
			t.Errorf("%s: loaded %v, has a body %v; want a body %v", fn, ok, got, w)
		}
	}
}

// TestLoadSDKDeclarations loads the end-to-end fixture's packages that use
// the real SDKs: both SDKs type-check from their declarations, and the
// fixture and the SDKs' own dependencies keep their bodies.
func TestLoadSDKDeclarations(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	want := map[string]bool{
		"example.com/notes/golangcidemo.Guard":                 true,
		"example.com/notes/messagetextdemo.NewGoSDK":           true,
		"github.com/mark3labs/mcp-go/server.NewMCPServer":      false,
		"github.com/mark3labs/mcp-go/mcp.NewToolResultText":    false,
		"github.com/modelcontextprotocol/go-sdk/mcp.NewServer": false,
		"github.com/modelcontextprotocol/go-sdk/mcp.AddTool":   true, // generic: a body that panics
		"github.com/spf13/cast.ToString":                       true, // another module
	}
	e2e := filepath.Join(testkit.Root(t), "testdata", "e2e")
	t.Run("module cache", func(t *testing.T) {
		checkBodies(t, loadTrimmed(t, e2e, "./golangcidemo", "./messagetextdemo"), want)
	})
	t.Run("vendored", func(t *testing.T) {
		dir := testkit.CopyModule(t, "e2e")
		cmd := exec.Command("go", "mod", "vendor")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go mod vendor: %v\n%s", err, out)
		}
		checkBodies(t, loadTrimmed(t, dir, "./golangcidemo", "./messagetextdemo"), want)
	})
}

// TestTrims checks which files a Trim parses for their declarations.
func TestTrims(t *testing.T) {
	root, cache := filepath.FromSlash("/go"), filepath.FromSlash("/home/u/go/pkg/mod")
	trim := Trim{GOROOT: root, GOMODCACHE: cache}
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"/go/src/net/http/client.go", true},
		{"/go/misc/x.go", false},
		{"/home/u/go/pkg/mod/github.com/mark3labs/mcp-go@v0.43.0/server/server.go", true},
		{"/home/u/go/pkg/mod/github.com/modelcontextprotocol/go-sdk@v1.1.0/mcp/server.go", true},
		{"/home/u/go/pkg/mod/github.com/mark3labs/mcp-go-extra@v1.0.0/x.go", false},
		{"/home/u/go/pkg/mod/github.com/spf13/cast@v1.7.1/cast.go", false},
		{"/home/u/src/server/vendor/github.com/mark3labs/mcp-go/server/server.go", true},
		{"/home/u/src/server/vendor/github.com/mark3labs/mcp-go-extra/x.go", false},
		{"/home/u/src/server/vendor/github.com/spf13/cast/cast.go", false},
		{"/home/u/src/github.com/mark3labs/mcp-go@v1/server.go", false},
	} {
		if got := trim.matcher()(filepath.FromSlash(tc.file)); got != tc.want {
			t.Errorf("matcher()(%s) = %v, want %v", tc.file, got, tc.want)
		}
	}
	if (Trim{}).matcher()(filepath.FromSlash("/go/src/fmt/print.go")) {
		t.Error("the zero Trim trims a file")
	}
}

// TestPackageNames checks the names an import may be used by.
func TestPackageNames(t *testing.T) {
	for p, want := range map[string][]string{
		"encoding/json":                      {"json"},
		"math/rand/v2":                       {"rand"},
		"gopkg.in/yaml.v3":                   {"yaml.v3", "yaml"},
		"github.com/yosida95/uritemplate/v3": {"uritemplate"},
		"github.com/bahlo/generic-list-go":   {"generic-list-go", "generic-list"},
		"github.com/go-openapi/go-errors":    {"go-errors", "errors"},
	} {
		if got := packageNames(p); !slices.Equal(got, want) {
			t.Errorf("packageNames(%q) = %q, want %q", p, got, want)
		}
	}
}
