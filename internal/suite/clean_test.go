package suite_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// cleanTrees are fixture packages of correct code: every analyzer, with
// every optional flag on, must draw no finding in them.
var cleanTrees = []struct{ testdata, pkg string }{
	{"analyzers/unwrapped/testdata", "clean"},
	{"analyzers/iserror/testdata", "outcomes"},
	{"analyzers/messagetext/testdata", "upstream"},
	{"internal/toolmodel/testdata", "cleantools"},
	{"internal/toolmodel/testdata", "toolerr"},
	{"internal/toolmodel/testdata", "errkit"},
	{"internal/toolmodel/testdata", "builderkit"},
	{"internal/toolmodel/testdata", "televelapi"},
}

// TestCleanTreesEveryFlag runs the suite with every analyzer's optional
// flags set (the stricter modes included) and the tests setting on the
// clean fixtures: no finding. The command's end-to-end test does the same
// on testdata/adopted.
func TestCleanTreesEveryFlag(t *testing.T) {
	root := testkit.Root(t)
	var dirs, patterns []string
	for _, c := range cleanTrees {
		dirs = append(dirs, filepath.Join(root, c.testdata))
		patterns = append(patterns, c.pkg+"/...")
	}
	gopath := testkit.GOPATH(t, dirs...)
	pkgs := load(t, gopath, patterns)
	analyzers := suite.New(&config.Config{Tests: true})
	if n := setEveryFlag(t, analyzers); n == 0 {
		t.Fatal("no optional flag to set")
	}
	if got := findings(t, analyzers, pkgs); len(got) > 0 {
		t.Errorf("findings on clean trees with every flag on:\n%s", strings.Join(got, "\n"))
	}
}

// setEveryFlag turns on every boolean flag of the analyzers and returns how
// many it set.
func setEveryFlag(t *testing.T, analyzers []*analysis.Analyzer) int {
	n := 0
	for _, a := range analyzers {
		a.Flags.VisitAll(func(f *flag.Flag) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				if err := a.Flags.Set(f.Name, "true"); err != nil {
					t.Fatal(err)
				}
				n++
			}
		})
	}
	return n
}
