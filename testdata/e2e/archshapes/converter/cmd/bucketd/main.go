// Command bucketd serves the storage tools; the server has no boundary.
package main

import (
	"context"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/archshapes/converter/catalog"
	"example.com/notes/archshapes/converter/toolset"
)

func main() {
	store := catalog.NewStore()
	// The tools reach s through toolset.Wrap and SetTools, both called
	// here, so the finding lands at the construction. Two tools
	// (list_buckets, list_objects) are registered, but their names are not
	// constants at the mcp.Tool literal (they are data of the project's
	// Tool) and both go through the one add call in toolset.commit with
	// the one handler closure of toolset.toSDK, so only the finding itself
	// is matched, not its names or count.
	s := mcp.NewServer(&mcp.Implementation{Name: "bucketd", Version: "1.4.0"}, nil) // want unwrapped "registered on this server without the tool boundary"
	if err := toolset.Wrap(s).SetTools(store.Tools()); err != nil {
		log.Fatal(err)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
