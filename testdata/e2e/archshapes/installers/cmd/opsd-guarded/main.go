// Command opsd-guarded is opsd with the tool boundary added with Use.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/installers/config"
	"example.com/notes/archshapes/installers/tools"
	"example.com/notes/boundary"
)

func main() {
	ctx := context.Background()
	cfg := config.Config{TraceService: "orders"}
	s := server.NewMCPServer("opsd", "0.4.0", server.WithRecovery())
	s.Use(boundary.ToolBoundary)
	if err := tools.Install(ctx, s, cfg); err != nil {
		log.Fatal(err)
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
