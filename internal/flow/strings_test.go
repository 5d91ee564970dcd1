package flow_test

import (
	"go/ast"
	"slices"
	"strings"
	"testing"
)

const stringsSrc = `package p

import "fmt"

const prefix = "notes_"

func name(verb string) string { return prefix + verb }

func pick(ok bool) string {
	if ok {
		return "a"
	}
	return "b"
}

func sink(string) {}

func constant()      { sink("read_note") }
func concat()        { sink(prefix + "list") }
func sprintf()       { sink(fmt.Sprintf("%s_%v", prefix, "get")) }
func otherVerb()     { sink(fmt.Sprintf("%d_x", 1)) }
func called()        { sink(name("search")) }
func branches()      { sink(pick(true)) }
func param(s string) { sink(s) }
func combos(ok bool) { sink(pick(ok) + pick(!ok)) }
`

func TestStrings(t *testing.T) {
	_, file, _, fl := typecheck(t, stringsSrc)
	tr := fl.NewTracer()
	want := map[string]string{
		"constant":  "read_note",
		"concat":    "notes_list",
		"sprintf":   "notes__get",
		"otherVerb": "", // only %s and %v are formatted
		"called":    "notes_search",
		"branches":  "a b",
		"param":     "", // from parameter s
		"combos":    "aa ab ba bb",
	}
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		w, ok := want[fd.Name.Name]
		if !ok {
			continue
		}
		arg := fd.Body.List[0].(*ast.ExprStmt).X.(*ast.CallExpr).Args[0]
		vals, params := tr.Strings(arg, nil)
		slices.Sort(vals)
		if got := strings.Join(vals, " "); got != w {
			t.Errorf("Strings in %s = %q, want %q", fd.Name.Name, got, w)
		}
		if wantParam := fd.Name.Name == "param"; (len(params) == 1) != wantParam {
			t.Errorf("Strings in %s: parameters %v", fd.Name.Name, params)
		}
	}
}
