package driver

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	goroot := goEnvTrim("", nil).GOROOT
	if goroot == "" {
		t.Skip("no go command")
	}
	cache := t.TempDir()
	t.Setenv("TOOLCHECK_CACHE", cache)
	dir := t.TempDir()
	goVersion := "go1.22"
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
			"Dir": src, "ImportPath": path, "ModulePath": modulePath, "GoVersion": goVersion,
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

	// Both files are in the cache, and a unit with the same inputs is
	// answered from it: a marker put in utf8's entry is what it writes.
	entries, _ := filepath.Glob(filepath.Join(cache, "vetstd", "*", "*"))
	if len(entries) != 2 {
		t.Fatalf("the cache holds %d files, want 2: %v", len(entries), entries)
	}
	utf8Data, err := os.ReadFile(utf8Vetx)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if data, _ := os.ReadFile(e); bytes.Equal(data, utf8Data) {
			if err := os.WriteFile(e, []byte("marker"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	cfg, _ = unit("unicode/utf8", true, "", nil)
	if !std(cfg) {
		t.Fatal("vetStd left unicode/utf8 to unitchecker")
	}
	if data, _ := os.ReadFile(utf8Vetx); string(data) != "marker" {
		t.Errorf("the same unit again was not answered from the cache: %.20q", data)
	}
	// Another input, another entry; with the cache off, none.
	goVersion = "go1.23"
	cfg, _ = unit("unicode/utf8", true, "", nil)
	if !std(cfg) {
		t.Fatal("vetStd left unicode/utf8 to unitchecker")
	}
	if data, _ := os.ReadFile(utf8Vetx); !bytes.Equal(data, utf8Data) {
		t.Errorf("a unit of another Go version was answered from the cache: %.20q", data)
	}
	t.Setenv("TOOLCHECK_CACHE", "off")
	goVersion = "go1.24"
	cfg, _ = unit("unicode/utf8", true, "", nil)
	if !std(cfg) {
		t.Fatal("vetStd left unicode/utf8 to unitchecker")
	}
	if entries, _ := filepath.Glob(filepath.Join(cache, "vetstd", "*", "*")); len(entries) != 3 {
		t.Errorf("the cache holds %d files, want 3 (the cache off writes none)", len(entries))
	}

	if cfg, _ := unit("unicode/utf8", false, "", nil); std(cfg) {
		t.Error("vetStd answered a unit run for findings")
	}
	if cfg, _ := unit("unicode/utf8", true, "example.com/m", nil); std(cfg) {
		t.Error("vetStd answered a package of a module")
	}
}

// TestStdCacheDir checks where the cache is.
func TestStdCacheDir(t *testing.T) {
	abs := t.TempDir()
	for env, want := range map[string]string{
		abs:        filepath.Join(abs, "vetstd"),
		"off":      "",
		"relative": "", // go vet runs the tool in each package's directory
	} {
		t.Setenv("TOOLCHECK_CACHE", env)
		if got := stdCacheDir(); got != want {
			t.Errorf("TOOLCHECK_CACHE=%s: the cache is %q, want %q", env, got, want)
		}
	}
}

// TestStdCacheTrim checks that a trim removes the entries unused for five
// days, and runs at most once a day.
func TestStdCacheTrim(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old, recent := filepath.Join(dir, "ab", "ab01"), filepath.Join(dir, "ab", "ab02")
	if err := os.MkdirAll(filepath.Dir(old), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{old, recent} {
		if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(old, now.Add(-6*24*time.Hour), now.Add(-6*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	stdCacheTrim(dir, now)
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("an entry unused for six days is still there (%v)", err)
	}
	if _, err := os.Stat(recent); err != nil {
		t.Errorf("a recent entry was removed: %v", err)
	}
	if err := os.Chtimes(recent, now.Add(-6*24*time.Hour), now.Add(-6*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	stdCacheTrim(dir, now.Add(time.Hour)) // within a day of the last trim
	if _, err := os.Stat(recent); err != nil {
		t.Errorf("a second trim within a day removed an entry: %v", err)
	}
}

// TestExeBuildID checks the build ID the cache keys by against the go
// command's reading of it.
func TestExeBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Skipf("go tool buildid: %v", err)
	}
	if got, want := exeBuildID(), strings.TrimSpace(string(out)); got != want {
		t.Errorf("exeBuildID() = %q, go tool buildid says %q", got, want)
	}
}
