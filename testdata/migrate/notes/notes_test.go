package notes

import (
	"context"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestReadMissing calls the handler directly and asserts its IsError
// result: after -fix the handler returns an error instead, and -fix
// routes the call through the boundary, which answers the model with the
// IsError result the test asserts; its report names this test.
func TestReadMissing(t *testing.T) {
	n := &Notes{Root: t.TempDir()}
	var req mcp.CallToolRequest
	req.Params.Arguments = map[string]any{"path": "missing.md"}
	res, err := n.read(context.Background(), req)
	if err != nil || res == nil || !res.IsError {
		t.Fatalf("read of a missing note: %v, %v", res, err)
	}
}

// TestNew does not call a handler the fixes changed.
func TestNew(t *testing.T) {
	if New(&Notes{}) == nil {
		t.Fatal("no server")
	}
}

// readCase calls the handler for one path: a helper of the tests.
func readCase(t *testing.T, path string) *mcp.CallToolResult {
	t.Helper()
	n := &Notes{Root: t.TempDir()}
	var req mcp.CallToolRequest
	req.Params.Arguments = map[string]any{"path": path}
	res, _ := n.read(context.Background(), req)
	return res
}

// TestReadNoPath asserts the IsError result through readCase: -fix's
// report names it too.
func TestReadNoPath(t *testing.T) {
	if res := readCase(t, ""); res == nil || !res.IsError {
		t.Fatalf("read with no path: %v", res)
	}
}

// TestReadContract checks the handler's own contract, an error or an
// IsError result: it tests the error against nil, so -fix leaves its call
// as it is (the boundary answers every error as a result).
func TestReadContract(t *testing.T) {
	n := &Notes{Root: t.TempDir()}
	var req mcp.CallToolRequest
	res, err := n.read(context.Background(), req)
	if err == nil && (res == nil || !res.IsError) {
		t.Fatal("read without a path succeeded")
	}
}

// TestCountNoDir calls the handler the factory builds: -fix's report names
// it, and routes the call.
func TestCountNoDir(t *testing.T) {
	h := (&Notes{}).countTool()
	if res, _ := h(context.Background(), mcp.CallToolRequest{}); res == nil || !res.IsError {
		t.Fatalf("count without a dir: %v", res)
	}
}
