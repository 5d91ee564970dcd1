package report

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

const src = `package p

func f() {
	a() //toolcheck:ignore unwrapped registered behind the gateway's boundary
	//toolcheck:ignore iserror,unwrapped the gateway renders it
	b()
	c() //toolcheck:ignore unwrapped
	d() //toolcheck:ignore nosuch because
	e() //toolcheck:ignore messagetext nothing here
	g() //toolcheck:ignorethis is not ours
}

func a() {}
func b() {}
func c() {}
func d() {}
func e() {}
func g() {}
`

// lines returns the position of the first call on each line of f.
func lines(fset *token.FileSet, f *ast.File) map[int]token.Pos {
	at := map[int]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			at[fset.Position(c.Pos()).Line] = c.Pos()
		}
		return true
	})
	return at
}

func TestReporter(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Report: func(d analysis.Diagnostic) {
		got = append(got, fset.Position(d.Pos).String()+" "+d.Category+": "+d.Message)
	}}
	dirs := ParseDirectives(pass, []string{"unwrapped", "iserror", "messagetext"})
	at := lines(fset, f)
	done := 0
	for _, name := range []string{"unwrapped", "messagetext"} {
		r := New(pass, name, dirs, func(pos token.Pos) bool { return pos == at[10] }) // g's line is dropped
		r.Done = func() { done++ }
		for _, line := range []int{4, 6, 7, 8, 9, 10} {
			r.Report(analysis.Diagnostic{Pos: at[line], Message: "finding"})
		}
		r.Finish()
	}
	want := []string{
		// unwrapped: lines 4 and 6 suppressed (the directive on the line, and
		// the one above), line 10 dropped by the filter
		"p.go:7:2 unwrapped: finding",
		"p.go:8:2 unwrapped: finding",
		"p.go:9:2 unwrapped: finding",
		"p.go:7:6 directive: malformed toolcheck:ignore directive has no reason: write //toolcheck:ignore <analyzer> <reason>",
		`p.go:8:6 directive: malformed toolcheck:ignore directive names unknown analyzer "nosuch": write //toolcheck:ignore <analyzer> <reason>`,
		// messagetext: its directive suppressed line 9's finding
		"p.go:4:2 messagetext: finding",
		"p.go:6:2 messagetext: finding",
		"p.go:7:2 messagetext: finding",
		"p.go:8:2 messagetext: finding",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("reported:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if done != 2 {
		t.Errorf("Done called %d times, want 2", done)
	}
}

func TestAbsorb(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("p.go", -1, 100)
	pos := func(off int) token.Pos { return tf.Pos(off) }
	var got []analysis.Diagnostic
	pass := &analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
	outer := New(pass, "iserror", nil, nil)
	inner := New(pass, "messagetext", nil, nil)
	outer.Report(analysis.Diagnostic{Pos: pos(10), End: pos(40), Message: "outer"})
	inner.Report(analysis.Diagnostic{Pos: pos(20), End: pos(30), Message: "inside"})
	inner.ReportAbout(analysis.Diagnostic{Pos: pos(60), End: pos(70), Message: "about inside"}, &ast.Ident{NamePos: pos(12), Name: "x"})
	inner.Report(analysis.Diagnostic{Pos: pos(50), End: pos(55), Message: "outside"})
	outer.Absorb(inner)
	outer.Finish()
	inner.Finish()
	if len(got) != 2 || got[0].Message != "outer" || got[1].Message != "outside" {
		t.Fatalf("reported %v, want outer then outside", got)
	}
	if rel := got[0].Related; len(rel) != 2 || rel[0].Message != "inside (messagetext)" || rel[1].Message != "about inside (messagetext)" {
		t.Errorf("related %v, want the two findings inside outer's range", rel)
	}
}

// TestAbsorbHolder checks, on nested, overlapping and disjoint ranges,
// that each finding goes to the first finding, in the order reported,
// whose range holds it (or stays its own), as a look at each would find.
func TestAbsorbHolder(t *testing.T) {
	fset := token.NewFileSet()
	tf := fset.AddFile("p.go", -1, 1000)
	pos := func(off int) token.Pos { return tf.Pos(off) }
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 50 {
		var got []analysis.Diagnostic
		pass := &analysis.Pass{Fset: fset, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
		outer := New(pass, "iserror", nil, nil)
		inner := New(pass, "messagetext", nil, nil)
		type rng struct{ pos, end int }
		var outers []rng
		for i := range 1 + r.IntN(40) {
			a := r.IntN(900)
			o := rng{a, a + r.IntN(200)}
			outers = append(outers, o)
			outer.Report(analysis.Diagnostic{Pos: pos(o.pos), End: pos(o.end), Message: fmt.Sprint("o", i)})
		}
		want := map[string]string{} // inner message -> holder message, "" if kept
		for i := range r.IntN(60) {
			a := r.IntN(990)
			in := rng{a, a + r.IntN(30)}
			msg := fmt.Sprint("i", i)
			inner.Report(analysis.Diagnostic{Pos: pos(in.pos), End: pos(in.end), Message: msg})
			want[msg] = ""
			for j, o := range outers {
				if o.pos <= in.pos && in.end <= o.end {
					want[msg] = fmt.Sprint("o", j)
					break
				}
			}
		}
		outer.Absorb(inner)
		outer.Finish()
		inner.Finish()
		seen := 0
		for _, d := range got {
			if strings.HasPrefix(d.Message, "i") {
				if want[d.Message] != "" {
					t.Fatalf("round %d: %s kept, want it in %s", round, d.Message, want[d.Message])
				}
				seen++
				continue
			}
			seen += len(d.Related)
			for k, rel := range d.Related {
				msg := strings.TrimSuffix(rel.Message, " (messagetext)")
				if want[msg] != d.Message {
					t.Fatalf("round %d: %s in %s, want %q", round, msg, d.Message, want[msg])
				}
				if k > 0 && rel.Pos < d.Related[k-1].Pos {
					t.Fatalf("round %d: %s's related not in order", round, d.Message)
				}
			}
		}
		if seen != len(want) {
			t.Fatalf("round %d: %d of the %d findings reported", round, seen, len(want))
		}
	}
}

func TestDocOf(t *testing.T) {
	src := "// Package x does x.\n//\n// # Analyzer unwrapped\n//\n// unwrapped: reports tools\n// registered without it.\npackage x\n"
	if got, want := DocOf(src), "reports tools\nregistered without it."; got != want {
		t.Errorf("DocOf = %q, want %q", got, want)
	}
}

// TestSuppressing checks the directives' index against a look at each
// directive, on random directives (malformed ones and ones naming other
// analyzers among them) in two files.
func TestSuppressing(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 50 {
		ds := &Directives{}
		for range r.IntN(40) {
			d := &Directive{File: fmt.Sprint("f", r.IntN(2)), Line: 1 + r.IntN(20), Analyzers: []string{[]string{"iserror", "unwrapped"}[r.IntN(2)]}}
			if r.IntN(5) == 0 {
				d.Problem = "has no reason"
			}
			ds.add(d)
		}
		for line := range 23 {
			p := token.Position{Filename: fmt.Sprint("f", r.IntN(2)), Line: line}
			var want *Directive
			for _, d := range ds.list {
				if d.Problem == "" && d.names("iserror") && d.File == p.Filename && (d.Line == p.Line || d.Line == p.Line-1) {
					want = d
					break
				}
			}
			if got := ds.suppressing("iserror", p); got != want {
				t.Fatalf("round %d, %s:%d: %v, want %v", round, p.Filename, p.Line, got, want)
			}
		}
	}
}
