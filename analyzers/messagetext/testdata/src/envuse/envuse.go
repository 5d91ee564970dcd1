package envuse // want package:"env\\(TRACKER_TOKEN\\)"

// Envuse names environment variables another package reads.

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"

	"envcfg"
	"envhelp"
)

func sync(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if envcfg.Token() == "" {
		return mcp.NewToolResultError("NOTES_SYNC_TOKEN missing"), nil // want `environment variable NOTES_SYNC_TOKEN`
	}
	// Clean: the same shape of token, not read anywhere and not called a
	// variable.
	return mcp.NewToolResultError("state SYNC_PENDING: the last sync has not finished; call sync_status."), nil
}

func track(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if envhelp.Lookup("TRACKER_TOKEN") == "" {
		return mcp.NewToolResultError("ensure TRACKER_TOKEN is set"), nil // want `environment variable TRACKER_TOKEN`
	}
	if envhelp.URL() == "" {
		return mcp.NewToolResultError("TRACKER_URL is empty"), nil // want `environment variable TRACKER_URL`
	}
	// Clean: a name built from a suffix is not known, and the text does not
	// call it a variable.
	if envhelp.Prefixed("MODE") == "" {
		return mcp.NewToolResultError("state TRACKER_MODE: tracking is paused; call tracker_resume."), nil
	}
	return mcp.NewToolResultText("tracked"), nil
}
