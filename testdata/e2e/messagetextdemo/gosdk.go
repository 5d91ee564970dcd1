package messagetextdemo

import (
	"context"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/boundary"
)

type StatIn struct {
	Path string `json:"path"`
}

type StatOut struct {
	Size int64 `json:"size"`
}

// NewGoSDK builds the go-sdk server: stat_note is registered without the
// boundary, so the error it returns is what the model reads.
func NewGoSDK() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "demo", Version: "1.0.0"}, nil) // want unwrapped "tool \"stat_note\" \\(handler messagetextdemo\\.stat\\) is registered on this server without the tool boundary"
	mcp.AddTool(s, &mcp.Tool{Name: "stat_note"}, stat)
	mcp.AddTool(s, &mcp.Tool{Name: "stat_wrapped"}, boundary.TypedBoundary(statWrapped))
	return s
}

func stat(ctx context.Context, req *mcp.CallToolRequest, in StatIn) (*mcp.CallToolResult, StatOut, error) {
	info, err := os.Stat("/srv/notes/" + in.Path)
	if err != nil {
		return nil, StatOut{}, err // want messagetext "raw error of os.Stat"
	}
	if info.IsDir() {
		return nil, StatOut{}, fmt.Errorf("'%s' is a directory (%T); call stat_note with a file", in.Path, info) // want messagetext "prints a Go type name with %T"
	}
	return nil, StatOut{Size: info.Size()}, nil
}

// statWrapped is stat's twin behind the boundary: its error is a fault
// the boundary logs and replaces with a fixed message.
func statWrapped(ctx context.Context, req *mcp.CallToolRequest, in StatIn) (*mcp.CallToolResult, StatOut, error) {
	info, err := os.Stat(in.Path)
	if err != nil {
		return nil, StatOut{}, err
	}
	return nil, StatOut{Size: info.Size()}, nil
}
