package goapi_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/goapi"
)

const src = `package p

import (
	"encoding/json"
	"time"
)

type Names struct {
	First, Last string
	Tags        []string ` + "`json:\"tags\"`" + `
	hidden      any
}

type Stats struct {
	Rate float64
}

type Stamp struct {
	At time.Time
}

type Blob struct {
	Extra any ` + "`json:\"-\"`" + `
	Count int
}

func calls() {
	json.Marshal(map[string]string{})     // cannot fail
	json.Marshal(Names{})                 // cannot fail
	json.MarshalIndent(&Names{}, "", " ") // cannot fail
	json.Marshal(Blob{})                  // cannot fail
	json.Marshal(map[string]any{})        // can fail
	json.Marshal(Stats{})                 // can fail
	json.Marshal(Stamp{})                 // can fail
	json.Marshal(map[[2]int]string{})     // can fail
	json.Marshal([]chan int{})            // can fail
}
`

func TestMarshalCannotFail(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	comments := map[int]string{}
	for _, cg := range f.Comments {
		comments[fset.Position(cg.Pos()).Line] = cg.Text()
	}
	// Twice: the second round answers from what the first remembered.
	var marshal goapi.Marshal
	n := 0
	for round := range 2 {
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			line := fset.Position(call.Pos()).Line
			want := comments[line] == "cannot fail\n"
			if got := marshal.CannotFail(info, call, nil); got != want {
				t.Errorf("round %d, line %d: CannotFail = %v, want %v (%s)", round, line, got, want, comments[line])
			}
			n++
			return true
		})
	}
	if n != 18 {
		t.Errorf("checked %d calls, want 9 twice", n)
	}
}
