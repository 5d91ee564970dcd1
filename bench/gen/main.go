// Command gen writes a synthetic Go MCP server module for toolcheck's
// benchmarks: N packages of M tools each on the real mcp-go and go-sdk
// APIs (see internal/synth for the mix of shapes), a ToolError and
// boundary package, a package that imports no SDK, and a command that
// registers every toolset. Its go.mod and go.sum resolve from the module
// proxy.
//
//	go run ./bench/gen -n 200 -m 10 -o /tmp/bench200
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/toolcheck/toolcheck/internal/synth"
)

func main() {
	n := flag.Int("n", 50, "number of tool packages")
	m := flag.Int("m", 10, "tools per package")
	out := flag.String("o", "", "output directory (must not exist or be empty)")
	module := flag.String("module", "example.com/bench", "module path")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gen [-n N] [-m M] [-module path] -o DIR")
		os.Exit(2)
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		fmt.Fprintf(os.Stderr, "gen: %s is not empty\n", *out)
		os.Exit(1)
	}
	if err := synth.Module(*out, synth.ModuleOptions{Path: *module, Packages: *n, Tools: *m}); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
