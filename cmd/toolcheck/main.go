// Command toolcheck checks Go MCP servers against the tool-outcome design:
// every tool wrapped in the tool boundary, caller errors logged at INFO,
// IsError results built only by the boundary, no empty result on a failure
// path, and error text the model can act on.
//
// Run it on packages:
//
//	toolcheck ./...
//
// or through go vet, with the binary's path:
//
//	go vet -vettool="$(go env GOPATH)/bin/toolcheck" ./...
//
// "toolcheck help" lists the analyzers and flags; "toolcheck help NAME"
// documents one analyzer; "toolcheck version" prints the version.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
	"github.com/toolcheck/toolcheck/internal/lsp"
	"github.com/toolcheck/toolcheck/internal/suite"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:]))
	}
	cfg := &config.Config{}
	p := &driver.Program{
		Name:      "toolcheck",
		Version:   driver.ReadVersion(),
		URI:       "https://github.com/toolcheck/toolcheck",
		Analyzers: suite.New(cfg),
		Config:    cfg,
		Stdout:    os.Stdout,
		Stderr:    os.Stderr,
		Dir:       driver.Getwd(),
	}
	os.Exit(profiled(func() int { return p.Command(os.Args[1:]) }))
}

// profiled runs run, writing a CPU profile to the file
// TOOLCHECK_CPUPROFILE names, when it is set (for diagnosing the cost of
// an analysis on a real module).
func profiled(run func() int) int {
	path := os.Getenv("TOOLCHECK_CPUPROFILE")
	if path == "" {
		return run()
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolcheck:", err)
		return 1
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, "toolcheck:", err)
		return 1
	}
	defer pprof.StopCPUProfile()
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() {
		<-stop // an interrupted run still leaves its profile
		pprof.StopCPUProfile()
		f.Close()
		os.Exit(130)
	}()
	return run()
}
