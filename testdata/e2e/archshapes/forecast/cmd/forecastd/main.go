// Command forecastd serves the forecast tools without the boundary.
package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/forecast"
)

func main() {
	// The server is built inside forecast.NewServer, with the options
	// given here: the finding lands at this call.
	s := forecast.NewServer(server.WithRecovery(), server.WithLogging()) // want unwrapped "forecast\\.NewServer registers 2 tools .*without the tool boundary.*\"forecast_cities\", \"forecast_daily\""
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
