// Package memcheck type-checks Go source held in memory and runs analyzers
// on it with the go/analysis checker, without go list: the driver of
// toolcheck's fuzz tests and benchmarks.
//
// Packages under the loader's source roots (GOPATH-style src directories,
// such as the SDK stubs of testdata/sdkstubs/src) are type-checked from
// source once and analyzed on every run, so facts flow from them as in a
// real driver; the standard library comes from export data and is not
// analyzed (no toolcheck analyzer learns anything from it).
package memcheck

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Loader type-checks packages against its source roots and the
// standard library. It is safe for concurrent use.
type Loader struct {
	Fset  *token.FileSet
	roots []string

	mu   sync.Mutex
	std  types.Importer
	pkgs map[string]*packages.Package // from the source roots, by path
}

// NewLoader returns a loader that finds non-standard imports in roots.
func NewLoader(roots ...string) *Loader {
	fset := token.NewFileSet()
	return &Loader{
		Fset:  fset,
		roots: roots,
		std:   importer.ForCompiler(fset, "gc", nil),
		pkgs:  map[string]*packages.Package{},
	}
}

// importer resolves imports for one type-checking run; the loader's lock
// is held for its duration.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// load returns the package at path: from a source root, or the standard
// library. The caller holds l.mu.
func (l *Loader) load(path string) (*types.Package, error) {
	if p, ok := l.pkgs[path]; ok {
		if p.IllTyped {
			return nil, fmt.Errorf("%s has errors", path)
		}
		return p.Types, nil
	}
	for _, r := range l.roots {
		dir := filepath.Join(r, filepath.FromSlash(path))
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			p, err := l.loadDir(path, dir)
			if err != nil {
				return nil, err
			}
			if p.IllTyped {
				return nil, fmt.Errorf("%s: %v", path, p.Errors)
			}
			return p.Types, nil
		}
	}
	return l.std.Import(path)
}

func (l *Loader) loadDir(path, dir string) (*packages.Package, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		files[filepath.Join(dir, name)] = data
	}
	p, err := l.check(path, files)
	if err != nil {
		return nil, err
	}
	l.pkgs[path] = p
	return p, nil
}

// Package parses and type-checks files (file name to source) as the
// package path. A file that does not parse is an error; type errors are
// recorded in the package (IllTyped, Errors, TypeErrors), as go/packages
// does. The package's Imports hold the source-root packages it imports.
func (l *Loader) Package(path string, files map[string][]byte) (*packages.Package, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.check(path, files)
}

// check does the work of Package; the caller holds l.mu.
func (l *Loader) check(path string, files map[string][]byte) (*packages.Package, error) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var syntax []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(l.Fset, n, files[n], parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		syntax = append(syntax, f)
	}
	if len(syntax) == 0 {
		return nil, fmt.Errorf("%s: no files", path)
	}
	pkg := &packages.Package{
		ID:              path,
		Name:            syntax[0].Name.Name,
		PkgPath:         path,
		GoFiles:         names,
		CompiledGoFiles: names,
		Fset:            l.Fset,
		Syntax:          syntax,
		Imports:         map[string]*packages.Package{},
		TypesSizes:      types.SizesFor("gc", "amd64"),
		TypesInfo: &types.Info{
			Types:        map[ast.Expr]types.TypeAndValue{},
			Instances:    map[*ast.Ident]types.Instance{},
			Defs:         map[*ast.Ident]types.Object{},
			Uses:         map[*ast.Ident]types.Object{},
			Implicits:    map[ast.Node]types.Object{},
			Selections:   map[*ast.SelectorExpr]*types.Selection{},
			Scopes:       map[ast.Node]*types.Scope{},
			FileVersions: map[*ast.File]string{},
		},
	}
	conf := &types.Config{
		Importer: importerFunc(func(imp string) (*types.Package, error) {
			t, err := l.load(imp)
			if err == nil {
				if p, ok := l.pkgs[imp]; ok {
					pkg.Imports[imp] = p
				}
			}
			return t, err
		}),
		FakeImportC: true,
		Sizes:       pkg.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				pkg.TypeErrors = append(pkg.TypeErrors, te)
			}
			pkg.Errors = append(pkg.Errors, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
		},
	}
	pkg.Types, _ = conf.Check(path, l.Fset, syntax, pkg.TypesInfo)
	pkg.IllTyped = len(pkg.Errors) > 0
	return pkg, nil
}

// Result is what the analyzers reported on the root package.
type Result struct {
	// Diagnostics by analyzer name, each in the order reported.
	Diagnostics map[string][]analysis.Diagnostic
	// Errors lists the analyzer errors of every package analyzed, as
	// "analyzer@package: error"; a panic in an analyzer is an error here
	// too, with its stack.
	Errors []string
}

// Run runs analyzers (and the analyzers they require) on pkg and on the
// source-root packages it imports. Call Guard on the analyzers first to
// turn their panics into errors.
func Run(analyzers []*analysis.Analyzer, pkg *packages.Package) (*Result, error) {
	g, err := checker.Analyze(analyzers, []*packages.Package{pkg}, &checker.Options{})
	if err != nil {
		return nil, err
	}
	res := &Result{Diagnostics: map[string][]analysis.Diagnostic{}}
	for act := range g.All() {
		if act.Err != nil {
			res.Errors = append(res.Errors, fmt.Sprintf("%s: %v", act, act.Err))
		}
		if act.IsRoot && len(act.Diagnostics) > 0 {
			res.Diagnostics[act.Analyzer.Name] = append(res.Diagnostics[act.Analyzer.Name], act.Diagnostics...)
		}
	}
	sort.Strings(res.Errors)
	return res, nil
}

// Guard wraps the Run function of analyzers and of the analyzers they
// require, once each, so that a panic becomes an analyzer error with its
// stack instead of crashing the process (the checker runs analyzers in
// goroutines, where a panic cannot be recovered from outside). It modifies
// the analyzers: pass ones made for the purpose (suite.New makes fresh
// ones), and call it once per set.
func Guard(analyzers []*analysis.Analyzer) {
	guard(analyzers, map[*analysis.Analyzer]bool{})
}

func guard(as []*analysis.Analyzer, seen map[*analysis.Analyzer]bool) {
	for _, a := range as {
		if seen[a] {
			continue
		}
		seen[a] = true
		guard(a.Requires, seen)
		run := a.Run
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
				}
			}()
			return run(pass)
		}
	}
}
