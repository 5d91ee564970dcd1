package toolmodel

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestMayHaveMethod checks the filter implementations applies before
// types.Implements: it may let through a type that lacks the method, but
// never one that has it, declared or promoted through an embedded field.
func TestMayHaveMethod(t *testing.T) {
	const src = `package p

type A struct{}

func (A) M() {}

type B struct{ A }    // M promoted
type C struct{ *A }   // M promoted through a pointer
type D struct{ x int } // no M
type E A              // a defined type does not inherit A's methods
type F func()

func (F) M() {}

type G []int

func (*G) M() {} // on the pointer

type H []int
type I struct {
	B // M promoted two levels down
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"A": true, "B": true, "C": true, "D": false, "E": false,
		"F": true, "G": true, "H": false, "I": true,
	} {
		tn := pkg.Scope().Lookup(name).(*types.TypeName)
		if got := mayHaveMethod(tn, "M"); got != want {
			t.Errorf("mayHaveMethod(%s, M) = %v, want %v", name, got, want)
		}
		// The filter must never drop a type that has the method.
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, "M")
		if _, has := obj.(*types.Func); has && !mayHaveMethod(tn, "M") {
			t.Errorf("%s has a method M, but the filter drops it", name)
		}
	}
}
