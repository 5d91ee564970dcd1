package suite_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
	"github.com/toolcheck/toolcheck/internal/driver"
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
			// A run that shows no fix (SetFixes(false)): the same findings,
			// without their fixes.
			noFixes := &config.Config{}
			noFixes.SetFixes(false)
			bare := findings(t, suite.New(noFixes), pkgs)
			var stripped []string
			fixed := 0
			for _, f := range want {
				i := strings.LastIndex(f, " [")
				if !strings.HasSuffix(f, " []") {
					fixed++
				}
				stripped = append(stripped, f[:i]+" []")
			}
			slices.Sort(stripped)
			if !slices.Equal(bare, slices.Compact(stripped)) {
				t.Errorf("a run without fixes found\n%s\nwant the findings without their fixes\n%s", strings.Join(bare, "\n"), strings.Join(stripped, "\n"))
			}
			t.Logf("%d findings in %d packages, %d with a fix", len(want), len(pkgs), fixed)
		})
	}
}

func load(t *testing.T, gopath string, patterns []string) []*packages.Package {
	t.Helper()
	env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off")
	// The command's loader: the standard library from its declarations.
	pkgs, err := driver.Load(gopath, patterns, true, env)
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

// TestOneFindingPerPlace checks that where iserror and messagetext report
// the same IsError result, a run reporting both has one finding there,
// iserror's, carrying messagetext's as related information; and that a
// run without iserror keeps messagetext's findings.
func TestOneFindingPerPlace(t *testing.T) {
	root := testkit.Root(t)
	testdata := filepath.Join(root, "analyzers", "messagetext", "testdata")
	gopath := testkit.GOPATH(t, filepath.Join(root, "internal", "toolmodel", "testdata"), testdata)
	ents, err := os.ReadDir(filepath.Join(testdata, "src"))
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, e := range ents {
		patterns = append(patterns, e.Name()+"/...")
	}
	pkgs := load(t, gopath, patterns)

	classic := &config.Config{}
	want := byAnalyzer(t, suite.New(classic), pkgs) // reporting not said: no merge

	all := &config.Config{}
	all.SetReporting([]string{"unwrapped", "iserror", "loglevel", "emptyonfail", "messagetext"})
	got := byAnalyzer(t, suite.New(all), pkgs)
	related := map[string]bool{}
	for _, f := range got["iserror"] {
		for _, r := range f.related {
			related[r] = true
		}
	}
	if !slices.Equal(keys(got["iserror"]), keys(want["iserror"])) {
		t.Errorf("iserror's findings changed:\n got %q\nwant %q", keys(got["iserror"]), keys(want["iserror"]))
	}
	absorbed := 0
	for _, f := range want["messagetext"] {
		switch {
		case related[f.key+" (messagetext)"]:
			absorbed++
			if slices.Contains(keys(got["messagetext"]), f.key) {
				t.Errorf("reported twice, on its own and as related information of iserror's: %s", f.key)
			}
		case !slices.Contains(keys(got["messagetext"]), f.key):
			t.Errorf("messagetext finding lost: %s", f.key)
		}
	}
	if absorbed == 0 || absorbed == len(want["messagetext"]) {
		t.Errorf("%d of %d messagetext findings carried by iserror's; want some, not all", absorbed, len(want["messagetext"]))
	}

	alone := &config.Config{}
	alone.SetReporting([]string{"unwrapped", "loglevel", "emptyonfail", "messagetext"})
	got = byAnalyzer(t, suite.New(alone), pkgs)
	if !slices.Equal(keys(got["messagetext"]), keys(want["messagetext"])) {
		t.Errorf("without iserror, messagetext's findings changed:\n got %q\nwant %q", keys(got["messagetext"]), keys(want["messagetext"]))
	}
	t.Logf("%d of %d messagetext findings carried by iserror's", absorbed, len(want["messagetext"]))
}

// A finding is a rendered diagnostic with its related information.
type finding struct {
	key     string // position: message
	related []string
}

// byAnalyzer runs analyzers on pkgs and returns the findings of each.
func byAnalyzer(t *testing.T, analyzers []*analysis.Analyzer, pkgs []*packages.Package) map[string][]finding {
	t.Helper()
	g, err := checker.Analyze(analyzers, pkgs, &checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]finding{}
	for act := range g.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding{key: fmt.Sprintf("%s: %s", fset.Position(d.Pos), d.Message)}
			for _, r := range d.Related {
				f.related = append(f.related, fmt.Sprintf("%s: %s", fset.Position(r.Pos), r.Message))
			}
			out[act.Analyzer.Name] = append(out[act.Analyzer.Name], f)
		}
	}
	return out
}

// keys returns the sorted, distinct keys of fs.
func keys(fs []finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.key)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestDirectiveNames checks that a suppression directive may name any
// analyzer of the suite, and that each malformed or idle directive is
// reported once: by the analyzer it names, or, naming none of the suite,
// by the first.
func TestDirectiveNames(t *testing.T) {
	gopath := t.TempDir()
	src := `package dirs

//toolcheck:ignore messagetext nothing to suppress here
var a = 1

//toolcheck:ignore loglevel,wrapped one name is a typo
var b = 2

//toolcheck:ignore wrapped a typo alone
var c = 3
`
	dir := filepath.Join(gopath, "src", "dirs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "dirs.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := findings(t, suite.New(&config.Config{}), load(t, gopath, []string{"dirs"}))
	want := []string{
		`messagetext dirs.go:3:1: toolcheck:ignore directive suppresses no messagetext finding: remove it []`,
		`loglevel dirs.go:6:1: malformed toolcheck:ignore directive names unknown analyzer "wrapped": write //toolcheck:ignore <analyzer> <reason> []`,
		`unwrapped dirs.go:9:1: malformed toolcheck:ignore directive names unknown analyzer "wrapped": write //toolcheck:ignore <analyzer> <reason> []`,
	}
	for i := range got {
		got[i] = strings.ReplaceAll(got[i], dir+string(filepath.Separator), "")
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
