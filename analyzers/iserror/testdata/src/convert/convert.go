// Package convert registers its tools behind the boundary it declares and
// sees one ToolError API with a constructor per outcome: the suggested
// fixes return the ToolError or the fault the evidence shows.
package convert

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"convhelp"
	"outcomes"
)

// Boundary is the project's tool boundary.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc { return next }

var store = map[string]string{}

// templatePath and indexPath are the server's own files.
var templatePath, indexPath = "template.md", "index.md"

func load(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path, err := req.RequireString("path")
	if err != nil {
		return mcp.NewToolResultError("The 'path' argument is missing. Call read with a path."), nil // want `mcp.NewToolResultError builds`
	}
	limit, err := strconv.Atoi(req.GetString("limit", "10"))
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError builds`
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return mcp.NewToolResultError("No note at '" + path + "'. Find the path with search."), nil // want `mcp.NewToolResultError builds`
	}
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError builds`
	}
	if len(b) > limit {
		return mcp.NewToolResultErrorf("note %s has %d bytes, more than the limit %d", path, len(b), limit), nil // want `mcp.NewToolResultErrorf builds`
	}
	return mcp.NewToolResultText(string(b)), nil
}

func write(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	text, err := load(templatePath)
	if err != nil {
		return mcp.NewToolResultErrorf("failed to load %s: %v", templatePath, err), nil // want `mcp.NewToolResultErrorf builds`
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		// The model named the path: the failure may be its (a missing
		// directory), and the site does not tell, so no fix.
		return mcp.NewToolResultErrorFromErr("failed to write the note", err), nil // want `mcp.NewToolResultErrorFromErr builds`
	}
	if _, err := os.Stat(path + ".lock"); err != nil {
		return mcp.NewToolResultError("Failed to check the lock."), nil // want `mcp.NewToolResultError builds`
	}
	if lockDir == "" {
		return mcp.NewToolResultError("Locking is unavailable because the lock directory is not configured."), nil // want `mcp.NewToolResultError builds`
	}
	if text == "" {
		// Nothing tells the outcome: the finding stays, without a fix.
		return mcp.NewToolResultError("the note is empty"), nil // want `mcp.NewToolResultError builds`
	}
	if store[path] == "" {
		return mcp.NewToolResultError("The index is rebuilding; retry in a minute."), nil // want `mcp.NewToolResultError builds`
	}
	res := mcp.NewToolResultError("stored, not returned: no fix") // want `mcp.NewToolResultError builds`
	return res, nil
}

func helpers(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return convhelp.ErrorResult(err.Error()), nil // want `convhelp.ErrorResult returns an IsError result`
	}
	text, err := load(name)
	if errors.Is(err, fs.ErrNotExist) {
		return convhelp.ErrorResult("No note named '" + name + "'. Call list to see the notes."), nil // want `convhelp.ErrorResult returns an IsError result`
	}
	if err != nil {
		return convhelp.ErrorResultFromErr("failed to load the note", err), nil // want `convhelp.ErrorResultFromErr returns an IsError result`
	}
	if text == "-" {
		return convhelp.APIError(ctx, "failed upstream", 500, err), nil // want `convhelp.APIError returns an IsError result`
	}
	return convhelp.MaybeError(text, err), nil // want `convhelp.MaybeError returns an IsError result built outside the tool boundary when its err argument is non-nil`
}

type Out struct{ Lines []string }

func typed(ctx context.Context, req *sdk.CallToolRequest, in struct{ Path string }) (*sdk.CallToolResult, Out, error) {
	if in.Path == "" {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "The 'path' argument is empty. Give a note's path."}}}, Out{}, nil // want `mcp.CallToolResult literal with IsError: true builds`
	}
	b, err := os.ReadFile(in.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "No note at '" + in.Path + "'."}}}, Out{}, nil // want `mcp.CallToolResult literal with IsError: true builds`
	}
	if err != nil {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "failed to read: " + err.Error()}}}, Out{}, nil // want `mcp.CallToolResult literal with IsError: true builds`
	}
	return nil, Out{Lines: []string{string(b)}}, nil
}

// check is a helper whose caller tests the result it returns (dispatch):
// a nil result would change its caller's path, so no fix.
func check(q string) (*mcp.CallToolResult, error) {
	if q == "" {
		return mcp.NewToolResultError("q is empty"), nil // want `mcp.NewToolResultError builds`
	}
	return nil, nil
}

// dispatch hands each method to a function whose results it returns as
// they are: their sites are fixed like the handler's own.
func dispatch(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	switch req.GetString("method", "") {
	case "create":
		return create(ctx, req.GetString("q", ""))
	}
	if res, err := check(req.GetString("q", "")); res != nil { // want `convert.check returns an IsError result`
		return res, err
	}
	return mcp.NewToolResultText("ok"), nil
}

func create(ctx context.Context, q string) (*mcp.CallToolResult, error) {
	if err := os.WriteFile(q, nil, 0o644); err != nil {
		return mcp.NewToolResultError("failed to create the note"), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(q), nil
}

var logger = slog.Default()

// toolError logs the failure and returns it as an IsError result with a
// nil error, as the handlers return it: its calls are converted, the
// boundary logging instead.
func toolError(logger *slog.Logger, msg string, err error) (*mcp.CallToolResult, error) {
	if err != nil {
		msg += ": " + err.Error()
	}
	logger.Error(msg)
	return mcp.NewToolResultError(msg), nil // want `mcp.NewToolResultError builds`
}

func toolErrorf(logger *slog.Logger, format string, args ...any) (*mcp.CallToolResult, error) {
	return toolError(logger, fmt.Sprintf(format, args...), nil) // want `convert.toolError returns an IsError result`
}

func logged(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := load(indexPath)
	if err != nil {
		return toolError(logger, "failed to load the note", err) // want `convert.toolError returns an IsError result`
	}
	raw := req.GetString("limit", "10")
	if _, err := strconv.Atoi(raw); err != nil {
		return toolErrorf(logger, "The 'limit' argument %q is not a number.", raw) // want `convert.toolErrorf returns an IsError result`
	}
	if text == "" {
		// err is nil here: no fault wrapping nothing.
		return toolError(logger, "the note is empty", err) // want `convert.toolError returns an IsError result`
	}
	return mcp.NewToolResultText(text), nil
}

var accountID = ""

var lockDir = ""

// fetchScope reads the request and the server's configuration: its error
// may be either's, so no fix guesses the outcome.
func fetchScope(req mcp.CallToolRequest) (string, error) {
	if accountID == "" {
		return "", errors.New("the account is not configured")
	}
	p := req.GetString("project", "")
	if p == "" {
		return "", errors.New("project is required")
	}
	return accountID + "/" + p, nil
}

func scoped(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	scope, err := fetchScope(req)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(scope), nil
}

func loggedLocal(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := load(indexPath)
	if err != nil {
		// The logger is used nowhere else: dropping it would leave it
		// declared and not used, so no fix.
		l := slog.Default().With("tool", "logged")
		return toolError(l, "failed to load the note", err) // want `convert.toolError returns an IsError result`
	}
	return mcp.NewToolResultText(text), nil
}

// current is the version of the note the server holds.
var current = "3"

func update(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	version := req.GetString("version", "")
	if version == "" {
		return mcp.NewToolResultError("version is required"), nil // want `mcp.NewToolResultError builds`
	}
	if version != current {
		return mcp.NewToolResultError("The note changed since version " + version + "; read it again."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText("updated"), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("logged_local"), Boundary(loggedLocal))
	s.AddTool(mcp.NewTool("scoped"), Boundary(scoped))
	s.AddTool(mcp.NewTool("logged"), Boundary(logged))
	s.AddTool(mcp.NewTool("dispatch"), Boundary(dispatch))
	s.AddTool(mcp.NewTool("read"), Boundary(read))
	s.AddTool(mcp.NewTool("write"), Boundary(write))
	s.AddTool(mcp.NewTool("helpers"), Boundary(helpers))
	s.AddTool(mcp.NewTool("update"), Boundary(update))
	s.AddTool(mcp.NewTool("owner"), Boundary(owner))
	s.AddTool(mcp.NewTool("lookup"), Boundary(lookup))
}

func RegisterTyped(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{Name: "typed"}, typed)
}

var _ = outcomes.New

// api is an upstream API client.
type api struct{}

func (api) Query(ctx context.Context, q any, vars map[string]any) error { return nil }

var upstream api

func owner(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var args struct{ Owner string }
	if err := req.BindArguments(&args); err != nil {
		return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError builds`
	}
	var q struct{ Name string }
	vars := map[string]any{"owner": args.Owner}
	if err := upstream.Query(ctx, &q, vars); err != nil {
		// The upstream was given the owner the model named: it may answer
		// that the owner names nothing, and the site does not tell, so no
		// fix.
		return mcp.NewToolResultError(err.Error()), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(q.Name), nil
}

// lookup's texts say what the model named is not there where the evidence
// shows only that something failed, or nothing: caller errors. The twin
// says nothing of the kind: a fault.
func lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	index, err := load(indexPath)
	if err != nil {
		return mcp.NewToolResultErrorf("provider not found: %s - verify the provider name", name), nil // want `mcp.NewToolResultErrorf builds`
	}
	if !strings.Contains(index, name) {
		return mcp.NewToolResultError(fmt.Sprintf("label %q not found in the index", name)), nil // want `mcp.NewToolResultError builds`
	}
	if _, err := load(index); err != nil {
		return mcp.NewToolResultError("Failed to read the index."), nil // want `mcp.NewToolResultError builds`
	}
	return mcp.NewToolResultText(index), nil
}
