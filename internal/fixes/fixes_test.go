package fixes

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// load type-checks src, a file of package p in dir, into a builder whose
// pass holds it.
func load(t *testing.T, dir, src string) (*Builder, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	name := filepath.Join(dir, "p.go")
	if err := os.WriteFile(name, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := testkit.TypesInfo()
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Pkg: pkg, TypesInfo: info, ReadFile: os.ReadFile}
	return New(Inputs{Pass: pass, GoMods: new(sync.Map)}), f
}

func TestQualifier(t *testing.T) {
	b, f := load(t, t.TempDir(), `package p

import (
	str "strings"
	_ "errors"
)

var fmt = str.ToUpper

func f() {}
`)
	for _, c := range []struct {
		path, name, want string
		edit, ok         bool
	}{
		{"strings", "strings", "str.", false, true}, // imported under another name
		{"example.com/p", "p", "", false, true},     // the package itself
		{"errors", "errors", "errors.", true, true}, // imported for effect only: imported again
		{"os", "os", "os.", true, true},             // not imported
		{"fmt", "fmt", "", false, false},            // the name is taken
		{"example.com/f", "f", "", false, false},    // ... by a function
		{"example.com/other", "other", "other.", true, true},
	} {
		q, edits, ok := b.Qualifier(f, c.path, c.name)
		if q != c.want || ok != c.ok || (len(edits) > 0) != c.edit {
			t.Errorf("Qualifier(%q) = %q, %d edits, %v; want %q, edit %v, %v", c.path, q, len(edits), ok, c.want, c.edit, c.ok)
		}
	}
}

func TestImportEdit(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"package p\n\nimport (\n\t\"fmt\"\n)\n", "package p\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n)\n"},
		{"package p\n\nimport \"fmt\"\n", "package p\n\nimport \"errors\"\nimport \"fmt\"\n"},
		{"package p\n\nvar x int\n", "package p\n\nimport \"errors\"\n\nvar x int\n"},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", c.src, 0)
		if err != nil {
			t.Fatal(err)
		}
		e := ImportEdit(f, "errors")
		tf := fset.File(f.Pos())
		got := c.src[:tf.Offset(e.Pos)] + string(e.NewText) + c.src[tf.Offset(e.End):]
		if got != c.want {
			t.Errorf("ImportEdit in\n%s= \n%s\nwant\n%s", c.src, got, c.want)
		}
	}
}

func TestMergeImports(t *testing.T) {
	a := []analysis.TextEdit{{Pos: 20, End: 20, NewText: []byte("b")}}
	b := []analysis.TextEdit{{Pos: 20, End: 20, NewText: []byte("b")}, {Pos: 10, End: 10, NewText: []byte("a")}}
	got := MergeImports(a, b)
	if len(got) != 2 || string(got[0].NewText) != "a" || string(got[1].NewText) != "b" {
		t.Errorf("MergeImports = %v, want a then b, once each", got)
	}
}

func TestModuleRequires(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "cmd", "server")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	gomod := "module example.com/srv\n\nrequire (\n\t" + ToolerrModule + " v0.1.0\n\tgolang.org/x/mod v0.20.0\n)\n"
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(gomod), 0o666); err != nil {
		t.Fatal(err)
	}
	b, f := load(t, dir, "package p\n")
	for path, want := range map[string]bool{ToolerrModule: true, "example.com/srv": true, "golang.org/x/tools": false} {
		if got := b.ModuleRequires(f, path); got != want {
			t.Errorf("ModuleRequires(%q) = %v, want %v", path, got, want)
		}
	}
	// The directories between the file's and the go.mod's are looked up
	// once a run: the cache answers for them too.
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if v, ok := b.GoMods.Load(filepath.Join(d, "go.mod")); !ok || !v.(map[string]bool)[ToolerrModule] {
			t.Errorf("the run's cache holds no requirements for %s", d)
		}
	}
	// The run's cache answers from then on: an edit is seen by the next run.
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/srv\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if !b.ModuleRequires(f, ToolerrModule) {
		t.Errorf("ModuleRequires read go.mod again within a run")
	}
	b.GoMods = new(sync.Map)
	if b.ModuleRequires(f, ToolerrModule) {
		t.Errorf("ModuleRequires with a new run's cache kept the old go.mod")
	}

	// A package whose module the driver names: the module's first answer
	// serves its other packages, with no lookup (the second directory's
	// go.mod, which a lookup would find, is there only to tell).
	b.GoMods = new(sync.Map)
	b.Pass.Module = &analysis.Module{Path: "example.com/srv"}
	if b.ModuleRequires(f, ToolerrModule) {
		t.Errorf("ModuleRequires = true for a go.mod without toolerr")
	}
	otherDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(otherDir, "go.mod"), []byte(gomod), 0o666); err != nil {
		t.Fatal(err)
	}
	other, g := load(t, otherDir, "package q\n")
	other.GoMods, other.Pass.Module = b.GoMods, &analysis.Module{Path: "example.com/srv"}
	if other.ModuleRequires(g, ToolerrModule) {
		t.Errorf("ModuleRequires looked up a package of a module asked about already")
	}
	other.Pass.Module = &analysis.Module{Path: "example.com/other"}
	if !other.ModuleRequires(g, ToolerrModule) {
		t.Errorf("ModuleRequires took another module's answer")
	}
}

// TestOptionLiteral checks which slice literal the boundary's option goes
// first in, when the options reach the construction spread from a variable.
func TestOptionLiteral(t *testing.T) {
	src := `package p

type opt func()

func a() []opt { return nil }

func f(extra []opt, cond bool) {
	base := []opt{nil}
	opts := append(base, nil) // built on base: base's literal
	opts = append(opts, extra...)
	use(opts)

	plain := []opt{}
	use(plain)

	var declared []opt // no first elements
	declared = append(declared, nil)
	use(declared)

	called := a() // from a call: none
	use(called)

	twice := []opt{nil}
	if cond {
		twice = []opt{}
	}
	use(twice)

	taken := []opt{nil}
	p := &taken // stored through a pointer
	_ = p
	use(taken)
}

func use([]opt) {}
`
	b, f := load(t, t.TempDir(), src)
	body := f.Decls[len(f.Decls)-2].(*ast.FuncDecl).Body
	want := map[string]string{"opts": "[]opt{nil}", "plain": "[]opt{}", "declared": "", "called": "", "twice": "", "taken": ""}
	for _, stmt := range body.List {
		es, ok := stmt.(*ast.ExprStmt)
		if !ok {
			continue
		}
		id := es.X.(*ast.CallExpr).Args[0].(*ast.Ident)
		v := b.Pass.TypesInfo.Uses[id].(*types.Var)
		got := ""
		if lit := b.optionLiteral(body, v, 0); lit != nil {
			got = src[b.Pass.Fset.Position(lit.Pos()).Offset:b.Pass.Fset.Position(lit.End()).Offset]
			if v.Name() == "opts" && !strings.Contains(src[:b.Pass.Fset.Position(lit.Pos()).Offset], "base := ") {
				t.Errorf("optionLiteral(opts) is not base's literal")
			}
		}
		if got != want[v.Name()] {
			t.Errorf("optionLiteral(%s) = %q, want %q", v.Name(), got, want[v.Name()])
		}
	}
}
