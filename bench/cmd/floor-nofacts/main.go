// Command floor-nofacts is toolcheck's benchmark floor without facts: the
// multichecker driver toolcheck uses, running one analyzer that does
// nothing and declares no fact type, so the standalone driver type-checks
// only the named packages from source and their dependencies from export
// data.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolcheck/toolcheck/bench/internal/floor"
)

func main() { multichecker.Main(floor.New(false)) }
