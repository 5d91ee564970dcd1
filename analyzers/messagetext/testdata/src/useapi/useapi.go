// Package useapi shows what the project's client kept.
package useapi

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"

	"apiclient"
)

func create(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := &apiclient.Client{}
	hr, _ := http.NewRequest("POST", "https://api.example.com/items", nil)
	r, err := c.Do(hr)
	if err != nil {
		return nil, err
	}
	if r.Status >= 400 {
		return mcp.NewToolResultError(fmt.Sprintf("refused: %s", string(r.Body))), nil // want `body of an HTTP response \(kept in Body\)`
	}
	if r.Status == 202 {
		return mcp.NewToolResultError("queued: " + r.Raw.String()), nil // want `body of an HTTP response \(kept in Raw\)`
	}
	// Clean: a field the client fills with its own words.
	if r.Status == 204 {
		return mcp.NewToolResultError("The item was " + r.Note + " but is empty; call create_item again with a title."), nil
	}
	return mcp.NewToolResultText("created"), nil
}
