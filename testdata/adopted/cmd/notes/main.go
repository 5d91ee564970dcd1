// Command notes serves a directory of notes over stdio, with either SDK.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"

	"github.com/mark3labs/mcp-go/server"
	mcpsdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/adopted/gosdkserver"
	"example.com/adopted/mcpgoserver"
	"example.com/adopted/notes"
)

func main() {
	dir := flag.String("dir", ".", "the directory of notes")
	sdk := flag.String("sdk", "go-sdk", "the SDK to serve with: go-sdk or mcp-go")
	flag.Parse()

	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	store, err := notes.Open(*dir)
	if err != nil {
		log.Fatal(err)
	}
	switch *sdk {
	case "mcp-go":
		err = server.ServeStdio(mcpgoserver.New(store, logger))
	case "go-sdk":
		err = gosdkserver.New(store, logger).Run(context.Background(), &mcpsdk.StdioTransport{})
	default:
		log.Fatalf("unknown -sdk %q: want go-sdk or mcp-go", *sdk)
	}
	if err != nil {
		log.Fatal(err)
	}
}
