// Command forecastd-guarded serves the forecast tools with the boundary
// passed to forecast.NewServer.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/forecast"
	"example.com/notes/boundary"
)

func main() {
	s := forecast.NewServer(server.WithRecovery(), server.WithToolHandlerMiddleware(boundary.ToolBoundary))
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
