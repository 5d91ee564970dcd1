package unwrapped_test

import (
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/analyzers/unwrapped"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

func TestUnwrapped(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	related(t, analysistest.Run(t, dir, unwrapped.Analyzer, "mcpgo", "gosdk", "app", "generic", "clean", "directives"))
}

// TestShapes runs the registration architectures of large servers, each
// beside its wrapped twin.
func TestShapes(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	related(t, analysistest.Run(t, dir, unwrapped.Analyzer, "shapes/..."))
}

// TestInstallFix installs the one boundary in sight as server middleware
// where each server is built.
func TestInstallFix(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	analysistest.RunWithSuggestedFixes(t, dir, unwrapped.Analyzer, "installfix", "installlater", "installpool", "installreg")
}

// TestInterfaces runs registrations through the project's own interfaces,
// registrar objects, generic helpers and names of other packages, each
// beside its wrapped twin.
func TestInterfaces(t *testing.T) {
	dir := testkit.GOPATH(t, filepath.Join(testkit.Root(t), "internal", "toolmodel", "testdata"), analysistest.TestData())
	related(t, analysistest.Run(t, dir, unwrapped.Analyzer, "ifaces/..."))
}

var update = flag.Bool("update", false, "rewrite testdata/related/*.golden")

// related checks every finding with its related information, which names
// each tool the finding counts (the message names three), against
// testdata/related/TEST.golden: the fixtures' record of which tools are
// found. go test -update rewrites it.
func related(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	posn := func(fset *token.FileSet, pos token.Pos) string {
		if !pos.IsValid() {
			return "-"
		}
		p := fset.Position(pos)
		_, file, _ := strings.Cut(filepath.ToSlash(p.Filename), "/src/")
		return fmt.Sprintf("%s:%d", file, p.Line)
	}
	var blocks []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			b := fmt.Sprintf("%s: %s\n", posn(r.Pass.Fset, d.Pos), d.Message)
			for _, rel := range d.Related {
				b += fmt.Sprintf("\t%s: %s\n", posn(r.Pass.Fset, rel.Pos), rel.Message)
			}
			blocks = append(blocks, b)
		}
	}
	sort.Strings(blocks)
	got := []byte(strings.Join(blocks, ""))
	golden := filepath.Join("testdata", "related", t.Name()+".golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("findings and related information differ from %s (go test -update rewrites it):\n%s", golden, lineDiff(string(want), string(got)))
	}
}

// lineDiff lists the lines only one of want and got has.
func lineDiff(want, got string) string {
	count := map[string]int{}
	for _, l := range strings.SplitAfter(want, "\n") {
		count[l]++
	}
	for _, l := range strings.SplitAfter(got, "\n") {
		count[l]--
	}
	var out []string
	for l, n := range count {
		switch {
		case n > 0:
			out = append(out, "- "+l)
		case n < 0:
			out = append(out, "+ "+l)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "")
}
