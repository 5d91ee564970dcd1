// Package forecast builds the forecast server. NewServer registers the
// tools and leaves the server's middleware, the boundary included, to its
// callers.
package forecast

import (
	"context"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var daily = map[string][]string{"oslo": {"snow", "snow", "cloudy"}}

// NewServer builds the forecast server with opts and registers its tools.
// No finding here: whether the server has the boundary depends on the
// caller's opts, so each caller is judged on its own.
func NewServer(opts ...server.ServerOption) *server.MCPServer {
	s := server.NewMCPServer("forecast", "2.1.0", opts...)
	s.AddTool(mcp.NewTool("forecast_daily",
		mcp.WithDescription("The next days' forecast for a city."),
		mcp.WithString("city", mcp.Required()),
	), forecastDaily)
	s.AddTool(mcp.NewTool("forecast_cities", mcp.WithDescription("The cities with a forecast.")), forecastCities)
	return s
}

func forecastDaily(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	city := req.GetString("city", "")
	days, ok := daily[city]
	if !ok {
		return nil, fmt.Errorf("no forecast for '%s'; pick a city from forecast_cities", city)
	}
	return mcp.NewToolResultText(strings.Join(days, ", ")), nil
}

func forecastCities(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("oslo"), nil
}
