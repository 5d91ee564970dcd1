// Package app's tools call helpers of other packages.
package app

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/store"
	"example.com/toolkit"
	"example.com/wrap"
)

type Notes struct{ st *store.Store }

func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := n.st.Search(req.GetString("query", "")) // want `\(\*store.Store\).Search returns \[\]store.Note\{\} with a nil error on the failure of s.db.Query \(store.go:\d+\), so this tool cannot tell a failure from an empty result; make \(\*store.Store\).Search return the error`
	if err != nil {
		return nil, err
	}
	if len(notes) == 0 {
		return mcp.NewToolResultText("no notes match"), nil
	}
	return mcp.NewToolResultText(fmt.Sprint(notes)), nil
}

func (n *Notes) find(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := n.st.Find("") // want `\(\*store.Store\).Find returns nil with a nil error on the failure of s.db.Query \(store.go:\d+ via \(\*store.Store\).query\)`
	if err != nil {
		return nil, err
	}
	more, err := wrap.Search("") // want `wrap.Search returns .* via \(\*store.Store\).Search\)`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(notes, more)), nil
}

func (n *Notes) lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := n.st.Lookup("") // want `\(\*store.Store\).Lookup returns`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(notes)), nil
}

// A same-package helper between the tool and the store: the call is
// reported in the helper, which tool code reaches.
func (n *Notes) sync() error {
	return store.Sync("/notes") // want `store.Sync returns a nil error on the failure of os.MkdirAll \(store.go:\d+\), so this tool cannot tell a failure from success`
}

func (n *Notes) syncTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := n.sync(); err != nil {
		return nil, err
	}
	if err := store.SyncAll(); err != nil { // want `store.SyncAll returns a nil error on the failure of os.MkdirAll \(store.go:\d+ via store.Sync\)`
		return nil, err
	}
	fi, err := toolkit.Stat("/notes") // want `toolkit.Stat returns nil with a nil error on the failure of os.Stat`
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(fi)), nil
}

// --- clean: these helpers return the error, or were reported in their
// own package, or allow absence ---

func (n *Notes) clean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	a, err := n.st.SearchOK("")
	if err != nil {
		return nil, err
	}
	b, err := wrap.Safe("")
	if err != nil {
		return nil, err
	}
	c, err := store.List("/notes")
	if err != nil {
		return nil, err
	}
	d, err := n.st.Get("x")
	if err != nil {
		return nil, err
	}
	e, err := toolkit.Read("x")
	if err != nil {
		return nil, err
	}
	f, err := store.Files("/")
	if err != nil {
		return nil, err
	}
	g, err := n.st.Checked("")
	if err != nil {
		return nil, err
	}
	if err := store.Remove("/tmp/x"); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(a, b, c, d, e, f, g)), nil
}

// Code no tool reaches is not reported.
func Maintenance(st *store.Store) {
	_, _ = st.Search("")
	_ = store.Sync("/")
}
