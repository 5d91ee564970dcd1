// Package driver is toolcheck's analysis driver: it loads packages, runs
// the analyzers on them with golang.org/x/tools/go/analysis/checker,
// filters and deduplicates the findings, and writes them as text, JSON or
// SARIF, or applies their suggested fixes. The command (cmd/toolcheck) is
// a thin wrapper around it, and so can be any other front end, such as a
// language server.
package driver

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// LoadMode is what the analyzers need: syntax and types of every package,
// dependencies included, since the tool model learns facts about them.
const LoadMode = packages.LoadAllSyntax | packages.NeedModule

// Load loads the packages matching patterns, from dir, with their test
// variants when tests is set. The error is for a failure of the build
// system itself (no go command, a malformed pattern); errors of single
// packages are left in the packages, for Broken to report.
//
// The standard library and the MCP SDKs are type-checked from their
// declarations alone (see Trim); should that leave one of their packages
// with errors, the packages are loaded again whole.
func Load(dir string, patterns []string, tests bool, env []string) ([]*packages.Package, error) {
	trim := goEnvTrim(dir, env)
	for {
		cfg := &packages.Config{
			Mode:      LoadMode,
			Dir:       dir,
			Tests:     tests,
			Env:       env,
			ParseFile: ParseFile(trim),
		}
		pkgs, err := packages.Load(cfg, patterns...)
		if err != nil {
			return nil, fmt.Errorf("loading packages: %v", err)
		}
		if !trim.Broken(pkgs) {
			return pkgs, nil
		}
		trim = Trim{}
	}
}

// BrokenPackage is a package that failed to load, parse or type-check,
// with its own errors (not those of the packages it imports).
type BrokenPackage struct {
	ID     string
	Errors []packages.Error

	noFiles bool
}

// couldNotImport returns the path of the package a type checker's "could
// not import PATH (reason)" error names.
func couldNotImport(msg string) (string, bool) {
	rest, ok := strings.CutPrefix(msg, "could not import ")
	if !ok {
		return "", false
	}
	path, _, _ := strings.Cut(rest, " ")
	return path, path != ""
}

// Partition splits the root packages into those that can be analysed and
// those that cannot, and returns every package, root or dependency, that
// has errors of its own, each once, in ID order. A root that has no errors
// of its own but imports a broken package cannot be analysed either: it is
// listed in blocked.
func Partition(roots []*packages.Package) (ok []*packages.Package, broken []BrokenPackage, blocked []*packages.Package) {
	seen := map[string]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) == 0 || seen[p.ID] {
			return
		}
		seen[p.ID] = true
		noFiles := len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.IgnoredFiles) == 0
		broken = append(broken, BrokenPackage{ID: p.ID, Errors: p.Errors, noFiles: noFiles})
	})
	sort.Slice(broken, func(i, j int) bool { return broken[i].ID < broken[j].ID })
	// An import that resolves to no package shows as a package without
	// files whose errors (positioned at the import) say why; its importer
	// only says it "could not import" it. Report the reason with the
	// importer, and the missing package not at all.
	missing := map[string][]packages.Error{}
	for _, b := range broken {
		if b.noFiles {
			missing[b.ID] = b.Errors
		}
	}
	told := map[string]bool{} // missing packages whose importer reports them
	for i, b := range broken {
		var errs []packages.Error
		for _, e := range b.Errors {
			if path, ok := couldNotImport(e.Msg); ok && missing[path] != nil {
				errs = append(errs, missing[path]...)
				told[path] = true
				continue
			}
			errs = append(errs, e)
		}
		broken[i].Errors = errs
	}
	// A test variant repeats the errors of the package it extends: keep
	// only the errors it adds.
	byPath := map[string]map[string]bool{}
	var kept []BrokenPackage
	for _, b := range broken {
		if told[b.ID] {
			continue
		}
		path, _, _ := strings.Cut(b.ID, " ")
		if byPath[path] == nil {
			byPath[path] = map[string]bool{}
		}
		var errs []packages.Error
		for _, e := range b.Errors {
			if !byPath[path][e.Error()] {
				byPath[path][e.Error()] = true
				errs = append(errs, e)
			}
		}
		if len(errs) > 0 {
			kept = append(kept, BrokenPackage{ID: b.ID, Errors: errs})
		}
	}
	for _, p := range roots {
		if isTestMain(p) {
			continue // go test's generated main: nothing to report on
		}
		switch {
		case !p.IllTyped && len(p.Errors) == 0 && p.Types != nil:
			ok = append(ok, p)
		case len(p.Errors) == 0:
			blocked = append(blocked, p)
		}
	}
	return ok, kept, blocked
}

// maxErrors is how many of a broken package's errors are shown.
const maxErrors = 3

// Describe formats a broken package's report: a line naming it, then its
// first errors, indented, with positions relative to cwd.
func (b BrokenPackage) Describe(cwd string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "package %s has errors and was not analysed", b.ID)
	for i, e := range b.Errors {
		if i == maxErrors {
			fmt.Fprintf(&sb, "\n\t(and %d more)", len(b.Errors)-maxErrors)
			break
		}
		msg := e.Msg
		if e.Pos != "" && e.Pos != "-" {
			msg = relPosn(cwd, e.Pos) + ": " + msg
		}
		fmt.Fprintf(&sb, "\n\t%s", msg)
	}
	return sb.String()
}

// relPosn makes the file of a "file:line:col" position relative to cwd
// when it is under it.
func relPosn(cwd, posn string) string {
	file, rest := posn, ""
	// The position ends with :line or :line:col.
	for range 2 {
		i := strings.LastIndex(file, ":")
		if i < 0 || !isDigits(file[i+1:]) {
			break
		}
		file, rest = file[:i], file[i:]+rest
	}
	return RelPath(cwd, file) + rest
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// packageDir returns the directory of a package's source files, or "".
func packageDir(p *packages.Package) string {
	for _, files := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
		if len(files) > 0 {
			return filepath.Dir(files[0])
		}
	}
	return ""
}

// isTestMain reports whether p is the main package go test generates for
// a package's tests ("p.test").
func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test") && strings.HasSuffix(p.PkgPath, ".test")
}

// analysing tells the configuration which packages the run analyses, ok:
// their import paths (Config.SetAnalysed), and those of them analysed
// both on their own and as their test variant (Config.SetAnalysedAlone).
func (p *Program) analysing(ok []*packages.Package) {
	paths := make([]string, len(ok))
	for i, pkg := range ok {
		paths[i] = pkg.PkgPath
	}
	p.Config.SetAnalysed(paths)
	p.Config.SetAnalysedAlone(AnalysedAlone(ok))
}

// AnalysedAlone returns the import paths of the packages among pkgs that
// are there both on their own and as their test variant ("p" and
// "p [p.test]"), for Config.SetAnalysedAlone.
func AnalysedAlone(pkgs []*packages.Package) []string {
	alone := map[string]bool{}
	for _, pkg := range pkgs {
		if pkg.ID == pkg.PkgPath {
			alone[pkg.PkgPath] = true
		}
	}
	var out []string
	for _, pkg := range pkgs {
		if pkg.ID != pkg.PkgPath && alone[pkg.PkgPath] && strings.HasSuffix(pkg.ID, ".test]") {
			out = append(out, pkg.PkgPath)
		}
	}
	return out
}
