package driver

import (
	"cmp"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A Finding is one diagnostic of one analyzer, reported once however many
// variants of its package (the package, its test variant) produced it.
type Finding struct {
	Analyzer *analysis.Analyzer
	// Package is the first package, in ID order, that reported it: the
	// package itself before its test variant.
	Package *packages.Package
	Fset    *token.FileSet
	analysis.Diagnostic
	// Posn and End are the diagnostic's range, resolved.
	Posn, End token.Position
}

// AnalysisError is an analyzer that failed on a package, for a reason of
// its own (not because an analyzer it requires failed).
type AnalysisError struct {
	Analyzer string
	Package  string
	Err      error
}

func (e AnalysisError) Error() string {
	return fmt.Sprintf("%s failed on %s: %v", e.Analyzer, e.Package, e.Err)
}

// Result is what a run of the analyzers found.
type Result struct {
	Findings []Finding
	Errors   []AnalysisError
}

// Analyze runs the analyzers on the packages, which must have been loaded
// with LoadMode and must have no errors (see Partition), and returns the
// findings, deduplicated across package variants and in source order, and
// the errors of the analyzers that failed, each once.
func Analyze(analyzers []*analysis.Analyzer, pkgs []*packages.Package) (*Result, error) {
	pkgs = slices.Clone(pkgs)
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return cmp.Compare(a.ID, b.ID) })
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	// Only a failure of its own is worth reporting: the actions that
	// depend on it fail with "failed prerequisites", which says nothing
	// more. Dependencies' failures are reported too, once each.
	seenErr := map[string]bool{}
	for act := range graph.All() {
		if act.Err == nil || failedPrerequisites(act) {
			continue
		}
		e := AnalysisError{Analyzer: act.Analyzer.Name, Package: act.Package.ID, Err: act.Err}
		if !seenErr[e.Error()] {
			seenErr[e.Error()] = true
			res.Errors = append(res.Errors, e)
		}
	}
	slices.SortFunc(res.Errors, func(a, b AnalysisError) int {
		return cmp.Or(cmp.Compare(a.Package, b.Package), cmp.Compare(a.Analyzer, b.Analyzer))
	})

	type key struct {
		analyzer   string
		file       string
		start, end int
		message    string
	}
	seen := map[key]bool{}
	// Roots come analyzer by analyzer, each over the packages in ID order.
	roots := slices.Clone(graph.Roots)
	slices.SortStableFunc(roots, func(a, b *checker.Action) int { return cmp.Compare(a.Package.ID, b.Package.ID) })
	for _, act := range roots {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			posn := fset.Position(d.Pos)
			end := posn
			if d.End.IsValid() {
				end = fset.Position(d.End)
			}
			k := key{act.Analyzer.Name, posn.Filename, posn.Offset, end.Offset, d.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			res.Findings = append(res.Findings, Finding{
				Analyzer:   act.Analyzer,
				Package:    act.Package,
				Fset:       fset,
				Diagnostic: d,
				Posn:       posn,
				End:        end,
			})
		}
	}
	SortFindings(res.Findings)
	return res, nil
}

// failedPrerequisites reports whether the action failed only because an
// action it depends on did.
func failedPrerequisites(act *checker.Action) bool {
	if !strings.HasPrefix(act.Err.Error(), "failed prerequisites: ") {
		return false
	}
	for _, dep := range act.Deps {
		if dep.Err != nil {
			return true
		}
	}
	return false
}

// SortFindings orders findings by file, position, then analyzer name,
// keeping the order in which an analyzer reported findings at one position.
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Posn.Filename, b.Posn.Filename),
			cmp.Compare(a.Posn.Offset, b.Posn.Offset),
			cmp.Compare(a.Analyzer.Name, b.Analyzer.Name),
		)
	})
}
