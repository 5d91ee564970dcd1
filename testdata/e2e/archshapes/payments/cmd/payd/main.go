// Command payd serves the payment tools through the project's wrapper,
// with no tool middleware.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/payments/mcpkit"
	"example.com/notes/archshapes/payments/tools"
)

func main() {
	s, err := mcpkit.NewServer("payd", "1.0.0", mcpkit.WithLogging()) // want unwrapped "2 tools are registered on this server without the tool boundary \\(\"create_refund\", \"fetch_payment\"\\)"
	if err != nil {
		log.Fatal(err)
	}
	tools.NewToolSets(&tools.Client{Key: "k"}).Register(s, false)
	if err := server.ServeStdio(s.MCP()); err != nil {
		log.Fatal(err)
	}
}
