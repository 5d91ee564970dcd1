package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestLoadPatterns checks the patterns a load asks go list for: each
// directory once for the files of the module its build takes, a file=
// pattern for the others.
func TestLoadPatterns(t *testing.T) {
	root := fakeModule(t, map[string]string{
		"a/a1.go":    "package a\n",
		"a/a2.go":    "package a\n",
		"b/c/b.go":   "package c\n",
		"b/c/gen.go": "//go:build ignore\n\npackage main\n",
	})
	a1, a2 := filepath.Join(root, "a", "a1.go"), filepath.Join(root, "a", "a2.go")
	b, ignored := filepath.Join(root, "b", "c", "b.go"), filepath.Join(root, "b", "c", "gen.go")
	unsaved := filepath.Join(root, "a", "new.go") // in no file yet
	outside := filepath.Join(t.TempDir(), "x.go")
	got := loadPatterns(root, []string{a1, b, ignored, a2, unsaved, outside})
	want := []string{filepath.Dir(a1), filepath.Dir(b), "file=" + ignored, "file=" + unsaved, "file=" + outside}
	if !slices.Equal(got, want) {
		t.Errorf("loadPatterns gives\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestFilesOutsideTheBuild opens files their build constraints exclude:
// one alone in its directory, analysed as the package it makes alone (as
// go/packages answers its file= pattern), and one beside a package, which
// draws nothing and makes the package's files draw nothing either.
func TestFilesOutsideTheBuild(t *testing.T) {
	toolcheckBinary(t)
	root := filepath.Join(t.TempDir(), "e2e")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), root)
	gen := filepath.Join(root, "gen", "gen.go")
	ignored := filepath.Join(root, "notes", "ignored.go")
	for path, content := range map[string]string{
		gen:     "//go:build ignore\n\npackage main\n\nimport \"github.com/mark3labs/mcp-go/mcp\"\n\nfunc main() { _ = mcp.NewToolResultError(\"x\") }\n",
		ignored: "//go:build ignore\n\npackage main\n\nfunc main() {}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"debounce": 100})
	c.open(gen, 1, readString(t, gen))
	c.open(ignored, 1, readString(t, ignored))
	if p := c.waitDiagnostics(0, gen); len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "iserror" {
		t.Errorf("gen/gen.go: published %+v, want its one iserror finding", p.Diagnostics)
	}
	c.waitAfter(0, "the run's log", isMethod("window/logMessage"))
	for _, m := range c.messages(0, "textDocument/publishDiagnostics") {
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			t.Fatal(err)
		}
		if p.URI != pathToURI(gen) {
			t.Errorf("published for %s, which no open file's package holds", p.URI)
		}
	}
}
