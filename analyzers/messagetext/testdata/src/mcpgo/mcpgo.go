// Package mcpgo builds mcp-go IsError results from raw errors and from
// text the model can act on.
package mcpgo

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
)

type Notes struct {
	root   string
	client *http.Client
}

// ---- raw internal errors ----

func (n *Notes) readRaw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // the SDK's accessor: written for the model
	}
	data, err := os.ReadFile(filepath.Join(n.root, path))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("read failed: %v", err)), nil // want `model-facing text includes the raw error of os.ReadFile`
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) readClean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	data, err := os.ReadFile(filepath.Join(n.root, path))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("No note at '%s'. Find the path with search_notes.", path)), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

type Summary struct {
	Paths []string          `json:"paths"`
	Sizes map[string]int    `json:"sizes"`
	Extra map[string]string `json:"-"`
}

func (n *Notes) fromErr(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := json.Marshal(map[string]any{"root": n.root})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("failed to marshal response", err), nil // want `raw error of json.Marshal`
	}
	// Marshalling strings, ints and their slices and maps cannot fail.
	sum, err := json.Marshal(Summary{Paths: []string{n.root}})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("failed to marshal summary", err), nil
	}
	return mcp.NewToolResultText(string(out) + string(sum)), nil
}

// format marshals whatever its callers hand it: whether that can fail is
// a question about each caller's value.
func format(data any) (string, error) {
	out, err := json.Marshal(data)
	if err != nil {
		return "", fmt.Errorf("failed to marshal data: %w", err)
	}
	return string(out), nil
}

func summarise(paths []string) (string, error) {
	var v any = Summary{Paths: paths}
	return format(v)
}

func (n *Notes) formatted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := format(Summary{Paths: []string{n.root}})
	if err != nil {
		return mcp.NewToolResultError("format: " + err.Error()), nil // a struct of strings cannot fail to marshal
	}
	more, err := summarise([]string{n.root})
	if err != nil {
		return mcp.NewToolResultError("summarise: " + err.Error()), nil
	}
	return mcp.NewToolResultText(text + more), nil
}

func (n *Notes) formattedAny(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := format(map[string]any{"root": n.root})
	if err != nil {
		return mcp.NewToolResultError("format: " + err.Error()), nil // want `raw error of json.Marshal`
	}
	return mcp.NewToolResultText(text), nil
}

// run formats what its callback returns.
func run(call func() (any, error)) (string, error) {
	v, err := call()
	if err != nil {
		return "", fmt.Errorf("call: %w", err)
	}
	return format(v)
}

func setClient(p *any, c *http.Client) { *p = c }

func (n *Notes) callbacks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	done, err := run(func() (any, error) { return "done", nil })
	if err != nil {
		return mcp.NewToolResultError("run: " + err.Error()), nil // the callback returns a string
	}
	client, err := run(func() (any, error) { return n.client, nil }) // its CheckRedirect func fails to marshal
	if err != nil {
		return mcp.NewToolResultError("run: " + err.Error()), nil // want `raw error of json.Marshal`
	}
	var v any
	setClient(&v, n.client) // stored through its address
	set, err := format(v)
	if err != nil {
		return mcp.NewToolResultError("format: " + err.Error()), nil // want `raw error of json.Marshal`
	}
	return mcp.NewToolResultText(done + client + set), nil
}

func (n *Notes) parseArgs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	limit, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return mcp.NewToolResultErrorFromErr("limit must be a number", err), nil // parsing the model's input
	}
	since, err := time.Parse(time.RFC3339, req.GetString("since", ""))
	if err != nil {
		return mcp.NewToolResultErrorf("since must be RFC 3339: %v", err), nil
	}
	var args struct{ Query string }
	if err := req.BindArguments(&args); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	if err := json.Unmarshal([]byte(args.Query), &args); err != nil {
		return mcp.NewToolResultErrorf("query is not JSON: %v", err), nil
	}
	owner, err := requiredParam(req, "owner")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // a RequiredParam-like helper: written for the model
	}
	re, err := regexp.Compile(req.GetString("pattern", ""))
	if err != nil {
		return mcp.NewToolResultErrorf("pattern is not a valid regular expression: %v", err), nil // the model's own query
	}
	return mcp.NewToolResultText(fmt.Sprint(limit, since, owner, re)), nil
}

func requiredParam(req mcp.CallToolRequest, name string) (string, error) {
	v, ok := req.GetArguments()[name].(string)
	if !ok || v == "" {
		return "", fmt.Errorf("missing required parameter: %s", name)
	}
	return v, nil
}

func (n *Notes) fetch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := n.client.Get("https://api.example.com/notes")
	if err != nil {
		return mcp.NewToolResultErrorf("upstream: %v", err), nil // want `raw error of \(\*http.Client\).Get`
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return mcp.NewToolResultErrorf("reading: %s", err.Error()), nil // want `raw error of io.ReadAll`
	}
	if resp.StatusCode != http.StatusOK {
		return mcp.NewToolResultError("upstream said: " + string(body)), nil // want `includes the body of an HTTP response`
	}
	return mcp.NewToolResultText(string(body)), nil
}

func (n *Notes) fetchClean(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := n.client.Get("https://api.example.com/notes")
	if err != nil {
		return nil, fmt.Errorf("get notes: %w", err) // a fault for the boundary: not model-facing
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return mcp.NewToolResultError(fmt.Sprintf("The notes service is busy (status %d); the request was fine, retry in a minute.", resp.StatusCode)), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// The error of a same-package helper is followed to its origin.
func (n *Notes) validate(p string) (string, error) {
	abs, err := filepath.EvalSymlinks(filepath.Join(n.root, p))
	if err != nil {
		return "", fmt.Errorf("resolve: %w", err)
	}
	return abs, nil
}

func (n *Notes) check(p string) error {
	if p == "" {
		return fmt.Errorf("path must not be empty")
	}
	return nil
}

func (n *Notes) stat(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.GetString("path", "")
	if err := n.check(p); err != nil {
		return mcp.NewToolResultError(err.Error()), nil // the helper's own text
	}
	if _, err := n.validate(p); err != nil {
		return mcp.NewToolResultError("Error: " + err.Error()), nil // want `raw error of filepath.EvalSymlinks, returned through \(\*mcpgo.Notes\).validate`
	}
	return mcp.NewToolResultText("ok"), nil
}

// A literal CallToolResult with IsError set, the filesystem server's style.
func (n *Notes) literal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info, err := os.Stat(n.root)
	if err != nil {
		return &mcp.CallToolResult{
			Content: []mcp.Content{mcp.TextContent{Type: "text", Text: fmt.Sprintf("Error: %v", err)}}, // want `raw error of os.Stat`
			IsError: true,
		}, nil
	}
	if !info.IsDir() {
		return &mcp.CallToolResult{
			Content: []mcp.Content{mcp.NewTextContent("The notes root is not a directory; the request was fine, tell the user.")},
			IsError: true,
		}, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{mcp.TextContent{Text: fmt.Sprintf("%v", err)}}}, nil // not an error result
}

// Setting IsError on a result built from text.
func (n *Notes) setLater(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	err := exec.Command("git", "pull").Run()
	if err != nil {
		res := mcp.NewToolResultText("sync failed: " + err.Error()) // want `raw error of \(\*exec.Cmd\).Run`
		res.IsError = true
		return res, nil
	}
	ok := mcp.NewToolResultText("synced: " + fmt.Sprint(err))
	return ok, nil
}

// A variable assigned in one branch holds what that branch stored, or its
// zero value: here the only error it can hold is the raw one of os.Stat.
func (n *Notes) branches(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var err error
	if req.GetBool("deep", false) {
		_, err = os.Stat(n.root)
	}
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `raw error of os.Stat`
	}
	return mcp.NewToolResultText("ok"), nil
}

// ---- upstream bodies and dumps ----

func (n *Notes) run(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out, err := exec.CommandContext(ctx, "notes-index", "--rebuild").CombinedOutput()
	if err != nil {
		return mcp.NewToolResultErrorf("indexing failed: %s", out), nil // want `includes a command's captured output`
	}
	return mcp.NewToolResultText("indexed"), nil
}

func (n *Notes) dump(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if n.client == nil {
		return mcp.NewToolResultErrorf("bad state: %+v", n), nil // want `dumps a \*mcpgo.Notes value with %\+v`
	}
	return mcp.NewToolResultErrorf("Note '%v' is locked; retry in a minute.", req.GetString("path", "")), nil
}

// ---- typed handlers ----

type SearchArgs struct{ Query string }

type SearchResult struct{ Paths []string }

// A structured handler's error becomes an IsError result with its text.
func search(ctx context.Context, req mcp.CallToolRequest, args SearchArgs) (SearchResult, error) {
	entries, err := os.ReadDir(filepath.Join(notesRoot, args.Query))
	if err != nil {
		return SearchResult{}, err // want `raw error of os.ReadDir`
	}
	return SearchResult{Paths: []string{entries[0].Name()}}, nil
}

// A typed handler's error is a protocol error the model does not read.
func searchTyped(ctx context.Context, req mcp.CallToolRequest, args SearchArgs) (*mcp.CallToolResult, error) {
	_, err := os.ReadDir(args.Query)
	return nil, err
}

var _ = mcp.NewStructuredToolHandler(search)
var _ = mcp.NewTypedToolHandler(searchTyped)

// A handler declared at package level.
var status = func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat("/srv/notes"); err != nil {
		return mcp.NewToolResultErrorf("status: %v", err), nil // want `raw error of os.Stat`
	}
	return mcp.NewToolResultText("ok"), nil
}

// ---- variables the flow cannot trace ----

// A closure may store into msg at any time, and a pointer may too: their
// text is unknown, so nothing is reported.
func (n *Notes) closureStored(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(n.root)
	if err != nil {
		msg := fmt.Sprintf("read failed: %v", err)
		soften := func() { msg = "The notes could not be read; retry later." }
		soften()
		return mcp.NewToolResultError(msg), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func (n *Notes) addressTaken(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(n.root)
	if err != nil {
		msg := fmt.Sprintf("read failed: %v", err)
		rewrite(&msg)
		return mcp.NewToolResultError(msg), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func rewrite(s *string) { *s = "The notes could not be read; retry later." }

// A closure that stores into an element of a map stores into the map, not
// the variable: the variable's value is traced.
func (n *Notes) elementStored(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	wd, _ := os.Getwd()
	dirs := map[string]string{}
	dirs["notes"] = wd
	reset := func() { dirs["cache"] = "" }
	reset()
	return mcp.NewToolResultErrorf("no notes in %s", dirs["notes"]), nil // want `server path \(os.Getwd\)`
}

// The same variable stored only by its own function is traced.
func (n *Notes) ownStores(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(n.root)
	if err != nil {
		msg := "The notes could not be read"
		msg = fmt.Sprintf("%s: %v", msg, err) // want `model-facing text includes the raw error of os.ReadFile`
		return mcp.NewToolResultError(msg), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// notesRoot is the server's directory: a path joined from it is the
// server's, and so is the error of an operation on it.
var notesRoot = "/srv/notes"

type LogArgs struct{ LogPath string }

// The model's own path, and nothing of the server's: the error of
// os.Create names that path and what the system said of it.
func startLog(ctx context.Context, req mcp.CallToolRequest, args LogArgs) (SearchResult, error) {
	f, err := os.Create(args.LogPath)
	if err != nil {
		return SearchResult{}, err
	}
	defer f.Close()
	return SearchResult{Paths: []string{args.LogPath}}, nil
}

var _ = mcp.NewStructuredToolHandler(startLog)
