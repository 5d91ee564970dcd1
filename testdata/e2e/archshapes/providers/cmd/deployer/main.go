// Command deployer serves the deployment tools of the configured
// providers; the server has no boundary.
package main

import (
	"log"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/providers/registry"
)

func main() {
	names := strings.Split(os.Getenv("DEPLOYER_PROVIDERS"), ",")
	// Built and given to registry.Enable in the same function: the finding
	// lands at the construction.
	s := server.NewMCPServer("deployer", "2.0.0", server.WithToolCapabilities(true)) // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"list_apps\", \"list_releases\", \"sync_app\"\\)"
	if skipped := registry.Enable(s, names, false); len(skipped) > 0 {
		log.Printf("unknown providers: %v", skipped)
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
