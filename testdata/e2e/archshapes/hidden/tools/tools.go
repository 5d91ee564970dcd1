// Package tools is the item server's tools, each an unexported type behind
// the exported Tool interface, so that no other package can name them.
package tools

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/boundary"
)

// Tool is one tool of the item server.
type Tool interface {
	Definition() mcp.Tool
	Handler() server.ToolHandlerFunc
}

// Store holds the items by name.
type Store struct {
	Items map[string]string
}

// All returns every tool of the item server.
func All(st *Store) []Tool {
	return []Tool{&listItems{st: st}, &getItem{st: st}, &countItems{st: st}}
}

type listItems struct{ st *Store }

func (t *listItems) Definition() mcp.Tool {
	return mcp.NewTool("list_items", mcp.WithDescription("List the names of all items."))
}

func (t *listItems) Handler() server.ToolHandlerFunc { return t.handle }

func (t *listItems) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names := make([]string, 0, len(t.st.Items))
	for name := range t.st.Items {
		names = append(names, name)
	}
	sort.Strings(names)
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

type getItem struct{ st *Store }

func (t *getItem) Definition() mcp.Tool {
	return mcp.NewTool("get_item",
		mcp.WithDescription("Show one item."),
		mcp.WithString("name", mcp.Required(), mcp.Description("The item's name, from list_items.")),
	)
}

func (t *getItem) Handler() server.ToolHandlerFunc { return t.handle }

func (t *getItem) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	item, ok := t.st.Items[name]
	if !ok {
		return nil, fmt.Errorf("no item '%s'; find one with list_items", name)
	}
	return mcp.NewToolResultText(item), nil
}

// countItems wraps its own handler in the boundary, so it is never named.
type countItems struct{ st *Store }

func (t *countItems) Definition() mcp.Tool {
	return mcp.NewTool("count_items", mcp.WithDescription("Count the items."))
}

func (t *countItems) Handler() server.ToolHandlerFunc { return boundary.ToolBoundary(t.handle) }

func (t *countItems) handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprint(len(t.st.Items))), nil
}
