// Package accounts is the ledger server's account tools.
package accounts

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/notes/archshapes/ledger/registry"
)

// Register adds the account tools through r.
func Register(r *registry.Registrar, balances map[string]int) {
	r.Add(mcp.NewTool("list_accounts",
		mcp.WithDescription("List the accounts."),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		names := make([]string, 0, len(balances))
		for n := range balances {
			names = append(names, n)
		}
		sort.Strings(names)
		return mcp.NewToolResultText(strings.Join(names, "\n")), nil
	})
	r.Add(mcp.NewTool("get_balance",
		mcp.WithDescription("Show an account's balance."),
		mcp.WithString("account", mcp.Required(), mcp.Description("An account from list_accounts.")),
	), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		acct := req.GetString("account", "")
		b, ok := balances[acct]
		if !ok {
			return nil, fmt.Errorf("no account '%s'; find one with list_accounts", acct)
		}
		return mcp.NewToolResultText(fmt.Sprint(b)), nil
	})
}
