package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestMigrate is the adoption pass on a module with both SDKs and the
// project's own helpers, requiring toolerr: one -fix installs the
// boundaries and converts the IsError results into the outcomes their code
// shows; the fixed files match their golden copies, the module builds and
// vets, what -fix says is left is what a second run reports, and a second
// -fix changes nothing.
func TestMigrate(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "migrate")
	before := tree(t, dir)
	// The findings the fixes must not add to: sites left without a fix
	// keep the raw error text messagetext reports.
	first, _, _ := run(t, dir, bin, "./...")
	leftOut, stderr, code := run(t, dir, bin, "-fix", "./...")
	if code != 3 || !strings.Contains(stderr, "toolcheck: fix: applied 31 fixes (iserror 27, unwrapped 4) in 4 files\n") {
		t.Fatalf("-fix: exit %d, stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "toolcheck: fix: the boundary is installed; add a test that fails for any tool a client can call without it: mcpgotest.Check(t, s) or gosdktest.Check(t, s)") {
		t.Errorf("-fix installed the boundary but does not suggest the runtime check; stderr:\n%s", stderr)
	}
	// The project's test that calls a converted handler, directly or
	// through a helper of the tests, is named, its calls routed through
	// the boundary; one that calls none is not.
	if !strings.Contains(stderr, "toolcheck: fix: routed 3 handler calls in 1 test file through the boundary") ||
		!strings.Contains(stderr, "toolcheck: fix: TestReadMissing (notes/notes_test.go:14) calls read, whose IsError results the fixes turned into returned errors: -fix routed its handler calls through the boundary, so a caller error reads as before and a fault as the boundary's text\n") ||
		!strings.Contains(stderr, "toolcheck: fix: TestReadNoPath (notes/notes_test.go:43) calls readCase (which calls read), whose IsError results") ||
		// A test calling the handler a factory of the package builds, the
		// converted function behind it; New, which registers that handler,
		// hands none to TestNew.
		!strings.Contains(stderr, "toolcheck: fix: TestCountNoDir (notes/notes_test.go:63) calls countTool (which calls count), whose IsError results") ||
		// A test that checks the handler's error itself keeps its call.
		!strings.Contains(stderr, "toolcheck: fix: TestReadContract (notes/notes_test.go:52) calls read, whose IsError results the fixes turned into returned errors: the test now sees an error where it saw an IsError result\n") ||
		strings.Contains(stderr, "TestNew ") {
		t.Errorf("-fix does not name the test that calls a converted handler (and only it); stderr:\n%s", stderr)
	}
	after := tree(t, dir)
	goldens, err := filepath.Glob(filepath.Join(dir, "golden", "*", "*.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, g := range goldens {
		want, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(filepath.Join(dir, "golden"), strings.TrimSuffix(g, ".golden"))
		if after[rel] != string(want) {
			t.Errorf("%s after -fix:\n%s\nwant:\n%s", rel, after[rel], want)
		}
		if after[rel] == before[rel] {
			t.Errorf("%s: -fix changed nothing", rel)
		}
	}
	// tags builds its server with options from a call: no boundary can be
	// installed there, so its IsError result is left as it is, reported.
	if after["tags/tags.go"] != before["tags/tags.go"] {
		t.Errorf("tags/tags.go: -fix changed a tool no boundary will wrap:\n%s", after["tags/tags.go"])
	}
	for _, want := range []string{"tags/tags.go:21:", "tags/tags.go:29:"} {
		if !strings.Contains(leftOut, want) {
			t.Errorf("-fix did not say a finding at %s is left:\n%s", want, leftOut)
		}
	}
	// An upstream error handed to toolerr.Upstream reaches the model, through
	// the boundary, as what its status says: a 404 the model's mistake, a
	// 500 a fault; the project's own check's access-denied error, made a
	// ToolError where it is made, a caller error.
	if err := os.WriteFile(filepath.Join(dir, "upstream", "migrated_test.go"), []byte(upstreamStatusTest), 0o666); err != nil {
		t.Fatal(err)
	}
	// The routed tests assert what they asserted before: the model's
	// view of the calls, through the boundary.
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}, {"test", "./notes/", "./upstream/"}} {
		if out, err := exec.Command("go", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Errorf("go %s on the fixed module: %v\n%s", args[0], err, out)
		}
	}
	again, stderr, code := run(t, dir, bin, "./...")
	// The fixes add imports: compare the findings without their lines.
	lines := regexp.MustCompile(`(?m)^([^:\s]+):\d+:\d+:`)
	if code != 3 || lines.ReplaceAllString(again, "$1:") != lines.ReplaceAllString(leftOut, "$1:") {
		t.Errorf("after -fix: exit %d, findings\n%s\nwant what -fix said was left:\n%s\n%s", code, again, leftOut, stderr)
	}
	for _, name := range []string{"loglevel", "messagetext", "emptyonfail"} {
		if strings.Count(again, "("+name+")") > strings.Count(first, "("+name+")") {
			t.Errorf("-fix created a %s finding:\n%s", name, again)
		}
	}
	if err := os.Remove(filepath.Join(dir, "upstream", "migrated_test.go")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, _ := run(t, dir, bin, "-fix", "./..."); !strings.HasPrefix(stderr, "toolcheck: fix: applied 0 fixes\n") || !equalTrees(after, tree(t, dir)) {
		t.Errorf("a second -fix changed something:\n%s", stderr)
	}
}

// upstreamStatusTest checks the migrated upstream package at run time: the
// handler whose error only the upstream's status classifies, behind the
// boundary, for a 404 and a 500.
const upstreamStatusTest = `package upstream

import (
	"context"
	"net/http"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
)

type apiError struct{ Response *http.Response }

func (e *apiError) Error() string { return "GET /repos/o/r: " + http.StatusText(e.Response.StatusCode) }

func TestMigratedUpstream(t *testing.T) {
	t.Parallel()
	for status, want := range map[int]string{404: "failed to get repository: not found", 500: toolerr.FaultMessage} {
		s := &Server{c: &Client{Err: &apiError{&http.Response{StatusCode: status}}}}
		res, err := mcpgo.Boundary(s.getRepoName)(context.Background(), mcp.CallToolRequest{})
		if err != nil || res == nil || !res.IsError || len(res.Content) != 1 {
			t.Fatalf("status %d: %v, %+v", status, err, res)
		}
		if got := res.Content[0].(mcp.TextContent).Text; got != want {
			t.Errorf("status %d: the model reads %q, want %q", status, got, want)
		}
	}
	// The project's check, its access-denied errors made caller errors.
	s := &Server{allowed: "/nonexistent-root"}
	var req mcp.CallToolRequest
	req.Params.Arguments = map[string]any{"path": "/etc"}
	res, err := mcpgo.Boundary(s.statFile)(context.Background(), req)
	if err != nil || res == nil || !res.IsError || len(res.Content) != 1 {
		t.Fatalf("stat outside the root: %v, %+v", err, res)
	}
	if got, want := res.Content[0].(mcp.TextContent).Text, "access denied - path outside allowed directories: /etc"; got != want {
		t.Errorf("stat outside the root: the model reads %q, want %q", got, want)
	}
}
`
