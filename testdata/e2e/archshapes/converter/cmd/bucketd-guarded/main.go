// Command bucketd-guarded is bucketd with the tool boundary installed on
// the server.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/converter/catalog"
	"example.com/notes/archshapes/converter/toolset"
	"example.com/notes/archshapes/sdkguard"
)

func main() {
	store := catalog.NewStore()
	s := mcp.NewServer(&mcp.Implementation{Name: "bucketd", Version: "1.4.0"}, nil)
	s.AddReceivingMiddleware(sdkguard.ReceivingBoundary())
	if err := toolset.Wrap(s).SetTools(store.Tools()); err != nil {
		log.Fatal(err)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
