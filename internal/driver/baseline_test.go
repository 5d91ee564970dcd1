package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
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
	var names funcNamer
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
		// One namer for every marker, as a baseline uses it: each
		// declaration's literals listed once.
		if got := names.name(f, id.Pos()); got != w {
			t.Errorf("%s (line %d): funcNamer.name = %q, want %q", id.Name, fset.Position(id.Pos()).Line, got, w)
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
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "a.F", "msg", 1, nil}, 1}, "iserror a/a.go a.F: msg"},
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "", "msg", 1, nil}, 1}, "iserror a/a.go: msg"},
		{StaleEntry{BaselineEntry{"iserror", "a/a.go", "a.F", "msg", 3, nil}, 2}, "iserror a/a.go a.F: msg (2 of 3 no longer occur)"},
	} {
		if got := tc.e.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.e, got, tc.want)
		}
	}
}

// A finding added beside recorded ones with the same key is the one the
// baseline leaves, wherever it stands: the baseline knows its findings'
// lines by their text. Without the lines (a file of version 1), the first
// findings in order are the recorded ones.
func TestBaselineLines(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.go")
	a := &analysis.Analyzer{Name: "iserror"}
	at := func(lines ...int) []Finding {
		var fs []Finding
		for _, l := range lines {
			fs = append(fs, Finding{Analyzer: a, Diagnostic: analysis.Diagnostic{Message: "m"}, Posn: token.Position{Filename: file, Line: l}})
		}
		return fs
	}
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// left returns the lines of the findings on lines the baseline
	// leaves.
	left := func(b *Baseline, lines []int, src *sources) []int {
		keep, _ := b.filter(at(lines...), nil, nil, src)
		var ls []int
		for i, l := range lines {
			if keep[i] {
				ls = append(ls, l)
			}
		}
		return ls
	}
	write("a.go", "package a\n\tx := f()\n\ty := f()\n")
	abs := filepath.Join(dir, "b.json")
	if _, err := WriteBaseline(abs, at(2, 3)); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBaseline("b.json", abs)
	if err != nil {
		t.Fatal(err)
	}
	// A line inserted above the recorded ones, and the same one below.
	write("a.go", "package a\n\tz := f()\n  x := f()\n\ty := f()\n")
	if got := left(b, []int{2, 3, 4}, &sources{}); !slices.Equal(got, []int{2}) {
		t.Errorf("a new line above: left the findings on lines %v, want [2]", got)
	}
	write("a.go", "package a\n\tx := f()\n\ty := f()\n\tz := f()\n")
	if got := left(b, []int{2, 3, 4}, &sources{}); !slices.Equal(got, []int{4}) {
		t.Errorf("a new line below: left the findings on lines %v, want [4]", got)
	}
	// A recorded line edited: the count still covers it, in order.
	write("a.go", "package a\n\tz := f()\n\tx := f(1)\n\ty := f()\n")
	if got := left(b, []int{2, 3, 4}, &sources{}); !slices.Equal(got, []int{3}) {
		t.Errorf("a recorded line edited: left the findings on lines %v, want [3]", got)
	}
	// The content analysed (an unsaved buffer) rather than the disk's.
	buffer := &sources{override: func(f string) ([]byte, bool) {
		return []byte("package a\n\tz := f()\n\tx := f()\n\ty := f()\n"), f == file
	}}
	write("a.go", "package a\n\tx := f()\n\ty := f()\n")
	if got := left(b, []int{2, 3, 4}, buffer); !slices.Equal(got, []int{2}) {
		t.Errorf("an unsaved buffer: left the findings on lines %v, want [2]", got)
	}
	// Version 1: no lines.
	write("b.json", `{"version": 1, "findings": [{"analyzer": "iserror", "file": "a.go", "func": "", "message": "m", "count": 2}]}`)
	if b, err = ReadBaseline("b.json", abs); err != nil {
		t.Fatal(err)
	}
	write("a.go", "package a\n\tz := f()\n\tx := f()\n\ty := f()\n")
	if got := left(b, []int{2, 3, 4}, &sources{}); !slices.Equal(got, []int{4}) {
		t.Errorf("version 1: left the findings on lines %v, want [4]", got)
	}
}
