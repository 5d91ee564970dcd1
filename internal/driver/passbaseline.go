package driver

import (
	"cmp"
	"path/filepath"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// WithBaseline returns analyzers that report what the given ones report
// less the findings that the baseline applying to each package records
// (Baselines.PathFor of the package's directory): the baseline of drivers
// that hand analyzers to another program, go vet's unitchecker and
// golangci-lint, which report each pass's diagnostics themselves. Each
// returned analyzer is a copy whose Run collects its pass's diagnostics,
// filters them in source order as Baselines.Apply does, and reports the
// rest. A baseline that cannot be read fails the pass with its error.
// stale, when not nil, receives each pass's stale entries.
//
// The copies share the originals' Requires, so they must not be required
// by one another (toolcheck's reporting analyzers are not).
func WithBaseline(analyzers []*analysis.Analyzer, bls *Baselines, stale func(StaleReport)) []*analysis.Analyzer {
	var mu sync.Mutex // bls reads each file once, from passes on many goroutines
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		w := *a
		run := a.Run
		w.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			var diags []analysis.Diagnostic
			pass.Report = func(d analysis.Diagnostic) { diags = append(diags, d) }
			res, err := run(pass)
			pass.Report = report
			if err != nil {
				return res, err
			}
			pkg := passPackage(pass)
			findings := make([]Finding, len(diags))
			for i, d := range diags {
				findings[i] = Finding{Analyzer: a, Package: pkg, Fset: pass.Fset, Diagnostic: d, Posn: pass.Fset.Position(d.Pos)}
			}
			slices.SortStableFunc(findings, func(x, y Finding) int {
				return cmp.Or(cmp.Compare(x.Posn.Filename, y.Posn.Filename), cmp.Compare(x.Posn.Offset, y.Posn.Offset))
			})
			mu.Lock()
			left, st, err := bls.Apply(findings, []*analysis.Analyzer{a}, []*packages.Package{pkg})
			mu.Unlock()
			if err != nil {
				return nil, err
			}
			for _, f := range left {
				report(f.Diagnostic)
			}
			if stale != nil {
				for _, r := range st {
					stale(r)
				}
			}
			return res, nil
		}
		out[i] = &w
	}
	return out
}

// passPackage describes a pass's package as Baselines and FuncOf read it:
// its Go files and their syntax.
func passPackage(pass *analysis.Pass) *packages.Package {
	p := &packages.Package{Syntax: pass.Files, Fset: pass.Fset}
	if pass.Pkg != nil {
		p.ID, p.PkgPath, p.Name = pass.Pkg.Path(), pass.Pkg.Path(), pass.Pkg.Name()
	}
	// A file's name as its findings' positions spell it: a cgo file's
	// line directive names the source file.
	for _, f := range pass.Files {
		if name := pass.Fset.Position(f.Package).Filename; filepath.Ext(name) == ".go" {
			p.GoFiles = append(p.GoFiles, name)
		}
	}
	return p
}
