package driver

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/config"
)

// AnalysedAlone names a package only when the run has it both on its own
// and as its test variant: not a test variant alone (go vet's unit), not
// an external test package, not the test main.
func TestAnalysedAlone(t *testing.T) {
	pkgs := []*packages.Package{
		{ID: "example.com/a", PkgPath: "example.com/a"},
		{ID: "example.com/a [example.com/a.test]", PkgPath: "example.com/a"},
		{ID: "example.com/a_test [example.com/a.test]", PkgPath: "example.com/a_test"},
		{ID: "example.com/a.test", PkgPath: "example.com/a.test"},
		{ID: "example.com/b [example.com/b.test]", PkgPath: "example.com/b"},
		{ID: "example.com/c", PkgPath: "example.com/c"},
	}
	if got, want := AnalysedAlone(pkgs), []string{"example.com/a"}; !slices.Equal(got, want) {
		t.Errorf("AnalysedAlone = %q, want %q", got, want)
	}
}

// The driver type-checks test variants only when the tests setting is on
// for one of the loaded packages: by the flag, or by the configuration
// file that applies to the current directory or to a package's.
func TestLoadTestsWhenOn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("a/a.go", "package a\n")
	write("a/a_test.go", "package a\n")
	write("b/b.go", "package b\n")
	write("b/b_test.go", "package b_test\n")
	for _, tc := range []struct {
		name       string
		flags      []string
		root, sub  string // the configuration files of dir and dir/b ("" for none)
		wantTested bool
	}{
		{name: "no configuration"},
		{name: "off everywhere", root: `{"tests": false}`, sub: `{}`},
		{name: "on for the current directory", root: `{"tests": true}`, wantTested: true},
		{name: "on for a package's directory", sub: `{"tests": true}`, wantTested: true},
		{name: "the flag on", flags: []string{"-tests"}, wantTested: true},
		{name: "the flag off over a file", flags: []string{"-tests=false"}, sub: `{"tests": true}`},
	} {
		for name, content := range map[string]string{".toolcheck.json": tc.root, "b/.toolcheck.json": tc.sub} {
			if content == "" {
				os.Remove(filepath.Join(dir, name))
			} else {
				write(name, content)
			}
		}
		cfg := &config.Config{}
		fs := flag.NewFlagSet("toolcheck", flag.ContinueOnError)
		cfg.RegisterFlags(fs)
		if err := fs.Parse(tc.flags); err != nil {
			t.Fatal(err)
		}
		p := &Program{Config: cfg, Dir: dir}
		pkgs, err := p.load([]string{"./..."})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var ids []string
		tested := false
		for _, pkg := range pkgs {
			ids = append(ids, pkg.ID)
			tested = tested || strings.Contains(pkg.ID, ".test")
		}
		if tested != tc.wantTested {
			t.Errorf("%s: loaded %q, want test variants %v", tc.name, ids, tc.wantTested)
		}
	}
}
