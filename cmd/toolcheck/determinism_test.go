package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/synth"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// A report is a driver's findings, in the order each analyzer reported
// them within each file: "file\tanalyzer" to "line:col: message" lines.
type report map[string][]string

// decodeReport reads the -json output of the standalone driver (one tree)
// or of go vet (one tree per package, concatenated), merging the package
// variants (p and p [p.test]) in package ID order without duplicates. An
// analyzer error fails the test.
func decodeReport(t *testing.T, dir string, out []byte) report {
	t.Helper()
	trees := map[string]map[string]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("-json output: %v\n%s", err, out)
		}
		for id, byAnalyzer := range tree {
			if trees[id] == nil {
				trees[id] = map[string]json.RawMessage{}
			}
			for a, raw := range byAnalyzer {
				trees[id][a] = raw
			}
		}
	}
	ids := make([]string, 0, len(trees))
	for id := range trees {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	r := report{}
	seen := map[string]bool{}
	for _, id := range ids {
		analyzers := make([]string, 0, len(trees[id]))
		for a := range trees[id] {
			analyzers = append(analyzers, a)
		}
		sort.Strings(analyzers)
		for _, a := range analyzers {
			raw := trees[id][a]
			if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
				t.Errorf("%s: %s: analyzer error: %s", id, a, raw)
				continue
			}
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				t.Fatalf("%s: %s: %v", id, a, err)
			}
			for _, d := range diags {
				// posn is file:line:col.
				i := strings.LastIndex(d.Posn, ":")
				j := strings.LastIndex(d.Posn[:max(i, 0)], ":")
				if j < 0 {
					t.Fatalf("bad posn %q", d.Posn)
				}
				file, _ := filepath.Rel(dir, d.Posn[:j])
				key := filepath.ToSlash(file) + "\t" + a
				item := d.Posn[j+1:] + ": " + d.Message
				if !seen[key+"\t"+item] {
					seen[key+"\t"+item] = true
					r[key] = append(r[key], item)
				}
			}
		}
	}
	return r
}

func (r report) String() string {
	keys := make([]string, 0, len(r))
	for k := range r {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, item := range r[k] {
			fmt.Fprintf(&b, "%s\t%s\n", k, item)
		}
	}
	return b.String()
}

func (r report) count() int {
	n := 0
	for _, items := range r {
		n += len(items)
	}
	return n
}

// freshCopy copies the binary with a unique tail: go vet keys its result
// cache by the tool's content hash, so each copy misses the cache and the
// analyzers really run.
func freshCopy(t *testing.T, bin, tag string) string {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, fmt.Sprintf("\n%s %d\n", tag, os.Getpid())...)
	path := filepath.Join(t.TempDir(), "toolcheck")
	if err := os.WriteFile(path, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkDeterminism runs the standalone driver twice and go vet vetRuns
// times (each run missing the vet cache) on ./... in dir, and requires the
// same findings in the same order: byte-identical standalone output, and
// the same per-file, per-analyzer sequences from both drivers. On the
// checkout's end-to-end fixture (e2e set), the first standalone run and
// the first go vet run are the ones the other tests share.
func checkDeterminism(t *testing.T, bin, dir string, vetRuns int, e2e bool) {
	var stdout1, stderr1 string
	var code int
	if e2e {
		stdout1, stderr1, code = runShared(t, dir, "-json", "./...")
	} else {
		stdout1, stderr1, code = run(t, dir, bin, "-json", "./...")
	}
	if code != 3 {
		t.Fatalf("toolcheck -json ./...: exit %d, want 3 (findings)\n%s", code, stderr1)
	}
	stdout2, _, _ := run(t, dir, bin, "-json", "./...")
	if stdout1 != stdout2 {
		t.Errorf("two standalone runs differ:\nfirst:\n%s\nsecond:\n%s", stdout1, stdout2)
	}
	standalone := decodeReport(t, dir, []byte(stdout1))
	if standalone.count() == 0 {
		t.Fatal("no findings: nothing to compare")
	}
	for i := 1; i <= vetRuns; i++ {
		var out, stderr string
		if e2e && i == 1 {
			out, stderr, code = sharedVetE2E(t)
		} else {
			tool := freshCopy(t, bin, fmt.Sprintf("determinism-%s-%d", t.Name(), i))
			out, stderr, code = run(t, dir, "go", "vet", "-vettool="+tool, "-json", "./...")
		}
		if code != 0 {
			t.Fatalf("go vet -vettool -json: exit %d\n%s", code, stderr)
		}
		vet := decodeReport(t, dir, []byte(out))
		if got, want := vet.String(), standalone.String(); got != want {
			t.Errorf("go vet run %d and the standalone driver differ:\nvet:\n%s\nstandalone:\n%s", i, got, want)
		}
	}
}

// TestDeterminism checks that toolcheck reports the same findings in the
// same order on repeated runs and through both drivers, on the end-to-end
// fixture (every analyzer has a package there). With
// TOOLCHECK_DETERMINISM_FULL=1 it runs go vet twice, and checks a
// generated module too (a few CPU-minutes).
func TestDeterminism(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	full := os.Getenv("TOOLCHECK_DETERMINISM_FULL") != ""
	vetRuns := 1
	if full {
		vetRuns = 2
	}
	bin := buildTool(t)
	t.Run("e2e", func(t *testing.T) {
		checkDeterminism(t, bin, filepath.Join(testkit.Root(t), "testdata", "e2e"), vetRuns, true)
	})
	t.Run("synth", func(t *testing.T) {
		if !full {
			t.Skip("set TOOLCHECK_DETERMINISM_FULL=1 to check a generated module too")
		}
		dir := t.TempDir()
		if err := synth.Module(dir, synth.ModuleOptions{Packages: 6, Tools: 2 * synth.Kinds}); err != nil {
			t.Fatal(err)
		}
		checkDeterminism(t, bin, dir, vetRuns, false)
	})
}
