package lsp

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestEmacs drives `toolcheck lsp` from Emacs's eglot, headless, as
// docs/editors.md configures it (testdata/eglot.el): the diagnostics
// flymake shows for a file are the findings `toolcheck -json` reports for
// it, at the same lines and columns, each with its analyzer as the code.
// .ci/run installs Debian's emacs-nox and elpa-eglot.
func TestEmacs(t *testing.T) {
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		t.Skip("skipping the editor test: emacs is not installed (.ci/run installs Debian's emacs-nox and elpa-eglot)")
	}
	if m, _ := filepath.Glob("/usr/share/emacs/site-lisp/elpa/eglot-*"); len(m) == 0 {
		t.Skip("skipping the editor test: eglot is not installed (.ci/run installs Debian's elpa-eglot)")
	}
	bin := toolcheckBinary(t)
	script, err := filepath.Abs(filepath.Join("testdata", "eglot.el"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	root := filepath.Join(tmp, "e2e")
	copyDir(t, filepath.Join(testkit.Root(t), "testdata", "e2e"), root)
	target := filepath.Join(root, "iserrordemo", "gosdk.go")

	var want []string
	for _, f := range commandFindings(t, root, "./iserrordemo/") {
		if f.file == target {
			want = append(want, fmt.Sprintf("%d:%d toolcheck [%s]: %s", f.line, f.col-1, f.analyzer, f.message))
		}
	}
	if len(want) == 0 {
		t.Fatal("toolcheck -json reports nothing in iserrordemo/gosdk.go")
	}

	out := filepath.Join(tmp, "diagnostics.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, emacs, "--batch", "-Q", "-l", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(),
		"TOOLCHECK_BIN="+bin,
		"FIXTURE_ROOT="+root,
		"TARGET_FILE="+target,
		"OUT_FILE="+out,
		"HOME="+tmp, // no user configuration, no state left behind
	)
	start := time.Now()
	output, err := cmd.CombinedOutput()
	t.Logf("emacs ran for %v", time.Since(start).Round(time.Millisecond))
	if msg, rerr := os.ReadFile(out + ".err"); rerr == nil || err != nil {
		t.Fatalf("emacs: %v\n%s\n%s", err, msg, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("emacs wrote no diagnostics: %v\n%s", err, output)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.SplitN(l, "\t", 3)
		if len(f) != 3 {
			t.Fatalf("malformed line %q", l)
		}
		line, err1 := strconv.Atoi(f[0])
		col, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("malformed line %q", l)
		}
		got = append(got, fmt.Sprintf("%d:%d %s", line, col, f[2]))
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("flymake's diagnostics in eglot:\n%s\nwant toolcheck -json's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
