// Command ledgerd serves the ledger tools with no middleware.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/ledger/accounts"
	"example.com/notes/archshapes/ledger/registry"
)

func main() {
	s := server.NewMCPServer("ledgerd", "0.2.0") // want unwrapped "2 tools are registered on this server without the tool boundary \\(\"get_balance\", \"list_accounts\"\\)"
	accounts.Register(registry.New(s, nil), map[string]int{"acme": 120})
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
