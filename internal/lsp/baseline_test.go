package lsp

import (
	"encoding/json"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestBaselineAndBrokenConfig runs the server on testdata/baseline with
// the baseline key of .toolcheck.json naming a baseline the command
// wrote: no diagnostic for a recorded finding; one for a new violation
// typed in an unsaved buffer, whose quick fix the cursor on the
// statement's return keyword finds through the request's context. Then
// the configuration breaks: the file's diagnostics are cleared, one
// diagnostic on .toolcheck.json says why, and the log does not say
// anything was analysed; repaired, the diagnostic on it goes.
func TestBaselineAndBrokenConfig(t *testing.T) {
	bin := toolcheckBinary(t)
	root := filepath.Join(t.TempDir(), "baseline")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "baseline"), root)
	cfgFile := filepath.Join(root, ".toolcheck.json")
	writeConfig := func(s string) {
		t.Helper()
		if err := os.WriteFile(cfgFile, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeConfig(`{"baseline": "toolcheck-baseline.json"}`)
	cmd := exec.Command(bin, "-write-baseline", "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "recorded 7 findings") {
		t.Fatalf("toolcheck -write-baseline: %v\n%s", err, out)
	}

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"debounce": 100})
	target := filepath.Join(root, "notes", "notes.go")
	content := readString(t, target)
	c.open(target, 1, content)
	if p := c.waitDiagnostics(0, target); len(p.Diagnostics) != 0 {
		t.Fatalf("with every finding recorded in the baseline, diagnostics %+v", p.Diagnostics)
	}
	c.wait("the log of the first run", analysedLog)

	// A tool of its own, registered with the others, that builds an
	// IsError result.
	const newReturn = `return mcp.NewToolResultError("The 'to' argument is missing."), nil`
	old := "\treturn s\n}\n"
	if strings.Count(content, old) != 1 {
		t.Fatalf("notes.go does not contain %q once", old)
	}
	edited := strings.Replace(content, old, "\ts.AddTool(mcp.NewTool(\"rename_note\"), n.rename)\n"+old, 1) + `
func (n *Notes) rename(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("to", "") == "" {
		` + newReturn + `
	}
	return mcp.NewToolResultText("renamed"), nil
}
`
	mark := c.mark()
	c.change(target, 2, edited)
	p := c.waitDiagnostics(mark, target)
	// A run logs after it publishes: wait for its line, so that it is not
	// taken for a line of the broken configuration's run below.
	c.waitAfter(mark, "the log of the edit's run", analysedLog)
	if len(p.Diagnostics) != 1 {
		t.Fatalf("with a new violation in the unsaved buffer, %d diagnostics, want 1: %+v", len(p.Diagnostics), p.Diagnostics)
	}
	d := p.Diagnostics[0]
	line := uint32(strings.Count(edited[:strings.Index(edited, newReturn)], "\n"))
	if d.Code != "iserror" || d.Range.Start.Line != line {
		t.Fatalf("the diagnostic %+v, want iserror's on line %d", d, line+1)
	}
	if d.Range.Start.Character <= 2 {
		t.Fatalf("the diagnostic starts at column %d, so the return keyword is in its range and the test tests nothing", d.Range.Start.Character)
	}

	// The cursor on "return": only the context finds the finding.
	cursor := Position{Line: line, Character: 3}
	actions := func(diags []Diagnostic) []CodeAction {
		t.Helper()
		raw := []any{}
		for _, d := range diags {
			raw = append(raw, d)
		}
		resp := c.call("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": pathToURI(target)},
			"range":        Range{cursor, cursor},
			"context":      map[string]any{"diagnostics": raw},
		})
		var as []CodeAction
		if err := json.Unmarshal(resp.Result, &as); err != nil {
			t.Fatalf("codeAction: %s: %v", resp.Result, err)
		}
		return as
	}
	if as := actions(nil); len(as) != 0 {
		t.Errorf("code actions at the return keyword without context: %+v, want none", as)
	}
	as := actions(p.Diagnostics)
	if len(as) != 1 || len(as[0].Diagnostics) != 1 || as[0].Diagnostics[0].Message != d.Message {
		t.Fatalf("code actions at the return keyword with the line's diagnostic in the context: %+v, want its fix", as)
	}
	fixed := applyEdits(t, edited, as[0].Edit.Changes[pathToURI(target)])
	if strings.Contains(fixed, newReturn) {
		t.Errorf("the fix leaves the IsError result:\n%s", fixed)
	}

	// The configuration breaks: diagnostics cleared, one on the file.
	writeConfig(`{"baseline": "toolcheck-baseline.json", "boundarys": []}`)
	mark = c.mark()
	c.save(target)
	if p := c.waitDiagnostics(mark, target); len(p.Diagnostics) != 0 {
		t.Errorf("with the configuration broken, diagnostics %+v, want none", p.Diagnostics)
	}
	cp := c.waitDiagnostics(mark, cfgFile)
	if len(cp.Diagnostics) != 1 || !strings.Contains(cp.Diagnostics[0].Message, `unknown field "boundarys"`) || cp.Diagnostics[0].Severity != severityError {
		t.Errorf("on .toolcheck.json, diagnostics %+v, want one error naming the key", cp.Diagnostics)
	}
	c.wait("the log of the run", func(m *incoming) bool {
		return m.Method != nil && *m.Method == "window/logMessage" && strings.Contains(string(m.Params), "not analysed, their diagnostics cleared")
	})
	for _, m := range c.messages(mark, "window/logMessage") {
		if strings.Contains(string(m.Params), "toolcheck: analysed") {
			t.Errorf("with the configuration broken, the log says %s", m.Params)
		}
	}

	// A baseline the key names that is not there is broken too.
	writeConfig(`{"baseline": "missing.json"}`)
	mark = c.mark()
	c.save(target)
	if cp := c.waitDiagnostics(mark, cfgFile); len(cp.Diagnostics) != 1 || !strings.Contains(cp.Diagnostics[0].Message, "missing.json does not exist") {
		t.Errorf("with a missing baseline, diagnostics on .toolcheck.json %+v", cp.Diagnostics)
	}

	// Repaired: the diagnostic on the file goes, the new one comes back.
	writeConfig(`{"baseline": "toolcheck-baseline.json"}`)
	mark = c.mark()
	c.save(target)
	if p := c.waitDiagnostics(mark, target); len(p.Diagnostics) != 1 {
		t.Errorf("repaired, %d diagnostics, want the new violation's: %+v", len(p.Diagnostics), p.Diagnostics)
	}
	if cp := c.waitDiagnostics(mark, cfgFile); len(cp.Diagnostics) != 0 {
		t.Errorf("repaired, diagnostics on .toolcheck.json %+v, want none", cp.Diagnostics)
	}
	c.shutdown()
}

// analysedLog matches the log line of a run that analysed packages.
func analysedLog(m *incoming) bool {
	return m.Method != nil && *m.Method == "window/logMessage" && strings.Contains(string(m.Params), "toolcheck: analysed")
}

// TestGoModRequiresToolerr starts the server on testdata/migrate with
// toolerr taken out of go.mod: the unwrapped finding on the server's
// construction has no quick fix (installing the boundary needs toolerr).
// go.mod is edited to require toolerr and saved: without a restart, the
// fix is offered, and applied it gives the file the command's -fix
// writes, gofmt-clean, the new import in its own group as -diff places it.
func TestGoModRequiresToolerr(t *testing.T) {
	bin := toolcheckBinary(t)
	root := filepath.Join(t.TempDir(), "migrate")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "migrate"), root)
	gomod := filepath.Join(root, "go.mod")
	const replace = "replace github.com/toolcheck/toolcheck/toolerr => ../../toolerr\n"
	with := strings.Replace(readString(t, gomod), replace, "replace github.com/toolcheck/toolcheck/toolerr => "+filepath.Join(testkit.Root(t), "toolerr")+"\n", 1)
	without := strings.Replace(strings.Replace(with, "\tgithub.com/toolcheck/toolcheck/toolerr v0.0.0\n", "", 1), "replace github.com/toolcheck/toolcheck/toolerr => "+filepath.Join(testkit.Root(t), "toolerr")+"\n", "", 1)
	if with == readString(t, gomod) || without == with || strings.Contains(without, "toolerr") {
		t.Fatalf("go.mod is not as the test expects:\n%s", readString(t, gomod))
	}
	writeGoMod := func(s string) {
		t.Helper()
		if err := os.WriteFile(gomod, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// What the command's -fix of that finding writes, go.mod requiring
	// toolerr, on a copy.
	writeGoMod(with)
	target := filepath.Join(root, "notes", "notes.go")
	content := readString(t, target)
	fixedCopy := filepath.Join(t.TempDir(), "migrate")
	copyDir(t, root, fixedCopy)
	cmd := exec.Command(bin, "-unwrapped", "-fix", "./notes")
	cmd.Dir = fixedCopy
	if out, err := cmd.CombinedOutput(); !strings.Contains(string(out), "applied 1 fix (unwrapped 1)") {
		t.Fatalf("toolcheck -unwrapped -fix: %v\n%s", err, out)
	}
	want := readString(t, filepath.Join(fixedCopy, "notes", "notes.go"))
	if !strings.Contains(want, "toolerr/mcpgo\"") {
		t.Fatalf("the command's fix of the unwrapped finding does not import toolerr:\n%s", want)
	}
	writeGoMod(without)

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"debounce": 100})
	c.open(target, 1, content)
	unwrappedFix := func(p PublishDiagnosticsParams) []CodeAction {
		t.Helper()
		for _, d := range p.Diagnostics {
			if d.Code != "unwrapped" {
				continue
			}
			resp := c.call("textDocument/codeAction", map[string]any{
				"textDocument": map[string]any{"uri": pathToURI(target)},
				"range":        d.Range,
				"context":      map[string]any{"diagnostics": []any{d}},
			})
			var as []CodeAction
			if err := json.Unmarshal(resp.Result, &as); err != nil {
				t.Fatalf("codeAction: %s: %v", resp.Result, err)
			}
			return as
		}
		t.Fatalf("no unwrapped diagnostic in %+v", p.Diagnostics)
		return nil
	}
	if as := unwrappedFix(c.waitDiagnostics(0, target)); len(as) != 0 {
		t.Fatalf("without toolerr in go.mod, code actions %+v, want none", as)
	}

	writeGoMod(with)
	mark := c.mark()
	c.save(gomod)
	as := unwrappedFix(c.waitDiagnostics(mark, target))
	if len(as) != 1 {
		t.Fatalf("with toolerr in go.mod, code actions %+v, want the fix installing the boundary", as)
	}
	got := applyEdits(t, content, as[0].Edit.Changes[pathToURI(target)])
	if got != want {
		t.Errorf("the quick fix gives\n%s\nthe command's -fix writes\n%s", got, want)
	}
	if formatted, err := format.Source([]byte(got)); err != nil || string(formatted) != got {
		t.Errorf("the quick fix is not gofmt-clean (%v):\n%s", err, got)
	}
	c.shutdown()
}

// TestTestsSetting: with the tests setting off (the default), the server,
// as the command, loads no test file and publishes nothing for one;
// .toolcheck.json turning it on brings the test files' findings at the
// next run, and turning it off again clears them.
func TestTestsSetting(t *testing.T) {
	toolcheckBinary(t)
	root := filepath.Join(t.TempDir(), "e2e")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), root)
	code, test := filepath.Join(root, "notes", "notes.go"), filepath.Join(root, "notes", "notes_test.go")
	inTest := func(f string) bool { return f == test }
	want := expectedKeys(t, root, commandFindings(t, root, "-tests", "./notes"), inTest)
	if len(want) == 0 {
		t.Fatal("notes_test.go has no finding with -tests: the test cannot tell")
	}
	cfgFile := filepath.Join(root, ".toolcheck.json")
	writeCfg := func(s string) {
		t.Helper()
		if err := os.WriteFile(cfgFile, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"debounce": 100})
	c.open(test, 1, readString(t, test))
	c.wait("the log of a run on the test file alone", func(m *incoming) bool {
		return m.Method != nil && *m.Method == "window/logMessage" && strings.Contains(string(m.Params), "_test.go files draw no findings")
	})
	c.open(code, 1, readString(t, code))
	c.waitDiagnostics(0, code)
	for _, m := range c.messages(0, "textDocument/publishDiagnostics") {
		if strings.Contains(string(m.Params), "_test.go") {
			t.Errorf("published %s with the tests setting off", m.Params)
		}
	}

	writeCfg(`{"tests": true}`)
	mark := c.mark()
	c.save(code)
	c.waitDiagnostics(mark, test)
	compareKeys(t, "tests on", c.publishedKeys(mark, root, inTest), want)

	writeCfg(`{"tests": false}`)
	mark = c.mark()
	c.save(code)
	if p := c.waitDiagnostics(mark, test); len(p.Diagnostics) != 0 {
		t.Errorf("tests off again: %d diagnostics in notes_test.go, want them cleared", len(p.Diagnostics))
	}
	c.shutdown()
}
