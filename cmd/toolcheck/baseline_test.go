package main_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// The baseline tests run on testdata/baseline, a notes server on the real
// mcp-go whose tools build IsError results by hand: seven findings.
const (
	baselineFile = "toolcheck-baseline.json"
	isErrorMsg   = "builds an IsError result outside the tool boundary; return a ToolError (INFO for a caller error) and let the boundary render and log it"
)

// baselineEntry is an entry of a baseline file, as the tests read it.
type baselineEntry struct {
	Analyzer, File, Func, Message string
	Count                         int
}

func (e baselineEntry) String() string {
	return fmt.Sprintf("%s %s %s %d %s", e.Analyzer, e.File, e.Func, e.Count, strings.Fields(e.Message)[0])
}

// readBaselineFile reads a baseline file, which must be version 2 and
// list its entries sorted by file, function, analyzer and message.
func readBaselineFile(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var bf struct {
		Version  int             `json:"version"`
		Findings []baselineEntry `json:"findings"`
	}
	if err := json.Unmarshal(data, &bf); err != nil || bf.Version != 2 {
		t.Fatalf("%s: version %d, %v:\n%s", path, bf.Version, err, data)
	}
	if !strings.Contains(string(data), "\n\t\t\t\"analyzer\": ") {
		t.Errorf("%s is not indented, one field a line:\n%s", path, data)
	}
	var got []string
	for _, e := range bf.Findings {
		got = append(got, e.String())
	}
	return got
}

// editFile replaces old, which must occur once, with new in dir/name.
func editFile(t *testing.T, dir, name, old, new string) {
	t.Helper()
	path := filepath.Join(dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), old) != 1 {
		t.Fatalf("%s does not contain %q once", name, old)
	}
	writeFile(t, path, strings.Replace(string(data), old, new, 1))
}

// lineOf returns the line of dir/name on which text occurs.
func lineOf(t *testing.T, dir, name, text string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	before, _, ok := strings.Cut(string(data), text)
	if !ok {
		t.Fatalf("%s does not contain %q", name, text)
	}
	return strings.Count(before, "\n") + 1
}

// The new violation the tests add: a tool of its own, registered with the
// others.
const (
	renameRegister = "\ts.AddTool(mcp.NewTool(\"rename_note\"), n.rename)\n"
	renameTool     = `
func (n *Notes) rename(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("to", "") == "" {
		return mcp.NewToolResultError("The 'to' argument is missing."), nil
	}
	return mcp.NewToolResultText("renamed"), nil
}
`
)

func addRename(t *testing.T, dir string) {
	t.Helper()
	editFile(t, dir, "notes/notes.go", "\treturn s\n}\n", renameRegister+"\treturn s\n}\n")
	f, err := os.OpenFile(filepath.Join(dir, "notes", "notes.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(renameTool); err != nil {
		t.Fatal(err)
	}
}

// TestBaseline is the round trip: write the baseline; shift every line of
// every file: nothing is reported; add a violation: exactly it is, in
// every format; fix a recorded one: it is reported as stale, and the run
// exits 0; rewrite the baseline: the stale entry goes.
func TestBaseline(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "baseline")
	flag := "-baseline=" + baselineFile

	stdout, stderr, code := runShared(t, filepath.Join(testkit.Root(t), "testdata", "baseline"), "./...")
	before := parseText(t, dir, stdout, true)
	if code != 3 || len(before) != 7 {
		t.Fatalf("without a baseline: exit %d, %d findings, want 3 and 7\n%s%s", code, len(before), stdout, stderr)
	}

	stdout, stderr, code = run(t, dir, bin, flag, "-write-baseline", "./...")
	if code != 0 || stdout != "" || stderr != "toolcheck: baseline: recorded 7 findings in toolcheck-baseline.json\n" {
		t.Fatalf("-write-baseline: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	want := []string{
		"iserror notes/notes.go (*notes.Notes).load 1 results.Error",
		"messagetext notes/notes.go (*notes.Notes).load 1 model-facing",
		"iserror notes/notes.go (*notes.Notes).read 2 mcp.NewToolResultError",
		"iserror notes/notes.go notes.deleteNote 1 closure",
		"iserror notes/notes.go notes.deleteNote.func1 1 results.Error",
		"iserror results/results.go results.Error 1 mcp.NewToolResultError",
	}
	if got := readBaselineFile(t, filepath.Join(dir, baselineFile)); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the baseline records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Unrelated lines at the top of every file: every finding moves.
	for _, name := range []string{"notes/boundary.go", "notes/notes.go", "notes/toolerror.go", "results/results.go"} {
		editFile(t, dir, name, "package ", "// An unrelated comment,\n// and another line.\n\npackage ")
	}
	stdout, _, _ = run(t, dir, bin, "./...")
	for _, f := range parseText(t, dir, stdout, true) {
		for _, b := range before {
			if f.File == b.File && f.Line == b.Line {
				t.Fatalf("the edit left a finding on line %d of %s", f.Line, f.File)
			}
		}
	}
	stdout, stderr, code = run(t, dir, bin, flag, "./...")
	if code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("with the baseline after the lines moved: exit %d, stdout %q, stderr %q; want nothing and exit 0", code, stdout, stderr)
	}

	// A new violation: exactly it is reported, in every format.
	shifted, err := os.ReadFile(filepath.Join(dir, "notes", "notes.go"))
	if err != nil {
		t.Fatal(err)
	}
	addRename(t, dir)
	line := lineOf(t, dir, "notes/notes.go", `return mcp.NewToolResultError("The 'to' argument is missing.")`)
	stdout, stderr, code = run(t, dir, bin, flag, "./...")
	newOne := fmt.Sprintf("notes/notes.go:%d: mcp.NewToolResultError %s (iserror)", line, isErrorMsg)
	if got := analyzerKeys(parseText(t, dir, stdout, true)); code != 3 || strings.Join(got, "\n") != newOne || stderr != "" {
		t.Errorf("with a new violation: exit %d, findings\n%s\nstderr %q; want exit 3 and only\n%s", code, strings.Join(got, "\n"), stderr, newOne)
	}
	stdout, _, code = run(t, dir, bin, flag, "-json", "./...")
	if got := analyzerKeys(parseJSON(t, dir, stdout)); code != 3 || strings.Join(got, "\n") != newOne {
		t.Errorf("-json with a new violation: exit %d, findings\n%s\nwant only\n%s", code, strings.Join(got, "\n"), newOne)
	}
	stdout, _, code = run(t, dir, bin, flag, "-format=sarif", "./...")
	if n := strings.Count(stdout, `"ruleId"`); code != 3 || n != 1 || !strings.Contains(stdout, `"startLine": `+fmt.Sprint(line)) {
		t.Errorf("-format=sarif with a new violation: exit %d, %d results, want 3 and one on line %d\n%s", code, n, line, stdout)
	}

	// The new one gone, a recorded one fixed: a stale entry, exit 0.
	writeFile(t, filepath.Join(dir, "notes", "notes.go"), string(shifted))
	editFile(t, dir, "notes/notes.go", `return mcp.NewToolResultError("No note at that path."), nil`, `return mcp.NewToolResultText("No note at that path."), nil`)
	stdout, stderr, code = run(t, dir, bin, flag, "./...")
	wantStale := "toolcheck: baseline: stale entry: iserror notes/notes.go (*notes.Notes).read: mcp.NewToolResultError " + isErrorMsg + " (1 of 2 no longer occurs)\n" +
		"toolcheck: baseline: 1 entry of toolcheck-baseline.json no longer occurs; rewrite it with toolcheck -baseline=toolcheck-baseline.json -write-baseline ./...\n"
	if code != 0 || stdout != "" || stderr != wantStale {
		t.Errorf("with a recorded finding fixed: exit %d, stdout %q, stderr\n%s\nwant exit 0, nothing on stdout and\n%s", code, stdout, stderr, wantStale)
	}
	// A run on other packages, or other analyzers, does not call it stale.
	for _, args := range [][]string{{"./results"}, {"-messagetext", "./..."}} {
		if stdout, stderr, code := run(t, dir, bin, append([]string{flag}, args...)...); code != 0 || stdout != "" || stderr != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want nothing", args, code, stdout, stderr)
		}
	}

	// Rewritten, the baseline records one fewer and nothing is stale.
	if _, stderr, code := run(t, dir, bin, flag, "-write-baseline", "./..."); code != 0 || !strings.Contains(stderr, "recorded 6 findings") {
		t.Errorf("rewriting the baseline: exit %d: %s", code, stderr)
	}
	if got := readBaselineFile(t, filepath.Join(dir, baselineFile)); len(got) != 6 || got[2] != "iserror notes/notes.go (*notes.Notes).read 1 mcp.NewToolResultError" {
		t.Errorf("the rewritten baseline:\n%s", strings.Join(got, "\n"))
	}
	if stdout, stderr, code := run(t, dir, bin, flag, "./..."); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("with the rewritten baseline: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestBaselineCount checks that findings sharing a key are counted: two
// identical findings in one function are recorded once with count 2, and
// a third identical one in the same function is reported.
func TestBaselineCount(t *testing.T) {
	t.Parallel()
	bin, dir, flag := recordedBaseline(t)
	if got := readBaselineFile(t, filepath.Join(dir, baselineFile)); len(got) != 6 || got[2] != "iserror notes/notes.go (*notes.Notes).read 2 mcp.NewToolResultError" {
		t.Fatalf("the two findings of (*notes.Notes).read are not one entry of count 2:\n%s", strings.Join(got, "\n"))
	}
	third := `return mcp.NewToolResultError("The note is empty."), nil`
	editFile(t, dir, "notes/notes.go", "\treturn mcp.NewToolResultText(text), nil\n", "\tif text == \"\" {\n\t\t"+third+"\n\t}\n\treturn mcp.NewToolResultText(text), nil\n")
	stdout, stderr, code := run(t, dir, bin, flag, "./...")
	want := fmt.Sprintf("notes/notes.go:%d: mcp.NewToolResultError %s (iserror)", lineOf(t, dir, "notes/notes.go", third), isErrorMsg)
	if got := analyzerKeys(parseText(t, dir, stdout, true)); code != 3 || strings.Join(got, "\n") != want || stderr != "" {
		t.Errorf("a third identical finding: exit %d, findings\n%s\nstderr %q; want exit 3 and only\n%s", code, strings.Join(got, "\n"), stderr, want)
	}
}

// TestBaselineFix checks that -fix and -diff with a baseline fix only the
// findings it does not record.
func TestBaselineFix(t *testing.T) {
	t.Parallel()
	bin, dir, flag := recordedBaseline(t)
	// Without the baseline, -diff fixes the recorded findings too.
	if diff, _, _ := run(t, dir, bin, "-diff", "./..."); !strings.Contains(diff, `+		return nil, CallerError("No note at that path.")`) {
		t.Fatalf("-diff does not fix a recorded finding without the baseline, so the test tests nothing:\n%s", diff)
	}
	addRename(t, dir)
	diff, stderr, code := run(t, dir, bin, flag, "-diff", "./...")
	var changed []string
	for _, l := range strings.Split(diff, "\n") {
		if strings.HasPrefix(l, "+\t") || strings.HasPrefix(l, "-\t") {
			changed = append(changed, l)
		}
	}
	want := "-\t\treturn mcp.NewToolResultError(\"The 'to' argument is missing.\"), nil\n+\t\treturn nil, CallerError(\"The 'to' argument is missing.\")"
	if code != 3 || strings.Join(changed, "\n") != want {
		t.Errorf("-diff with the baseline: exit %d, changes\n%s\nwant only\n%s\n%s", code, strings.Join(changed, "\n"), want, stderr)
	}
	stdout, stderr, code := run(t, dir, bin, flag, "-fix", "./...")
	wantReport := "toolcheck: fix: applied 1 fix (iserror 1) in 1 file\ntoolcheck: fix: no finding left\n"
	if code != 0 || stdout != "" || stderr != wantReport {
		t.Errorf("-fix with the baseline: exit %d, stdout %q, stderr %q; want the new finding fixed, nothing left, and the report %q", code, stdout, stderr, wantReport)
	}
	data, err := os.ReadFile(filepath.Join(dir, "notes", "notes.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `return nil, CallerError("The 'to' argument is missing.")`) || !strings.Contains(string(data), `return mcp.NewToolResultError("No note at that path."), nil`) {
		t.Errorf("-fix with the baseline: want the new finding fixed and the recorded ones left:\n%s", data)
	}
}

// TestBaselineErrors checks that a missing or malformed baseline file,
// and -write-baseline without one, are errors naming the file: exit 1,
// nothing on stdout, one line on stderr.
func TestBaselineErrors(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "baseline")
	for _, tc := range []struct {
		name, content string // content "" leaves the file out
		args          []string
		want          string
	}{
		{"missing.json", "", nil, "toolcheck: baseline file missing.json does not exist; write it with -baseline=missing.json -write-baseline"},
		{"syntax.json", `{"version": 1, "findings": [`, nil, "toolcheck: baseline file syntax.json is not a toolcheck baseline: unexpected EOF"},
		{"field.json", `{"version": 1, "entries": []}`, nil, `toolcheck: baseline file field.json is not a toolcheck baseline: json: unknown field "entries"`},
		{"version.json", `{"version": 3, "findings": []}`, nil, "toolcheck: baseline file version.json has version 3, want 2"},
		{"count.json", `{"version": 1, "findings": [{"analyzer": "iserror", "file": "a.go", "func": "", "message": "m", "count": 0}]}`, nil,
			"toolcheck: baseline file count.json: finding 1 needs an analyzer and a count of at least 1"},
		{"", "", []string{"-write-baseline"}, "toolcheck: -write-baseline needs a file to write: -baseline=FILE, or a baseline key in .toolcheck.json"},
		{"b.json", "", []string{"-write-baseline", "-fix"}, "toolcheck: -write-baseline records the findings as they are; it cannot be combined with -fix or -diff"},
	} {
		args := tc.args
		if tc.name != "" {
			args = append([]string{"-baseline=" + tc.name}, args...)
		}
		if tc.content != "" {
			writeFile(t, filepath.Join(dir, tc.name), tc.content)
		}
		stdout, stderr, code := run(t, dir, bin, append(args, "./...")...)
		if code != 1 || stdout != "" || stderr != tc.want+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and\n%s", args, code, stdout, stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "b.json")); err == nil {
		t.Error("-write-baseline -fix wrote the baseline")
	}

	// A run with errors leaves findings out: it writes no baseline.
	writeFile(t, filepath.Join(dir, "broken", "broken.go"), "package broken\n\nvar X int = \"one\"\n")
	_, stderr, code := run(t, dir, bin, "-baseline=b.json", "-write-baseline", "./...")
	if code != 1 || !strings.HasSuffix(stderr, "toolcheck: baseline file b.json not written: the errors above leave findings out\n") {
		t.Errorf("-write-baseline with a broken package: exit %d, stderr %q; want exit 1 and the baseline not written", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.json")); err == nil {
		t.Error("-write-baseline wrote the baseline of a run with errors")
	}
}

// TestBaselineKey is the round trip with the baseline named once, by the
// baseline key of .toolcheck.json (relative to the file), read by the
// command from any directory and by go vet: -write-baseline with no flag
// writes it; a new violation is the one finding; a fixed recorded one is a
// stale entry; a missing file is an error naming the key.
func TestBaselineKey(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "baseline")
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"baseline": "ci/`+baselineFile+`"}`)
	if err := os.Mkdir(filepath.Join(dir, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := run(t, dir, bin, "-write-baseline", "./...")
	if code != 0 || stdout != "" || stderr != "toolcheck: baseline: recorded 7 findings in ci/toolcheck-baseline.json\n" {
		t.Fatalf("-write-baseline with the key: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if got := readBaselineFile(t, filepath.Join(dir, "ci", baselineFile)); len(got) != 6 || !strings.HasPrefix(got[0], "iserror ../notes/notes.go ") {
		t.Fatalf("the baseline the key names records\n%s", strings.Join(got, "\n"))
	}
	for _, d := range []string{dir, filepath.Join(dir, "notes")} {
		if stdout, stderr, code := run(t, d, bin, "./..."); code != 0 || stdout != "" || stderr != "" {
			t.Errorf("in %s with the key: exit %d, stdout %q, stderr %q; want nothing", d, code, stdout, stderr)
		}
	}
	if stdout, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./..."); code != 0 || stdout != "" || stderr != "" {
		t.Errorf("go vet with the key: exit %d, stdout %q, stderr %q; want nothing", code, stdout, stderr)
	}

	shifted, err := os.ReadFile(filepath.Join(dir, "notes", "notes.go"))
	if err != nil {
		t.Fatal(err)
	}
	addRename(t, dir)
	line := lineOf(t, dir, "notes/notes.go", `return mcp.NewToolResultError("The 'to' argument is missing.")`)
	newOne := fmt.Sprintf("notes/notes.go:%d: mcp.NewToolResultError %s (iserror)", line, isErrorMsg)
	stdout, stderr, code = run(t, dir, bin, "./...")
	if got := analyzerKeys(parseText(t, dir, stdout, true)); code != 3 || strings.Join(got, "\n") != newOne || stderr != "" {
		t.Errorf("with a new violation: exit %d, findings\n%s\nstderr %q; want exit 3 and only\n%s", code, strings.Join(got, "\n"), stderr, newOne)
	}
	_, stderr, code = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code == 0 || !strings.Contains(stderr, fmt.Sprintf("notes.go:%d:", line)) || strings.Count(stderr, "notes.go:") != 1 {
		t.Errorf("go vet with a new violation: exit %d, want the one finding on line %d:\n%s", code, line, stderr)
	}

	writeFile(t, filepath.Join(dir, "notes", "notes.go"), string(shifted))
	editFile(t, dir, "notes/notes.go", `return mcp.NewToolResultError("No note at that path."), nil`, `return mcp.NewToolResultText("No note at that path."), nil`)
	stdout, stderr, code = run(t, dir, bin, "./...")
	wantStale := "toolcheck: baseline: stale entry: iserror ../notes/notes.go (*notes.Notes).read: mcp.NewToolResultError " + isErrorMsg + " (1 of 2 no longer occurs)\n" +
		"toolcheck: baseline: 1 entry of ci/toolcheck-baseline.json no longer occurs; rewrite it with toolcheck -write-baseline ./...\n"
	if code != 0 || stdout != "" || stderr != wantStale {
		t.Errorf("with a recorded finding fixed: exit %d, stdout %q, stderr\n%s\nwant exit 0, nothing on stdout and\n%s", code, stdout, stderr, wantStale)
	}
	_, stderr, code = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if code != 0 || !strings.Contains(stderr, "toolcheck: baseline: stale entry: iserror ../notes/notes.go (*notes.Notes).read: ") || strings.Contains(stderr, "notes.go:") {
		t.Errorf("go vet with a recorded finding fixed: exit %d, want exit 0 and the stale entry:\n%s", code, stderr)
	}

	// The key names a file that is not there: an error naming it and the key.
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"baseline": "missing.json"}`)
	want := "toolcheck: baseline file missing.json does not exist; write it with -baseline=missing.json -write-baseline (the baseline key of .toolcheck.json names it)\n"
	if stdout, stderr, code := run(t, dir, bin, "./..."); code != 1 || stdout != "" || stderr != want {
		t.Errorf("a missing baseline named by the key: exit %d, stdout %q, stderr %q; want exit 1 and\n%s", code, stdout, stderr, want)
	}
	if _, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "./..."); code != 1 || strings.Count(stderr, "missing.json does not exist") != 1 {
		t.Errorf("go vet with a missing baseline named by the key: exit %d, want exit 1 and the error once:\n%s", code, stderr)
	}
}

// recordedBaseline builds the binary, copies the baseline fixture and
// records its findings: the binary, the copy and the -baseline flag.
func recordedBaseline(t *testing.T) (bin, dir, flag string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin = buildTool(t)
	dir = testkit.CopyModule(t, "baseline")
	flag = "-baseline=" + baselineFile
	if _, stderr, code := run(t, dir, bin, flag, "-write-baseline", "./..."); code != 0 {
		t.Fatalf("-write-baseline: exit %d: %s", code, stderr)
	}
	return bin, dir, flag
}
