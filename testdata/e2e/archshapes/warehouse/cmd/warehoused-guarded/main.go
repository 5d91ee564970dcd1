// Command warehoused-guarded is warehoused with the tool boundary as
// receiving middleware.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/sdkguard"
	"example.com/notes/archshapes/warehouse/toolsets"
)

func main() {
	c := toolsets.NewClient()
	server := mcp.NewServer(&mcp.Implementation{Name: "warehoused", Version: "3.1.0"}, nil)
	server.AddReceivingMiddleware(sdkguard.ReceivingBoundary())
	if unknown := toolsets.Register(server, c, []string{"query", "schema"}); len(unknown) > 0 {
		log.Printf("unknown toolsets: %v", unknown)
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
