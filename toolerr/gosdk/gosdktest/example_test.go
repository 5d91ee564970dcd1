package gosdktest_test

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr/gosdk"
	"github.com/toolcheck/toolcheck/toolerr/gosdk/gosdktest"
)

// printTB prints what Check reports; a test passes its *testing.T.
type printTB struct{}

func (printTB) Helper()                           {}
func (printTB) Errorf(format string, args ...any) { fmt.Printf(format+"\n", args...) }

func readNote(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
	return nil, readOut{Text: "the note"}, nil
}

// newNotes is the server's constructor, as production calls it.
func newNotes(boundary bool) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	if boundary {
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
	}
	mcp.AddTool(s, &mcp.Tool{Name: "read_note", Description: "Return a note's text."}, readNote)
	return s
}

// In a server's test, Check(t, newNotes(...)) with the test's t.
func ExampleCheck() {
	fmt.Println("with the boundary:")
	gosdktest.Check(printTB{}, newNotes(true))
	fmt.Println("without:")
	gosdktest.Check(printTB{}, newNotes(false))
	// Output:
	// with the boundary:
	// without:
	// tool "read_note" does not pass through the tool boundary; install it with s.AddReceivingMiddleware(gosdk.ReceivingBoundary()) after the server's other middleware (a gosdk.TypedBoundary inside mcp.AddTool cannot be seen without running the tool)
}
