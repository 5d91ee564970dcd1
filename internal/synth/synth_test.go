package synth_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolcheck/toolcheck/internal/memcheck"
	"github.com/toolcheck/toolcheck/internal/synth"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// TestStubsTypeCheck type-checks generated packages, self-contained and in
// a module, against the SDK stubs.
func TestStubsTypeCheck(t *testing.T) {
	src := filepath.Join(t.TempDir(), "src")
	if err := synth.Module(filepath.Join(src, "example.com", "bench"), synth.ModuleOptions{Packages: 3, Tools: 12}); err != nil {
		t.Fatal(err)
	}
	l := memcheck.NewLoader(filepath.Join(testkit.Root(t), "testdata", "sdkstubs", "src"), src)
	check := func(t *testing.T, path string, files map[string][]byte) {
		t.Helper()
		pkg, err := l.Package(path, files)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range pkg.Errors {
			t.Error(e)
		}
	}
	for _, sdk := range []synth.SDK{synth.MCPGo, synth.GoSDK, synth.Both} {
		t.Run(fmt.Sprintf("self-contained-%d", sdk), func(t *testing.T) {
			p := synth.Package{Name: "tools", Tools: 2*synth.Kinds + 3, SDK: sdk}
			data, err := p.Source()
			if err != nil {
				t.Fatal(err)
			}
			check(t, fmt.Sprintf("example.com/self%d", sdk), map[string][]byte{"tools.go": data})
		})
	}
	for _, dir := range []string{"p0000", "p0001", "p0002", "cmd/server"} {
		t.Run(dir, func(t *testing.T) {
			path := filepath.Join(src, "example.com", "bench", dir)
			entries, err := os.ReadDir(path)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			for _, e := range entries {
				data, err := os.ReadFile(filepath.Join(path, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				files[filepath.Join(path, e.Name())] = data
			}
			check(t, "example.com/bench/"+dir, files)
		})
	}
}

// TestShapes checks that every handler shape is in a package of Kinds
// tools, for both SDKs.
func TestShapes(t *testing.T) {
	for _, sdk := range []synth.SDK{synth.MCPGo, synth.GoSDK} {
		data, err := synth.Package{Name: "x", Tools: synth.Kinds, SDK: sdk}.Source()
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		for _, want := range []string{"Boundary(t.get0)", "t.count2)", "IsError", "$", "(slog.LevelInfo)", `"[]"`, "err.Error()", "%v"} {
			if want == "$" {
				if strings.Contains(src, "$") {
					t.Errorf("sdk %d: a placeholder is left:\n%s", sdk, src)
				}
				continue
			}
			if want == "%v" && sdk == synth.GoSDK || want == `"[]"` && sdk == synth.GoSDK || want == "err.Error()" && sdk == synth.MCPGo {
				continue
			}
			if want == "IsError" && sdk == synth.MCPGo {
				want = "NewToolResultError("
			}
			if !strings.Contains(src, want) {
				t.Errorf("sdk %d: no %q in the source", sdk, want)
			}
		}
	}
}

// TestModuleBuilds builds a generated module against the real SDKs.
func TestModuleBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds against the real SDKs")
	}
	dir := t.TempDir()
	if err := synth.Module(dir, synth.ModuleOptions{Packages: 2, Tools: synth.Kinds}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet ./... in the generated module: %v\n%s", err, out)
	}
}
