package main_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExitCodes checks that findings exit 3 in every format (0 with
// -exit-zero), a clean module exits 0, and an empty pattern warns and
// exits 0.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	root := testkit.Root(t)
	e2e := filepath.Join(root, "testdata", "e2e")
	adopted := filepath.Join(root, "testdata", "adopted")
	// -json is -format=json (TestBrokenPackages runs the latter), and the
	// spelling the other tests share a run of.
	for _, format := range []string{"text", "json", "sarif"} {
		flag := "-format=" + format
		if format == "json" {
			flag = "-json"
		}
		stdout, stderr, code := runShared(t, e2e, flag, "./...")
		if code != 3 || stdout == "" {
			t.Errorf("%s on findings: exit %d, want 3, with the findings on stdout\n%s", flag, code, stderr)
		}
		if stderr != "" {
			t.Errorf("%s: stderr without an error:\n%s", flag, stderr)
		}
		if _, _, code := run(t, e2e, bin, flag, "-exit-zero", "./..."); code != 0 {
			t.Errorf("%s -exit-zero: exit %d, want 0", flag, code)
		}
		if _, stderr, code := runShared(t, adopted, flag, "./..."); code != 0 {
			t.Errorf("%s on the adopted server: exit %d, want 0\n%s", flag, code, stderr)
		}
	}
	// -diff exits as the formats do: 3 on findings, 0 on none.
	if stdout, stderr, code := run(t, e2e, bin, "-diff", "./..."); code != 3 || !strings.HasPrefix(stdout, "--- a/") {
		t.Errorf("-diff on findings: exit %d, want 3, with the diff on stdout\n%s", code, stderr)
	}
	if _, _, code := run(t, e2e, bin, "-diff", "-exit-zero", "./..."); code != 0 {
		t.Errorf("-diff -exit-zero: exit %d, want 0", code)
	}
	if stdout, stderr, code := run(t, adopted, bin, "-diff", "./..."); code != 0 || stdout != "" {
		t.Errorf("-diff on the adopted server: exit %d, want 0 and no diff\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code := run(t, e2e, bin)
	if code != 0 || stdout != "" || !strings.Contains(stderr, "warning: no packages given") {
		t.Errorf("no pattern: exit %d, stdout %q, stderr %q; want a warning and exit 0", code, stdout, stderr)
	}
	for _, args := range [][]string{{"-nosuchflag", "./..."}, {"-format=xml", "./..."}} {
		stdout, stderr, code := run(t, e2e, bin, args...)
		if code != 1 || stdout != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.HasPrefix(stderr, "toolcheck: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want one error line and exit 1", args, code, stdout, stderr)
		}
	}
}

// TestSARIF checks the SARIF log against the structure of SARIF 2.1.0,
// one rule per analyzer with its help and URL, and the same findings as
// -json.
func TestSARIF(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	dir := filepath.Join(testkit.Root(t), "testdata", "e2e")
	stdout, _, _ := runShared(t, dir, "-json", "./...")
	js := parseJSON(t, dir, stdout)
	out, stderr, code := runShared(t, dir, "-format=sarif", "./...")
	if code != 3 {
		t.Fatalf("-format=sarif: exit %d\n%s", code, stderr)
	}
	if errs := validateSARIF([]byte(out)); len(errs) > 0 {
		t.Fatalf("the SARIF log is not valid SARIF 2.1.0:\n%s", strings.Join(errs, "\n"))
	}
	if problems := sarifMultitool(t, out); problems != "" {
		t.Errorf("SARIF Multitool warns on the log:\n%s", problems)
	}
	// SARIF Multitool can fail: a version that does not start with a number.
	if problems := sarifMultitool(t, strings.Replace(out, `"version": "0.0.0-devel`, `"version": "(devel)`, 1)); !strings.Contains(problems, "SARIF2005") {
		t.Errorf("SARIF Multitool accepts the version (devel): %q", problems)
	}
	// The validator can fail.
	if errs := validateSARIF([]byte(strings.Replace(out, `"ruleIndex"`, `"ruleindex"`, 1))); len(errs) == 0 {
		t.Error("the validator accepts a misspelt property")
	}
	if errs := validateSARIF([]byte(strings.Replace(out, `"startLine": `, `"startLine": -`, 1))); len(errs) == 0 {
		t.Error("the validator accepts a negative line")
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Help    struct {
							Text string `json:"text"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Message   struct {
					Text string `json:"text"`
				} `json:"message"`
				Locations []struct {
					Physical struct {
						Artifact struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	run0 := log.Runs[0]
	var ids []string
	for _, r := range run0.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.HelpURI == "" || len(r.Help.Text) < 200 {
			t.Errorf("rule %s: help %d bytes, URL %q; want its reference and URL", r.ID, len(r.Help.Text), r.HelpURI)
		}
	}
	if got := strings.Join(ids, ","); got != "unwrapped,iserror,loglevel,emptyonfail,messagetext" {
		t.Errorf("rules %s, want one per analyzer", got)
	}
	var got []finding
	for _, r := range run0.Results {
		if r.RuleIndex < 0 || r.RuleIndex >= len(ids) || ids[r.RuleIndex] != r.RuleID || len(r.Locations) != 1 {
			t.Errorf("result %+v: bad rule index or locations", r)
			continue
		}
		loc := r.Locations[0].Physical
		if loc.Artifact.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.Artifact.URI, "/") {
			t.Errorf("result location %+v, want a path relative to %%SRCROOT%%", loc.Artifact)
		}
		got = append(got, finding{loc.Artifact.URI, loc.Region.StartLine, r.RuleID, r.Message.Text})
	}
	if g, w := strings.Join(analyzerKeys(got), "\n"), strings.Join(analyzerKeys(js), "\n"); g != w {
		t.Errorf("SARIF and -json differ:\nSARIF:\n%s\njson:\n%s", g, w)
	}
}

// TestHelpAndVersion checks the help's own words and real flag names, an
// analyzer's help, and the version from the build info.
func TestHelpAndVersion(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTool(t)
	dir := t.TempDir()
	help, _, code := run(t, dir, bin, "help")
	if code != 0 {
		t.Errorf("toolcheck help: exit %d", code)
	}
	for _, want := range []string{"toolcheck checks Go MCP servers", "-messagetext.fault-text", "-loglevel.strict", "-boundaries", "-format", "-exit-zero", "-baseline file", "-write-baseline", "-summary", `go vet -vettool="$(go env GOPATH)/bin/toolcheck"`, "toolcheck lsp", "-tests", "the old name of -tests"} {
		if !strings.Contains(help, want) {
			t.Errorf("toolcheck help does not mention %q", want)
		}
	}
	if strings.Contains(help, "is a tool for static analysis of Go programs") {
		t.Error("toolcheck help still opens with x/tools' text")
	}
	one, _, code := run(t, dir, bin, "help", "messagetext")
	if code != 0 || !strings.HasPrefix(one, "messagetext: report model-facing text") || !strings.Contains(one, "-messagetext.fault-text") {
		t.Errorf("toolcheck help messagetext: exit %d:\n%s", code, one)
	}
	if _, stderr, code := run(t, dir, bin, "help", "nosuch"); code != 1 || !strings.Contains(stderr, `no analyzer named "nosuch"`) {
		t.Errorf("toolcheck help nosuch: exit %d: %s", code, stderr)
	}

	// The version, from a binary built with VCS stamping when git can.
	root := testkit.Root(t)
	vcsBin := filepath.Join(t.TempDir(), "toolcheck")
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", vcsBin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=true: %v\n%s", err, out)
	}
	// The go command stamps the revision in a git clone (not in a git
	// worktree, whose .git is a file); what it recorded, the binary must say.
	var rev []byte
	info, _ := exec.Command("go", "version", "-m", vcsBin).Output()
	if m := regexp.MustCompile(`vcs\.revision=([0-9a-f]+)`).FindSubmatch(info); m != nil {
		rev = m[1]
	} else {
		t.Logf("the build recorded no VCS revision (not a git clone?); checking the rest of the version")
	}
	_ = root
	for _, args := range [][]string{{"version"}, {"-version"}} {
		out, _, code := run(t, dir, vcsBin, args...)
		if code != 0 || !strings.HasPrefix(out, "toolcheck ") || !strings.Contains(out, "github.com/toolcheck/toolcheck") {
			t.Errorf("toolcheck %v: exit %d: %s", args, code, out)
		}
		if rev != nil && !strings.Contains(out, "revision "+strings.TrimSpace(string(rev))) {
			t.Errorf("toolcheck %v does not name revision %s: %s", args, rev, out)
		}
	}
	out, _, code := run(t, dir, vcsBin, "-V=full")
	if code != 0 || !regexp.MustCompile(`^toolcheck version \S+ buildID=[0-9a-f]{32}-[0-9a-f]{32}\n$`).MatchString(out) {
		t.Errorf("toolcheck -V=full: exit %d: %q", code, out)
	}
	if rev != nil && !strings.Contains(out, "+"+strings.TrimSpace(string(rev))[:12]) {
		t.Errorf("toolcheck -V=full does not carry the revision: %q", out)
	}
}

// TestVersionFollowsConfig checks that the ID go vet caches by changes
// with every configuration file a run can read and the baseline it names,
// and that a broken one does not fail the query.
func TestVersionFollowsConfig(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTool(t)
	dir := t.TempDir()
	id := func() string {
		t.Helper()
		out, stderr, code := run(t, dir, bin, "-V=full")
		if code != 0 {
			t.Fatalf("-V=full: exit %d: %s", code, stderr)
		}
		return out
	}
	ids := map[string]string{"none": id()}
	writeFile(t, filepath.Join(dir, "sub", ".toolcheck.json"), `{"tests": true}`)
	ids["below"] = id()
	writeFile(t, filepath.Join(dir, "sub", ".toolcheck.json"), `{"tests": false}`)
	ids["below, edited"] = id()
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"boundaries": ["example.com/x.B"]}`)
	ids["here"] = id()
	seen := map[string]string{}
	for what, v := range ids {
		if other, ok := seen[v]; ok {
			t.Errorf("-V=full is the same with the configuration %s and %s: %s", what, other, v)
		}
		seen[v] = what
	}
	if again := id(); again != ids["here"] {
		t.Errorf("-V=full changed with nothing changed: %s then %s", ids["here"], again)
	}
	// The baseline the key names is part of the ID.
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"baseline": "b.json"}`)
	writeFile(t, filepath.Join(dir, "b.json"), `{"version": 1, "findings": []}`)
	withBaseline := id()
	writeFile(t, filepath.Join(dir, "b.json"), `{"version": 1, "findings": [{"analyzer": "iserror", "file": "a.go", "func": "", "message": "m", "count": 1}]}`)
	if edited := id(); edited == withBaseline {
		t.Errorf("-V=full is the same after the baseline the key names changed: %s", edited)
	}
	// A broken configuration does not fail the query: go vet asks it
	// while it builds, and a failure makes it exit at once (see
	// TestVetConfigErrors). The ID changes, and each unit reports it.
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"boundarys": ["example.com/x.B"]}`)
	out, stderr, code := run(t, dir, bin, "-V=full")
	if code != 0 || stderr != "" || seen[out] != "" {
		t.Errorf("-V=full with a broken configuration: exit %d, %q, stderr %q; want exit 0 and an ID of its own", code, out, stderr)
	}
}

// vetFindings runs go vet with the tool in dir and returns its findings;
// code is go vet's exit status.
func vetFindings(t *testing.T, bin, dir string, pkgs ...string) ([]string, string, int) {
	t.Helper()
	_, stderr, code := run(t, dir, "go", append([]string{"vet", "-vettool=" + bin}, pkgs...)...)
	return keys(parseText(t, dir, stderr, false)), stderr, code
}

// TestVetFollowsConfig edits the configuration between go vet runs, with
// go vet's cache on: the findings follow each edit, and a broken file
// fails every run, naming the file and the key.
func TestVetFollowsConfig(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := freshCopy(t, buildTool(t), "vetconfig")
	dir := testkit.CopyModule(t, "e2e")
	base, stderr, code := vetFindings(t, bin, dir, "./golangcidemo")
	if code == 0 || len(base) == 0 {
		t.Fatalf("go vet: exit %d with %d findings\n%s", code, len(base), stderr)
	}
	guarded := func(fs []string) int {
		n := 0
		for _, f := range fs {
			if strings.HasPrefix(f, "golangcidemo/golangcidemo.go:33:") {
				n++
			}
		}
		return n
	}
	if guarded(base) != 1 {
		t.Fatalf("no finding on the line Guard wraps:\n%s", strings.Join(base, "\n"))
	}
	for _, cfgDir := range []string{dir, filepath.Join(dir, "golangcidemo")} {
		cfg := filepath.Join(cfgDir, ".toolcheck.json")
		rel, _ := filepath.Rel(dir, cfg)
		t.Run(rel, func(t *testing.T) {
			defer os.Remove(cfg)
			configured := `{"boundaries": ["example.com/notes/golangcidemo.Guard"]}`
			writeFile(t, cfg, configured)
			want, stderr, _ := vetFindings(t, bin, dir, "./golangcidemo")
			if guarded(want) != 0 || len(want) != len(base)-1 {
				t.Errorf("with Guard configured as a boundary, go vet still reports:\n%s\n%s", strings.Join(want, "\n"), stderr)
			}
			writeFile(t, cfg, `{"boundarys": ["example.com/notes/golangcidemo.Guard"]}`)
			for i := 1; i <= 2; i++ {
				got, stderr, code := vetFindings(t, bin, dir, "./golangcidemo")
				// go vet shortens paths under its working directory.
				if code == 0 || !strings.Contains(stderr, `unknown field "boundarys"`) || !strings.Contains(stderr, cfg) && !strings.Contains(stderr, " "+rel+": ") && !strings.Contains(stderr, " ./"+rel+": ") {
					t.Errorf("run %d with a broken %s: exit %d, %d findings, and stderr does not name the file and key:\n%s", i, rel, code, len(got), stderr)
				}
				if strings.Contains(stderr, "failed prerequisites") {
					t.Errorf("run %d: analyzer failures instead of the configuration error:\n%s", i, stderr)
				}
			}
			// The typo fixed: the configuration of the first run again,
			// whose results go vet has cached (a change of configuration
			// re-runs the analysis of every dependency, the standard
			// library's included, as go vet keys its cache by the tool's
			// -V=full answer).
			writeFile(t, cfg, configured)
			if got, stderr, _ := vetFindings(t, bin, dir, "./golangcidemo"); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("after the fix, go vet reports\n%s\nwant\n%s\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), stderr)
			}
		})
	}
}

// TestVetConfigErrors checks that a malformed configuration flag or
// -config file given to go vet stops it with one message naming it.
func TestVetConfigErrors(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := freshCopy(t, buildTool(t), "vetconfigerrors")
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/cfg\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "a", "a.go"), "package a\n")
	writeFile(t, filepath.Join(dir, "b", "b.go"), "package b\n")
	for _, tc := range []struct {
		flag, want string
	}{
		{"-boundaries=Boundary", `invalid value "Boundary" for flag -boundaries`},
		{"-tool-errors=example.com/x.T.M", "too many dots"},
		{"-config=" + filepath.Join(dir, "missing.json"), "missing.json"},
	} {
		_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, tc.flag, "./...")
		if code == 0 || strings.Count(stderr, tc.want) != 1 {
			t.Errorf("go vet %s: exit %d, want a failure naming it once:\n%s", tc.flag, code, stderr)
		}
	}

	// A broken .toolcheck.json: its error once, nothing else (go vet asks
	// -V=full first, which must not fail), and no work directory left in
	// GOTMPDIR, over a few runs with more packages than cores.
	for _, p := range []string{"c", "d", "e", "f"} {
		writeFile(t, filepath.Join(dir, p, p+".go"), "package "+p+"\n")
	}
	writeFile(t, filepath.Join(dir, ".toolcheck.json"), `{"boundaries": ["Boundary"]}`)
	tmp := t.TempDir()
	for i := 0; i < 3; i++ {
		cmd := exec.Command("go", "vet", "-vettool="+bin, "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTMPDIR="+tmp)
		out, err := cmd.CombinedOutput()
		want := "# example.com/cfg/"
		if err == nil || strings.Count(string(out), "boundaries: \"Boundary\": want a qualified name") != 1 || strings.Count(string(out), "\n") != 2 || !strings.HasPrefix(string(out), want) {
			t.Errorf("go vet with a broken %s: %v, want its error once and nothing else:\n%s", ".toolcheck.json", err, out)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Errorf("go vet with a broken .toolcheck.json left %d entries in GOTMPDIR (%s, ...)", len(left), left[0].Name())
		}
	}
}

// sarifMultitool validates a SARIF log with Microsoft's SARIF Multitool
// (the npm package @microsoft/sarif-multitool, run by npx) and returns its
// errors and warnings, one a line; it skips the test when npx or the
// package cannot be had (no npm registry).
func sarifMultitool(t *testing.T, log string) string {
	t.Helper()
	npx, err := exec.LookPath("npx")
	if err != nil {
		t.Skip("SARIF Multitool not run: no npx (apt-get install npm)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "log.sarif"), filepath.Join(dir, "validation.sarif")
	writeFile(t, in, log)
	cmd := exec.Command(npx, "--yes", "@microsoft/sarif-multitool", "validate", in, "--output", out)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		if _, statErr := os.Stat(out); statErr != nil {
			t.Skipf("SARIF Multitool not run: npx @microsoft/sarif-multitool: %v (is the npm registry reachable?)\n%s", err, msg)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Runs []struct {
			Results []struct {
				RuleID  string          `json:"ruleId"`
				Level   string          `json:"level"`
				Message json.RawMessage `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &v); err != nil || len(v.Runs) != 1 {
		t.Fatalf("SARIF Multitool's output: %v\n%s", err, data)
	}
	var problems []string
	for _, r := range v.Runs[0].Results {
		// A result without a level is a warning (SARIF 3.27.10).
		if r.Level == "" || r.Level == "warning" || r.Level == "error" {
			problems = append(problems, fmt.Sprintf("%s %s %s", r.RuleID, cmp.Or(r.Level, "warning"), r.Message))
		}
	}
	return strings.Join(problems, "\n")
}

// TestBrokenPackages adds a package that does not type-check, and one
// that imports it, to the fixture: each is reported once, with the first
// errors, and every other package is still analysed.
func TestBrokenPackages(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "e2e")
	e2e := filepath.Join(testkit.Root(t), "testdata", "e2e")
	stdout, _, _ := runShared(t, e2e, "-json", "./...")
	want := keys(parseJSON(t, e2e, stdout))
	writeFile(t, filepath.Join(dir, "broken", "broken.go"), `package broken

import "example.com/notes/nothere"

var X int = "one"

var Y = nothere.Z
`)
	writeFile(t, filepath.Join(dir, "user", "user.go"), "package user\n\nimport \"example.com/notes/broken\"\n\nvar _ = broken.X\n")
	// SARIF: the run failed, and each error is a tool-execution
	// notification: the broken package's, its importer's.
	sarif, _, code := run(t, dir, bin, "-format=sarif", "./...")
	if errs := validateSARIF([]byte(sarif)); code != 1 || len(errs) > 0 {
		t.Errorf("-format=sarif with broken packages: exit %d, want 1; %s", code, strings.Join(errs, "\n"))
	}
	var slog struct {
		Runs []struct {
			Invocations []struct {
				ExecutionSuccessful        bool `json:"executionSuccessful"`
				ToolExecutionNotifications []struct {
					Level   string `json:"level"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &slog); err != nil || len(slog.Runs) != 1 || len(slog.Runs[0].Invocations) != 1 {
		t.Fatalf("-format=sarif: %v\n%s", err, sarif)
	}
	inv := slog.Runs[0].Invocations[0]
	if n := inv.ToolExecutionNotifications; inv.ExecutionSuccessful || len(n) != 2 || n[0].Level != "error" ||
		!strings.HasPrefix(n[0].Message.Text, "package example.com/notes/broken has errors and was not analysed") ||
		n[1].Message.Text != "1 package was not analysed because it imports a package with errors: example.com/notes/user" {
		t.Errorf("-format=sarif with broken packages: invocation %+v, want executionSuccessful false and a notification for each", inv)
	}
	if err := sarifMultitool(t, sarif); err != "" {
		t.Errorf("SARIF Multitool on the log with broken packages:\n%s", err)
	}
	for _, format := range []string{"text", "json"} {
		stdout, stderr, code := run(t, dir, bin, "-format="+format, "./...")
		if code != 1 {
			t.Errorf("-format=%s: exit %d, want 1", format, code)
		}
		var got []finding
		if format == "json" {
			got = parseJSON(t, dir, stdout)
		} else {
			got = parseText(t, dir, stdout, true)
		}
		if g, w := strings.Join(keys(got), "\n"), strings.Join(want, "\n"); g != w {
			t.Errorf("-format=%s: the packages that load lost findings:\ngot:\n%s\nwant:\n%s", format, g, w)
		}
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		var heads []string
		for _, l := range lines {
			if !strings.HasPrefix(l, "\t") {
				heads = append(heads, l)
			}
		}
		if len(heads) != 2 ||
			!strings.HasPrefix(heads[0], "toolcheck: package example.com/notes/broken has errors and was not analysed") ||
			heads[1] != "toolcheck: 1 package was not analysed because it imports a package with errors: example.com/notes/user" {
			t.Errorf("-format=%s: want one message for the broken package and one for its importer, got:\n%s", format, stderr)
		}
		if !strings.Contains(stderr, "\tbroken/broken.go:") || strings.Contains(stderr, "failed prerequisites") || strings.Contains(stderr, dir) {
			t.Errorf("-format=%s: want the broken package's errors at paths relative to the module:\n%s", format, stderr)
		}
	}
}

// TestFixAndDiff checks that -diff prints exactly what -fix writes, that
// the fixed files are gofmt'd and build, and that -fix reports only the
// findings it could not fix.
func TestFixAndDiff(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	viaDiff, viaFix := testkit.CopyModule(t, "e2e"), testkit.CopyModule(t, "e2e")
	before := tree(t, viaFix)
	diff, stderr, code := run(t, viaDiff, bin, "-diff", "./...")
	if code != 3 || !strings.HasPrefix(diff, "--- a/") {
		t.Fatalf("-diff: exit %d\n%s\n%s", code, diff, stderr)
	}
	if after := tree(t, viaDiff); !equalTrees(before, after) {
		t.Error("-diff changed files")
	}
	patch := exec.Command("patch", "-p1", "-s")
	patch.Dir, patch.Stdin = viaDiff, strings.NewReader(diff)
	if out, err := patch.CombinedOutput(); err != nil {
		t.Skipf("patch: %v\n%s", err, out)
	}
	stdout, stderr, code := run(t, viaFix, bin, "-fix", "./...")
	if code != 3 && code != 0 {
		t.Fatalf("-fix: exit %d\n%s", code, stderr)
	}
	fixed := tree(t, viaFix)
	if !equalTrees(tree(t, viaDiff), fixed) {
		t.Error("applying the -diff output and -fix give different trees")
	}
	changed := 0
	for name, text := range fixed {
		if before[name] == text {
			continue
		}
		changed++
		if src, err := format.Source([]byte(text)); err != nil || string(src) != text {
			t.Errorf("%s: not gofmt'd after -fix (%v)", name, err)
		}
	}
	if changed == 0 {
		t.Fatal("-fix changed no file: the test tests nothing")
	}
	// The fixed module type-checks: toolcheck loads every package of it
	// from source, and one with an error (an undefined name, a wrong
	// type, an unused import or variable) fails the run with exit 1 (see
	// TestBrokenPackages). Compiling it took ten times the CPU and checks
	// nothing more that a source edit can break.
	if _, stderr, code := run(t, viaFix, bin, "./..."); code == 1 || strings.Contains(stderr, "has errors") {
		t.Errorf("the fixed module does not type-check: exit %d\n%s", code, stderr)
	}
	// What -fix printed is what it could not fix: the findings without a
	// suggested fix (no fix conflicted, or it would have exited 1).
	out, _, _ := runShared(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), "-json", "./...")
	var tree map[string]map[string][]struct {
		Fixes []json.RawMessage `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatal(err)
	}
	unfixable := 0
	for _, byAnalyzer := range tree {
		for _, diags := range byAnalyzer {
			for _, d := range diags {
				if len(d.Fixes) == 0 {
					unfixable++
				}
			}
		}
	}
	if left := parseText(t, viaFix, stdout, true); len(left) != unfixable || code != 3 {
		t.Errorf("-fix: exit %d, reported %d findings left, want the %d without a fix", code, len(left), unfixable)
	}
}

func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func equalTrees(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	names := make([]string, 0, len(a))
	for n := range a {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if a[n] != b[n] {
			return false
		}
	}
	return true
}
