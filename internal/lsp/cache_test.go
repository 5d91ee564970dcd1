package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// describe renders a result for comparison: packages, findings and fixes.
func describe(root string, res *result) string {
	rel := func(f string) string {
		r, err := filepath.Rel(root, f)
		if err != nil {
			return f
		}
		return filepath.ToSlash(r)
	}
	var lines []string
	for _, p := range res.packages {
		var files []string
		for _, f := range p.files {
			files = append(files, rel(f))
		}
		lines = append(lines, fmt.Sprintf("package %s complete=%v %v", p.id, p.complete, files))
	}
	for _, f := range res.findings {
		l := fmt.Sprintf("%s:%d-%d %s: %s", rel(f.file), f.start, f.end, f.analyzer, f.message)
		for _, r := range f.related {
			l += fmt.Sprintf(" | related %s:%d-%d %s", rel(r.file), r.start, r.end, r.message)
		}
		for _, fx := range f.fixes {
			if !fx.resolve() {
				continue
			}
			l += " | fix " + fx.message
			for _, e := range fx.edits {
				l += fmt.Sprintf(" %s:%d-%d=%q", rel(e.file), e.start, e.end, e.text)
			}
		}
		lines = append(lines, l)
	}
	lines = append(lines, res.errors...)
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// TestCacheMatchesFullLoad edits a copy of the fixture, on disk and in
// overlays, and checks after each edit that a backend that reuses its last
// load finds exactly what a fresh load finds, and that it reuses the load
// when it can.
func TestCacheMatchesFullLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDKs")
	}
	root := filepath.Join(t.TempDir(), "e2e")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), root)
	notes := filepath.Join(root, "notes", "notes.go")
	tools := filepath.Join(root, "tools", "tools.go")
	notesText, toolsText := readString(t, notes), readString(t, tools)

	newOptions := func() *options {
		o, err := parseOptions(nil, root)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	cached := &packagesBackend{opts: newOptions()}
	fresh := &packagesBackend{opts: newOptions(), noCache: true}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	replace := func(text, old, new string) string {
		t.Helper()
		if !strings.Contains(text, old) {
			t.Fatalf("no %q to replace", old)
		}
		return strings.Replace(text, old, new, 1)
	}

	var last string
	for _, step := range []struct {
		name    string
		edit    func() map[string][]byte // returns the overlay
		reuse   bool
		changes bool // the findings differ from the step before
	}{
		{"first load", func() map[string][]byte { return nil }, false, true},
		{"nothing changed", func() map[string][]byte { return nil }, true, false},
		{"an unsaved edit", func() map[string][]byte {
			return map[string][]byte{notes: []byte(replace(notesText, "boundary.ToolBoundary(n.write)", "n.write"))}
		}, true, true},
		{"the edit saved", func() map[string][]byte {
			write(notes, replace(notesText, "boundary.ToolBoundary(n.write)", "n.write"))
			return nil
		}, true, false},
		{"a dependency's facts change", func() map[string][]byte {
			write(tools, replace(toolsText, `s.AddTool(mcp.NewTool("stats"), stats)`, `s.AddTool(mcp.NewTool("statistics"), stats)`))
			return nil
		}, true, true},
		{"a syntax error", func() map[string][]byte {
			return map[string][]byte{notes: []byte(replace(notesText, "return s\n}", "return s\n"))}
		}, true, true},
		{"a type error", func() map[string][]byte {
			return map[string][]byte{notes: []byte(replace(notesText, "return s\n}", "return 1\n}"))}
		}, true, false}, // as with the syntax error: nothing analysed
		{"the type error fixed", func() map[string][]byte { return nil }, true, true},
		{"a new import", func() map[string][]byte {
			return map[string][]byte{notes: []byte(replace(notesText, "import (\n", "import (\n\t_ \"strings\"\n"))}
		}, false, true},
		{"the import dropped", func() map[string][]byte { return nil }, false, true},
		{"a new file", func() map[string][]byte {
			write(filepath.Join(root, "notes", "extra.go"), "package notes\n\nfunc extra() {}\n")
			return nil
		}, false, true},
		{"an edit after the new file", func() map[string][]byte {
			return map[string][]byte{notes: []byte(notesText)}
		}, true, true},
	} {
		overlay := step.edit()
		req := &request{dir: root, files: []string{notes}, overlay: overlay}
		want, err := fresh.analyze(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: fresh: %v", step.name, err)
		}
		got, err := cached.analyze(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: cached: %v", step.name, err)
		}
		g, w := describe(root, got), describe(root, want)
		if g != w {
			t.Errorf("%s: reusing the load gives\n%s\na fresh load gives\n%s", step.name, g, w)
		}
		if reused := got.fullLoad == ""; reused != step.reuse {
			t.Errorf("%s: reused the load: %v (%s), want %v", step.name, reused, got.fullLoad, step.reuse)
		}
		if changed := w != last; changed != step.changes {
			t.Errorf("%s: findings changed: %v, want %v (the step does not test what it says)", step.name, changed, step.changes)
		}
		t.Logf("%s: %d findings, load %v (%s, %d re-checked)", step.name, len(got.findings), got.load, orReuse(got.fullLoad), got.rechecked)
		last = w
	}
}

func orReuse(why string) string {
	if why == "" {
		return "reused"
	}
	return "full: " + why
}
