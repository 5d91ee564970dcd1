// Package gosdk builds go-sdk error results and returns errors from typed
// handlers, wrapped and not.
package gosdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"toolerr"
)

type In struct{ Path string }
type Out struct{ Text string }

// An unwrapped typed handler: the error it returns is what the model reads.
func read(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	data, err := os.ReadFile(filepath.Join(notesRoot, in.Path))
	if err != nil {
		return nil, Out{}, err // want `raw error of os.ReadFile`
	}
	if len(data) == 0 {
		return nil, Out{}, fmt.Errorf("note %q is empty; see the docs", in.Path) // want `points elsewhere`
	}
	return nil, Out{Text: string(data)}, nil
}

// The same handler wrapped in the boundary: its errors are faults the
// boundary logs and replaces.
func readWrapped(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	data, err := os.ReadFile(in.Path)
	if err != nil {
		return nil, Out{}, err
	}
	return nil, Out{Text: string(data)}, nil
}

// A raw handler's error is a protocol error, not model-facing text.
func raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	_, err := os.ReadFile("x")
	return nil, err
}

func literal(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("notes"); err != nil {
		return &mcp.CallToolResult{
			Content: []mcp.Content{&mcp.TextContent{Text: "stat failed: " + err.Error()}}, // want `raw error of os.Stat`
			IsError: true,
		}, nil
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{&mcp.TextContent{Text: "The notes store is offline; the request was fine, retry later."}},
		IsError: true,
	}, nil
}

func setError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	f, err := os.Open("notes.db")
	if err != nil {
		var res mcp.CallToolResult
		res.SetError(err) // want `raw error of os.Open`
		return &res, nil
	}
	defer f.Close()
	if _, err := f.Stat(); err != nil {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The notes store is offline; the request was fine, retry later."}}}
		res.SetError(err) // the content is what the model reads
		return res, nil
	}
	if _, err := f.Seek(0, 0); err != nil {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "seek: " + err.Error()}}} // want `raw error of \(\*os.File\).Seek`
		res.SetError(err)
		return res, nil
	}
	if _, err := f.Seek(1, 0); err != nil {
		var res mcp.CallToolResult
		res.Content = []mcp.Content{&mcp.TextContent{Text: "The notes store is offline; the request was fine, retry later."}}
		res.SetError(err) // content assigned before: the content is what the model reads
		return &res, nil
	}
	return &mcp.CallToolResult{}, nil
}

func register() {
	s := mcp.NewServer(&mcp.Implementation{Name: "n", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "read"}, read)
	mcp.AddTool(s, &mcp.Tool{Name: "forward"}, forward)
	mcp.AddTool(s, &mcp.Tool{Name: "read_wrapped"}, toolerr.TypedBoundary(readWrapped))
	s.AddTool(&mcp.Tool{Name: "raw"}, raw)
	s.AddTool(&mcp.Tool{Name: "literal"}, literal)
	s.AddTool(&mcp.Tool{Name: "set_error"}, setError)
}

// notesRoot is the server's directory: a path joined from it is the
// server's, and so is the error of an operation on it.
var notesRoot = "/srv/notes"

type Query struct {
	Filter map[string]any `json:"filter"`
}

var searchURL = "https://search.internal.example/v1/query"

// The model's decoded input marshals again, whatever its type says; the
// error that can reach the return is the request's, which carries the
// configured URL.
func forward(ctx context.Context, req *mcp.CallToolRequest, in Query) (*mcp.CallToolResult, Out, error) {
	body, err := json.Marshal(in)
	if err == nil {
		var hreq *http.Request
		hreq, err = http.NewRequestWithContext(ctx, "POST", searchURL, bytes.NewReader(body))
		_ = hreq
	}
	if err != nil {
		return nil, Out{}, fmt.Errorf("search: %w", err) // want `raw error of http.NewRequestWithContext`
	}
	return nil, Out{}, nil
}
