// Command notes runs the example servers.
package main

import (
	"context"
	"log"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/gosdkserver"
	"example.com/notes/notes"
)

func main() {
	notes.NewWrapped()
	s := notes.NewBare(false)
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
	if err := gosdkserver.New().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
