package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// TestCallee checks which messages name a callee: a function or method
// opening the message, not a type, an assignment or a closure.
func TestCallee(t *testing.T) {
	for msg, want := range map[string]string{
		"mcp.NewToolResultError builds an IsError result":            "mcp.NewToolResultError",
		"utils.NewToolResultError returns an IsError result":         "utils.NewToolResultError",
		"(*mcp.CallToolResult).SetError builds an IsError result":    "(*mcp.CallToolResult).SetError",
		"(*store.Store).Search returns nil with a nil error":         "(*store.Store).Search",
		"store.Find, the only implementation this call can reach, …": "store.Find",
		"forecast.NewServer registers 2 tools":                       "forecast.NewServer",
		"mcp.CallToolResult literal with IsError: true builds":       "",
		"res.IsError = true builds an IsError result":                "",
		"closure errf returns an IsError result":                     "",
		"model-facing text includes the raw error of os.ReadFile":    "",
		"failure of os.Stat returns mcp.NewToolResultText(\"\")":     "",
		"2 tools are registered on this server without the boundary": "",
	} {
		if got := Callee(msg); got != want {
			t.Errorf("Callee(%q) = %q, want %q", msg, got, want)
		}
	}
}

// TestWriteSummary checks the summary's lists on findings of known
// counts: sorted by count then name, the top ten of each and how many
// more, shares of all the findings, and the helpers the messages name.
func TestWriteSummary(t *testing.T) {
	src := "package p\n\nvar v = 0\n"
	names := "abcdefghijkl"
	for _, c := range names {
		src += "\nfunc " + string(c) + "() { _ = 0 }\n"
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg := &packages.Package{PkgPath: "example.com/p", Syntax: []*ast.File{file}}
	x, y := &analysis.Analyzer{Name: "x"}, &analysis.Analyzer{Name: "y"}
	body := func(name string) token.Pos {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
				return fd.Body.Lbrace + 1
			}
		}
		return file.Decls[0].Pos() // v, at package level
	}
	var fs []Finding
	add := func(a *analysis.Analyzer, fn, msg string) {
		pos := body(fn)
		fs = append(fs, Finding{Analyzer: a, Package: pkg, Fset: fset, Diagnostic: analysis.Diagnostic{Pos: pos, Message: msg}, Posn: fset.Position(pos)})
	}
	// a: 3, b: 2, c to l: 1 each, package level: 1; 16 in all.
	add(x, "a", "h.One builds a result")
	add(x, "a", "h.One builds a result")
	add(x, "a", "(*h.T).Two returns a result")
	add(x, "b", "h.One builds a result")
	add(y, "b", "h.Type literal with IsError: true builds")
	for _, c := range names[2:] {
		add(y, string(c), "closure f returns a result")
	}
	add(x, "", "res.IsError = true builds")
	var b strings.Builder
	if err := WriteSummary(&b, fs); err != nil {
		t.Fatal(err)
	}
	want := `summary: 16 findings
by analyzer:
  y                11   68.8%
  x                 5   31.2%
by package:
  example.com/p    16  100.0%
by function:
  p.a               3   18.8%
  p.b               2   12.5%
  (package level)   1    6.2%
  p.c               1    6.2%
  p.d               1    6.2%
  p.e               1    6.2%
  p.f               1    6.2%
  p.g               1    6.2%
  p.h               1    6.2%
  p.i               1    6.2%
  ... and 3 more (3 findings)
by helper (the callee a message names):
  h.One             3   18.8%
  (*h.T).Two        1    6.2%
`
	if got := b.String(); got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}
	b.Reset()
	if err := WriteSummary(&b, nil); err != nil || b.String() != "summary: no findings\n" {
		t.Errorf("summary of no findings: %q, %v", b.String(), err)
	}
}
