// Command podsd-receiving is podsd with the tool boundary installed on the
// server as receiving middleware.
package main

import (
	"context"
	"log"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/factoryfield/inventory"
	"example.com/notes/archshapes/factoryfield/toolkit"
	"example.com/notes/archshapes/sdkguard"
)

func main() {
	logger := slog.Default()
	deps := toolkit.Deps{Cluster: toolkit.NewCluster(), Logger: logger}
	s := mcp.NewServer(&mcp.Implementation{Name: "podsd", Version: "0.9.0"}, nil)
	s.AddReceivingMiddleware(sdkguard.ReceivingBoundary())
	inventory.RegisterAll(s, deps, toolkit.LogCalls(logger))
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
