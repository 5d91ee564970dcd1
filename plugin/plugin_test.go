package plugin_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/testkit"
	"github.com/toolcheck/toolcheck/plugin"
)

func names(as []*analysis.Analyzer) []string {
	var ns []string
	for _, a := range as {
		ns = append(ns, a.Name)
	}
	return ns
}

func build(t *testing.T, settings any) []*analysis.Analyzer {
	t.Helper()
	newPlugin, err := register.GetPlugin("toolcheck")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// TestAnalyzers checks that the plugin registers as "toolcheck" and runs
// every analyzer of the suite, each with one shared model.
func TestAnalyzers(t *testing.T) {
	as := build(t, nil)
	if len(as) == 0 || !strings.HasPrefix(as[len(as)-1].Name, "config_") {
		t.Fatalf("BuildAnalyzers() = %v, want the configuration's fingerprint last", names(as))
	}
	if got, want := names(as[:len(as)-1]), names(suite.New(&config.Config{})); !slices.Equal(got, want) {
		t.Errorf("BuildAnalyzers() = %v, want the suite %v", got, want)
	}
	if !slices.Contains(names(as), "unwrapped") {
		t.Errorf("BuildAnalyzers() = %v, want unwrapped among them", names(as))
	}
	var model *analysis.Analyzer
	for _, a := range as {
		for _, r := range a.Requires {
			if strings.HasPrefix(r.Name, "toolmodel_") {
				if model != nil && model != r {
					t.Errorf("%s requires another toolmodel analyzer than the others", a.Name)
				}
				model = r
			}
		}
	}
	if model == nil {
		t.Error("no analyzer requires the toolmodel analyzer")
	}
}

// TestSettings runs the plugin's analyzers with settings shaped as
// golangci-lint decodes YAML: a boundary that only the settings name is a
// boundary, tests: true reports in _test.go files.
func TestSettings(t *testing.T) {
	as := build(t, map[string]any{
		"boundaries": []any{"guarded.Guard"},
		"tests":      true,
	})
	i := slices.Index(names(as), "unwrapped")
	if i < 0 {
		t.Fatal("no unwrapped analyzer")
	}
	dir := testkit.GOPATH(t, analysistest.TestData())
	analysistest.Run(t, dir, as[i], "guarded")
}

// TestBadSettings checks that settings are validated as the configuration
// file is, with errors that name the key.
func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"boundarys": []any{"example.com/x.B"}}, `unknown field "boundarys"`},
		{map[string]any{"tool-errors": []any{"ToolError"}}, `tool-errors: "ToolError": want a qualified name`},
		{map[string]any{"boundaries": "example.com/x.B"}, "cannot unmarshal string"},
		{map[string]any{"tests": "yes"}, "cannot unmarshal string"},
	} {
		_, err := plugin.New(tc.settings)
		if err == nil {
			t.Errorf("New(%v): no error", tc.settings)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || !strings.HasPrefix(msg, "linters.settings.custom.toolcheck.settings: ") {
			t.Errorf("New(%v) = %q, want the settings path and %q", tc.settings, msg, tc.want)
		}
	}
	if _, err := plugin.New(map[string]any{}); err != nil {
		t.Errorf("New(empty settings): %v", err)
	}
}

// TestFingerprint checks that the analyzers' names, which golangci-lint
// keys its cache by, change with the settings and with a .toolcheck.json
// the run can read, and that a broken file fails BuildAnalyzers, naming
// the file and the key.
func TestFingerprint(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	key := func(settings any) string {
		t.Helper()
		var ns []string
		for _, a := range build(t, settings) {
			ns = append(ns, a.Name)
			for _, r := range a.Requires {
				ns = append(ns, r.Name)
			}
		}
		return strings.Join(ns, ",")
	}
	keys := map[string]string{}
	add := func(what, k string) {
		for w, other := range keys {
			if other == k {
				t.Errorf("the cache key is the same with %s and %s: %s", what, w, k)
			}
		}
		keys[what] = k
	}
	add("nothing", key(nil))
	add("settings", key(map[string]any{"tests": true}))
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "pkg", ".toolcheck.json"), `{"boundaries": ["example.com/x.B"]}`)
	add("a file below", key(nil))
	write(filepath.Join(dir, "pkg", ".toolcheck.json"), `{"boundaries": ["example.com/x.C"]}`)
	add("the file edited", key(nil))
	if again := key(nil); again != keys["the file edited"] {
		t.Errorf("the cache key changed with nothing changed")
	}
	write(filepath.Join(dir, ".toolcheck.json"), `{"boundarys": ["example.com/x.B"]}`)
	newPlugin, _ := register.GetPlugin("toolcheck")
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.BuildAnalyzers(); err == nil || !strings.Contains(err.Error(), `unknown field "boundarys"`) || !strings.Contains(err.Error(), ".toolcheck.json") {
		t.Errorf("BuildAnalyzers with a broken .toolcheck.json: %v", err)
	}
}

// TestWithoutRelated checks that the plugin's analyzers report without
// related information, which golangci-lint would turn into issues of
// their own: the same analyzer, wrapped and not.
func TestWithoutRelated(t *testing.T) {
	a := &analysis.Analyzer{
		Name: "related",
		Doc:  "reports a finding with related information",
		Run: func(pass *analysis.Pass) (any, error) {
			f := pass.Files[0]
			pass.Report(analysis.Diagnostic{Pos: f.Package, Message: "a finding",
				Related: []analysis.RelatedInformation{{Pos: f.Name.Pos(), Message: "related here"}}})
			return nil, nil
		},
	}
	dir := testkit.GOPATH(t, analysistest.TestData())
	for _, tc := range []struct {
		a    *analysis.Analyzer
		want int
	}{{a, 1}, {plugin.WithoutRelated([]*analysis.Analyzer{a})[0], 0}} {
		res := analysistest.Run(t, dir, tc.a, "related")
		if len(res) != 1 || len(res[0].Diagnostics) != 1 || len(res[0].Diagnostics[0].Related) != tc.want {
			t.Errorf("%d results, want one finding with %d related entries: %+v", len(res), tc.want, res)
		}
	}
}
