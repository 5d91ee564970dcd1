package mcpgotest_test

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo/mcpgotest"
)

// printTB prints what Check reports; a test passes its *testing.T.
type printTB struct{}

func (printTB) Helper()                           {}
func (printTB) Errorf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("the note"), nil
}

// newServer is the server's constructor, as production calls it.
func newServer(boundary bool) *server.MCPServer {
	var opts []server.ServerOption
	if boundary {
		opts = append(opts, server.WithToolHandlerMiddleware(mcpgo.Boundary))
	}
	s := server.NewMCPServer("notes", "1.0.0", opts...)
	s.AddTool(mcp.NewTool("read_note", mcp.WithString("path", mcp.Required())), readNote)
	s.AddTool(mcp.NewTool("search_notes", mcp.WithString("query", mcp.Required())), readNote)
	return s
}

// In a server's test, Check(t, newServer(...)) with the test's t.
func ExampleCheck() {
	fmt.Println("with the boundary:")
	mcpgotest.Check(printTB{}, newServer(true))
	fmt.Println("without:")
	mcpgotest.Check(printTB{}, newServer(false))
	// Output:
	// with the boundary:
	// without:
	// tool "read_note" does not pass through the tool boundary; install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options
	// tool "search_notes" does not pass through the tool boundary; install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options
}
