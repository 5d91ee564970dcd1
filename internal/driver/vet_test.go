package driver

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestVetSelection checks that the analyzers a go vet run reports are
// read from its arguments as unitchecker reads them: the ones set true if
// any is, else all but the ones set false.
func TestVetSelection(t *testing.T) {
	var all []*analysis.Analyzer
	for _, n := range []string{"unwrapped", "iserror", "messagetext"} {
		all = append(all, &analysis.Analyzer{Name: n})
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"-json", "unit.cfg"}, []string{"unwrapped", "iserror", "messagetext"}},
		{[]string{"-iserror=false", "unit.cfg"}, []string{"unwrapped", "messagetext"}},
		{[]string{"--messagetext", "unit.cfg"}, []string{"messagetext"}},
		{[]string{"-iserror", "-messagetext=true", "-unwrapped=false", "unit.cfg"}, []string{"iserror", "messagetext"}},
		{[]string{"-messagetext.fault-text", "unit.cfg"}, []string{"unwrapped", "iserror", "messagetext"}},
	} {
		if got := Names(Select(all, vetSelection(tc.args, all))); !slices.Equal(got, tc.want) {
			t.Errorf("%q: reporting %q, want %q", tc.args, got, tc.want)
		}
	}
}
