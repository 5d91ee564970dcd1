// Package envuse names environment variables another package reads.
package envuse

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"envcfg"
)

func sync(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if envcfg.Token() == "" {
		return mcp.NewToolResultError("NOTES_SYNC_TOKEN missing"), nil // want `environment variable NOTES_SYNC_TOKEN`
	}
	// Clean: the same shape of token, not read anywhere and not called a
	// variable.
	return mcp.NewToolResultError("state SYNC_PENDING: the last sync has not finished; call sync_status."), nil
}
