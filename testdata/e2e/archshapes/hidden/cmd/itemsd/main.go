// Command itemsd serves the item tools without the boundary.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/hidden/admin"
	"example.com/notes/archshapes/hidden/tools"
)

func main() {
	st := &tools.Store{Items: map[string]string{"apple": "a red fruit"}}
	s := server.NewMCPServer("itemsd", "0.1.0") // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"get_item\", \"list_items\", \"purge_items\"\\)"
	for _, t := range tools.All(st) {
		s.AddTool(t.Definition(), t.Handler())
	}
	admin.New(st).Install(s)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
