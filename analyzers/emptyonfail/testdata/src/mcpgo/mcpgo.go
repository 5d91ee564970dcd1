// Package mcpgo holds mcp-go handlers that return an empty success on a
// failure path, and their clean twins.
package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Note struct{ Path, Text string }

type index struct{}

func (index) search(q string) ([]Note, error) { return nil, errors.New("index down") }

var idx index

func render(notes []Note) string {
	var b strings.Builder
	for _, n := range notes {
		b.WriteString(n.Path)
	}
	return b.String()
}

// --- handlers that hide a failure ---

func searchNilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search(req.GetString("query", ""))
	if err != nil {
		log.Printf("search: %v", err)
		return nil, nil // want `failure of idx.search returns \(nil, nil\), which mcp-go answers with internal error -32603`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchEmptyText(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search(req.GetString("query", ""))
	if err != nil {
		return mcp.NewToolResultText(""), nil // want `failure of idx.search returns mcp.NewToolResultText\(""\) with a nil error, so the answer says there is nothing when the server failed to look; return the error so the tool boundary reports a fault`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchPlaceholder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("query", "")
	if notes, err := idx.search(q); err != nil {
		return mcp.NewToolResultText("No notes found."), nil // want `failure of idx.search returns mcp.NewToolResultText\("No notes found."\)`
	} else {
		return mcp.NewToolResultText(render(notes)), nil
	}
}

func searchSprintf(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("query", "")
	notes, err := idx.search(q)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("No notes match %q", q)), nil // want `returns mcp.NewToolResultText\("No notes match %q"\)`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchJSONText(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	switch {
	case err != nil:
		return mcp.NewToolResultText("[]"), nil // want `returns mcp.NewToolResultText\("\[\]"\)`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchNull(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err == nil {
		return mcp.NewToolResultText(render(notes)), nil
	}
	return mcp.NewToolResultText("null"), nil // want `returns mcp.NewToolResultText\("null"\)`
}

func searchStructured(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultStructured([]Note{}, ""), nil // want `returns mcp.NewToolResultStructured of \[\]mcpgo.Note\{\}`
	}
	return mcp.NewToolResultStructuredOnly(notes), nil
}

func searchStructuredOnly(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultStructuredOnly(map[string]any{}), nil // want `returns mcp.NewToolResultStructuredOnly of map\[string\]any\{\}`
	}
	return mcp.NewToolResultStructuredOnly(notes), nil
}

func searchJSON(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return mcp.NewToolResultJSON([]Note{}) // want `returns mcp.NewToolResultJSON of \[\]mcpgo.Note\{\}`
	}
	return mcp.NewToolResultJSON(notes)
}

func searchResultLit(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return &mcp.CallToolResult{}, nil // want `returns an empty CallToolResult with a nil error`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchResultText(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil {
		return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Type: "text", Text: "no results"}}}, nil // want `returns a CallToolResult with text "no results"`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func readErrorsIs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if errors.Is(err, fs.ErrPermission) {
		return mcp.NewToolResultText(""), nil // want `failure of os.ReadFile returns mcp.NewToolResultText\(""\)`
	}
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

func readErrorsAs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	var perr *fs.PathError
	if errors.As(err, &perr) {
		return mcp.NewToolResultText(""), nil // want `failure of os.ReadFile returns`
	}
	return mcp.NewToolResultText(string(b)), nil
}

func readNotFoundEmpty(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if os.IsNotExist(err) {
		return mcp.NewToolResultText(""), nil // want `the not-found failure of os.ReadFile returns mcp.NewToolResultText\(""\) as a success; return a ToolError at INFO`
	}
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

func argNilNil(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q, err := req.RequireString("query")
	if err != nil {
		return nil, nil // want `failure of req.RequireString returns \(nil, nil\)`
	}
	return mcp.NewToolResultText(q), nil
}

func searchOr(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil || len(notes) == 0 {
		return mcp.NewToolResultText("no results"), nil // want `failure of idx.search returns mcp.NewToolResultText\("no results"\)`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchNotEOF(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	notes, err := idx.search("")
	if err != nil && !errors.Is(err, io.EOF) {
		return mcp.NewToolResultText(""), nil // want `failure of idx.search returns`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchNamed(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	notes, serr := idx.search("")
	if serr != nil {
		log.Print(serr)
		return // want `failure of idx.search returns res \(still nil\) with a nil error`
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func searchVar(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var res *mcp.CallToolResult
	notes, err := idx.search("")
	if err != nil {
		return res, nil // want `failure of idx.search returns res \(still nil\)`
	}
	res = mcp.NewToolResultText(render(notes))
	return res, nil
}

// Literal handlers registered inline are tool code too.
func register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("lit"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		notes, err := idx.search("")
		if err != nil {
			return mcp.NewToolResultText(""), nil // want `failure of idx.search returns mcp.NewToolResultText`
		}
		return mcp.NewToolResultText(render(notes)), nil
	})
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args struct{ Q string }) (*mcp.CallToolResult, error) {
		notes, err := idx.search(args.Q)
		if err != nil {
			return nil, nil // want `failure of idx.search returns \(nil, nil\), which mcp-go answers`
		}
		return mcp.NewToolResultText(render(notes)), nil
	}))
	s.AddTool(mcp.NewTool("structured"), mcp.NewStructuredToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args struct{ Q string }) (SearchOut, error) {
		notes, err := idx.search(args.Q)
		if err != nil {
			return SearchOut{Query: args.Q}, nil // want `failure of idx.search returns an empty mcpgo.SearchOut with a nil error`
		}
		return SearchOut{Query: args.Q, Notes: notes}, nil
	}))
}

type SearchOut struct {
	Query string
	Notes []Note
}

// --- helpers the handlers call: same package, reached by tool code ---

func loadNotes(dir string) ([]Note, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return []Note{}, nil // want `failure of os.ReadDir returns \[\]mcpgo.Note\{\} with a nil error`
	}
	out := make([]Note, 0, len(entries))
	for _, e := range entries {
		out = append(out, Note{Path: e.Name()})
	}
	return out, nil
}

func loadIndex(path string) map[string]Note {
	b, err := os.ReadFile(path)
	if err != nil {
		return make(map[string]Note) // want `failure of os.ReadFile returns make\(map\[string\]Note\) from a function with no error result`
	}
	var m map[string]Note
	_ = json.Unmarshal(b, &m)
	return m
}

func refresh() error {
	if _, err := os.Stat("/var/notes"); err != nil {
		log.Printf("refresh: %v", err)
		return nil // want `failure of os.Stat is swallowed by a nil error return, which reports success`
	}
	return nil
}

func recovered(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	defer func() {
		if r := recover(); r != nil { // want `this recover\(\) swallows the panic and mcpgo.recovered returns zero values with a nil error`
			log.Printf("panic: %v", r)
		}
	}()
	notes, err := loadNotes("/notes")
	if err != nil {
		return nil, err
	}
	_ = loadIndex("/index")
	if err := refresh(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(render(notes)), nil
}

func limitTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return mcp.NewToolResultText(""), nil // want `failure of strconv.Atoi returns mcp.NewToolResultText\(""\) as a success, hiding a value that does not parse; return a ToolError at INFO that names the argument`
	}
	return mcp.NewToolResultText(fmt.Sprint(n)), nil
}

// A method called (s.refreshCache(), (s.refreshCache)()) is checked like
// refresh; one passed as a value (s.poll) is a callback, whose nil error
// means whatever its caller makes of it.
type cacheSyncer struct{ dir string }

func (s *cacheSyncer) refreshCache() error {
	if _, err := os.Stat(s.dir); err != nil {
		log.Printf("refresh: %v", err)
		return nil // want `failure of os.Stat is swallowed by a nil error return, which reports success`
	}
	return nil
}

func (s *cacheSyncer) poll() error {
	if _, err := os.Stat(s.dir); err != nil {
		return nil
	}
	return nil
}

func every(f func() error) error { return f() }

func syncTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s := &cacheSyncer{dir: req.GetString("dir", "/var/cache")}
	if err := s.refreshCache(); err != nil {
		return nil, err
	}
	if err := (s.refreshCache)(); err != nil {
		return nil, err
	}
	if err := every(s.poll); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("synced"), nil
}
