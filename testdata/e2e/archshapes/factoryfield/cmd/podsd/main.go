// Command podsd serves the pods tools over stdio with only a logging
// middleware: no tool boundary anywhere.
package main

import (
	"context"
	"log"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/factoryfield/inventory"
	"example.com/notes/archshapes/factoryfield/toolkit"
)

func main() {
	logger := slog.Default()
	deps := toolkit.Deps{Cluster: toolkit.NewCluster(), Logger: logger}
	// The construction and inventory.RegisterAll are both reached from
	// main, so the one finding lands here.
	s := mcp.NewServer(&mcp.Implementation{Name: "podsd", Version: "0.9.0"}, nil) // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"count_pods\", \"list_pods\", \"pod_logs\"\\)"
	inventory.RegisterAll(s, deps, toolkit.LogCalls(logger))
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
