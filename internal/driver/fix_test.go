package driver

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// fixture parses src as a one-file package in a temporary directory and
// returns findings with the given fixes, each a list of edits of
// (start, end, text) in byte offsets.
func fixture(t *testing.T, src string, fixes ...[]edit) ([]Finding, string) {
	t.Helper()
	name := filepath.Join(t.TempDir(), "a.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg := &packages.Package{ID: "a", Syntax: []*ast.File{f}}
	tf := fset.File(f.Pos())
	a := &analysis.Analyzer{Name: "x", Doc: "x"}
	var fs []Finding
	for _, edits := range fixes {
		var te []analysis.TextEdit
		for _, e := range edits {
			te = append(te, analysis.TextEdit{Pos: tf.Pos(e.start), End: tf.Pos(e.end), NewText: []byte(e.text)})
		}
		d := analysis.Diagnostic{Pos: te[0].Pos, Message: "m", SuggestedFixes: []analysis.SuggestedFix{{Message: "fix", TextEdits: te}}}
		fs = append(fs, Finding{Analyzer: a, Package: pkg, Fset: fset, Diagnostic: d, Posn: fset.Position(d.Pos), End: fset.Position(d.Pos)})
	}
	return fs, name
}

func TestConflicts(t *testing.T) {
	for _, tc := range []struct {
		a, b edit
		want bool
	}{
		{edit{0, 5, "x"}, edit{0, 5, "x"}, false}, // identical: merged
		{edit{0, 5, "x"}, edit{0, 5, "y"}, true},
		{edit{0, 5, "x"}, edit{4, 8, "y"}, true},  // overlap
		{edit{0, 5, "x"}, edit{5, 8, "y"}, false}, // adjacent
		{edit{3, 3, "x"}, edit{3, 3, "y"}, true},  // two insertions at one place: which first?
		{edit{3, 3, "x"}, edit{0, 5, "y"}, true},  // an insertion inside a replaced range
		{edit{5, 5, "x"}, edit{0, 5, "y"}, false}, // an insertion at its end
		{edit{0, 0, "x"}, edit{0, 5, "y"}, false}, // or its start
	} {
		if got := tc.a.conflicts(tc.b); got != tc.want {
			t.Errorf("%v conflicts %v = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := tc.b.conflicts(tc.a); got != tc.want {
			t.Errorf("%v conflicts %v = %v, want %v (reversed)", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestComputeFixes(t *testing.T) {
	src := "package a\n\nvar A = 1\n\nvar B = 2\n"
	at := func(s string) int { return strings.Index(src, s) }
	// Rename A (twice: a package and its test variant), rename B, and a
	// conflicting rewrite of the line of A, which must be left out whole,
	// its second edit included.
	fs, name := fixture(t, src,
		[]edit{{at("A ="), at("A =") + 1, "Alpha"}},
		[]edit{{at("A ="), at("A =") + 1, "Alpha"}},
		[]edit{{at("B ="), at("B =") + 1, "Beta"}},
		[]edit{{at("var A"), at("var A") + len("var A = 1"), "var  C=3"}, {len(src), len(src), "\nvar D = 4\n"}},
	)
	res, err := ComputeFixes(fs)
	if err != nil {
		t.Fatal(err)
	}
	if res.Conflicts != 1 || len(res.Fixed) != 3 || res.Fixed[&fs[3]] {
		t.Errorf("conflicts %d, fixed %d (the conflicting one: %v), want 1 and 3", res.Conflicts, len(res.Fixed), res.Fixed[&fs[3]])
	}
	want := "package a\n\nvar Alpha = 1\n\nvar Beta = 2\n"
	if got := string(res.Files[name]); got != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	if data, _ := os.ReadFile(name); string(data) != src {
		t.Error("ComputeFixes wrote the file")
	}
	if err := res.Write(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(name); string(data) != want {
		t.Errorf("after Write:\n%s", data)
	}
}

func TestComputeFixesFormats(t *testing.T) {
	src := "package a\n\nvar A = 1\n"
	at := strings.Index(src, "var A = 1")
	fs, name := fixture(t, src, []edit{{at, at + len("var A = 1"), "var   A   =   2"}})
	res, err := ComputeFixes(fs)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.Files[name]); got != "package a\n\nvar A = 2\n" {
		t.Errorf("not gofmt'd: %q", got)
	}
	// A fix that breaks the syntax is an error, and nothing is written.
	fs, _ = fixture(t, src, []edit{{at, at + 3, "func"}})
	if _, err := ComputeFixes(fs); err == nil || !strings.Contains(err.Error(), "unparsable") {
		t.Errorf("a fix leaving the file unparsable: %v", err)
	}
}

func TestSARIFColumns(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	line := "x := \"é𝄞\" + y\n" // é: 2 bytes, 1 UTF-16 unit; 𝄞: 4 bytes, 2 units
	if err := os.WriteFile(name, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	off := strings.Index(line, "y")
	c := &fileCache{}
	if got := c.column(token.Position{Filename: name, Offset: off, Line: 1, Column: off + 1}); got != 14 {
		t.Errorf("UTF-16 column of y = %d, want 14 (byte column %d)", got, off+1)
	}
}

func TestRelPath(t *testing.T) {
	for _, tc := range [][3]string{
		{"/m", "/m/a/b.go", "a/b.go"},
		{"/m", "/other/b.go", "/other/b.go"},
		{"/m", "/m2/b.go", "/m2/b.go"},
		{"", "/m/b.go", "/m/b.go"},
	} {
		if got := RelPath(tc[0], tc[1]); got != filepath.FromSlash(tc[2]) {
			t.Errorf("RelPath(%q, %q) = %q, want %q", tc[0], tc[1], got, tc[2])
		}
	}
	if got := relPosn("/m", "/m/a.go:3:4"); got != "a.go:3:4" {
		t.Errorf("relPosn = %q", got)
	}
}

// TestFixReport checks what -fix says it did: fixes per analyzer and files,
// then the findings left and why.
func TestFixReport(t *testing.T) {
	fs, _ := fixture(t, "package a\n\nvar x, y int\n", []edit{{10, 11, "p"}}, []edit{{13, 14, "q"}})
	fs = append(fs, fs[0])
	fs[2].SuggestedFixes = nil
	fs[2].Pos = fs[0].Pos + 1
	r := &FixResult{Fixed: map[*Finding]bool{&fs[0]: true}, Files: map[string][]byte{"a.go": nil}}
	var b strings.Builder
	if err := r.Report(&b, "toolcheck", "", fs, fs[1:]); err != nil {
		t.Fatal(err)
	}
	want := "toolcheck: fix: applied 1 fix (x 1) in 1 file\ntoolcheck: fix: 2 findings left: 1 with no suggested fix, 1 whose fix conflicted\n"
	if b.String() != want {
		t.Errorf("report:\n%s\nwant\n%s", b.String(), want)
	}
	// iserror findings, none with a fix: said once.
	fs[1].Analyzer = &analysis.Analyzer{Name: "iserror", Doc: "x"}
	fs[2].Analyzer = fs[1].Analyzer
	fs[1].SuggestedFixes = nil
	b.Reset()
	if err := r.Report(&b, "toolcheck", "", fs, fs[1:]); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(b.String(), "no iserror finding has a fix"); got != 1 {
		t.Errorf("report with unfixable iserror findings says so %d times, want once:\n%s", got, b.String())
	}
	// iserror fixes applied, a server left without the boundary: named.
	fs[0].Analyzer = fs[1].Analyzer
	fs[2].Analyzer = &analysis.Analyzer{Name: "unwrapped", Doc: "x"}
	fs[2].Posn = token.Position{Filename: "/m/srv/server.go", Line: 12}
	b.Reset()
	if err := r.Report(&b, "toolcheck", "/m", fs, fs[2:]); err != nil {
		t.Fatal(err)
	}
	if want := "toolcheck: fix: no boundary was installed at 1 unwrapped finding (srv/server.go:12): install it there by hand, or the errors the fixes return reach the model unclassified\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("report with a server left unwrapped:\n%s\nwant it to end with\n%s", b.String(), want)
	}
	r = &FixResult{Fixed: map[*Finding]bool{}}
	b.Reset()
	if err := r.Report(&b, "toolcheck", "", nil, nil); err != nil {
		t.Fatal(err)
	}
	if want := "toolcheck: fix: applied 0 fixes\ntoolcheck: fix: no finding left\n"; b.String() != want {
		t.Errorf("empty report:\n%s\nwant\n%s", b.String(), want)
	}
	// Packages that did not load: nothing is known of them.
	r = &FixResult{Fixed: map[*Finding]bool{}, Incomplete: true, Analysed: 3}
	b.Reset()
	if err := r.Report(&b, "toolcheck", "", nil, nil); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "fix: no finding left\n") || !strings.Contains(b.String(), "were not analysed") {
		t.Errorf("report after packages failed to load:\n%s", b.String())
	}
	// No package loaded (a go.sum entry missing, say): no word of
	// findings left.
	r = &FixResult{Fixed: map[*Finding]bool{}, Incomplete: true}
	b.Reset()
	if err := r.Report(&b, "toolcheck", "", nil, nil); err != nil {
		t.Fatal(err)
	}
	if want := "toolcheck: fix: applied 0 fixes\ntoolcheck: fix: nothing was analysed: every package has the errors above; fix them and run -fix again\n"; b.String() != want {
		t.Errorf("report when no package loaded:\n%s\nwant\n%s", b.String(), want)
	}
}

// TestFixReportReplaceOnly checks that a go.mod replacing toolerr without
// requiring it (go mod tidy run before -fix) is named with what to run.
func TestFixReportReplaceOnly(t *testing.T) {
	dir := t.TempDir()
	gomod := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(gomod, []byte("module m\n\ngo 1.26\n\nreplace github.com/toolcheck/toolcheck/toolerr => ../toolerr\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fs, _ := fixture(t, "package a\n\nvar x int\n", []edit{{10, 11, "p"}})
	fs[0].SuggestedFixes = nil
	fs[0].Package = &packages.Package{Module: &packages.Module{GoMod: gomod}}
	fs[0].Analyzer = &analysis.Analyzer{Name: "iserror", Doc: "x"}
	r := &FixResult{Fixed: map[*Finding]bool{}}
	var b strings.Builder
	if err := r.Report(&b, "toolcheck", "", fs, fs); err != nil {
		t.Fatal(err)
	}
	want := "toolcheck: fix: go.mod replaces github.com/toolcheck/toolcheck/toolerr but does not require it; run go get github.com/toolcheck/toolcheck/toolerr@v0.0.0, then toolcheck -fix again, then go mod tidy\n"
	if !strings.Contains(b.String(), want) || strings.Contains(b.String(), "no iserror finding has a fix") {
		t.Errorf("report:\n%s\nwant it to hold\n%s", b.String(), want)
	}
	// Required too: not said.
	if err := os.WriteFile(gomod, []byte("module m\n\ngo 1.26\n\nrequire github.com/toolcheck/toolcheck/toolerr v0.0.0\n\nreplace github.com/toolcheck/toolcheck/toolerr => ../toolerr\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := r.Report(&b, "toolcheck", "", fs, fs); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "does not require it") {
		t.Errorf("report with toolerr required:\n%s", b.String())
	}
}

// TestFixImports checks the imports of fixes: two fixes that each import
// a package at the same place both apply, each import once, and an import
// whose last use a fix removed is removed.
func TestFixImports(t *testing.T) {
	src := "package a\n\nimport (\n\t\"errors\"\n\t\"strings\"\n)\n\nvar A = errors.New(\"x\")\n\nvar B = strings.ToUpper(\"b\")\n\nvar C = strings.ToLower(\"c\")\n"
	at := func(s string) int { return strings.Index(src, s) }
	imp := at("(") + 1
	fs, name := fixture(t, src,
		[]edit{{at(`errors.New("x")`), at(`errors.New("x")`) + len(`errors.New("x")`), `fmt.Errorf("x")`}, {imp, imp, "\n\t\"fmt\""}},
		[]edit{{at(`strings.ToUpper("b")`), at(`strings.ToUpper("b")`) + len(`strings.ToUpper("b")`), `os.Getenv("b")`}, {imp, imp, "\n\t\"os\""}},
		[]edit{{at(`A = `), at(`A = `) + 1, "Alpha"}, {imp, imp, "\n\t\"fmt\""}},
	)
	pkg := fs[0].Package
	pkg.TypesInfo = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fs[0].Fset, "source", nil)}
	if _, err := conf.Check("a", fs[0].Fset, pkg.Syntax, pkg.TypesInfo); err != nil {
		t.Fatal(err)
	}
	res, err := ComputeFixes(fs)
	if err != nil {
		t.Fatal(err)
	}
	if res.Conflicts != 0 || len(res.Fixed) != 3 {
		t.Errorf("conflicts %d, fixed %d, want 0 and 3", res.Conflicts, len(res.Fixed))
	}
	want := "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar Alpha = fmt.Errorf(\"x\")\n\nvar B = os.Getenv(\"b\")\n\nvar C = strings.ToLower(\"c\")\n"
	if got := string(res.Files[name]); got != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
}
