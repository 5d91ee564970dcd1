// Command payd-using is payd with the tool boundary installed through
// the wrapper's middleware method.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/payments/mcpkit"
	"example.com/notes/archshapes/payments/tools"
	"example.com/notes/boundary"
)

func main() {
	s, err := mcpkit.NewServer("payd", "1.0.0")
	if err != nil {
		log.Fatal(err)
	}
	s.Use(boundary.ToolBoundary)
	tools.NewToolSets(&tools.Client{Key: "k"}).Register(s, true)
	if err := server.ServeStdio(s.MCP()); err != nil {
		log.Fatal(err)
	}
}
