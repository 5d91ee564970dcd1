// Command payd-guarded is payd with the tool boundary given through the
// wrapper's own option.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/payments/mcpkit"
	"example.com/notes/archshapes/payments/tools"
	"example.com/notes/boundary"
)

func main() {
	s, err := mcpkit.NewServer("payd", "1.0.0", mcpkit.WithLogging(), mcpkit.WithToolMiddleware(boundary.ToolBoundary))
	if err != nil {
		log.Fatal(err)
	}
	tools.NewToolSets(&tools.Client{Key: "k"}).Register(s, false)
	if err := server.ServeStdio(s.MCP()); err != nil {
		log.Fatal(err)
	}
}
