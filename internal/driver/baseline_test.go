package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"testing"
)

// TestEnclosingFunc names the function around each marker mN of a file:
// functions, methods on pointer, value and generic receivers, literals
// numbered in source order within their declaration (nested ones too),
// and package level.
func TestEnclosingFunc(t *testing.T) {
	const src = `package p

var top = func() int { return m0 }()

func F() {
	_ = m1
	g := func() {
		_ = m2
		h := func() { _ = m3 }
		_ = h
	}
	_ = func() { _ = m4 }
	_ = g
	_ = m5
}

func (t *T) M() { _ = m6 }

func (t T) V() { _ = func() { _ = m7 } }

func (t *G[K]) Gen() { _ = m8 }

func (*P[K, V]) Pair() { _ = m9 }

func (T) Anon() { _ = m10 }

func Later() { _ = func() {}; _ = func() { _ = m11 } }

type T struct{ f func() int }

var _ = T{f: func() int { return m12 }}
`
	want := map[string]string{
		"m0":  "",
		"m1":  "p.F",
		"m2":  "p.F.func1",
		"m3":  "p.F.func2",
		"m4":  "p.F.func3",
		"m5":  "p.F",
		"m6":  "(*p.T).M",
		"m7":  "(p.T).V.func1",
		"m8":  "(*p.G).Gen",
		"m9":  "(*p.P).Pair",
		"m10": "(p.T).Anon",
		"m11": "p.Later.func2",
		"m12": "",
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !regexp.MustCompile(`^m\d+$`).MatchString(id.Name) {
			return true
		}
		seen++
		w, ok := want[id.Name]
		if !ok {
			t.Fatalf("marker %s has no expectation", id.Name)
		}
		if got := EnclosingFunc(f, id.Pos()); got != w {
			t.Errorf("%s (line %d): EnclosingFunc = %q, want %q", id.Name, fset.Position(id.Pos()).Line, got, w)
		}
		return true
	})
	if seen != len(want) {
		t.Errorf("found %d markers, want %d", seen, len(want))
	}
}

// TestStaleEntryString checks how a stale entry is spelt: with its
// function when it has one, and how many of its count are stale.
func TestStaleEntryString(t *testing.T) {
	for _, tc := range []struct {
		e    StaleEntry
		want string
	}{
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "a.F", "msg", 1}, 1}, "iserror a/a.go a.F: msg"},
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "", "msg", 1}, 1}, "iserror a/a.go: msg"},
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "a.F", "msg", 3}, 2}, "iserror a/a.go a.F: msg (2 of 3 no longer occur)"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}
