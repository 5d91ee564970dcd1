package driver

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go/token"
	"go/types"

	"golang.org/x/tools/go/gcexportdata"
)

// TestVetStd runs vetStd on go vet units: a package of the standard
// library, unicode/utf8, then unicode/utf16 importing it from the vetx
// file the first wrote (as go vet chains them), each read back as a
// dependent reads it; a package of a module and a unit run for findings
// are left to unitchecker.
func TestVetStd(t *testing.T) {
	goroot := goEnvRoot("", nil)
	if goroot == "" {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	unit := func(path string, vetxOnly bool, modulePath string, vetx map[string]string) (cfg, out string) {
		t.Helper()
		src := filepath.Join(goroot, "src", filepath.FromSlash(path))
		names, err := filepath.Glob(filepath.Join(src, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		var files []string
		for _, n := range names {
			if !strings.HasSuffix(n, "_test.go") {
				files = append(files, n)
			}
		}
		out = filepath.Join(dir, filepath.Base(path)+".vetx")
		importMap := map[string]string{}
		for p := range vetx {
			importMap[p] = p
		}
		data, err := json.Marshal(map[string]any{
			"Dir": src, "ImportPath": path, "ModulePath": modulePath, "GoVersion": "go1.22",
			"GoFiles": files, "ImportMap": importMap, "PackageVetx": vetx,
			"VetxOnly": vetxOnly, "VetxOutput": out,
		})
		if err != nil {
			t.Fatal(err)
		}
		cfg = filepath.Join(dir, filepath.Base(path)+".cfg")
		if err := os.WriteFile(cfg, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return cfg, out
	}
	read := func(file, path string, imports map[string]*types.Package) *types.Package {
		t.Helper()
		data, err := readVetxTypes(file)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := gcexportdata.Read(bytes.NewReader(append([]byte{'i'}, data...)), token.NewFileSet(), imports, path)
		if err != nil {
			t.Fatalf("reading %s back: %v", path, err)
		}
		return pkg
	}

	std := func(cfg string) bool {
		t.Helper()
		u, err := readUnit(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return vetStd(u)
	}
	cfg, utf8Vetx := unit("unicode/utf8", true, "", nil)
	if !std(cfg) {
		t.Fatal("vetStd left unicode/utf8 to unitchecker")
	}
	if pkg := read(utf8Vetx, "unicode/utf8", map[string]*types.Package{}); pkg.Scope().Lookup("RuneLen") == nil {
		t.Errorf("unicode/utf8 read back has no RuneLen: %v", pkg.Scope().Names())
	}
	cfg, utf16Vetx := unit("unicode/utf16", true, "", map[string]string{"unicode/utf8": utf8Vetx})
	if !std(cfg) {
		t.Fatal("vetStd left unicode/utf16 to unitchecker")
	}
	if pkg := read(utf16Vetx, "unicode/utf16", map[string]*types.Package{}); pkg.Scope().Lookup("Encode") == nil {
		t.Errorf("unicode/utf16 read back has no Encode: %v", pkg.Scope().Names())
	}

	if cfg, _ := unit("unicode/utf8", false, "", nil); std(cfg) {
		t.Error("vetStd answered a unit run for findings")
	}
	if cfg, _ := unit("unicode/utf8", true, "example.com/m", nil); std(cfg) {
		t.Error("vetStd answered a package of a module")
	}
}
