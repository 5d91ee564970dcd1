package mcpgo

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"builderkit"
	"errkit"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrVersionMismatch = errors.New("version mismatch")
	ErrRateLimited     = errors.New("rate limited")
	ErrConfigNotFound  = errors.New("config not found")
)

type NotFoundError struct{ Path string }

func (e *NotFoundError) Error() string { return "no note at " + e.Path }

type Store interface {
	Read(path string) (string, error)
	Write(path, text, version string) error
	Current(path string) string
	Status(path string) int
	Reindex() error
}

type Notes struct {
	store        Store
	byID         map[string]string
	enableWrites bool
	readOnly     bool
	authEnabled  bool
	apiKey       string
	maxLimit     int
}

func Register(s *server.MCPServer, n *Notes) {
	s.AddTool(mcp.NewTool("read_note"), n.read)
	s.AddTool(mcp.NewTool("search_notes"), n.search)
	s.AddTool(mcp.NewTool("write_note"), n.write)
	s.AddTool(mcp.NewTool("search"), n.clean)
}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, errkit.New("The 'path' argument is missing.") // want `a ToolError built when req.RequireString\("path"\) fails is a caller error left at the ERROR default; set its level to INFO`
	}
	if path == "" {
		return nil, errkit.New("The 'path' argument is empty.") // want `where the argument check path == "" holds`
	}
	text, err := n.store.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errkit.New("No note at '" + path + "'.") // want `on the fs.ErrNotExist path`
	}
	if os.IsNotExist(err) {
		return nil, errkit.New("No note at that path.", errkit.WithCause(err)) // want `on the os.IsNotExist path`
	}
	if err == sql.ErrNoRows {
		return nil, errkit.Newf("No row for %q.", path) // want `on the sql.ErrNoRows path`
	}
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, errkit.New("Not found.") // want `on the mcpgo.ErrNotFound path`
	case errors.Is(err, ErrVersionMismatch):
		return nil, errkit.New("The note changed.") // want `on the mcpgo.ErrVersionMismatch path`
	}
	var nf *NotFoundError
	if errors.As(err, &nf) {
		return nil, builderkit.New("No note there.") // want `on the \*mcpgo.NotFoundError path`
	}
	switch err.(type) {
	case *NotFoundError:
		return nil, builderkit.Errorf("No note at %s.", path) // want `on the \*mcpgo.NotFoundError path`
	}
	if err != nil {
		return nil, errkit.New("Reading the note failed.") // a fault
	}
	return mcp.NewToolResultText(text), nil
}

type searchArgs struct {
	Query string `json:"query"`
	Mode  string `json:"mode"`
}

func (n *Notes) search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit := req.GetInt("limit", 10)
	if limit < 1 || limit > 100 {
		return nil, errkit.New("The 'limit' argument must be between 1 and 100.") // want `where the argument check limit < 1 \|\| limit > 100 holds`
	}
	page, err := strconv.Atoi(req.GetString("page", "1"))
	if err != nil {
		return nil, errkit.New("The 'page' argument is not a number.") // want `when strconv.Atoi of the argument req.GetString\("page", "1"\) fails`
	}
	_ = page
	var args searchArgs
	if err := req.BindArguments(&args); err != nil {
		return nil, errkit.New("The arguments do not match the schema.") // want `when req.BindArguments\(&args\) fails`
	}
	if args.Query == "" {
		return nil, errkit.New("The 'query' argument is empty.") // want `where the argument check args.Query == "" holds`
	}
	switch args.Mode {
	case "exact", "fuzzy":
	default:
		return nil, errkit.New("The 'mode' argument must be exact or fuzzy.") // want `for an unexpected value of the argument args.Mode`
	}
	id := req.GetString("id", "")
	text, ok := n.byID[id]
	if !ok {
		return nil, errkit.New("No note has that id.") // want `where the lookup of the argument id finds nothing`
	}
	if n.store.Status(id) == http.StatusNotFound {
		return nil, errkit.New("No note has that id upstream.") // want `on the http.StatusNotFound path`
	}
	if err := n.store.Reindex(); err != nil {
		return nil, errkit.New("Searching failed; call read_note with a known path.") // want `with a message that sends the model to the tool read_note`
	}
	return mcp.NewToolResultText(text), nil
}

func (n *Notes) write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !n.enableWrites {
		return nil, errkit.New("Writing is turned off on this server; use read_note instead.") // want `where the operator turned the feature off \(n.enableWrites is false\)`
	}
	if n.readOnly {
		return nil, errkit.New("This server is read-only; call search_notes to find what exists.") // want `where the operator turned the feature off \(n.readOnly is true\)`
	}
	path := req.GetString("path", "")
	version := req.GetString("version", "")
	if version != n.store.Current(path) {
		return nil, errkit.New("The note changed since that version; read it again.") // want `where the argument version does not match the current version`
	}
	return nil, nil
}

// clean holds the twins that must draw nothing.
func (n *Notes) clean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return nil, errkit.New("The 'path' argument is missing.", errkit.WithLevel(slog.LevelInfo))
	}
	if path == "" {
		return nil, errkit.CallerError("The 'path' argument is empty.")
	}
	if n.apiKey == "" {
		return nil, errkit.New("The server is not configured: it has no API key.")
	}
	if !n.enableWrites {
		return nil, errkit.New("Writing is turned off.") // does not steer the model elsewhere
	}
	if !n.authEnabled {
		return nil, errkit.New("Use another server instead.") // a setting, not a feature the operator turned off
	}
	limit := req.GetInt("limit", 10)
	if limit > n.maxLimit {
		return nil, errkit.New("The limit is too high.") // reads server state too
	}
	text, err := n.store.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		if err2 := n.store.Reindex(); err2 != nil {
			return nil, errkit.New("Reindexing failed.") // a fault inside the not-found branch
		}
		return nil, errkit.New("No note at '"+path+"'.", errkit.AsCaller())
	}
	if errors.Is(err, ErrNotFound) {
		return nil, errkit.New("No note there.", errkit.Quiet)
	}
	if errors.Is(err, fs.ErrExist) {
		return nil, builderkit.New("A note is there already.").Info()
	}
	if os.IsExist(err) {
		return nil, builderkit.New("A note is there already.").WithLevel(slog.LevelInfo)
	}
	if errors.Is(err, ErrConfigNotFound) {
		return nil, errkit.New("The notes directory is missing.") // configuration: a fault
	}
	if errors.Is(err, ErrRateLimited) {
		return nil, errkit.Unavailable("The store is busy; retry in a minute.")
	}
	if errors.Is(err, ErrVersionMismatch) {
		return nil, errkit.New("The note changed.", errkit.WithLevel(slog.LevelError)) // explicit, even if wrong
	}
	if errors.Is(err, fs.ErrPermission) {
		return nil, errkit.New("Permission denied.")
	}
	if errors.Is(err, ErrNotFound) {
		return nil, errkit.Fault("The index lost a note.") // a fault by its constructor's name
	} else if err != nil {
		return nil, errkit.New("Reading failed.")
	}
	if err != sql.ErrNoRows {
		return nil, errkit.New("Reading failed.")
	}
	if err := n.store.Reindex(); err != nil {
		return nil, errkit.New("The search index is rebuilding; retry later.") // heals itself
	}
	if err := n.store.Reindex(); err != nil {
		return nil, errkit.New("search failed") // "search" is a tool, but not a mention of it
	}
	if err := n.store.Reindex(); err != nil {
		return nil, errkit.New("search_notes failed: the index is broken.") // names a tool without sending the model to it
	}
	if errors.Is(err, fs.ErrNotExist) {
		//toolcheck:ignore loglevel the store reports missing index files this way
		return nil, errkit.New("No note index.")
	}
	return mcp.NewToolResultText(text), nil
}

// Boundary renders errors; what it builds is not checked.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, errkit.New("No such note; call search_notes.")
		}
		return res, err
	}
}
