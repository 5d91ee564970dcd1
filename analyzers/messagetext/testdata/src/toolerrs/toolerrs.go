// Package toolerrs builds ToolErrors whose messages the model reads.
package toolerrs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"teapi"
	"toolerr"
)

type In struct{ Path string }
type Out struct{ Text string }

func read(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
	data, err := os.ReadFile(filepath.Join(notesRoot, in.Path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Out{}, teapi.New(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", in.Path), teapi.WithLevel(slog.LevelInfo))
	}
	if err != nil {
		return nil, Out{}, teapi.New(fmt.Sprintf("read failed: %v", err)) // want `raw error of os.ReadFile`
	}
	if len(data) == 0 {
		return nil, Out{}, teapi.Caller("the note is empty; see the description") // want `points elsewhere \("see the description"\)`
	}
	if data[0] == '#' {
		return nil, Out{}, &teapi.ToolError{Message: "header found, run `notes fsck --repair`", Level: slog.LevelInfo} // want `run the command "notes fsck --repair"`
	}
	if data[0] == '!' {
		return nil, Out{}, teapi.Errorf("cannot parse %s: %v", in.Path, err) // want `raw error of os.ReadFile`
	}
	if data[0] == '?' {
		return nil, Out{}, teapi.Errorf("Note '%s' has no title; add one and call write_note again.", in.Path)
	}
	// A fault: the boundary logs it and sends its fixed message.
	return nil, Out{Text: string(data)}, fmt.Errorf("read %s: %w", in.Path, err)
}

func register() {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1"}, nil)
	s.AddReceivingMiddleware(toolerr.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "read_note"}, read)
}

// notesRoot is the server's directory: a path joined from it is the
// server's, and so is the error of an operation on it.
var notesRoot = "/srv/notes"
