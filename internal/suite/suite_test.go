package suite_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/analyzers/emptyonfail"
	"github.com/toolcheck/toolcheck/analyzers/iserror"
	"github.com/toolcheck/toolcheck/analyzers/loglevel"
	"github.com/toolcheck/toolcheck/analyzers/messagetext"
	"github.com/toolcheck/toolcheck/analyzers/unwrapped"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// TestHostedFactsSameFindings checks the suite's layout, where the model
// carries every analyzer's facts (toolmodel.NewHost), against the classic
// one, where each analyzer declares and computes its own (toolmodel.New),
// on every analyzer's fixtures: the same findings, at the same places,
// with the same fixes, cross-package facts included.
func TestHostedFactsSameFindings(t *testing.T) {
	root := testkit.Root(t)
	shared := filepath.Join(root, "internal", "toolmodel", "testdata")
	for _, tc := range []struct {
		name string
		dirs []string
	}{
		{"unwrapped", []string{shared}},
		{"iserror", nil},
		{"loglevel", []string{shared}},
		{"emptyonfail", nil},
		{"messagetext", []string{shared}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testdata := filepath.Join(root, "analyzers", tc.name, "testdata")
			gopath := testkit.GOPATH(t, append(tc.dirs, testdata)...)
			var patterns []string
			ents, err := os.ReadDir(filepath.Join(testdata, "src"))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ents {
				if e.IsDir() {
					patterns = append(patterns, e.Name()+"/...")
				}
			}
			pkgs := load(t, gopath, patterns)
			cfg := &config.Config{}
			classicModel := toolmodel.New(cfg)
			classic := []*analysis.Analyzer{
				unwrapped.New(classicModel), iserror.New(classicModel), loglevel.New(classicModel),
				emptyonfail.New(classicModel), messagetext.New(classicModel),
			}
			want := findings(t, classic, pkgs)
			got := findings(t, suite.New(cfg), pkgs)
			if len(want) == 0 {
				t.Fatal("no findings on fixtures built to draw them")
			}
			for _, f := range want {
				if !slices.Contains(got, f) {
					t.Errorf("hosted facts miss: %s", f)
				}
			}
			for _, f := range got {
				if !slices.Contains(want, f) {
					t.Errorf("hosted facts add: %s", f)
				}
			}
			t.Logf("%d findings in %d packages", len(want), len(pkgs))
		})
	}
}

func load(t *testing.T, gopath string, patterns []string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   gopath,
		Env:   append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			t.Fatalf("%s: %v", p.PkgPath, e)
		}
	}
	return pkgs
}

// findings runs analyzers on pkgs and renders each finding with its
// analyzer, position, message and fixes.
func findings(t *testing.T, analyzers []*analysis.Analyzer, pkgs []*packages.Package) []string {
	t.Helper()
	g, err := checker.Analyze(analyzers, pkgs, &checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			var edits []string
			for _, f := range d.SuggestedFixes {
				for _, e := range f.TextEdits {
					edits = append(edits, fmt.Sprintf("%d-%d:%q", act.Package.Fset.Position(e.Pos).Offset, act.Package.Fset.Position(e.End).Offset, e.NewText))
				}
			}
			out = append(out, fmt.Sprintf("%s %s: %s %v", act.Analyzer.Name, act.Package.Fset.Position(d.Pos), d.Message, edits))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
