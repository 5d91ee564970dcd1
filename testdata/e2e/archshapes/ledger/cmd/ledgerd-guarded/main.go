// Command ledgerd-guarded is ledgerd with the tool boundary given to the
// registrar as its middleware.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/ledger/accounts"
	"example.com/notes/archshapes/ledger/registry"
	"example.com/notes/boundary"
)

func main() {
	s := server.NewMCPServer("ledgerd", "0.2.0")
	r := registry.New(s, boundary.ToolBoundary)
	accounts.Register(r, map[string]int{"acme": 120})
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
