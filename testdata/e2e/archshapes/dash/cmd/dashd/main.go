// Command dashd serves the dashboard tools; the server has no boundary.
package main

import (
	"log"
	"os"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/dash/tools"
)

type toolEntry struct {
	adder   func(*server.MCPServer)
	enabled bool
}

// maybeAdd calls the registrar tf on s when enabled.
func maybeAdd(s *server.MCPServer, enabled bool, tf func(*server.MCPServer)) {
	if enabled {
		tf(s)
	}
}

func newServer(readOnly bool) *server.MCPServer {
	// Built, and every registrar called, in this function: the finding
	// lands at the construction.
	s := server.NewMCPServer("dashd", "1.1.0", server.WithRecovery()) // want unwrapped "3 tools are registered on this server without the tool boundary \\(\"list_datasources\", \"search_dashboards\", \"update_datasource\"\\)"
	rw := !readOnly
	for _, e := range []toolEntry{
		{tools.AddSearchTools, true},
		{func(s *server.MCPServer) { tools.AddDatasourceTools(s, rw) }, rw},
	} {
		maybeAdd(s, e.enabled, e.adder)
	}
	return s
}

func main() {
	s := newServer(os.Getenv("DASHD_READ_ONLY") == "1")
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
