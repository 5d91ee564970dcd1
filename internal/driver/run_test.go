package driver

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
)

// TestFixesUsed checks what a command run tells the analyzers of its
// suggested fixes: unused when it prints text without -fix or -diff,
// used otherwise.
func TestFixesUsed(t *testing.T) {
	dir := tinyModule(t)
	for _, tc := range []struct {
		flags string
		want  bool
	}{
		{"", false},
		{"-json", true},
		{"-format=sarif", true},
		{"-diff", true},
		{"-summary", false},
	} {
		cfg := &config.Config{}
		var during []bool
		probe := &analysis.Analyzer{
			Name: "probe",
			Doc:  "records whether the run uses fixes",
			Run: func(*analysis.Pass) (any, error) {
				during = append(during, cfg.Fixes())
				return nil, nil
			},
		}
		var stdout, stderr bytes.Buffer
		p := &Program{Name: "toolcheck", Analyzers: []*analysis.Analyzer{probe}, Config: cfg, Stdout: &stdout, Stderr: &stderr, Dir: dir}
		if code := p.Command(append(strings.Fields(tc.flags), "./...")); code != ExitClean {
			t.Fatalf("%q: exit %d\n%s", tc.flags, code, stderr.String())
		}
		if len(during) != 1 || during[0] != tc.want {
			t.Errorf("%q: the analysis saw fixes used %v, want [%v]", tc.flags, during, tc.want)
		}
	}
}
