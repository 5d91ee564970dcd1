package main_test

import (
	"path/filepath"
	"testing"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// fixtureSummary is -summary on testdata/baseline's seven findings.
const fixtureSummary = `summary: 7 findings
by analyzer:
  iserror                 6   85.7%
  messagetext             1   14.3%
by package:
  example.com/bl/notes    6   85.7%
  example.com/bl/results  1   14.3%
by function:
  (*notes.Notes).load     2   28.6%
  (*notes.Notes).read     2   28.6%
  notes.deleteNote        1   14.3%
  notes.deleteNote.func1  1   14.3%
  results.Error           1   14.3%
by helper (the callee a message names):
  mcp.NewToolResultError  3   42.9%
  results.Error           2   28.6%
`

// TestSummary checks -summary on a fixture of known counts: the exact
// lines on stderr after the findings, stdout unchanged in text and JSON,
// and with a baseline, counts of the findings it reports only.
func TestSummary(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	dir := testkit.CopyModule(t, "baseline")
	plain, _, _ := runShared(t, filepath.Join(testkit.Root(t), "testdata", "baseline"), "./...")
	stdout, stderr, code := run(t, dir, bin, "-summary", "./...")
	if code != 3 || stdout != plain || stderr != fixtureSummary {
		t.Errorf("-summary: exit %d, stdout changed: %v, stderr\n%s\nwant\n%s", code, stdout != plain, stderr, fixtureSummary)
	}
	stdout, stderr, code = run(t, dir, bin, "-summary", "-json", "./...")
	if got := parseJSON(t, dir, stdout); code != 3 || len(got) != 7 || stderr != fixtureSummary {
		t.Errorf("-summary -json: exit %d, %d findings, stderr\n%s\nwant 7 findings and\n%s", code, len(got), stderr, fixtureSummary)
	}
	// With -write-baseline, the summary is of what it recorded.
	_, stderr, code = run(t, dir, bin, "-baseline="+baselineFile, "-write-baseline", "-summary", "./...")
	if code != 0 || stderr != "toolcheck: baseline: recorded 7 findings in toolcheck-baseline.json\n"+fixtureSummary {
		t.Errorf("-write-baseline -summary: exit %d, stderr\n%s", code, stderr)
	}
	// With the baseline, of the new finding only.
	addRename(t, dir)
	_, stderr, code = run(t, dir, bin, "-baseline="+baselineFile, "-summary", "./...")
	want := `summary: 1 finding
by analyzer:
  iserror                 1  100.0%
by package:
  example.com/bl/notes    1  100.0%
by function:
  (*notes.Notes).rename   1  100.0%
by helper (the callee a message names):
  mcp.NewToolResultError  1  100.0%
`
	if code != 3 || stderr != want {
		t.Errorf("-baseline -summary: exit %d, stderr\n%s\nwant\n%s", code, stderr, want)
	}
}
