package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// adoptedBoundaries are the lines of testdata/adopted that install the
// boundary, one per server.
var adoptedBoundaries = map[string]string{
	"mcpgoserver/server.go": "server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(logger))))",
	"gosdkserver/server.go": "s.AddReceivingMiddleware(gosdk.ReceivingBoundary(gosdk.WithLogger(logger)))",
}

// TestAdopted runs toolcheck on testdata/adopted, a server on both real
// SDKs that has adopted the design with the toolerr module: it must draw
// no finding. The same server with its boundary lines removed must draw
// findings, so the silence is toolcheck recognising toolerr, not toolcheck
// not looking.
func TestAdopted(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	root := testkit.Root(t)
	dir := filepath.Join(root, "testdata", "adopted")

	stdout, stderr, code := runShared(t, dir, "-json", "./...")
	if code != 0 {
		t.Fatalf("toolcheck -json: exit %d\n%s", code, stderr)
	}
	for _, f := range parseJSON(t, dir, stdout) {
		t.Errorf("%s:%d: unexpected %s finding: %s", f.File, f.Line, f.Analyzer, f.Message)
	}

	// The twin without the boundary.
	bare := testkit.CopyModule(t, "adopted")
	edit := func(name, old, new string) {
		t.Helper()
		path := filepath.Join(bare, name)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), old) {
			t.Fatalf("%s no longer contains %q", name, old)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("mcpgoserver/server.go", adoptedBoundaries["mcpgoserver/server.go"], "server.WithRecovery())\n\t_ = mcpgo.NewBoundary")
	edit("gosdkserver/server.go", adoptedBoundaries["gosdkserver/server.go"], "_ = gosdk.ReceivingBoundary")
	stdout, stderr, code = run(t, bare, bin, "-json", "./...")
	if code != 3 {
		t.Fatalf("toolcheck -json on the bare twin: exit %d, want 3 (findings)\n%s", code, stderr)
	}
	unwrapped := map[string][]string{}
	for _, f := range parseJSON(t, bare, stdout) {
		if f.Analyzer == "unwrapped" {
			unwrapped[f.File] = append(unwrapped[f.File], f.Message)
		}
	}
	// One finding at each server's construction: read_note and
	// update_note in each, search_notes too on the go-sdk server; on the
	// mcp-go server it stays wrapped in mcpgo.StructuredBoundary.
	for file, want := range map[string]string{
		"mcpgoserver/server.go": `^2 tools are registered on this server without the tool boundary \("read_note", "update_note"\)`,
		"gosdkserver/server.go": `^3 tools are registered on this server without the tool boundary \("read_note", "update_note", "search_notes"\)`,
	} {
		if got := unwrapped[file]; len(got) != 1 || !regexp.MustCompile(want).MatchString(got[0]) {
			t.Errorf("the twin without the boundary drew unwrapped findings %q in %s, want one matching %s", got, file, want)
		}
	}
}

// TestAdoptedEveryFlag runs toolcheck on testdata/adopted with every
// optional flag on (each analyzer's stricter modes, tests): a server that
// has adopted the design draws no finding in any mode.
func TestAdoptedEveryFlag(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := filepath.Join(testkit.Root(t), "testdata", "adopted")
	out, stderr, code := run(t, dir, bin, "-flags")
	if code != 0 {
		t.Fatalf("toolcheck -flags: exit %d\n%s", code, stderr)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal([]byte(out), &flags); err != nil {
		t.Fatalf("toolcheck -flags: %v\n%s", err, out)
	}
	args := []string{"-json"}
	for _, f := range flags {
		if f.Bool && (strings.Contains(f.Name, ".") || f.Name == "tests") {
			args = append(args, "-"+f.Name)
		}
	}
	if len(args) < 4 {
		t.Fatalf("too few optional flags found in %s", out)
	}
	stdout, stderr, code := run(t, dir, bin, append(args, "./...")...)
	if code != 0 {
		t.Fatalf("toolcheck %v: exit %d\n%s", args, code, stderr)
	}
	for _, f := range parseJSON(t, dir, stdout) {
		t.Errorf("%s:%d: %s finding with %v: %s", f.File, f.Line, f.Analyzer, args[1:], f.Message)
	}
}

// TestAdoptedServes runs the adopted server's own tests: a real client of
// each SDK calls it and checks, for each outcome, what the model reads and
// the one log record at its level.
func TestAdoptedServes(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the real SDKs")
	}
	dir := filepath.Join(testkit.Root(t), "testdata", "adopted")
	stdout, stderr, code := run(t, dir, "go", "test", "./...")
	if code != 0 {
		t.Fatalf("go test in testdata/adopted: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
