package mcpgoserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"example.com/adopted/internal/logcheck"
	"example.com/adopted/mcpgoserver"
	"example.com/adopted/notes"
)

// TestOutcomes calls the server through a real mcp-go client, in process.
func TestOutcomes(t *testing.T) {
	dir := logcheck.Notes(t)
	store, err := notes.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var log logcheck.Log
	s := mcpgoserver.New(store, log.Logger())
	s.AddTool(mcp.NewTool("crash"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		paths := strings.Fields("")
		return mcp.NewToolResultText(paths[0]), nil // panics: the boundary contains it
	})

	ctx := context.Background()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}

	for _, tc := range logcheck.Cases {
		if tc.Name == "indexing" {
			store.Invalidate()
		}
		req := mcp.CallToolRequest{}
		req.Params.Name = tc.Tool
		req.Params.Arguments = tc.Args
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Errorf("%s: protocol error %v", tc.Name, err)
			continue
		}
		text := ""
		if len(res.Content) > 0 {
			if tx, ok := mcp.AsTextContent(res.Content[0]); ok {
				text = tx.Text
			}
		}
		logcheck.Check(t, tc, res.IsError, text, log.Take(t), dir)
	}
}
