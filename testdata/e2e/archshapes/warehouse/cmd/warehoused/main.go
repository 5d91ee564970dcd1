// Command warehoused serves the warehouse tools; the server has no
// boundary, so a typed handler's error text goes to the model as it is.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/warehouse/toolsets"
)

func main() {
	c := toolsets.NewClient()
	// Built and given to toolsets.Register in the same function: the
	// finding lands at the construction.
	server := mcp.NewServer(&mcp.Implementation{Name: "warehoused", Version: "3.1.0"}, nil) // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"describe_table\", \"list_tables\", \"run_query\"\\)"
	if unknown := toolsets.Register(server, c, []string{"query", "schema"}); len(unknown) > 0 {
		log.Printf("unknown toolsets: %v", unknown)
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
