package driver

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
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
