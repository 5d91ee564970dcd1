// Command floor-driver is toolcheck's benchmark floor on toolcheck's own
// driver: the loader toolcheck's command uses (the standard library and
// the MCP SDKs read from their declarations, every other package from
// source) running one
// analyzer that does nothing but declares a fact type. Against it,
// toolcheck's cost is its analysis alone; against floor-facts, whose
// multichecker driver type-checks the standard library whole, the cost
// also holds what the loader saves.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/bench/internal/floor"
	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
)

func main() {
	p := &driver.Program{
		Name:      "floor-driver",
		Analyzers: []*analysis.Analyzer{floor.New(true)},
		Config:    &config.Config{},
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		Dir:       driver.Getwd(),
	}
	os.Exit(p.Command(os.Args[1:]))
}
