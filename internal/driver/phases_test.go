package driver

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
)

// TestPhases runs a command with TOOLCHECK_PHASES set (measurePhases) and
// an analyzer that allocates: one line on standard error with the cost of
// loading and of the analysis, the analysis's allocation counted.
func TestPhases(t *testing.T) {
	defer func(v bool) { measurePhases = v }(measurePhases)
	measurePhases = true
	var kept [][]byte
	alloc := &analysis.Analyzer{
		Name: "alloc",
		Doc:  "allocates 4 MB",
		Run: func(*analysis.Pass) (any, error) {
			for range 64 {
				kept = append(kept, make([]byte, 64<<10))
			}
			return nil, nil
		},
	}
	var stdout, stderr bytes.Buffer
	p := &Program{Name: "toolcheck", Analyzers: []*analysis.Analyzer{alloc}, Config: &config.Config{}, Stdout: &stdout, Stderr: &stderr, Dir: tinyModule(t)}
	if code := p.Command([]string{"./..."}); code != ExitClean {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	want := `^toolcheck: phases: loading [0-9.]+ s user \+ [0-9.]+ s system, [0-9]+ page faults; analysis [0-9.]+ s user \+ [0-9.]+ s system, [0-9]+ page faults, ([0-9]+) MB allocated in [0-9]+ objects\n$`
	if _, _, _, ok := usage(); !ok {
		want = `^toolcheck: phases: analysis ([0-9]+) MB allocated in [0-9]+ objects\n$`
	}
	m := regexp.MustCompile(want).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("standard error:\n%s\nwant a line matching %s", stderr.String(), want)
	}
	if mb, _ := strconv.Atoi(m[1]); mb < 4 {
		t.Errorf("the analysis allocated %s MB, want at least the 4 MB its analyzer kept", m[1])
	}
	if len(kept) != 64 {
		t.Errorf("the analyzer ran %d times, want once", len(kept)/64)
	}
}
