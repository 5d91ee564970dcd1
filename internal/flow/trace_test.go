package flow_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// a reads the field h of mk's result: through mk's literal, f1 only;
// while mk is in progress (a cycle guard), every value stored in h.
const src = `package p

func f1() {}
func f2() {}

type S struct{ h func() }

func mk() S    { return S{h: f1} }
func other() S { return S{h: f2} }

func a() func() { return mk().h }

func id(g func()) func() { return g }

func use() {
	_ = a()
	_ = id(f1)
	_ = id(f2)
	_ = other()
}
`

// typecheck parses and checks the package p of one file, and indexes it.
func typecheck(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Info, *flow.Info) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := testkit.TypesInfo()
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	return fset, file, info, flow.New(fset, pkg, info, astindex.New([]*ast.File{file}))
}

func load(t *testing.T) (*flow.Info, map[string]*ast.CallExpr) {
	t.Helper()
	_, file, _, fl := typecheck(t, src)
	// the calls in use, by their source text
	calls := map[string]*ast.CallExpr{}
	for _, d := range file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "use" {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					calls[types.ExprString(c)] = c
				}
				return true
			})
		}
	}
	return fl, calls
}

// funcs names the declared functions among origins, sorted.
func funcs(os []flow.Origin) []string {
	var out []string
	for _, o := range os {
		if o.Kind == flow.FuncRef {
			out = append(out, o.Func.Name())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestResultsKept checks that the tracer keeps a call's results only when
// they depend on nothing outside the call: a's results traced while mk is
// in progress are every value of h, and a later query must not get them.
func TestResultsKept(t *testing.T) {
	fl, calls := load(t)
	var mk ast.Node
	for fn, d := range fl.Decls() {
		if fn.Name() == "mk" {
			mk = d
		}
	}
	tr := fl.NewTracer()
	results := func(call string) []string {
		rs, ok := tr.Results(calls[call], nil, 0, nil)
		if !ok {
			t.Fatalf("%s: results not traced", call)
		}
		return funcs(rs)
	}
	tr.Enter(mk)
	if got, want := results("a()"), []string{"f1", "f2"}; !slices.Equal(got, want) {
		t.Fatalf("a() with mk in progress: got %v, want %v", got, want)
	}
	tr.Leave(mk)
	for range 2 {
		if got, want := results("a()"), []string{"f1"}; !slices.Equal(got, want) {
			t.Errorf("a(): got %v, want %v", got, want)
		}
	}
	for _, call := range []string{"id(f1)", "id(f2)", "id(f1)"} {
		if got, want := results(call), []string{call[3:5]}; !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", call, got, want)
		}
	}
}

// TestBindInterned checks that binding the same call in the same frames
// gives the same frame, so that what is kept by frame is found again.
func TestBindInterned(t *testing.T) {
	fl, calls := load(t)
	tr := fl.NewTracer()
	call := calls["id(f1)"]
	cs, ok := tr.Callees(call, nil)
	if !ok || len(cs) != 1 {
		t.Fatalf("callees of id(f1): %v, %v", cs, ok)
	}
	f1 := tr.Bind(cs[0].Body, call, nil, cs[0].Frame)
	f2 := tr.Bind(cs[0].Body, call, nil, cs[0].Frame)
	if f1 != f2 {
		t.Errorf("Bind of the same call gave two frames")
	}
	if other := tr.Bind(cs[0].Body, calls["id(f2)"], nil, cs[0].Frame); other == f1 {
		t.Errorf("Bind of another call gave the same frame")
	}
}
