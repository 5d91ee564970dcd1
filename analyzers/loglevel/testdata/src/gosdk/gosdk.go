package gosdk

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"errkit"
)

var ErrNoSuchNote = errors.New("no such note")

type note struct{ text, version string }

type store struct {
	notes map[string]note
}

func (s *store) get(path string) (note, error) {
	n, ok := s.notes[path]
	if !ok {
		return note{}, ErrNoSuchNote
	}
	return n, nil
}

type readIn struct {
	Path    string `json:"path"`
	Limit   int    `json:"limit"`
	Version string `json:"version"`
}

func Register(srv *mcp.Server, s *store) {
	mcp.AddTool(srv, &mcp.Tool{Name: "read_note"}, s.read)
	srv.AddTool(&mcp.Tool{Name: "raw_read"}, s.raw)
	mcp.AddTool(srv, &mcp.Tool{Name: "clean_read"}, s.clean)
}

func (s *store) read(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, any, error) {
	if in.Path == "" {
		return nil, nil, errkit.New("The 'path' argument is empty.") // want `where the argument check in.Path == "" holds`
	}
	if in.Limit < 0 {
		return nil, nil, errkit.New("The 'limit' argument is negative.") // want `where the argument check in.Limit < 0 holds`
	}
	n, err := s.get(in.Path)
	if errors.Is(err, ErrNoSuchNote) {
		return nil, nil, errkit.New("No note at '" + in.Path + "'; find it with raw_read.") // want `on the gosdk.ErrNoSuchNote path`
	}
	if in.Version != "" && in.Version != n.version {
		return nil, nil, errkit.New("The note changed; read it again.") // want `where the argument in.Version does not match the current version`
	}
	return nil, n.text, nil
}

func (s *store) raw(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var in readIn
	if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
		return nil, errkit.New("The arguments are not valid JSON.") // want `when json.Unmarshal of the argument req.Params.Arguments fails`
	}
	if in.Path == "" {
		return nil, errkit.New("The 'path' argument is empty.") // want `where the argument check in.Path == "" holds`
	}
	return nil, nil
}

func (s *store) clean(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, any, error) {
	if in.Path == "" {
		return nil, nil, errkit.CallerError("The 'path' argument is empty.")
	}
	if s.notes == nil {
		return nil, nil, errkit.New("The store is not loaded.")
	}
	if err := check(in.Path); err != nil {
		return nil, nil, err
	}
	n, err := s.get(in.Path)
	if err != nil {
		return nil, nil, errkit.New("Reading failed.")
	}
	if err := check(n.version); err != nil {
		return nil, nil, err
	}
	return nil, n.text, nil
}

// check is not a handler, and one of its calls passes a value of the
// server's: its parameter is not known to be an argument.
func check(path string) error {
	if path == "" {
		return errkit.New("empty")
	}
	return nil
}

// checkPath is only ever called with the argument in.Path: its parameter
// is argument data.
func checkPath(path string) error {
	if path == "" {
		return errkit.New("The 'path' argument is empty.") // want `where the argument check path == "" holds`
	}
	return nil
}

func (s *store) checked(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, any, error) {
	if err := checkPath(in.Path); err != nil {
		return nil, nil, err
	}
	return nil, nil, nil
}

type deps struct{}

// RequiredParam is a project's own argument accessor.
func RequiredParam[T any](args map[string]any, name string) (T, error) {
	var zero T
	v, ok := args[name].(T)
	if !ok {
		return zero, errors.New("missing required parameter: " + name)
	}
	return v, nil
}

func fetch(owner string) (string, error) { return owner, nil }

// projectTool has a project's own handler shape: the request and the
// arguments as a map.
func projectTool(ctx context.Context, d deps, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
	owner, err := RequiredParam[string](args, "owner")
	if err != nil {
		return nil, nil, errkit.New(err.Error()) // want `when RequiredParam of the arguments fails`
	}
	if _, ok := args["page"]; ok {
		return nil, nil, errkit.New("This tool has no 'page'; pass 'after' instead.") // want `where the argument check ok holds`
	}
	text, err := fetch(owner)
	if err != nil {
		return nil, nil, errkit.New("Listing failed.")
	}
	return nil, text, nil
}

// notAHandler takes arguments but not the request.
func notAHandler(args map[string]any) error {
	if args["x"] == nil {
		return errkit.New("x is missing")
	}
	return nil
}
