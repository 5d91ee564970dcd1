// Command floor-facts is toolcheck's benchmark floor with a fact type: the
// multichecker driver toolcheck uses, running one analyzer that does
// nothing but declares a fact type, as toolcheck's model does, so the
// standalone driver loads and type-checks every dependency from source.
// Through go vet -vettool it is the floor of the go vet path.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolcheck/toolcheck/bench/internal/floor"
)

func main() { multichecker.Main(floor.New(true)) }
