package failpath_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"testing"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// Each statement `_ = "X"` marks a place; want says the failure path it
// lies on.
const src = `package p

import (
	"errors"
	"io/fs"
	"os"
)

var ErrNoSuchNote = errors.New("no such note")

func paths() {
	_, err := os.Open("x")
	if err != nil {
		_ = "fault"
	}
	if errors.Is(err, fs.ErrNotExist) {
		_ = "notExist"
	}
	if err == ErrNoSuchNote {
		_ = "noSuchNote"
	}
	if os.IsNotExist(err) {
		_ = "isNotExist"
	}
	if err == nil {
		_ = "success"
		return
	}
	_ = "afterSuccess"
}

func cases(err error) {
	switch {
	case err == nil:
		_ = "nilCase"
	default:
		_ = "defaultCase"
	}
	if r := recover(); r != nil {
		_ = "recovered"
	}
	_ = "nowhere"
}
`

func TestAt(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := testkit.TypesInfo()
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	in := astindex.New([]*ast.File{file})
	f := failpath.New(info, flow.New(fset, pkg, info, in), nil)

	type want struct {
		path    bool
		recover bool
		class   failpath.Class
		what    string
		op      string // the failed call's function
	}
	wants := map[string]want{
		"fault":        {path: true, class: failpath.ClassAny, op: "Open"},
		"notExist":     {path: true, class: failpath.ClassNotFound, what: "fs.ErrNotExist", op: "Open"},
		"noSuchNote":   {path: true, class: failpath.ClassNotFound, what: "p.ErrNoSuchNote", op: "Open"},
		"isNotExist":   {path: true, class: failpath.ClassNotFound, what: "os.IsNotExist", op: "Open"},
		"success":      {},
		"afterSuccess": {path: true, class: failpath.ClassAny, op: "Open"},
		"nilCase":      {},
		"defaultCase":  {path: true, class: failpath.ClassAny},
		"recovered":    {path: true, recover: true},
		"nowhere":      {},
	}
	seen := 0
	for c := range in.Root().Preorder((*ast.AssignStmt)(nil)) {
		as := c.Node().(*ast.AssignStmt)
		lit, ok := as.Rhs[0].(*ast.BasicLit)
		if !ok {
			continue
		}
		name, _ := strconv.Unquote(lit.Value)
		w, ok := wants[name]
		if !ok {
			t.Fatalf("no want for %s", name)
		}
		seen++
		p := f.At(c)
		if (p != nil) != w.path {
			t.Errorf("%s: At = %+v, want a path: %v", name, p, w.path)
			continue
		}
		if p == nil {
			continue
		}
		if p.Recover != w.recover || p.Test.Class != w.class || p.Test.What != w.what {
			t.Errorf("%s: recover %v, class %v, what %q; want %v, %v, %q", name, p.Recover, p.Test.Class, p.Test.What, w.recover, w.class, w.what)
		}
		op := ""
		if p.Op != nil {
			if fn, ok := calleeName(info, p.Op); ok {
				op = fn
			}
		}
		if op != w.op {
			t.Errorf("%s: the failed operation is %q, want %q", name, op, w.op)
		}
	}
	if seen != len(wants) {
		t.Errorf("checked %d places, want %d", seen, len(wants))
	}
}

func calleeName(info *types.Info, call *ast.CallExpr) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	return sel.Sel.Name, info.Uses[sel.Sel] != nil
}
