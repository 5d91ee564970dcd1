package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A loadCache keeps the packages of a module's last load, parsed and
// type-checked, for the runs after it. Loading is most of a run's cost: the
// go command, then parsing and type-checking every dependency from source,
// since the analyzers carry facts across packages. When only the content
// of some files changed, not what go list would say about them (the files
// of each package, their package clauses, imports and build constraints,
// go.mod and go.sum), a run re-parses those files and re-checks their
// packages and the packages above them, against the dependencies it kept.
// Anything else is a full load, which replaces the cache.
type loadCache struct {
	fset  *token.FileSet
	byID  map[string]*packages.Package
	roots map[string][]*packages.Package // a file of a loaded root -> the roots that contain it
	files []string                       // the files the load asked for

	src      map[string][]byte   // every workspace file of the graph, as parsed
	listings map[string][]string // the .go files of each workspace package directory
	env      map[string][]byte   // go.mod, go.sum, go.work, …: their content at the load
	rechecks int                 // incremental runs since the load
	tests    bool                // the load has the test variants
	noReuse  string              // why the cache cannot be reused, if it cannot
}

// maxRechecks bounds the incremental runs of a cache: each adds its files
// to the file set, which a full load starts afresh.
const maxRechecks = 200

// maxCachedFiles bounds the files a load asks for: the packages the user
// worked on lately.
const maxCachedFiles = 32

// goEnv is what the server needs of "go env" for a module.
type goEnv struct {
	GOROOT, GOMODCACHE, GOWORK string
}

func readGoEnv(ctx context.Context, dir string) (*goEnv, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "-json", "GOROOT", "GOMODCACHE", "GOWORK")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("go env: %v: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		return nil, fmt.Errorf("go env: %v", err)
	}
	var env goEnv
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("go env: %v", err)
	}
	return &env, nil
}

// workspace reports whether a file can change: it is neither in GOROOT nor
// in the module cache.
func (env *goEnv) workspace(file string) bool {
	for _, dir := range []string{env.GOROOT, env.GOMODCACHE} {
		if dir != "" && strings.HasPrefix(file, filepath.Clean(dir)+string(filepath.Separator)) {
			return false
		}
	}
	return true
}

// envFiles lists the files whose change means a full load.
func (env *goEnv) envFiles(root string, pkgs map[string]*packages.Package) []string {
	files := []string{
		filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum"),
		filepath.Join(root, "vendor", "modules.txt"),
	}
	if env.GOWORK != "" && env.GOWORK != "off" {
		files = append(files, env.GOWORK, env.GOWORK+".sum")
	}
	for _, p := range pkgs {
		if m := p.Module; m != nil && m.GoMod != "" && env.workspace(m.GoMod) {
			files = append(files, m.GoMod, strings.TrimSuffix(m.GoMod, ".mod")+".sum")
		}
	}
	slices.Sort(files)
	return slices.Compact(files)
}

// readOr returns a file's content, or nil when it cannot be read.
func readOr(path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return data
}

// newLoadCache records a full load.
func newLoadCache(env *goEnv, root string, files []string, fset *token.FileSet, initial []*packages.Package, src map[string][]byte) *loadCache {
	c := &loadCache{
		fset:     fset,
		byID:     map[string]*packages.Package{},
		roots:    map[string][]*packages.Package{},
		files:    files,
		src:      src,
		listings: map[string][]string{},
		env:      map[string][]byte{},
	}
	keep := map[string]bool{}
	packages.Visit(initial, nil, func(p *packages.Package) {
		c.byID[p.ID] = p
		if isTestMain(p) || len(p.GoFiles) == 0 || !env.workspace(p.GoFiles[0]) {
			return
		}
		if !slices.Equal(p.GoFiles, p.CompiledGoFiles) {
			c.noReuse = p.ID + " uses cgo"
		}
		dir := filepath.Dir(p.GoFiles[0])
		if _, ok := c.listings[dir]; !ok {
			c.listings[dir] = listGoFiles(dir)
		}
		for _, f := range p.GoFiles {
			keep[f] = true
		}
	})
	for f := range src {
		if !keep[f] {
			delete(src, f) // a generated test main, say
		}
	}
	for _, p := range initial {
		for _, f := range p.GoFiles {
			c.roots[f] = append(c.roots[f], p)
		}
	}
	for _, f := range env.envFiles(root, c.byID) {
		c.env[f] = readOr(f)
	}
	return c
}

func listGoFiles(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") {
			names = append(names, e.Name())
		}
	}
	return names
}

// errFullLoad says why a run cannot reuse the cache.
type errFullLoad struct{ why string }

func (e *errFullLoad) Error() string { return e.why }

// errSyntax reports a changed file that does not parse.
type errSyntax struct{ err error }

func (e *errSyntax) Error() string { return e.err.Error() }

func fullLoad(format string, args ...any) error {
	return &errFullLoad{fmt.Sprintf(format, args...)}
}

// recheck brings the cache up to date with the overlay and the files on
// disk, and returns the root packages of files. It returns an
// *errFullLoad when the cache cannot be brought up to date, and an
// *errSyntax, with the roots, when a changed file does not parse.
func (c *loadCache) recheck(ctx context.Context, files []string, overlay map[string][]byte) (roots []*packages.Package, rechecked int, err error) {
	if c.noReuse != "" {
		return nil, 0, fullLoad("%s", c.noReuse)
	}
	if c.rechecks >= maxRechecks {
		return nil, 0, fullLoad("%d incremental runs", c.rechecks)
	}
	for _, f := range files {
		if len(c.roots[f]) == 0 {
			return nil, 0, fullLoad("%s is not in a loaded package", f)
		}
	}
	for f, data := range c.env {
		if !bytes.Equal(readOr(f), data) {
			return nil, 0, fullLoad("%s changed", f)
		}
	}
	for dir, names := range c.listings {
		if !slices.Equal(listGoFiles(dir), names) {
			return nil, 0, fullLoad("files were added to or removed from %s", dir)
		}
	}
	for f := range overlay {
		if !c.tests && isTestFile(f) {
			continue // not loaded
		}
		if _, ok := c.src[f]; !ok {
			if _, ok := c.listings[filepath.Dir(f)]; ok {
				return nil, 0, fullLoad("%s is new", f)
			}
		}
	}

	// The files whose content changed, parsed again.
	changed := map[string]*ast.File{}
	content := map[string][]byte{}
	for f, old := range c.src {
		cur, ok := overlay[f]
		if !ok {
			if cur, err = os.ReadFile(f); err != nil {
				return nil, 0, fullLoad("%v", err)
			}
		}
		if bytes.Equal(cur, old) {
			continue
		}
		af, err := parser.ParseFile(c.fset, f, cur, parser.AllErrors|parser.ParseComments)
		if err != nil {
			// The package cannot be analysed until the file parses: keep
			// the cache as it was, and the diagnostics with it.
			return c.rootsOf(files), 0, &errSyntax{err}
		}
		changed[f], content[f] = af, cur
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}

	// The packages to check again: those with a changed file, and those
	// that import them.
	importers := map[*packages.Package][]*packages.Package{}
	var dirty []*packages.Package
	for _, p := range c.byID {
		for _, imp := range p.Imports {
			importers[imp] = append(importers[imp], p)
		}
		for _, f := range p.CompiledGoFiles {
			if af := changed[f]; af != nil {
				old := syntaxOf(p, f)
				if old == nil || !sameHeader(old, af) {
					return nil, 0, fullLoad("the package clause, imports or build constraints of %s changed", f)
				}
				dirty = append(dirty, p)
				break
			}
		}
	}
	invalid := map[*packages.Package]bool{}
	var mark func(p *packages.Package)
	mark = func(p *packages.Package) {
		if invalid[p] {
			return
		}
		invalid[p] = true
		for _, q := range importers[p] {
			mark(q)
		}
	}
	for _, p := range dirty {
		mark(p)
	}
	for p := range invalid {
		if !slices.Equal(p.GoFiles, p.CompiledGoFiles) {
			return nil, 0, fullLoad("%s uses cgo", p.ID)
		}
		for _, e := range p.Errors {
			if e.Kind == packages.ParseError || e.Kind == packages.UnknownError {
				return nil, 0, fullLoad("%s had errors", p.ID)
			}
		}
	}

	// Check them again, each after the packages it imports.
	fresh := map[*packages.Package]*packages.Package{}
	var check func(p *packages.Package) (*packages.Package, error)
	check = func(p *packages.Package) (*packages.Package, error) {
		if !invalid[p] {
			return p, nil
		}
		if np := fresh[p]; np != nil {
			return np, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		np := *p
		np.Imports = make(map[string]*packages.Package, len(p.Imports))
		for path, imp := range p.Imports {
			ni, err := check(imp)
			if err != nil {
				return nil, err
			}
			np.Imports[path] = ni
		}
		np.Syntax = make([]*ast.File, 0, len(p.Syntax))
		for _, f := range p.CompiledGoFiles {
			if af := changed[f]; af != nil {
				np.Syntax = append(np.Syntax, af)
			} else if old := syntaxOf(p, f); old != nil {
				np.Syntax = append(np.Syntax, old)
			}
		}
		typeCheck(c.fset, &np)
		fresh[p] = &np
		rechecked++
		return &np, nil
	}
	for p := range invalid {
		if _, err := check(p); err != nil {
			return nil, 0, err
		}
	}

	// Commit.
	for old, np := range fresh {
		c.byID[old.ID] = np
	}
	for f, list := range c.roots {
		for i, p := range list {
			if np := fresh[p]; np != nil {
				list[i] = np
			}
		}
		c.roots[f] = list
	}
	for f, data := range content {
		c.src[f] = data
	}
	c.rechecks++

	seen := map[*packages.Package]bool{}
	for _, f := range files {
		for _, p := range c.roots[f] {
			if !seen[p] {
				seen[p] = true
				roots = append(roots, p)
			}
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].ID < roots[j].ID })
	return roots, rechecked, nil
}

// syntaxOf returns the syntax tree of a file of p.
func syntaxOf(p *packages.Package, file string) *ast.File {
	for _, af := range p.Syntax {
		if tf := p.Fset.File(af.FileStart); tf != nil && tf.Name() == file {
			return af
		}
	}
	return nil
}

// sameHeader reports whether two versions of a file say the same to go
// list: package name, imports, build constraints.
func sameHeader(a, b *ast.File) bool {
	if a.Name.Name != b.Name.Name {
		return false
	}
	imports := func(f *ast.File) []string {
		var paths []string
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "C" {
				return nil // cgo: never the same
			}
			paths = append(paths, path)
		}
		if paths == nil {
			paths = []string{}
		}
		slices.Sort(paths)
		return slices.Compact(paths)
	}
	ia, ib := imports(a), imports(b)
	if ia == nil || ib == nil || !slices.Equal(ia, ib) {
		return false
	}
	return slices.Equal(constraints(a), constraints(b))
}

// constraints returns the build constraint lines before the package
// clause.
func constraints(f *ast.File) []string {
	var lines []string
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				lines = append(lines, c.Text)
			}
		}
	}
	return lines
}

// typeCheck type-checks p's syntax afresh, as go/packages does, keeping
// the errors of go list.
func typeCheck(fset *token.FileSet, p *packages.Package) {
	var errs []packages.Error
	for _, e := range p.Errors {
		if e.Kind == packages.ListError {
			errs = append(errs, e)
		}
	}
	p.Errors, p.TypeErrors = errs, nil
	p.Types = types.NewPackage(p.PkgPath, p.Name)
	p.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := p.Imports[path]
			if imp == nil || imp.Types == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			return imp.Types, nil
		}),
		Sizes: p.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			}
		},
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	err := types.NewChecker(conf, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if err != nil && len(p.Errors) == 0 {
		p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
	p.IllTyped = len(p.Errors) > 0
	for _, imp := range p.Imports {
		p.IllTyped = p.IllTyped || imp.IllTyped
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
