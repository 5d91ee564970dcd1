// Package conditions is the weather server's tools.
package conditions

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var temps = map[string]float64{"oslo": -3.5, "lisbon": 17}

// Tools is every tool of the weather server.
func Tools() []server.ServerTool {
	return []server.ServerTool{
		{
			Tool: mcp.NewTool("current_temperature",
				mcp.WithDescription("The current temperature of a city, in Celsius."),
				mcp.WithString("city", mcp.Required()),
			),
			Handler: currentTemperature,
		},
		{
			Tool:    mcp.NewTool("list_cities", mcp.WithDescription("The cities with a weather station.")),
			Handler: listCities,
		},
	}
}

func currentTemperature(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city, err := req.RequireString("city")
	if err != nil {
		return nil, fmt.Errorf("current_temperature needs a 'city' argument; pick one from list_cities")
	}
	t, ok := temps[city]
	if !ok {
		return nil, fmt.Errorf("no station in '%s'; pick a city from list_cities", city)
	}
	return mcp.NewToolResultText(fmt.Sprintf("%.1f °C in %s", t, city)), nil
}

func listCities(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("lisbon\noslo"), nil
}
