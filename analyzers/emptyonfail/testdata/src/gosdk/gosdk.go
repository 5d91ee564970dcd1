// Package gosdk holds go-sdk handlers that return an empty success on a
// failure path, and their clean twins.
package gosdk

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type SearchIn struct{ Query string }

type SearchOut struct {
	Query   string
	Paths   []string
	Total   int
	Partial bool
	Warning string
}

type StatOut struct {
	Size int64
	Mode string
}

func find(q string) ([]string, error) { return nil, errors.New("down") }

func searchZero(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{}, nil // want `failure of find returns nil and gosdk.SearchOut\{\} with a nil error`
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchEcho(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{Query: in.Query, Paths: []string{}, Total: 0}, nil // want `failure of find returns nil and an empty gosdk.SearchOut with a nil error`
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchVarOut(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	var out SearchOut
	paths, err := find(in.Query)
	if err != nil {
		return nil, out, nil // want `returns nil and out \(still empty\) with a nil error`
	}
	out.Paths = paths
	return nil, out, nil
}

func searchNamed(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (res *mcp.CallToolResult, out SearchOut, err error) {
	paths, ferr := find(in.Query)
	if ferr != nil {
		return // want `failure of find returns res \(still nil\) and out \(still empty\) with a nil error`
	}
	out.Paths = paths
	return
}

func statZero(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, *StatOut, error) {
	fi, err := os.Stat(in.Query)
	if err != nil {
		return nil, &StatOut{}, nil // want `failure of os.Stat returns nil and &gosdk.StatOut\{\} with a nil error`
	}
	return nil, &StatOut{Size: fi.Size()}, nil
}

// searchReset starts from a non-empty default, then empties it on the
// failure path: what reaches the return there is the empty value.
func searchReset(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, []string, error) {
	paths := []string{"index"}
	found, err := find(in.Query)
	if err != nil {
		paths = nil
		return nil, paths, nil // want `failure of find returns nil and paths \(still nil\) with a nil error`
	}
	return nil, append(paths, found...), nil
}

// searchKept answers a failure with the default it started from.
func searchKept(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, []string, error) {
	paths := []string{"index"}
	found, err := find(in.Query)
	if err != nil {
		return nil, paths, nil
	}
	return nil, append(paths, found...), nil
}

func statFailedResult(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, any, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, paths, nil // want `failure of find returns nil and paths \(what the failed call returned\) with a nil error`
	}
	return nil, paths, nil
}

func ping(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/var/run/notes"); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: ""}}}, nil // want `failure of os.Stat returns a CallToolResult with text "" with a nil error`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

// placeholder is the image a chart tool answers with when it cannot draw.
var placeholder = []byte("iVBORw0KGgo=")

// chart answers a failed rendering with a placeholder image: a result with
// content, not an empty one.
func chart(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	png, err := os.ReadFile("/var/cache/chart.png")
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: placeholder, MIMEType: "image/png"}}}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: png, MIMEType: "image/png"}}}, nil
}

// pingUnset answers a failure with text content whose Text is left unset.
func pingUnset(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/var/run/notes"); err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{}}}, nil // want `failure of os.Stat returns a CallToolResult with text "" with a nil error`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

func pingNil(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/var/run/notes"); err != nil {
		return nil, nil // want `failure of os.Stat returns nil with a nil error`
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

func statNotFound(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, StatOut, error) {
	fi, err := os.Stat(in.Query)
	if errors.Is(err, os.ErrNotExist) {
		return nil, StatOut{}, nil // want `the not-found failure of os.Stat returns nil and gosdk.StatOut\{\} as a success`
	}
	if err != nil {
		return nil, StatOut{}, err
	}
	return nil, StatOut{Size: fi.Size()}, nil
}

// --- clean twins ---

func searchErr(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{}, fmt.Errorf("find %q: %w", in.Query, err)
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchNothing(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{}, err
	}
	if len(paths) == 0 {
		return nil, SearchOut{Query: in.Query, Paths: []string{}}, nil
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchPartialFlag(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{Query: in.Query, Partial: true}, nil
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchWarning(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{Query: in.Query, Warning: "the index is unavailable; nothing was searched"}, nil
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func searchRecorded(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, SearchOut, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, SearchOut{Query: in.Query, Warning: err.Error()}, nil
	}
	return nil, SearchOut{Query: in.Query, Paths: paths}, nil
}

func statNonEmpty(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, StatOut, error) {
	fi, err := os.Stat(in.Query)
	if err != nil {
		return nil, StatOut{Mode: "unknown"}, nil
	}
	return nil, StatOut{Size: fi.Size()}, nil
}

func pingSetError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/var/run/notes"); err != nil {
		var res mcp.CallToolResult
		res.SetError(err)
		return &res, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

func pingIsError(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/var/run/notes"); err != nil {
		return &mcp.CallToolResult{IsError: true}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, searchZero)
	mcp.AddTool(s, &mcp.Tool{Name: "search_reset"}, searchReset)
	mcp.AddTool(s, &mcp.Tool{Name: "search_kept"}, searchKept)
	s.AddTool(&mcp.Tool{Name: "ping"}, ping)
	s.AddTool(&mcp.Tool{Name: "chart"}, chart)
	s.AddTool(&mcp.Tool{Name: "ping_unset"}, pingUnset)
}

func listNil(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, []string, error) {
	paths, err := find(in.Query)
	if err != nil {
		return nil, nil, nil // want `failure of find returns nil with a nil error`
	}
	return nil, paths, nil
}

// checkAccess answers a denial as a result, or fails.
func checkAccess(ctx context.Context, verb string) (*mcp.CallToolResult, error) {
	if verb == "" {
		return nil, errors.New("no verb")
	}
	return nil, nil
}

// updateGuarded returns what the check answered only when there is a
// result: the denial, not an empty one.
func updateGuarded(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, any, error) {
	if denied, err := checkAccess(ctx, "update"); err != nil || denied != nil {
		if denied != nil {
			return denied, nil, nil
		}
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// updateUnguarded's twin returns what the failed check returned, tested
// for nothing.
func updateUnguarded(ctx context.Context, req *mcp.CallToolRequest, in SearchIn) (*mcp.CallToolResult, any, error) {
	if denied, err := checkAccess(ctx, "update"); err != nil {
		return denied, nil, nil // want `failure of checkAccess returns denied \(what the failed call returned\)`
	}
	return &mcp.CallToolResult{}, nil, nil
}
