// Command opsd serves the operations tools; recovery is not a boundary.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/installers/config"
	"example.com/notes/archshapes/installers/tools"
)

func main() {
	ctx := context.Background()
	cfg := config.Config{TraceService: "orders"}
	// Built and given to tools.Install in the same function: the finding
	// lands at the construction.
	s := server.NewMCPServer("opsd", "0.4.0", server.WithRecovery()) // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"cordon_node\", \"get_trace\", \"list_nodes\"\\)"
	if err := tools.Install(ctx, s, cfg); err != nil {
		log.Fatal(err)
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
