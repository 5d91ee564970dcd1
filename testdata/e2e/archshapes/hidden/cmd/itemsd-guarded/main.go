// Command itemsd-guarded is itemsd with the tool boundary as server
// middleware.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/hidden/admin"
	"example.com/notes/archshapes/hidden/tools"
	"example.com/notes/boundary"
)

func main() {
	st := &tools.Store{Items: map[string]string{"apple": "a red fruit"}}
	s := server.NewMCPServer("itemsd", "0.1.0", server.WithToolHandlerMiddleware(boundary.ToolBoundary))
	for _, t := range tools.All(st) {
		s.AddTool(t.Definition(), t.Handler())
	}
	admin.New(st).Install(s)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
