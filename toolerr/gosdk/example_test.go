package gosdk_test

import (
	"context"
	"log/slog"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/gosdk"
)

type searchIn struct {
	Query string `json:"query"`
}

type searchOut struct {
	Paths []string `json:"paths"`
}

func searchNotes(ctx context.Context, req *mcp.CallToolRequest, in searchIn) (*mcp.CallToolResult, searchOut, error) {
	if in.Query == "" {
		return nil, searchOut{}, toolerr.CallerError("The 'query' argument is empty. Call search_notes with a word to look for.")
	}
	return nil, searchOut{Paths: []string{}}, nil
}

func ExampleReceivingBoundary() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.ReceivingBoundary(gosdk.WithLogger(logger)))
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes"}, searchNotes)
}

func ExampleTypedBoundary() {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes"}, gosdk.TypedBoundary(searchNotes))
}
