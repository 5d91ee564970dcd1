// Command toolcheck checks Go MCP servers against the tool-outcome design:
// every tool wrapped in the tool boundary, caller errors logged at INFO,
// IsError results built only by the boundary, no empty result on a failure
// path, and error text the model can act on.
//
// Run it on packages:
//
//	toolcheck ./...
//
// or through go vet:
//
//	go vet -vettool=$(command -v toolcheck) ./...
//
// "toolcheck help" lists the analyzers; "toolcheck help NAME" documents one.
package main

import (
	"flag"
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/toolcheck/toolcheck/internal/lsp"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:]))
	}
	cfg := &toolmodel.Config{}
	cfg.RegisterFlags(flag.CommandLine)
	multichecker.Main(suite.New(cfg)...)
}
