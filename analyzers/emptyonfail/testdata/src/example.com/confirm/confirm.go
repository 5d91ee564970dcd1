// Package confirm asks the user before a destructive action. Its nil
// result means "go on": every caller tests it.
package confirm

import (
	"context"
	"errors"
	"log/slog"

	"github.com/mark3labs/mcp-go/mcp"
)

var (
	ErrDeclined = errors.New("declined")
	errAsk      = errors.New("ask failed")
)

func ask(ctx context.Context, message string) (bool, error) { return false, errAsk }

// Action returns a result that ends the tool call when the user declined,
// and nil to go on.
func Action(ctx context.Context, message string) *mcp.CallToolResult {
	ok, err := ask(ctx, message)
	if err != nil {
		if errors.Is(err, ErrDeclined) {
			return mcp.NewToolResultText("Canceled by the user.")
		}
		return nil
	}
	if !ok {
		return mcp.NewToolResultText("Canceled by the user.")
	}
	return nil
}

// Token returns "" when the token cannot be read; the tools that call it
// send "" on as the approver, a failure nobody sees.
func Token(ctx context.Context) string { // want Token:`emptyonfail\(returns "" on the failure of ask at confirm.go:\d+\)`
	if _, err := ask(ctx, "token"); err != nil {
		slog.ErrorContext(ctx, "token", "error", err)
		return ""
	}
	return "t"
}

// Cached returns the cached answer, or nil when there is none or the
// cache cannot be read: its callers test it and compute the answer.
func Cached(ctx context.Context, key string) *mcp.CallToolResult { // want Cached:`emptyonfail\(returns nil on the failure of ask at confirm.go:\d+\)`
	if _, err := ask(ctx, key); err != nil {
		return nil
	}
	return mcp.NewToolResultText(key)
}
