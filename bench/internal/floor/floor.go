// Package floor is the analyzer of toolcheck's benchmark floors: it does
// nothing, so a driver running it costs what loading and type-checking
// cost. With a fact type, the standalone driver loads every dependency
// from source, as it does for toolcheck, whose model exports facts.
package floor

import "golang.org/x/tools/go/analysis"

// Fact is the floor's fact type; no fact is ever exported.
type Fact struct{}

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

// New returns the no-op analyzer, with a fact type when facts is set.
func New(facts bool) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name: "floor",
		Doc:  "floor: does nothing\n\nThe analyzer of toolcheck's benchmark floor: the cost of the driver, loading and type-checking alone.",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
	if facts {
		a.FactTypes = []analysis.Fact{new(Fact)}
	}
	return a
}
