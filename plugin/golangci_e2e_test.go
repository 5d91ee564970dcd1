//go:build golangci

// The end-to-end test of the golangci-lint module plugin. It needs a custom
// golangci-lint binary, so it is kept out of `go test ./...`: run it with
//
//	scripts/test-golangci.sh
//
// which builds the binary (scripts/build-golangci.sh, cached) and runs
//
//	TOOLCHECK_GCL=<binary> go test -tags golangci -run TestGolangci ./plugin/
//
// Without TOOLCHECK_GCL the test runs the build script itself.

package plugin_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

const demoBoundary = "example.com/notes/golangcidemo.Guard"

// gclConfig is the .golangci.yml the test runs with: toolcheck alone, every
// issue shown (golangci-lint caps and merges issues by default), and the
// plugin settings given.
func gclConfig(settings string) string {
	cfg := `version: "2"
linters:
  default: none
  enable:
    - toolcheck
  settings:
    custom:
      toolcheck:
        type: module
        description: checks Go MCP servers against the tool-outcome design
`
	if settings != "" {
		cfg += "        settings:\n"
		for _, l := range strings.Split(strings.TrimSpace(settings), "\n") {
			cfg += "          " + l + "\n"
		}
	}
	return cfg + `issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`
}

type env struct {
	gcl, toolcheck, root, tmp, cache string
}

func setup(t *testing.T) *env {
	t.Helper()
	root := testkit.Root(t)
	e := &env{root: root, tmp: t.TempDir()}
	e.cache = filepath.Join(e.tmp, "gcl-cache")
	e.gcl = os.Getenv("TOOLCHECK_GCL")
	if e.gcl == "" {
		start := time.Now()
		cmd := exec.Command("bash", filepath.Join(root, "scripts", "build-golangci.sh"))
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("scripts/build-golangci.sh: %v", err)
		}
		e.gcl = strings.TrimSpace(string(out))
		t.Logf("built the custom golangci-lint in %v", time.Since(start).Round(time.Second))
	}
	e.toolcheck = filepath.Join(e.tmp, "toolcheck")
	cmd := exec.Command("go", "build", "-o", e.toolcheck, "./cmd/toolcheck")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/toolcheck: %v\n%s", err, out)
	}
	return e
}

// fixture copies the real-SDK fixture module to a fresh directory.
func (e *env) fixture(t *testing.T) string {
	t.Helper()
	dst, err := os.MkdirTemp(e.tmp, "e2e")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(e.root, "testdata", "e2e")
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

type result struct {
	stdout, stderr string
	code           int
}

func (e *env) run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+e.cache, "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("%s %s: %v", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(10*time.Millisecond))
	var exit *exec.ExitError
	r := result{stdout.String(), stderr.String(), 0}
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

// golangci runs the custom golangci-lint in dir with the given settings and
// extra arguments, and returns its findings as file:line: text keys.
func (e *env) golangci(t *testing.T, dir, settings string, args ...string) ([]string, result) {
	t.Helper()
	cfg := filepath.Join(dir, ".golangci.yml")
	if err := os.WriteFile(cfg, []byte(gclConfig(settings)), 0o644); err != nil {
		t.Fatal(err)
	}
	args = append([]string{"run", "-c", cfg, "--output.json.path=stdout", "--show-stats=false"}, args...)
	r := e.run(t, dir, e.gcl, append(args, "./...")...)
	if r.code != 0 && r.code != 1 {
		t.Fatalf("golangci-lint run: exit %d\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "level=warning") || strings.Contains(r.stderr, "level=error") {
		t.Errorf("golangci-lint logged a problem:\n%s", r.stderr)
	}
	var out struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("golangci-lint JSON output: %v\n%s", err, r.stdout)
	}
	var keys []string
	for _, is := range out.Issues {
		if is.FromLinter != "toolcheck" {
			t.Errorf("issue from linter %q, want toolcheck: %s", is.FromLinter, is.Text)
		}
		keys = append(keys, key(dir, is.Pos.Filename, is.Pos.Line, is.Text))
		// The plugin reports without related information, which
		// golangci-lint would make issues of their own.
		if strings.Contains(is.Text, "(related information): ") {
			t.Errorf("golangci-lint reports related information as an issue: %s", is.Text)
		}
	}
	if (len(keys) > 0) != (r.code == 1) {
		t.Errorf("golangci-lint run: exit %d with %d issues", r.code, len(keys))
	}
	sort.Strings(keys)
	return keys, r
}

// issues runs the custom golangci-lint in dir with args and returns the
// toolcheck linter's issues as file:line: text keys, and the result. Other
// linters' issues are left out.
func (e *env) issues(t *testing.T, dir string, args ...string) ([]string, result) {
	t.Helper()
	args = append([]string{"run", "--output.json.path=stdout", "--show-stats=false"}, args...)
	r := e.run(t, dir, e.gcl, append(args, "./...")...)
	if r.code != 0 && r.code != 1 {
		return nil, r
	}
	var out struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("golangci-lint JSON output: %v\n%s", err, r.stdout)
	}
	var keys []string
	for _, is := range out.Issues {
		if is.FromLinter == "toolcheck" {
			keys = append(keys, key(dir, is.Pos.Filename, is.Pos.Line, is.Text))
			// The plugin reports without related information, which
			// golangci-lint would make issues of their own.
			if strings.Contains(is.Text, "(related information): ") {
				t.Errorf("golangci-lint reports related information as an issue: %s", is.Text)
			}
		}
	}
	sort.Strings(keys)
	return keys, r
}

// exampleFlags returns the toolcheck settings of the example .golangci.yml
// as the standalone command's flags: each "key:" of the settings block with
// its "- value" items.
func exampleFlags(t *testing.T, yml string) []string {
	t.Helper()
	var flags []string
	in, indent := false, -1
	var key string
	var values []string
	flush := func() {
		if key != "" {
			flags = append(flags, "-"+key+"="+strings.Join(values, ","))
		}
		key, values = "", nil
	}
	for _, line := range strings.Split(yml, "\n") {
		trimmed := strings.TrimSpace(line)
		depth := len(line) - len(strings.TrimLeft(line, " "))
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if !in {
			if strings.HasPrefix(trimmed, "settings:") && depth >= 8 {
				in, indent = true, depth
			}
			continue
		}
		if depth <= indent {
			break
		}
		if item, ok := strings.CutPrefix(trimmed, "- "); ok {
			values = append(values, strings.TrimSpace(item))
			continue
		}
		flush()
		k, v, _ := strings.Cut(trimmed, ":")
		if v = strings.TrimSpace(v); v != "" {
			flags = append(flags, "-"+k+"="+strings.Trim(v, "[]"))
			continue
		}
		key = k
	}
	flush()
	if len(flags) == 0 {
		t.Fatal("no toolcheck settings found in the example configuration")
	}
	return flags
}

// standalone runs toolcheck -json in dir and returns its findings as
// golangci-lint words them: "analyzer: message", without their related
// information, which the plugin leaves out.
func (e *env) standalone(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	r := e.run(t, dir, e.toolcheck, append(append([]string{"-json"}, args...), "./...")...)
	if r.code != 0 && r.code != 3 {
		t.Fatalf("toolcheck -json: exit %d\n%s", r.code, r.stderr)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatalf("toolcheck -json output: %v\n%s", err, r.stdout)
	}
	seen := map[string]bool{} // a package and its test variant report alike
	var keys []string
	add := func(k string) {
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
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
				file, line := posn(t, d.Posn)
				add(key(dir, file, line, analyzer+": "+d.Message))
			}
		}
	}
	sort.Strings(keys)
	return keys
}

var posnRe = regexp.MustCompile(`^(.+\.go):(\d+)(?::\d+)?$`)

func posn(t *testing.T, p string) (string, int) {
	t.Helper()
	m := posnRe.FindStringSubmatch(p)
	if m == nil {
		t.Fatalf("bad position %q", p)
	}
	var n int
	fmt.Sscan(m[2], &n)
	return m[1], n
}

func key(dir, file string, line int, text string) string {
	if filepath.IsAbs(file) {
		file, _ = filepath.Rel(dir, file)
	}
	return fmt.Sprintf("%s:%d: %s", filepath.ToSlash(file), line, text)
}

// nolintLines returns the file:line prefixes of the lines in dir that carry
// a //nolint:toolcheck comment.
func nolintLines(t *testing.T, dir string) []string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			if strings.Contains(sc.Text(), "//nolint:toolcheck") {
				lines = append(lines, key(dir, path, n, ""))
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// without returns the keys not on any of the lines.
func without(keys, lines []string) (kept, dropped []string) {
	for _, k := range keys {
		on := false
		for _, l := range lines {
			if strings.HasPrefix(k, strings.TrimSuffix(l, " ")) {
				on = true
			}
		}
		if on {
			dropped = append(dropped, k)
		} else {
			kept = append(kept, k)
		}
	}
	return kept, dropped
}

func sameKeys(t *testing.T, what string, got, want []string) {
	t.Helper()
	g, w := strings.Join(got, "\n"), strings.Join(want, "\n")
	if g != w {
		t.Errorf("%s: golangci-lint and toolcheck -json differ:\ngolangci-lint:\n%s\ntoolcheck -json:\n%s", what, g, w)
	}
}

func diff(a, b []string) []string {
	in := map[string]bool{}
	for _, k := range b {
		in[k] = true
	}
	var out []string
	for _, k := range a {
		if !in[k] {
			out = append(out, k)
		}
	}
	return out
}

func TestGolangci(t *testing.T) {
	e := setup(t)
	dir := e.fixture(t) // shared by the subtests that only read it

	t.Run("version and linters", func(t *testing.T) {
		r := e.run(t, dir, e.gcl, "version")
		if r.code != 0 || !strings.Contains(r.stdout+r.stderr, "2.15.0-custom-gcl") {
			t.Errorf("golangci-lint version: exit %d: %s%s", r.code, r.stdout, r.stderr)
		}
		// The docs' example configuration loads and enables toolcheck.
		cfg := filepath.Join(e.root, "examples", "golangci", ".golangci.yml")
		r = e.run(t, dir, e.gcl, "linters", "-c", cfg)
		enabled, _, _ := strings.Cut(r.stdout, "Disabled by your configuration")
		if r.code != 0 || !regexp.MustCompile(`(?m)^toolcheck: `).MatchString(enabled) {
			t.Errorf("golangci-lint linters -c %s: exit %d, toolcheck not enabled:\n%s%s", cfg, r.code, r.stdout, r.stderr)
		}
	})

	// One run with default settings checks the findings, //nolint and SARIF.
	sarif := filepath.Join(e.tmp, "toolcheck.sarif")
	base, _ := e.golangci(t, dir, "", "--output.sarif.path="+sarif)
	lines := nolintLines(t, dir)

	t.Run("same findings as toolcheck", func(t *testing.T) {
		want, suppressed := without(e.standalone(t, dir), lines)
		if len(want) == 0 {
			t.Fatal("toolcheck reports nothing on the fixture")
		}
		sameKeys(t, "default settings", base, want)
		// //nolint:toolcheck drops what toolcheck alone reports on that line.
		if len(suppressed) == 0 {
			t.Error("no toolcheck finding on a //nolint:toolcheck line: the nolint case tests nothing")
		}
		for _, k := range suppressed {
			if i := sort.SearchStrings(base, k); i < len(base) && base[i] == k {
				t.Errorf("//nolint:toolcheck did not suppress %s", k)
			}
		}
	})

	t.Run("sarif", func(t *testing.T) {
		data, err := os.ReadFile(sarif)
		if err != nil {
			t.Fatal(err)
		}
		var log struct {
			Version string
			Runs    []struct {
				Results []struct {
					RuleID  string `json:"ruleId"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
					Locs []struct {
						Physical struct {
							Artifact struct {
								URI string `json:"uri"`
							} `json:"artifactLocation"`
							Region struct {
								StartLine int `json:"startLine"`
							} `json:"region"`
						} `json:"physicalLocation"`
					} `json:"locations"`
				} `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(data, &log); err != nil {
			t.Fatalf("SARIF: %v\n%s", err, data)
		}
		if log.Version != "2.1.0" || len(log.Runs) != 1 {
			t.Fatalf("SARIF version %q with %d runs", log.Version, len(log.Runs))
		}
		var keys []string
		for _, r := range log.Runs[0].Results {
			if r.RuleID != "toolcheck" || len(r.Locs) != 1 {
				t.Errorf("SARIF result %+v", r)
				continue
			}
			keys = append(keys, key(dir, r.Locs[0].Physical.Artifact.URI, r.Locs[0].Physical.Region.StartLine, r.Message.Text))
		}
		sort.Strings(keys)
		if len(keys) == 0 || strings.Join(keys, "\n") != strings.Join(base, "\n") {
			t.Errorf("SARIF results differ from the JSON issues:\nSARIF:\n%s\nJSON:\n%s", strings.Join(keys, "\n"), strings.Join(base, "\n"))
		}
	})

	t.Run("settings", func(t *testing.T) {
		for _, tc := range []struct {
			name, settings string
			flags          []string
			gone, added    string // what the setting removes or adds must match
		}{
			{"boundaries", "boundaries:\n  - " + demoBoundary, []string{"-boundaries=" + demoBoundary}, `^golangcidemo/golangcidemo.go:\d+: unwrapped(\(related information\))?: `, ""},
			{"tests", "tests: true", []string{"-tests"}, "", `^[^:]+_test\.go:\d+: unwrapped(\(related information\))?: `},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, _ := e.golangci(t, dir, tc.settings)
				want, _ := without(e.standalone(t, dir, tc.flags...), lines)
				sameKeys(t, tc.settings, got, want)
				check := func(what, re string, keys []string) {
					if re == "" {
						if len(keys) > 0 {
							t.Errorf("%s %s:\n%s", tc.settings, what, strings.Join(keys, "\n"))
						}
						return
					}
					ok := len(keys) > 0
					for _, k := range keys {
						ok = ok && regexp.MustCompile(re).MatchString(k)
					}
					if !ok {
						t.Errorf("%s %s, want findings matching %s:\n%s", tc.settings, what, re, strings.Join(keys, "\n"))
					}
				}
				check("removed", tc.gone, diff(base, got))
				check("added", tc.added, diff(got, base))
			})
		}
	})

	t.Run("bad settings", func(t *testing.T) {
		bad := t.TempDir()
		for _, tc := range []struct{ settings, want string }{
			{"boundarys:\n  - " + demoBoundary, `unknown field "boundarys"`},
			{"tool-errors:\n  - ToolError", `tool-errors: "ToolError": want a qualified name`},
			{"tests: maybe", "cannot unmarshal"},
		} {
			cfg := filepath.Join(bad, ".golangci.yml")
			if err := os.WriteFile(cfg, []byte(gclConfig(tc.settings)), 0o644); err != nil {
				t.Fatal(err)
			}
			r := e.run(t, dir, e.gcl, "run", "-c", cfg, "./...")
			if r.code == 0 || r.code == 1 {
				t.Errorf("%s: exit %d, want a failure", tc.settings, r.code)
			}
			msg := r.stdout + r.stderr
			if !strings.Contains(msg, tc.want) || !strings.Contains(msg, "toolcheck") {
				t.Errorf("%s: output does not name toolcheck and %q:\n%s", tc.settings, tc.want, msg)
			}
		}
	})

	t.Run("example config as copied", func(t *testing.T) {
		// A user copies examples/golangci/.golangci.yml into the module
		// root and runs golangci-lint: every toolcheck finding is there,
		// two on one line included (golangci-lint's uniq-by-line would
		// keep one).
		copied := e.fixture(t)
		data, err := os.ReadFile(filepath.Join(e.root, "examples", "golangci", ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(copied, ".golangci.yml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, r := e.issues(t, copied)
		if r.code != 1 {
			t.Fatalf("golangci-lint run with the example config: exit %d\n%s", r.code, r.stderr)
		}
		want, _ := without(e.standalone(t, copied, exampleFlags(t, string(data))...), nolintLines(t, copied))
		sameKeys(t, "the example config", got, want)
		lines := map[string]int{}
		for _, k := range got {
			file, rest, _ := strings.Cut(k, ":")
			line, _, _ := strings.Cut(rest, ":")
			lines[file+":"+line]++
		}
		shared := false
		for _, n := range lines {
			shared = shared || n > 1
		}
		if !shared {
			t.Error("no line with two toolcheck findings: the uniq-by-line case tests nothing")
		}
	})

	t.Run("config edits", func(t *testing.T) {
		// golangci-lint's cache on (one cache for the subtest): each edit
		// of a .toolcheck.json changes the findings, a broken one fails
		// every run naming the file and the key, and the fix brings the
		// findings back.
		edited := e.fixture(t)
		base, r := e.golangci(t, edited, "")
		if len(base) == 0 {
			t.Fatalf("no findings\n%s", r.stderr)
		}
		guarded := func(keys []string) int {
			n := 0
			for _, k := range keys {
				if strings.HasPrefix(k, "golangcidemo/golangcidemo.go:33: unwrapped: ") {
					n++
				}
			}
			return n
		}
		if guarded(base) != 1 {
			t.Fatalf("no finding on the line Guard wraps:\n%s", strings.Join(base, "\n"))
		}
		for _, cfgDir := range []string{edited, filepath.Join(edited, "golangcidemo")} {
			cfg := filepath.Join(cfgDir, ".toolcheck.json")
			write := func(text string) {
				t.Helper()
				if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write(`{"boundaries": ["` + demoBoundary + `"]}`)
			if got, _ := e.golangci(t, edited, ""); guarded(got) != 0 || len(findingsOnly(got)) != len(findingsOnly(base))-1 {
				t.Errorf("%s names Guard a boundary, and golangci-lint reports:\n%s", cfg, strings.Join(got, "\n"))
			}
			write(`{"boundarys": ["` + demoBoundary + `"]}`)
			for i := 1; i <= 2; i++ {
				if err := os.WriteFile(filepath.Join(edited, ".golangci.yml"), []byte(gclConfig("")), 0o644); err != nil {
					t.Fatal(err)
				}
				r := e.run(t, edited, e.gcl, "run", "--show-stats=false", "./...")
				msg := r.stdout + r.stderr
				if r.code == 0 || r.code == 1 || !strings.Contains(msg, `unknown field \"boundarys\"`) && !strings.Contains(msg, `unknown field "boundarys"`) || !strings.Contains(msg, cfg) {
					t.Errorf("run %d with a broken %s: exit %d, want a failure naming the file and the key:\n%s", i, cfg, r.code, msg)
				}
			}
			write(`{"tests": false}`)
			if got, _ := e.golangci(t, edited, ""); strings.Join(got, "\n") != strings.Join(base, "\n") {
				t.Errorf("after fixing %s, golangci-lint reports\n%s\nwant\n%s", cfg, strings.Join(got, "\n"), strings.Join(base, "\n"))
			}
			os.Remove(cfg)
		}
	})

	t.Run("fix", func(t *testing.T) {
		// Both drivers apply the suggested fixes to their own copy; with
		// the nolint comments removed they see the same findings, so the
		// trees must come out identical, and changed.
		viaGCL, viaTool := e.fixture(t), e.fixture(t)
		stripNolint(t, viaGCL)
		orig := stripNolint(t, viaTool)
		e.golangci(t, viaGCL, "", "--fix")
		if r := e.run(t, viaTool, e.toolcheck, "-fix", "./..."); r.code != 0 && r.code != 3 {
			t.Fatalf("toolcheck -fix: exit %d\n%s", r.code, r.stderr)
		}
		a, b := tree(t, viaGCL), tree(t, viaTool)
		changed := 0
		for name, text := range b {
			if a[name] != text {
				t.Errorf("%s: golangci-lint --fix and toolcheck -fix differ:\n--- golangci-lint\n%s\n--- toolcheck\n%s", name, a[name], text)
			}
			if orig[name] != text {
				changed++
			}
		}
		if len(a) != len(b) {
			t.Errorf("golangci-lint --fix left %d files, toolcheck -fix %d", len(a), len(b))
		}
		if changed == 0 {
			t.Error("no file changed: the fixes test nothing")
		}
	})
}

// findingsOnly drops the related information from golangci-lint's keys.
func findingsOnly(keys []string) []string {
	var out []string
	for _, k := range keys {
		if !strings.Contains(k, "(related information): ") {
			out = append(out, k)
		}
	}
	return out
}

// stripNolint removes the //nolint:toolcheck comments in dir and returns
// the Go files as they are then.
func stripNolint(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := tree(t, dir)
	for name, text := range files {
		if strings.Contains(text, "//nolint:toolcheck") {
			text = strings.ReplaceAll(text, "//nolint:toolcheck ", "")
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			files[name] = text
		}
	}
	return files
}

func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
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
