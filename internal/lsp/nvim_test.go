package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// nvimDiagnostic is an entry of vim.diagnostic.get(): 0-based lines and
// byte columns, converted by Neovim from the protocol's UTF-16 positions.
type nvimDiagnostic struct {
	Lnum     int    `json:"lnum"`
	Col      int    `json:"col"`
	EndLnum  int    `json:"end_lnum"`
	EndCol   int    `json:"end_col"`
	Message  string `json:"message"`
	Source   string `json:"source"`
	Code     any    `json:"code"`
	Severity int    `json:"severity"`
}

// TestNeovim attaches "toolcheck lsp" to a file of a copy of the fixture in
// headless Neovim, through Neovim's own LSP client (testdata/nvim.lua), and
// compares what the editor holds with the command: the diagnostics with
// toolcheck -json, the file after the quick fix and save with toolcheck
// -fix, the diagnostics after the save with toolcheck -json again.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("skipping the editor test: nvim is not installed (.ci/run installs Debian's neovim)")
	}
	bin := toolcheckBinary(t)
	script, err := filepath.Abs(filepath.Join("testdata", "nvim.lua"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(testkit.Root(t), "testdata", "e2e")
	tmp := t.TempDir()
	root, fixRoot := filepath.Join(tmp, "editor", "e2e"), filepath.Join(tmp, "command", "e2e")
	for _, r := range []string{root, fixRoot} {
		copyDir(t, src, r)
		markLines(t, r) // the editor converts positions after non-ASCII text
	}

	// The package whose findings carry exactly one fix: the editor applies
	// it, toolcheck -fix applies all of them.
	findings := commandFindings(t, root, "./...")
	byDir := map[string][]cliFinding{}
	for _, f := range findings {
		byDir[filepath.Dir(f.file)] = append(byDir[filepath.Dir(f.file)], f)
	}
	var dirs []string
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	var fixed *cliFinding
	for _, d := range dirs {
		var withFix []cliFinding
		for _, f := range byDir[d] {
			if len(f.fixes) > 0 {
				withFix = append(withFix, f)
			}
		}
		if len(withFix) == 1 && len(withFix[0].fixes) == 1 {
			fixed = &withFix[0]
			break
		}
	}
	if fixed == nil {
		t.Fatal("no package of the fixture has exactly one fix")
	}
	target := fixed.file
	rel, _ := filepath.Rel(root, target)
	pkg := "./" + filepath.ToSlash(filepath.Dir(rel))
	t.Logf("quick fix %q at %s:%d:%d", fixed.fixes[0].message, rel, fixed.line, fixed.col)

	out := filepath.Join(tmp, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-i", "NONE", "-c", "luafile "+script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"TOOLCHECK_BIN="+bin,
		"FIXTURE_ROOT="+root,
		"TARGET_FILE="+target,
		"OUT_DIR="+out,
		fmt.Sprintf("FIX_LINE=%d", fixed.line),
		fmt.Sprintf("FIX_COL=%d", fixed.col-1),
		"XDG_CONFIG_HOME="+filepath.Join(tmp, "xdg", "config"),
		"XDG_DATA_HOME="+filepath.Join(tmp, "xdg", "data"),
		"XDG_STATE_HOME="+filepath.Join(tmp, "xdg", "state"),
		"XDG_CACHE_HOME="+filepath.Join(tmp, "xdg", "cache"),
	)
	start := time.Now()
	output, err := cmd.CombinedOutput()
	t.Logf("neovim ran for %v", time.Since(start).Round(time.Millisecond))
	if msg, rerr := os.ReadFile(filepath.Join(out, "error.txt")); rerr == nil || err != nil {
		t.Fatalf("nvim: %v\n%s\n%s\nLSP log:\n%s", err, msg, output, nvimLSPLog(tmp))
	}

	// On open: the diagnostics of toolcheck -json for the file.
	inTarget := func(f string) bool { return f == target }
	compareKeys(t, "vim.diagnostic.get() on open", nvimKeys(t, root, target, filepath.Join(out, "open.json")),
		commandKeys(root, findings, inTarget))

	// The quick fix and the save: the file toolcheck -fix writes.
	var titles []string
	readJSON(t, filepath.Join(out, "titles.json"), &titles)
	if len(titles) != 1 || titles[0] != fixed.fixes[0].message {
		t.Errorf("code actions offered %q, want [%q]", titles, fixed.fixes[0].message)
	}
	fix := exec.Command(bin, "-fix", pkg)
	fix.Dir = fixRoot
	if out, err := fix.CombinedOutput(); err != nil {
		// -fix exits 3 for the findings it leaves.
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
			t.Fatalf("toolcheck -fix %s: %v\n%s", pkg, err, out)
		}
	}
	for _, f := range goFiles(t, root) {
		r, _ := filepath.Rel(root, f)
		got, want := readString(t, f), readString(t, filepath.Join(fixRoot, r))
		if got != want {
			t.Errorf("%s after the editor's quick fix and save:\n%s\nafter toolcheck -fix:\n%s", r, got, want)
		}
	}
	if readString(t, target) == readString(t, filepath.Join(src, rel)) {
		t.Error("the quick fix changed nothing")
	}

	// After the save: the diagnostics of toolcheck -json on the saved file.
	compareKeys(t, "vim.diagnostic.get() after save", nvimKeys(t, root, target, filepath.Join(out, "saved.json")),
		commandKeys(root, commandFindings(t, root, pkg), inTarget))

	var messages []string
	readJSON(t, filepath.Join(out, "messages.json"), &messages)
	if len(messages) > 0 {
		t.Errorf("the server showed messages: %q", messages)
	}
}

// commandKeys formats the command's findings as nvimKeys does.
func commandKeys(root string, fs []cliFinding, in func(string) bool) []string {
	var keys []string
	for _, f := range fs {
		if in(f.file) {
			rel, _ := filepath.Rel(root, f.file)
			keys = append(keys, fmt.Sprintf("%s:%d:%d-%d:%d %s: %s", filepath.ToSlash(rel), f.line, f.col, f.endLine, f.endCol, f.analyzer, f.message))
		}
	}
	sort.Strings(keys)
	return keys
}

// nvimKeys reads a vim.diagnostic.get() dump as 1-based lines and byte
// columns, the command's terms.
func nvimKeys(t *testing.T, root, file, dump string) []string {
	t.Helper()
	var diags []nvimDiagnostic
	readJSON(t, dump, &diags)
	rel, _ := filepath.Rel(root, file)
	var keys []string
	for _, d := range diags {
		if d.Source != "toolcheck" || d.Severity != 2 {
			t.Errorf("diagnostic source %q severity %d, want toolcheck and 2 (WARN)", d.Source, d.Severity)
		}
		keys = append(keys, fmt.Sprintf("%s:%d:%d-%d:%d %v: %s", filepath.ToSlash(rel), d.Lnum+1, d.Col+1, d.EndLnum+1, d.EndCol+1, d.Code, d.Message))
	}
	sort.Strings(keys)
	return keys
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// An empty Lua table encodes as {}.
	if strings.TrimSpace(string(data)) == "{}" {
		data = []byte("[]")
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
}

// nvimLSPLog returns Neovim's LSP log, wherever its version keeps it.
func nvimLSPLog(tmp string) string {
	var b strings.Builder
	for _, p := range []string{"cache/nvim/lsp.log", "state/nvim/lsp.log"} {
		if data, err := os.ReadFile(filepath.Join(tmp, "xdg", p)); err == nil {
			b.Write(data)
		}
	}
	return b.String()
}
