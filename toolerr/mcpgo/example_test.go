package mcpgo_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
)

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, toolerr.CallerError("The 'path' argument is missing. Call read_note with a path from search_notes.")
	}
	return mcp.NewToolResultText("text of " + path), nil
}

func ExampleBoundary() {
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary))
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), readNote)
}

func ExampleNewBoundary() {
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	s := server.NewMCPServer("notes", "1.0.0",
		server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(logger))))
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), readNote)
}

// abuseRateLimitError has the shape of go-github's
// *github.AbuseRateLimitError, which toolerr recognises with no
// classifier.
type abuseRateLimitError struct {
	Response   *http.Response
	Message    string
	RetryAfter *time.Duration
}

func (e *abuseRateLimitError) Error() string { return e.Message }

// graphQLError stands for an error of a GraphQL client, whose text is the
// API's message.
type graphQLError struct{ message string }

func (e graphQLError) Error() string { return e.message }

// ExampleWithClassifier ports the error helper of a server built on
// go-github: rate limits need no code (the boundary tells the model when
// to retry), and the one upstream error that means the model named
// nothing, GraphQL's "Could not resolve to a node", becomes a caller
// error by the project's own classifier.
func ExampleWithClassifier() {
	classify := func(ctx context.Context, err error) *toolerr.ToolError {
		if strings.Contains(err.Error(), "Could not resolve to a node") {
			return toolerr.CallerError("The 'discussion_id' argument names no discussion. Find the ID with list_discussions.")
		}
		return nil // the built-in rules decide
	}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == toolerr.KeyDuration || a.Key == toolerr.KeyError {
				return slog.Attr{} // left out to keep the output stable and short
			}
			return a
		},
	}))
	boundary := mcpgo.NewBoundary(mcpgo.WithLogger(logger), mcpgo.WithClassifier(classify))

	getDiscussion := boundary(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("failed to get discussion: %w",
			graphQLError{"Could not resolve to a node with the global id of 'DC_kwDOInvalid'"})
	})
	listIssues := boundary(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		wait := 42 * time.Second
		return nil, fmt.Errorf("failed to list issues: %w", &abuseRateLimitError{
			Response:   &http.Response{StatusCode: http.StatusForbidden, Header: http.Header{"Retry-After": {"42"}}},
			Message:    "You have exceeded a secondary rate limit.",
			RetryAfter: &wait,
		})
	})
	for _, tool := range []struct {
		name string
		h    server.ToolHandlerFunc
	}{{"get_discussion", getDiscussion}, {"list_issues", listIssues}} {
		var req mcp.CallToolRequest
		req.Params.Name = tool.name
		res, _ := tool.h(context.Background(), req)
		fmt.Println(res.Content[0].(mcp.TextContent).Text)
	}
	// Output:
	// level=INFO msg=tool_failed tool=get_discussion outcome=caller_error error_type=mcpgo_test.graphQLError
	// The 'discussion_id' argument names no discussion. Find the ID with list_discussions.
	// level=WARN msg=tool_failed tool=list_issues outcome=rate_limited error_type=*mcpgo_test.abuseRateLimitError retry_after=42s
	// The request was fine but a service the server relies on is busy; retry in 42s.
}
