package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// finding is one diagnostic, as file:line plus message.
type finding struct {
	File     string
	Line     int
	Analyzer string // empty from go vet's text output
	Message  string
}

func (f finding) key() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Message) }

// expectation is a `// want <analyzer> "regexp"` comment in the fixture;
// the analyzer "related" expects related information of a finding there.
type expectation struct {
	File     string
	Line     int
	Analyzer string
	Re       *regexp.Regexp
}

var wantRe = regexp.MustCompile(`(\w+) ("(?:[^"\\]|\\.)*")`)

// tool is the toolcheck binary the tests share, built once per run of
// the test binary: its tests do not change it, and go vet keys its cache
// by the binary's content, so one build per test bought nothing but its
// link (a test that needs a cache miss runs a freshCopy).
var tool struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// buildTool returns the toolcheck binary, built on first use.
func buildTool(t *testing.T) string {
	t.Helper()
	tool.once.Do(func() {
		if tool.dir, tool.err = os.MkdirTemp("", "toolcheck-test-"); tool.err != nil {
			return
		}
		tool.bin = filepath.Join(tool.dir, "toolcheck")
		tool.out, tool.err = exec.Command("go", "build", "-o", tool.bin, ".").CombinedOutput()
	})
	if tool.err != nil {
		t.Fatalf("go build: %v\n%s", tool.err, tool.out)
	}
	return tool.bin
}

// shared holds the runs of the shared binary on the checkout's fixture
// modules, which no test changes (a test that edits one works on a
// copyModule): the tests that read the output of the same command line
// share one run of it.
var shared struct {
	mu   sync.Mutex
	runs map[string]*sharedRun
}

type sharedRun struct {
	once           sync.Once
	stdout, stderr string
	code           int
}

// runShared runs the shared binary with args in the fixture module dir,
// once per test binary for each dir and command line.
func runShared(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	bin := buildTool(t)
	return once(strings.Join(append([]string{dir}, args...), "\x00"), func() (string, string, int) {
		return run(t, dir, bin, args...)
	})
}

// once returns what the first call for key returned of f.
func once(key string, f func() (string, string, int)) (string, string, int) {
	shared.mu.Lock()
	if shared.runs == nil {
		shared.runs = map[string]*sharedRun{}
	}
	r := shared.runs[key]
	if r == nil {
		r = &sharedRun{}
		shared.runs[key] = r
	}
	shared.mu.Unlock()
	r.once.Do(func() { r.stdout, r.stderr, r.code = f() })
	return r.stdout, r.stderr, r.code
}

// sharedVetE2E is go vet -json's run on the checkout's end-to-end fixture,
// with a fresh copy of the binary (so it misses go vet's cache and the
// analyzers really run), once per test binary.
func sharedVetE2E(t *testing.T) (string, string, int) {
	t.Helper()
	bin := buildTool(t)
	return once("go vet -json e2e", func() (string, string, int) {
		dir := filepath.Join(testkit.Root(t), "testdata", "e2e")
		return run(t, dir, "go", "vet", "-vettool="+freshCopy(t, bin, "vet-e2e"), "-json", "./...")
	})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tool.dir != "" {
		os.RemoveAll(tool.dir)
	}
	os.Exit(code)
}

func expectations(t *testing.T, dir string) []expectation {
	t.Helper()
	var exps []expectation
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for line := 1; sc.Scan(); line++ {
			text := sc.Text()
			i := strings.Index(text, "// want ")
			if i < 0 {
				continue
			}
			for _, m := range wantRe.FindAllStringSubmatch(text[i+len("// want "):], -1) {
				pat, err := strconv.Unquote(m[2])
				if err != nil {
					return fmt.Errorf("%s:%d: %v", rel, line, err)
				}
				exps = append(exps, expectation{rel, line, m[1], regexp.MustCompile(pat)})
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return exps
}

// run runs a command in dir and returns its stdout, stderr and exit code.
func run(t *testing.T, dir string, name string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return stdout.String(), stderr.String(), code
}

var (
	textLine = regexp.MustCompile(`^(.+\.go):(\d+):\d+: (.*)$`)
	// analyzerSuffix is how the standalone driver's text names the
	// analyzer.
	analyzerSuffix = regexp.MustCompile(` \((\w+)\)$`)
)

// parseText parses findings in text form. With named set, every line must
// end with the analyzer's name, as the standalone driver writes it, and
// files must be relative to dir.
func parseText(t *testing.T, dir, out string, named bool) []finding {
	t.Helper()
	var fs []finding
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "\t") {
			continue // related information
		}
		m := textLine.FindStringSubmatch(l)
		if m == nil || strings.HasPrefix(m[3], "\t") {
			continue // (go vet prints related information as "posn: \tmessage")
		}
		file := m[1]
		if filepath.IsAbs(file) {
			if named {
				t.Errorf("absolute path in %q, want one relative to the working directory", l)
			}
			file, _ = filepath.Rel(dir, file)
		}
		n, _ := strconv.Atoi(m[2])
		f := finding{File: filepath.ToSlash(file), Line: n, Message: m[3]}
		if named {
			a := analyzerSuffix.FindStringSubmatch(f.Message)
			if a == nil {
				t.Errorf("finding %q does not end with its analyzer's name", l)
			} else {
				f.Analyzer, f.Message = a[1], strings.TrimSuffix(f.Message, a[0])
			}
		}
		fs = append(fs, f)
	}
	return fs
}

// parseJSON parses the standalone driver's -json output, which must list
// each finding once.
func parseJSON(t *testing.T, dir, out string) []finding {
	t.Helper()
	fs, _ := parseJSONRelated(t, dir, out)
	return fs
}

// parseJSONRelated is parseJSON, which also returns each finding's related
// information, as findings of its analyzer.
func parseJSONRelated(t *testing.T, dir, out string) (fs, related []finding) {
	t.Helper()
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("-json output: %v\n%s", err, out)
	}
	seen := map[finding]bool{}
	at := func(posn, analyzer, message string) finding {
		m := textLine.FindStringSubmatch(posn + ": x")
		if m == nil {
			t.Fatalf("bad posn %q", posn)
		}
		file, _ := filepath.Rel(dir, m[1])
		n, _ := strconv.Atoi(m[2])
		return finding{filepath.ToSlash(file), n, analyzer, message}
	}
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
				Related []struct {
					Posn    string `json:"posn"`
					Message string `json:"message"`
				} `json:"related"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %s: %s", pkg, analyzer, raw)
			}
			for _, d := range diags {
				for _, r := range d.Related {
					related = append(related, at(r.Posn, analyzer, r.Message))
				}
				f := at(d.Posn, analyzer, d.Message)
				if seen[f] {
					t.Errorf("-json lists %s:%d: %s twice", f.File, f.Line, f.Message)
				}
				seen[f] = true
				fs = append(fs, f)
			}
		}
	}
	return fs, related
}

// analyzerKeys is keys with the analyzer's name.
func analyzerKeys(fs []finding) []string {
	var ks []string
	for _, f := range fs {
		ks = append(ks, f.key()+" ("+f.Analyzer+")")
	}
	sort.Strings(ks)
	return ks
}

func keys(fs []finding) []string {
	var ks []string
	for _, f := range fs {
		ks = append(ks, f.key())
	}
	sort.Strings(ks)
	return ks
}

// TestEndToEnd runs the built binary on the fixture module that uses the
// real SDKs, standalone (text and JSON) and through go vet, and checks the
// exact set of findings against the fixture's want comments.
func TestEndToEnd(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	dir := filepath.Join(testkit.Root(t), "testdata", "e2e")

	jsonOut, stderr, code := runShared(t, dir, "-json", "./...")
	if code != 3 {
		t.Fatalf("toolcheck -json: exit %d, want 3 (findings)\n%s", code, stderr)
	}
	js, related := parseJSONRelated(t, dir, jsonOut)

	stdout, stderr, code := runShared(t, dir, "./...")
	if code != 3 {
		t.Fatalf("toolcheck ./...: exit %d, want 3 (findings)\n%s", code, stderr)
	}
	if stderr != "" {
		t.Errorf("toolcheck ./... wrote to stderr with no error:\n%s", stderr)
	}
	text := parseText(t, dir, stdout, true)

	vetOut, vetErr, code := sharedVetE2E(t)
	if code != 0 {
		t.Fatalf("go vet -vettool -json: exit %d\n%s", code, vetErr)
	}

	want := strings.Join(keys(js), "\n")
	if got := strings.Join(keys(text), "\n"); got != want {
		t.Errorf("toolcheck ./... and toolcheck -json differ:\ntext:\n%s\njson:\n%s", got, want)
	}
	if got, want := strings.Join(analyzerKeys(text), "\n"), strings.Join(analyzerKeys(js), "\n"); got != want {
		t.Errorf("toolcheck ./... and toolcheck -json name other analyzers:\ntext:\n%s\njson:\n%s", got, want)
	}
	if got, want := decodeReport(t, dir, []byte(vetOut)).String(), decodeReport(t, dir, []byte(jsonOut)).String(); got != want {
		t.Errorf("go vet -vettool -json and toolcheck -json differ:\nvet:\n%s\njson:\n%s", got, want)
	}

	exps := expectations(t, dir)
	if len(exps) == 0 {
		t.Fatal("the fixture has no want comments")
	}
	used := make([]bool, len(js))
	for _, e := range exps {
		if e.Analyzer == "related" {
			// `related "re"`: related information of a finding, which a
			// finding of another analyzer about the same place became.
			found := false
			for _, r := range related {
				found = found || r.File == e.File && r.Line == e.Line && e.Re.MatchString(r.Message)
			}
			if !found {
				t.Errorf("%s:%d: no related information matching %q", e.File, e.Line, e.Re)
			}
			continue
		}
		found := false
		for i, f := range js {
			if !used[i] && f.File == e.File && f.Line == e.Line && f.Analyzer == e.Analyzer && e.Re.MatchString(f.Message) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d: no %s finding matching %q", e.File, e.Line, e.Analyzer, e.Re)
		}
	}
	for i, f := range js {
		if !used[i] {
			t.Errorf("%s:%d: unexpected %s finding: %s", f.File, f.Line, f.Analyzer, f.Message)
		}
	}
}

// TestConfigErrors checks that bad configuration fails clearly.
func TestConfigErrors(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildTool(t)
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/cfg\n\ngo 1.26\n")
	write("a.go", "package a\n")
	for _, tc := range []struct {
		name, file string
		args       []string
		want       string
	}{
		{"malformed flag name", "", []string{"-boundaries=Boundary", "./..."}, `invalid value "Boundary" for flag -boundaries`},
		{"method in a type list", "", []string{"-tool-errors=example.com/x.T.M", "./..."}, "too many dots"},
		{"unknown key", `{"boundarys": ["example.com/x.B"]}`, []string{"./..."}, `unknown field "boundarys"`},
		{"malformed name in file", `{"tool-errors": ["ToolError"]}`, []string{"./..."}, `tool-errors: "ToolError": want a qualified name`},
		{"wrong type", `{"tests": "yes"}`, []string{"./..."}, "cannot unmarshal"},
		{"unreadable file", "", []string{"-config=" + filepath.Join(dir, "missing.json"), "./..."}, "missing.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(filepath.Join(dir, ".toolcheck.json"))
			if tc.file != "" {
				write(".toolcheck.json", tc.file)
			}
			stdout, stderr, code := run(t, dir, bin, tc.args...)
			if code != 1 {
				t.Errorf("exit %d, want 1 (an error)", code)
			}
			if !strings.Contains(stderr, tc.want) {
				t.Errorf("stderr does not mention %q:\n%s", tc.want, stderr)
			}
			// Once, before loading: one line, nothing else.
			if n := strings.Count(strings.TrimSpace(stderr), "\n"); n != 0 || stdout != "" {
				t.Errorf("want the error once, on one line, and no output; stderr:\n%s\nstdout:\n%s", stderr, stdout)
			}
		})
	}
}
