package driver

import (
	"bytes"
	"os"
	"runtime/debug"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestGCForAnalysis checks the collector's target while a command run
// analyses its packages and after: raised to analysisGOGC, then restored;
// left as it is when the user sets GOGC or GOMEMLIMIT.
func TestGCForAnalysis(t *testing.T) {
	dir := tinyModule(t)
	percent := func() int {
		p := debug.SetGCPercent(100)
		debug.SetGCPercent(p)
		return p
	}
	for _, tc := range []struct {
		env, value string // "" for neither set
		want       int    // during the analysis
	}{
		{want: analysisGOGC},
		{env: "GOGC", value: "100", want: 100},
		{env: "GOMEMLIMIT", value: "1GiB", want: 100},
	} {
		for _, e := range []string{"GOGC", "GOMEMLIMIT"} {
			t.Setenv(e, "")
			os.Unsetenv(e)
		}
		if tc.env != "" {
			t.Setenv(tc.env, tc.value)
		}
		during := -1
		probe := &analysis.Analyzer{
			Name: "probe",
			Doc:  "records the collector's target",
			Run: func(*analysis.Pass) (any, error) {
				during = percent()
				return nil, nil
			},
		}
		var stdout, stderr bytes.Buffer
		p := &Program{Name: "toolcheck", Analyzers: []*analysis.Analyzer{probe}, Config: &config.Config{}, Stdout: &stdout, Stderr: &stderr, Dir: dir}
		if code := p.Command([]string{"./..."}); code != ExitClean {
			t.Fatalf("%s=%q: exit %d\n%s", tc.env, tc.value, code, stderr.String())
		}
		if during != tc.want {
			t.Errorf("%s=%q: GOGC %d during the analysis, want %d", tc.env, tc.value, during, tc.want)
		}
		if after := percent(); after != 100 {
			t.Errorf("%s=%q: GOGC %d after the run, want 100 again", tc.env, tc.value, after)
		}
	}
}

// tinyModule writes a module of one empty package and returns its
// directory.
func tinyModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testkit.WriteFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"a/a.go": "package a\n",
	})
	return dir
}
