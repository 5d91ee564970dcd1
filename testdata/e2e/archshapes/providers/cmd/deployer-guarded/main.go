// Command deployer-guarded is deployer with the tool boundary as server
// middleware.
package main

import (
	"log"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/providers/registry"
	"example.com/notes/boundary"
)

func main() {
	names := strings.Split(os.Getenv("DEPLOYER_PROVIDERS"), ",")
	s := server.NewMCPServer("deployer", "2.0.0",
		server.WithToolCapabilities(true),
		server.WithToolHandlerMiddleware(boundary.ToolBoundary),
	)
	if skipped := registry.Enable(s, names, false); len(skipped) > 0 {
		log.Printf("unknown providers: %v", skipped)
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
