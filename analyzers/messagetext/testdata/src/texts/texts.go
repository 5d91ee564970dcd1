package texts // want package:"env\\(NOTES_API_TOKEN\\)"

// The package holds model-facing text with server paths, environment
// variables, type names, pointers elsewhere and commands, next to clean
// twins.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

type Server struct {
	dataDir  string
	name     string
	basePath string
}

const notesRoot = "/var/lib/notes"

const hint = "See the docs for the accepted formats."

func stack(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res = mcp.NewToolResultErrorf("panic: %v\n%s", r, debug.Stack()) // want `includes a stack trace or frame \(debug.Stack\)`
		}
	}()
	_, file, line, _ := runtime.Caller(0)
	if req.GetBool("where", false) {
		return mcp.NewToolResultErrorf("failed at %s:%d", file, line), nil // want `stack trace or frame \(runtime.Caller\)`
	}
	buf := make([]byte, 4096)
	runtime.Stack(buf, false)
	if req.GetBool("trace", false) {
		return mcp.NewToolResultError("trace: " + string(buf)), nil // want `stack trace or frame \(runtime.Stack\)`
	}
	if req.GetBool("literal", false) {
		return mcp.NewToolResultError("goroutine 1 [running]: main.main()"), nil // want `goroutine stack trace`
	}
	return mcp.NewToolResultError("The index is rebuilding; the request was fine, retry in a minute."), nil
}

func (s *Server) paths(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.GetString("path", "")
	switch p {
	case "a":
		return mcp.NewToolResultError("cannot write to /var/lib/notes/inbox"), nil // want `includes the server path "/var/lib/notes/inbox"`
	case "b":
		return mcp.NewToolResultError("notes live under " + notesRoot), nil // want `server path "/var/lib/notes"`
	case "c":
		return mcp.NewToolResultError(`config at C:\notes\config.json is invalid`), nil // want `server path "C:\\\\notes\\\\config.json"`
	case "d":
		return mcp.NewToolResultError("edit ~/.notes/config.toml first"), nil // want `server path "~/.notes/config.toml"`
	case "e":
		return mcp.NewToolResultError("failed in store.go:42"), nil // want `source position "store.go:42"`
	case "f":
		wd, _ := os.Getwd()
		return mcp.NewToolResultErrorf("no notes in %s", wd), nil // want `server path \(os.Getwd\)`
	case "g":
		return mcp.NewToolResultErrorf("no note at %s", filepath.Join(s.dataDir, p)), nil // want `server path \(a path filepath.Join builds on the server's own directory\)`
	case "h":
		return mcp.NewToolResultErrorf("the notes directory %s is full", s.dataDir), nil // want `server path \(the server's dataDir\)`
	case "i":
		abs, _ := filepath.Abs("notes")
		return mcp.NewToolResultErrorf("cannot open %q", abs), nil // want `server path \(a path filepath.Abs builds`
	case "j":
		if err := readConfig(); err != nil {
			return mcp.NewToolResultErrorf("cannot start: %v", err), nil // want `^model-facing text includes a server path \(os.Getwd\) and the raw error of os.ReadFile, returned through texts.readConfig; log it, and send text the model can act on$`
		}
	}
	// Clean: the model's own path quoted back, relative paths, a URL, API routes.
	if p != "" {
		return mcp.NewToolResultErrorf("No note at '%s'. Find the path with search_notes.", p), nil
	}
	abs, _ := filepath.Abs(p)
	if strings.HasPrefix(abs, "x") {
		return mcp.NewToolResultErrorf("No note at %q (resolved from your path).", abs), nil
	}
	if s.name == "" {
		return mcp.NewToolResultErrorf("No note at '%s'. Notes live in 'inbox/todo.md' style paths.", filepath.Join(p, "todo.md")), nil
	}
	return mcp.NewToolResultError("Create a token at https://example.com/settings/tokens and tell the user; GET /repos/x failed."), nil
}

func env(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	token := os.Getenv("NOTES_API_TOKEN")
	switch req.GetString("case", "") {
	case "a":
		return mcp.NewToolResultError("NOTES_API_TOKEN is missing"), nil // want `names the environment variable NOTES_API_TOKEN`
	case "b":
		return mcp.NewToolResultError("the server needs $NOTES_HOME"), nil // want `environment variable NOTES_HOME`
	case "c":
		return mcp.NewToolResultError("set the environment variable SYNC_KEY and restart"), nil // want `environment variable SYNC_KEY`
	case "d":
		return mcp.NewToolResultError("please export REMOTE_URL=https://x first"), nil // want `environment variable REMOTE_URL`
	case "e":
		return mcp.NewToolResultError("SYNC_SECRET is not set"), nil // want `environment variable SYNC_SECRET`
	}
	_ = token
	// Clean: enum values and codes the contract defines.
	return mcp.NewToolResultError("status must be one of OPEN, IN_PROGRESS or DONE; RESOURCE_NOT_FOUND means the id is wrong, call list_notes."), nil
}

func typeNames(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var err error = os.ErrNotExist
	switch req.GetString("case", "") {
	case "a":
		return mcp.NewToolResultErrorf("unexpected %T", err), nil // want `prints a Go type name with %T`
	case "b":
		return mcp.NewToolResultError("got *fs.PathError while reading"), nil // want `names the type \*fs.PathError`
	case "c":
		return mcp.NewToolResultError("json.SyntaxError in the note header"), nil // want `names the type json.SyntaxError`
	case "d":
		return mcp.NewToolResultError("NullPointerException in the indexer"), nil // want `names the type NullPointerException`
	case "e":
		return mcp.NewToolResultError("cannot decode " + reflect.TypeOf(err).String()), nil // want `Go type name \(reflect.Type.String\)`
	}
	// Clean: plain English about errors.
	return mcp.NewToolResultError("The note header is not valid JSON. Fix the header and call write_note again."), nil
}

func elsewhere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("case", "") {
	case "a":
		return mcp.NewToolResultError("invalid filter; see the tool description"), nil // want `points elsewhere \("see the tool description"\)`
	case "b":
		return mcp.NewToolResultError("use the format as documented"), nil // want `points elsewhere \("as documented"\)`
	case "c":
		return mcp.NewToolResultError("sync failed, check the logs"), nil // want `points elsewhere \("check the logs"\)`
	case "d":
		return mcp.NewToolResultError("bad query. Refer to the documentation."), nil // want `points elsewhere \("Refer to the documentation"\)`
	case "e":
		return mcp.NewToolResultError("invalid date. " + hint), nil // want `points elsewhere \("See the docs"\)`
	case "f":
		return mcp.NewToolResultError("error E1042"), nil // want `error code E1042 with no explanation`
	case "g":
		return mcp.NewToolResultErrorf("failed with error code %d", 1042), nil // want `error code 1042 with no explanation|gives an error code`
	}
	// Clean: a category code followed by its explanation; a limit; a tool name.
	if req.GetBool("x", false) {
		return mcp.NewToolResultError("E1042: the note is larger than 1 MB; split it and call write_note for each part."), nil
	}
	return mcp.NewToolResultErrorf("Query longer than %d characters; shorten it and call `search_notes` again.", 200), nil
}

func commands(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("case", "") {
	case "a":
		return mcp.NewToolResultError("index missing, run `notes-index --rebuild` first"), nil // want `run the command "notes-index --rebuild"`
	case "b":
		return mcp.NewToolResultError("not logged in; please run 'gh auth login'"), nil // want `run the command "gh auth login"`
	}
	// Clean: a tool name in backticks after "run".
	return mcp.NewToolResultError("No index yet. Run `rebuild_index` and call search_notes again."), nil
}

// Look-alikes that are not findings.
func lookalikes(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("case", "") {
	case "a":
		return mcp.NewToolResultError("The workflow run 'nightly build' failed; call get_job_logs with its job id."), nil
	case "b":
		return mcp.NewToolResultError("The job failed. Check the logs of job 42 with get_job_logs."), nil
	case "c":
		return mcp.NewToolResultError("The field type 'string list' is not supported; pass a string."), nil
	case "d":
		return mcp.NewToolResultError("Filters look like SORT_ORDER=asc; fix the filter and call search_notes again."), nil
	case "e":
		return mcp.NewToolResultError("E1042: quota exceeded"), nil
	case "f":
		return mcp.NewToolResultErrorf("The page /app is not a note; the API at %s/notes lists them.", (&Server{}).basePath), nil
	case "g":
		return mcp.NewToolResultError("Dates must be ISO8601 or RFC3339, such as 2024-05-01."), nil
	}
	return mcp.NewToolResultError("Look it up with search_notes and check the description of the note."), nil
}

// Text built in pieces: a variable assigned once, concatenation, Join.
func pieces(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	msg := "cannot read /etc/notes.conf" // want `server path "/etc/notes.conf"`
	if req.GetBool("a", false) {
		return mcp.NewToolResultError(msg), nil
	}
	parts := strings.Join([]string{"sync failed", "see the logs"}, ": ") // want `points elsewhere \("see the logs"\)`
	return mcp.NewToolResultError(parts), nil
}

func init() {
	s := &Server{}
	_ = mcp.NewTool("search_notes")
	_ = mcp.NewTool("rebuild_index")
	_ = s
	_ = fmt.Sprint
}

// readConfig's error carries both a server path and a raw error: one
// value, one finding.
func readConfig() error {
	wd, _ := os.Getwd()
	if _, err := os.ReadFile(filepath.Join(wd, "notes.toml")); err != nil {
		return fmt.Errorf("config in %s: %w", wd, err)
	}
	return nil
}
