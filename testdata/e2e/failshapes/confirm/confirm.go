// Package confirm asks the user, through the client, to confirm a change
// before a tool makes it.
package confirm

import (
	"context"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Ask asks the user to confirm msg. A nil result means "go on": the user
// accepted, or the client cannot ask. Otherwise it is the result the tool
// returns instead of making the change.
func Ask(ctx context.Context, req mcp.CallToolRequest, msg string) *mcp.CallToolResult {
	srv := server.ServerFromContext(ctx)
	if srv == nil {
		return nil
	}
	res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         msg,
			RequestedSchema: map[string]any{"type": "object"},
		},
	})
	if err != nil {
		slog.WarnContext(ctx, "confirmation unavailable; going on", "tool", req.Params.Name, "err", err)
		return nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("The user declined the change; nothing was changed.")
	}
	return nil
}
