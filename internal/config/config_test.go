package config

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSettingsOverrideTestsOnlyWhenSet(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(`{"tests": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	without, err := FromSettings(map[string]any{"boundaries": []any{"example.com/x.Wrap"}})
	if err != nil {
		t.Fatal(err)
	}
	eff, err := without.Effective(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !eff.Tests {
		t.Error("settings without a tests key overrode the file's tests: true")
	}
	with, err := FromSettings(map[string]any{"tests": false})
	if err != nil {
		t.Fatal(err)
	}
	if eff, err = with.Effective(dir); err != nil || eff.Tests {
		t.Errorf("settings tests: false did not override the file (tests=%v, err=%v)", eff.Tests, err)
	}
}

func TestFlagsValidateAsTheyAreSet(t *testing.T) {
	var c Config
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	c.RegisterFlags(fs)
	for _, bad := range []string{"-boundaries=Wrap", "-tool-errors=example.com/x.T.M", "-resource-packages=a b", "-tests=maybe"} {
		if err := fs.Parse([]string{bad}); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
	if err := fs.Parse([]string{"-boundaries=example.com/x.Wrap,example.com/x.T.Wrap", "-tests"}); err != nil {
		t.Fatal(err)
	}
	if len(c.Boundaries) != 2 || !c.Tests {
		t.Errorf("got boundaries %v, tests %v", c.Boundaries, c.Tests)
	}
}

func TestParseFileNamesTheProblem(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{`{"boundarys": []}`, `unknown field "boundarys"`},
		{`{"caller-errors": ["ErrX"]}`, `caller-errors: "ErrX"`},
		{`{"tests": true} {}`, "trailing data"},
	} {
		_, err := ParseFile("cfg.json", []byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "cfg.json") {
			t.Errorf("%s: got %v, want an error naming cfg.json and %q", tc.text, err, tc.want)
		}
	}
}
