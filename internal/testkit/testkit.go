// Package testkit lays out the tests' inputs: analysistest GOPATHs (the
// SDK stubs shared by every analyzer's tests, plus the analyzer's own
// fixtures) and copies of the checkout's fixture modules.
package testkit

import (
	"bytes"
	"go/ast"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Root returns the module root, found from the working directory.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// GOPATH returns a temporary GOPATH-style tree holding the SDK stubs of
// testdata/sdkstubs and the fixtures of each of dirs (each a testdata
// directory with a src/ folder), for analysistest.Run.
func GOPATH(t testing.TB, dirs ...string) string {
	t.Helper()
	tmp := t.TempDir()
	srcs := append([]string{filepath.Join(Root(t), "testdata", "sdkstubs")}, dirs...)
	for _, d := range srcs {
		if err := copyTree(filepath.Join(d, "src"), filepath.Join(tmp, "src")); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// TypesInfo returns a types.Info that records everything the analyzers
// read, for a test that type-checks source of its own.
func TypesInfo() *types.Info {
	return &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances: map[*ast.Ident]types.Instance{}, Implicits: map[ast.Node]types.Object{},
		Scopes: map[ast.Node]*types.Scope{},
	}
}

// WriteFiles writes each file, named by its slash-separated path under
// dir, creating the directories it needs.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// CopyModule copies the fixture module testdata/NAME of the checkout to a
// fresh directory and returns it, pointing the module's relative replace
// of toolerr (=> ../../toolerr) at the checkout's.
func CopyModule(t testing.TB, name string) string {
	t.Helper()
	root := Root(t)
	dst := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(root, "testdata", name))); err != nil {
		t.Fatal(err)
	}
	gomod := filepath.Join(dst, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.ReplaceAll(data, []byte("=> ../../toolerr"), []byte("=> "+filepath.Join(root, "toolerr")))
	if err := os.WriteFile(gomod, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}
