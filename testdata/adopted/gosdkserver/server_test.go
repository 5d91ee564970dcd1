package gosdkserver_test

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/adopted/gosdkserver"
	"example.com/adopted/internal/logcheck"
	"example.com/adopted/notes"
)

// TestOutcomes calls the server through a real go-sdk client over
// in-memory transports.
func TestOutcomes(t *testing.T) {
	dir := logcheck.Notes(t)
	store, err := notes.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var log logcheck.Log
	s := gosdkserver.New(store, log.Logger())
	mcp.AddTool(s, &mcp.Tool{Name: "crash"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, string, error) {
		paths := strings.Fields("")
		return nil, paths[0], nil // panics: the boundary contains it
	})

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	for _, tc := range logcheck.Cases {
		if tc.Name == "indexing" {
			store.Invalidate()
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.Tool, Arguments: tc.Args})
		if err != nil {
			t.Errorf("%s: protocol error %v", tc.Name, err)
			continue
		}
		text := ""
		if len(res.Content) > 0 {
			if tx, ok := res.Content[0].(*mcp.TextContent); ok {
				text = tx.Text
			}
		}
		logcheck.Check(t, tc, res.IsError, text, log.Take(t), dir)
	}
}
