package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// These tests compare the server with the command: the same findings,
// ranges and fixes as "toolcheck -json" on the end-to-end fixture, which
// uses the real SDKs.

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// toolcheckBinary builds the command once per test binary.
func toolcheckBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds toolcheck and loads the real SDKs")
	}
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "toolcheck-lsp-test")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "toolcheck")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/toolcheck/toolcheck/cmd/toolcheck").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// cliFinding is one diagnostic of "toolcheck -json".
type cliFinding struct {
	analyzer, message string
	url               string
	file              string // absolute
	line, col         int    // 1-based, col in bytes
	endLine, endCol   int
	fixes             []cliFix
}

type cliFix struct {
	message string
	edits   []cliEdit
}

type cliEdit struct {
	file       string
	start, end int
	text       string
}

// commandFindings runs "toolcheck -json args..." in dir.
func commandFindings(t *testing.T, dir string, args ...string) []cliFinding {
	t.Helper()
	cmd := exec.Command(toolcheckBinary(t), append([]string{"-json"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 3) {
		t.Fatalf("toolcheck -json %s: %v\n%s", strings.Join(args, " "), err, stderrOf(err))
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("toolcheck -json: %v\n%s", err, out)
	}
	var fs []cliFinding
	seen := map[string]bool{} // a package and its test variant report alike
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var diags []struct {
				Posn, End, Message, URL string
				Fixes                   []struct {
					Message string
					Edits   []struct {
						Filename   string
						Start, End int
						New        string
					}
				} `json:"suggested_fixes"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %s: %s", pkg, analyzer, raw)
			}
			for _, d := range diags {
				f := cliFinding{analyzer: analyzer, message: d.Message, url: d.URL}
				f.file, f.line, f.col = parsePosn(t, d.Posn)
				f.endLine, f.endCol = f.line, f.col
				if d.End != "" {
					_, f.endLine, f.endCol = parsePosn(t, d.End)
				}
				for _, fx := range d.Fixes {
					cf := cliFix{message: fx.Message}
					for _, e := range fx.Edits {
						cf.edits = append(cf.edits, cliEdit{e.Filename, e.Start, e.End, e.New})
					}
					f.fixes = append(f.fixes, cf)
				}
				k := fmt.Sprint(f.analyzer, f.file, f.line, f.col, f.message)
				if !seen[k] {
					seen[k] = true
					fs = append(fs, f)
				}
			}
		}
	}
	return fs
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

func parsePosn(t *testing.T, posn string) (string, int, int) {
	t.Helper()
	i := strings.LastIndex(posn, ":")
	j := strings.LastIndex(posn[:max(i, 0)], ":")
	if i < 0 || j < 0 {
		t.Fatalf("bad posn %q", posn)
	}
	line, err1 := strconv.Atoi(posn[j+1 : i])
	col, err2 := strconv.Atoi(posn[i+1:])
	if err1 != nil || err2 != nil {
		t.Fatalf("bad posn %q", posn)
	}
	return posn[:j], line, col
}

// refPosition converts a 1-based line and byte column to an LSP position,
// on its own: the column's bytes on the line, counted in UTF-16 units.
func refPosition(t *testing.T, content string, line, col int) Position {
	t.Helper()
	lines := strings.Split(content, "\n")
	if line-1 >= len(lines) || col-1 > len(lines[line-1]) {
		t.Fatalf("%d:%d is outside the file", line, col)
	}
	prefix := lines[line-1][:col-1]
	return Position{uint32(line - 1), uint32(len(utf16.Encode([]rune(prefix))))}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// key formats a diagnostic for comparison.
func key(root, file string, r Range, code, message, url string) string {
	rel, _ := filepath.Rel(root, file)
	return fmt.Sprintf("%s:%d:%d-%d:%d %s: %s <%s>", filepath.ToSlash(rel), r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, code, message, url)
}

// expectedKeys converts the command's findings in files to LSP terms.
func expectedKeys(t *testing.T, root string, fs []cliFinding, inFiles func(string) bool) []string {
	t.Helper()
	var keys []string
	contents := map[string]string{}
	for _, f := range fs {
		if !inFiles(f.file) {
			continue
		}
		if _, ok := contents[f.file]; !ok {
			contents[f.file] = readString(t, f.file)
		}
		r := Range{refPosition(t, contents[f.file], f.line, f.col), refPosition(t, contents[f.file], f.endLine, f.endCol)}
		keys = append(keys, key(root, f.file, r, f.analyzer, f.message, f.url))
	}
	sort.Strings(keys)
	return keys
}

// publishedKeys returns the diagnostics last published after from, for
// files, checking the fields every toolcheck diagnostic carries.
func (c *testClient) publishedKeys(from int, root string, inFiles func(string) bool) []string {
	c.t.Helper()
	latest := map[string][]Diagnostic{}
	for _, m := range c.messages(from, "textDocument/publishDiagnostics") {
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		path, err := uriToPath(p.URI)
		if err != nil {
			c.t.Fatal(err)
		}
		latest[path] = p.Diagnostics
	}
	var keys []string
	for path, diags := range latest {
		if !inFiles(path) {
			continue
		}
		for _, d := range diags {
			if d.Source != "toolcheck" || d.Severity != severityWarning || d.CodeDescription == nil ||
				!strings.HasPrefix(d.CodeDescription.Href, analyzerURL(d.Code)+"#") {
				c.t.Errorf("%s: diagnostic fields: %+v", path, d)
			}
			keys = append(keys, key(root, path, d.Range, d.Code, d.Message, d.CodeDescription.Href))
		}
	}
	sort.Strings(keys)
	return keys
}

// analyzerURL returns the URL of the suite's analyzer called name.
func analyzerURL(name string) string {
	for _, a := range suite.New(&config.Config{}) {
		if a.Name == name {
			return a.URL
		}
	}
	return ""
}

func compareKeys(t *testing.T, what string, got, want []string) {
	t.Helper()
	sameKeys(t, what, got, want)
	if len(want) == 0 {
		t.Errorf("%s: no findings to compare", what)
	}
}

// sameKeys is compareKeys for a state that may have no findings.
func sameKeys(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s: the server and toolcheck -json differ:\nserver:\n  %s\ntoolcheck -json:\n  %s", what,
			strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	t.Logf("%s: %d diagnostics as toolcheck -json gives them", what, len(want))
}

// goFiles lists the .go files under root.
func goFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return err
	})
	return files
}

// markLines puts a comment with non-ASCII text before the code of every
// line with a "// want" comment, so that the findings on it start after
// characters of 2, 3 and 4 bytes, one of them 2 UTF-16 units long.
func markLines(t *testing.T, root string) {
	t.Helper()
	for _, path := range goFiles(t, root) {
		lines := strings.Split(readString(t, path), "\n")
		for i, l := range lines {
			if strings.Contains(l, "// want ") {
				code := strings.TrimLeft(l, "\t ")
				lines[i] = l[:len(l)-len(code)] + "/* é✓😀 */ " + code
			}
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// applyCLIEdits applies the command's byte-offset edits to content.
func applyCLIEdits(content string, edits []cliEdit) string {
	sorted := append([]cliEdit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].start < sorted[j].start })
	var b strings.Builder
	last := 0
	for _, e := range sorted {
		b.WriteString(content[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.WriteString(content[last:])
	return b.String()
}

func all(string) bool { return true }

// TestAgainstCommand opens every file of the fixture and compares the
// published diagnostics with toolcheck -json; applies a quick fix, saves
// and compares again; then changes the buffer without saving.
func TestAgainstCommand(t *testing.T) {
	toolcheckBinary(t)
	root := filepath.Join(t.TempDir(), "e2e")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), root)
	markLines(t, root)
	want := commandFindings(t, root, "./...")

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"debounce": 200})
	files := goFiles(t, root)
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			c.open(f, 1, readString(t, f))
		}
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			c.waitDiagnostics(0, f) // every file of every package
		}
	}
	compareKeys(t, "the fixture", c.publishedKeys(0, root, all), expectedKeys(t, root, want, all))
	// With the tests setting off, as in the command, test files are not
	// loaded: nothing is published for them.
	for _, m := range c.messages(0, "textDocument/publishDiagnostics") {
		if strings.Contains(string(m.Params), "_test.go") {
			t.Errorf("published %s with the tests setting off", m.Params)
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	// A quick fix: the same edit as the command's.
	target := filepath.Join(root, "notes", "notes.go")
	content := readString(t, target)
	var fixed *cliFinding
	for i, f := range want {
		if f.file == target && len(f.fixes) > 0 {
			fixed = &want[i]
			break
		}
	}
	if fixed == nil {
		t.Fatal("no finding with a fix in notes/notes.go")
	}
	r := Range{refPosition(t, content, fixed.line, fixed.col), refPosition(t, content, fixed.endLine, fixed.endCol)}
	resp := c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": pathToURI(target)},
		"range":        r,
		"context":      map[string]any{"diagnostics": []any{}, "only": []string{"quickfix"}},
	})
	var actions []CodeAction
	if err := json.Unmarshal(resp.Result, &actions); err != nil {
		t.Fatalf("codeAction: %s: %v", resp.Result, err)
	}
	var action *CodeAction
	for i, a := range actions {
		if a.Title == fixed.fixes[0].message && len(a.Diagnostics) == 1 && a.Diagnostics[0].Message == fixed.message {
			action = &actions[i]
		}
	}
	if action == nil {
		t.Fatalf("no quick fix %q among %+v", fixed.fixes[0].message, actions)
	}
	if len(action.Edit.Changes) != 1 {
		t.Fatalf("the fix edits %d files, want 1", len(action.Edit.Changes))
	}
	got := applyEdits(t, content, action.Edit.Changes[pathToURI(target)])
	if wantText := applyCLIEdits(content, fixed.fixes[0].edits); got != wantText {
		t.Fatalf("the quick fix gives\n%s\nthe command's edit gives\n%s", got, wantText)
	}

	// Save the fixed file: the finding goes, the rest is as the command says.
	if err := os.WriteFile(target, []byte(got), 0o644); err != nil {
		t.Fatal(err)
	}
	mark := c.mark()
	c.change(target, 2, got)
	c.save(target)
	p := c.waitDiagnostics(mark, target)
	if p.Version == nil || *p.Version != 2 {
		t.Errorf("diagnostics after save for version %v, want 2", p.Version)
	}
	inTarget := func(f string) bool { return f == target }
	after := commandFindings(t, root, "./notes")
	sameKeys(t, "after the fix", c.publishedKeys(mark, root, inTarget), expectedKeys(t, root, after, inTarget))
	for _, f := range after {
		if f.message == fixed.message {
			t.Errorf("the fixed finding is still reported: %s", f.message)
		}
	}

	// An unsaved change, analysed as an overlay after the debounce: the
	// file as it was before the fix.
	unsaved := content
	mark = c.mark()
	c.change(target, 3, unsaved)
	p = c.waitDiagnostics(mark, target)
	if p.Version == nil || *p.Version != 3 {
		t.Errorf("diagnostics after change for version %v, want 3", p.Version)
	}
	if readString(t, target) != got {
		t.Fatal("the server changed the file on disk")
	}
	if err := os.WriteFile(target, []byte(unsaved), 0o644); err != nil {
		t.Fatal(err)
	}
	compareKeys(t, "the unsaved buffer", c.publishedKeys(mark, root, inTarget),
		expectedKeys(t, root, commandFindings(t, root, "./notes"), inTarget))
	c.shutdown()
}

// TestFlagsAsCommand passes the command's flags in initializationOptions.
func TestFlagsAsCommand(t *testing.T) {
	toolcheckBinary(t)
	root := filepath.Join(testkit.Root(t), "testdata", "e2e")
	flags := []string{"-loglevel.strict", "-unwrapped=false", "-tests"}
	dirs := []string{"logleveldemo", "notes", "golangcidemo"}
	in := func(f string) bool {
		rel, _ := filepath.Rel(root, f)
		for _, d := range dirs {
			if filepath.Dir(rel) == d {
				return true
			}
		}
		return false
	}
	var pkgs []string
	for _, d := range dirs {
		pkgs = append(pkgs, "./"+d)
	}
	want := expectedKeys(t, root, commandFindings(t, root, append(flags, pkgs...)...), in)
	plain := expectedKeys(t, root, commandFindings(t, root, pkgs...), in)
	if strings.Join(want, "\n") == strings.Join(plain, "\n") {
		t.Fatal("the flags change nothing in the fixture: the test cannot tell")
	}

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"flags": flags})
	for _, d := range dirs {
		for _, f := range goFiles(t, filepath.Join(root, d)) {
			c.open(f, 1, readString(t, f))
		}
	}
	for _, d := range dirs {
		for _, f := range goFiles(t, filepath.Join(root, d)) {
			c.waitDiagnostics(0, f)
		}
	}
	compareKeys(t, strings.Join(flags, " "), c.publishedKeys(0, root, in), want)
	c.shutdown()
}

// TestConfigurationError breaks, fixes and breaks .toolcheck.json: each
// breakage shows once, however often the file is saved.
func TestConfigurationError(t *testing.T) {
	toolcheckBinary(t)
	root := fakeModule(t, map[string]string{"a.go": "package a\n", ".toolcheck.json": `{"boundarys": ["example.com/x.B"]}`})
	path := filepath.Join(root, "a.go")
	cmd := exec.Command(toolcheckBinary(t), "./...")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), `unknown field "boundarys"`) {
		t.Fatalf("the command does not reject the configuration: %v\n%s", err, out)
	}

	c := startServer(t, nil, nil)
	c.initialize(root, map[string]any{"onChange": false})
	c.open(path, 1, "package a\n")
	m := c.wait("a showMessage", isMethod("window/showMessage"))
	var p ShowMessageParams
	json.Unmarshal(m.Params, &p)
	if p.Type != messageError || !strings.Contains(p.Message, `.toolcheck.json: json: unknown field "boundarys"`) {
		t.Errorf("showMessage %+v", p)
	}
	analysed := func(n int) {
		t.Helper()
		c.wait(fmt.Sprintf("%d analyses", n), func(*incoming) bool {
			k := 0
			for _, m := range c.msgsLocked() {
				if m.Method != nil && *m.Method == "window/logMessage" && (strings.Contains(string(m.Params), "toolcheck: analysed") || strings.Contains(string(m.Params), "not analysed")) {
					k++
				}
			}
			return k >= n
		})
	}
	analysed(1)
	c.save(path)
	analysed(2)
	c.save(path)
	analysed(3)
	if n := len(c.messages(0, "window/showMessage")); n != 1 {
		t.Errorf("%d messages after saving twice, want 1", n)
	}
	if err := os.Remove(filepath.Join(root, ".toolcheck.json")); err != nil {
		t.Fatal(err)
	}
	mark := c.mark()
	c.save(path)
	if p := c.waitDiagnostics(mark, path); len(p.Diagnostics) != 0 {
		t.Errorf("diagnostics %+v", p.Diagnostics)
	}
	if err := os.WriteFile(filepath.Join(root, ".toolcheck.json"), []byte(`{"tests": "yes"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c.save(path)
	analysed(5)
	c.save(path)
	analysed(6)
	if n := len(c.messages(0, "window/showMessage")); n != 2 {
		t.Errorf("%d messages after breaking the file again and saving twice, want 2", n)
	}
	c.shutdown()
}

// TestBinary runs "toolcheck lsp" as an editor does: over its standard
// input and output.
func TestBinary(t *testing.T) {
	bin := toolcheckBinary(t)
	root := filepath.Join(testkit.Root(t), "testdata", "e2e")

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"lsp", "-h"}, 0, "-messagetext.fault-text"},
		{[]string{"lsp", "-nosuch"}, 2, "toolcheck lsp: flag provided but not defined: -nosuch"},
		{[]string{"lsp", "./..."}, 2, `unexpected argument "./..."`},
	} {
		out, err := exec.Command(bin, tc.args...).CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != tc.code || !strings.Contains(string(out), tc.want) {
			t.Errorf("toolcheck %s: exit %d, want %d, output:\n%s", strings.Join(tc.args, " "), code, tc.code, out)
		}
	}

	cmd := exec.Command(bin, "lsp", "-unwrapped")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncWriter{w: new(bytes.Buffer)}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exit := make(chan int, 1)
	go func() {
		err := cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		exit <- code
	}()
	c := newTestClient(t, stdin, stdout, exit, logs)
	c.sendRaw("garbage\r\n\r\n" + frame("{not json"))
	c.initialize(root, nil)
	path := filepath.Join(root, "notes", "notes.go")
	c.open(path, 1, readString(t, path))
	inNotes := func(f string) bool { return filepath.Dir(f) == filepath.Dir(path) }
	for _, f := range goFiles(t, filepath.Dir(path)) {
		if !strings.HasSuffix(f, "_test.go") {
			c.waitDiagnostics(0, f)
		}
	}
	compareKeys(t, "toolcheck lsp -unwrapped", c.publishedKeys(0, root, inNotes),
		expectedKeys(t, root, commandFindings(t, root, "-unwrapped", "./notes"), inNotes))
	if e := errorOf(t, c.wait("the parse error", func(m *incoming) bool { return m.Method == nil && string(m.ID) == "null" })); e == nil || e.Code != codeParseError {
		t.Errorf("malformed JSON: %+v, want a parse error", e)
	}
	c.shutdown()
}
