package driver

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
)

// standard reports whether the unit's package is one of the standard
// library: in no module, its path without a dot in its first element, in
// GOROOT/src/PATH of a GOROOT (the one the go command uses, which may not
// be the one that built toolcheck).
func (u *vetUnit) standard() bool {
	first, _, _ := strings.Cut(u.ImportPath, "/")
	if u.ModulePath != "" || first == "" || strings.Contains(first, ".") {
		return false
	}
	src, ok := strings.CutSuffix(u.Dir, string(filepath.Separator)+filepath.FromSlash(u.ImportPath))
	if !ok || filepath.Base(src) != "src" {
		return false
	}
	_, err := os.Stat(filepath.Join(src, "runtime", "runtime.go"))
	return err == nil
}

// vetStd answers a unit go vet runs for the facts of a package of the
// standard library, and reports whether it did. No analyzer learns a fact
// in the standard library (what toolcheck knows of its APIs is written
// down), so the unit's facts are empty and its only product is the
// package's types for its importers; unitchecker would type-check the
// bodies of its functions for them too (a tenth to a fifth of go vet's
// CPU on a cold cache, on the servers measured). The package is
// type-checked from its declarations alone, as the command loads it
// (declarationsOnly), and its vetx file written in unitchecker's layout:
// "vetx", the lengths of the types and of the facts (little-endian
// uint32s), the types in indexed export data, no facts. Whatever it
// cannot do (a unit that is not such a package, a file with a dot import
// or cgo, a type error) it leaves to unitchecker. The file it writes is
// kept in toolcheck's cache (see stdCacheDir), from which a unit with the
// same inputs is answered.
func vetStd(u *vetUnit) bool {
	if !u.VetxOnly || !u.standard() || u.VetxOutput == "" || len(u.GoFiles) == 0 {
		return false
	}
	srcs := make([][]byte, len(u.GoFiles))
	for i, name := range u.GoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return false
		}
		srcs[i] = src
	}
	cache := stdCacheDir()
	key := stdCacheKey(u, srcs)
	if data, ok := stdCacheGet(cache, key); ok {
		return os.WriteFile(u.VetxOutput, data, 0o666) == nil
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for i, name := range u.GoFiles {
		f, err := parser.ParseFile(fset, name, blankBodies(srcs[i]), parser.SkipObjectResolution)
		if err != nil {
			return false
		}
		if dotImport(f) {
			return false
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return false
			}
		}
		declarationsOnly(f)
		files = append(files, f)
	}
	imports := map[string]*types.Package{}
	importer := importerFunc(func(importPath string) (*types.Package, error) {
		path, ok := u.ImportMap[importPath]
		if !ok {
			return nil, fmt.Errorf("can't resolve import %q", importPath)
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		if p, ok := imports[path]; ok && p.Complete() {
			return p, nil
		}
		vetx, ok := u.PackageVetx[path]
		if !ok {
			return nil, fmt.Errorf("no package vetx file for %q", path)
		}
		typesData, err := readVetxTypes(vetx)
		if err != nil {
			return nil, err
		}
		return gcexportdata.Read(bytes.NewReader(append([]byte{'i'}, typesData...)), fset, imports, path)
	})
	tc := &types.Config{
		Importer:  importer,
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: u.GoVersion,
	}
	pkg, err := tc.Check(u.ImportPath, fset, files, nil)
	if err != nil {
		return false
	}
	var typesData bytes.Buffer
	if err := gcexportdata.Write(&typesData, fset, pkg); err != nil {
		return false
	}
	exported := typesData.Bytes()[1:] // without the indexed format's 'i'
	var out bytes.Buffer
	out.WriteString(vetxMagic)
	var lengths [8]byte
	binary.LittleEndian.PutUint32(lengths[0:4], uint32(len(exported)))
	binary.LittleEndian.PutUint32(lengths[4:8], 0)
	out.Write(lengths[:])
	out.Write(exported)
	if err := os.WriteFile(u.VetxOutput, out.Bytes(), 0o666); err != nil {
		return false
	}
	stdCachePut(cache, key, out.Bytes())
	return true
}

// vetxMagic starts unitchecker's vetx files.
const vetxMagic = "vetx"

// readVetxTypes returns the types of a vetx file (see vetStd).
func readVetxTypes(file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(data) < 12 || string(data[:4]) != vetxMagic {
		return nil, fmt.Errorf("%s is not a vetx file", file)
	}
	n := binary.LittleEndian.Uint32(data[4:8])
	if uint64(12)+uint64(n) > uint64(len(data)) {
		return nil, fmt.Errorf("%s is truncated", file)
	}
	return data[12 : 12+n], nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
