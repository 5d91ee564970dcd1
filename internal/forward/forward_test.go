package forward

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// The handler is the function named handler; each other function's
// comment says whether what it returns is what the handler returns.
const src = `package p

type result struct {
	text    string
	IsError bool
}

func handler(name string, ok bool) (*result, error) {
	switch name {
	case "direct":
		return direct(name)
	case "kept":
		r, err := kept(name)
		return r, err
	case "labelled":
		r, err := labelled(name)
		if successful(r) {
			r = label(r)
		}
		return r, err
	case "read":
		r, err := read(name)
		if r != nil && r.text == "" {
			return nil, err
		}
		return r, err
	case "late":
		r, err := late(name)
		err = wrap(err)
		return r, err
	}
	return viaFactory(func(s string) (*result, error) { return nil, nil })(name)
}

// yes: returned at once.
func direct(string) (*result, error) { return nil, nil }

// yes: kept in variables, then returned.
func kept(string) (*result, error) { return nil, nil }

// yes: only tested for success and replaced by a pass-through.
func labelled(string) (*result, error) { return nil, nil }

// no: its result is read.
func read(string) (*result, error) { return nil, nil }

// no: its error is changed before the return.
func late(string) (*result, error) { return nil, nil }

// no: used as a value.
func asValue(string) (*result, error) { return nil, nil }

var _ = asValue

func successful(r *result) bool { return r != nil && !r.IsError }

func label(r *result) *result {
	if r == nil || r.IsError {
		return r
	}
	r.text = "label: " + r.text
	return r
}

func wrap(err error) error { return err }

func viaFactory(f func(string) (*result, error)) func(string) (*result, error) { return f }
`

func TestReturnedByHandler(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := testkit.TypesInfo()
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	syntax := astindex.New([]*ast.File{f})
	decls := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls[fd.Name.Name] = fd
		}
	}
	ix := New(Inputs{Info: info, Flow: flow.New(fset, pkg, info, syntax), Syntax: syntax,
		Handlers: map[ast.Node]bool{decls["handler"]: true}})
	for name, want := range map[string]bool{
		"handler": true, "direct": true, "kept": true, "labelled": true,
		"read": false, "late": false, "asValue": false, "label": false,
	} {
		if got := ix.ReturnedByHandler(decls[name]); got != want {
			t.Errorf("ReturnedByHandler(%s) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]int{"direct": 1, "label": 1, "asValue": 0, "handler": 0} {
		fn := pkg.Scope().Lookup(name).(*types.Func)
		if got := len(ix.CallsIfOnlyCalled(fn)); got != want {
			t.Errorf("len(CallsIfOnlyCalled(%s)) = %d, want %d", name, got, want)
		}
	}
}
