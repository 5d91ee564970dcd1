// Package handled holds failure branches whose empty return is handled,
// as a reviewer reads them: the five shapes that are not a swallowed
// failure, and their true twins, which are.
package handled

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"example.com/confirm"

	"github.com/mark3labs/mcp-go/mcp"
)

type kindError struct{ kind string }

func (e *kindError) Error() string { return "no kind " + e.kind }

func isKindNotFound(err error) bool {
	var ke *kindError
	return errors.As(err, &ke)
}

func activeKinds(ctx context.Context, kind string) error { return &kindError{kind} }

// 1. An absence that is the answer, in a function that is no list.
func checkActive(ctx context.Context, kind string) error {
	if err := activeKinds(ctx, kind); err != nil {
		if isKindNotFound(err) {
			return nil // the cluster has no such kind, so nothing of it is active
		}
		return err
	}
	return nil
}

func activeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := checkActive(ctx, req.GetString("kind", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("active"), nil
}

// 2. A failure disclosed in the result.
func sample(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	b, err := os.ReadFile("samples/" + name)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("There is no sample named %q. The samples are: alpha, beta.", name)), nil
	}
	return mcp.NewToolResultText(string(b)), nil
}

// 3. A configured fallback, logged: the operator chose to go on.
type config struct{ Fallback string }

var cfg config

func elicit(ctx context.Context) error { return errors.New("elicitation not supported") }

func confirmed(ctx context.Context) error {
	if err := elicit(ctx); err != nil {
		if cfg.Fallback == "allow" {
			slog.Warn("client cannot confirm; going on as configured", "error", err)
			return nil
		}
		return err
	}
	return nil
}

func confirmedDeny(ctx context.Context) error {
	if err := elicit(ctx); err != nil {
		if cfg.Fallback == "deny" {
			return errors.New("denied")
		}
		slog.Warn("client cannot confirm; going on as configured", "error", err)
		return nil
	}
	return nil
}

func deleteTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := confirmed(ctx); err != nil {
		return nil, err
	}
	if err := confirmedDeny(ctx); err != nil {
		return nil, err
	}
	// A helper of another package whose nil result means "go on": every
	// call here tests it.
	if r := confirm.Action(ctx, "delete?"); r != nil {
		return r, nil
	}
	return mcp.NewToolResultText("deleted"), nil
}

func cachedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key := req.GetString("key", "")
	r := confirm.Cached(ctx, key)
	if r == nil {
		r = mcp.NewToolResultText("computed " + key)
	}
	return r, nil
}

// 4. A nil the caller checks and falls back on.
type Client struct{ token string }

var defaultClient = &Client{}

func dial(tok string) (*Client, error) { return nil, errors.New("refused") }

func clientFor(tok string) *Client {
	c, err := dial(tok)
	if err != nil {
		slog.Warn("no client for the token; using the default", "error", err)
		return nil
	}
	return c
}

func listTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c := clientFor(req.GetString("token", ""))
	if c == nil {
		c = defaultClient
	}
	return mcp.NewToolResultText(c.token + "list"), nil
}

// The same, through a struct field.
type settings struct{ client *Client }

func settingsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var st settings
	st.client = clientFor(req.GetString("token", ""))
	if st.client == nil {
		st.client = defaultClient
	}
	return mcp.NewToolResultText(st.client.token), nil
}

// A nil a caller stores in a field and sends on untested.
func scopesFor(tok string) []string {
	c, err := dial(tok)
	if err != nil {
		return nil // want `failure of dial returns nil from a function with no error result`
	}
	return []string{c.token}
}

func scopesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var st struct{ scopes []string }
	st.scopes = scopesFor(req.GetString("token", ""))
	return mcp.NewToolResultText(strings.Join(st.scopes, ",")), nil
}

// 5. Optional enrichment, best effort by design.
func enrichment(path string) string {
	b, err := os.ReadFile(path + ".meta")
	if err != nil {
		return "" // optional: most files have no metadata
	}
	return "\n" + string(b)
}

func describeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	text := "file " + path + enrichment(path)
	return mcp.NewToolResultText(text), nil
}

// thumbnail notes the file's thumbnail. It is optional enrichment, best
// effort by design: without a thumbnail the note is left out.
func thumbnail(path string) string {
	info, err := os.Stat(path + ".png")
	if err != nil {
		return ""
	}
	return fmt.Sprintf("\nThumbnail: %d bytes.", info.Size())
}

func showTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	return mcp.NewToolResultText("file " + path + thumbnail(path)), nil
}

// listing lists a directory; appended to a header, it is still the
// answer, and nothing says it may be left out.
func listing(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "" // want `failure of os.ReadDir returns "" from a function with no error result`
	}
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.Name() + "\n")
	}
	return b.String()
}

func lsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("Files:\n" + listing(req.GetString("dir", ""))), nil
}

// A validation skipped when its input cannot be fetched, said on the line.
func fetchDiff(ctx context.Context) ([]string, error) { return nil, errors.New("down") }

func validate(ctx context.Context, line string) error {
	diffs, err := fetchDiff(ctx)
	if err != nil {
		return nil //nolint:nilerr // best effort: without the diff, skip the check
	}
	for _, d := range diffs {
		if strings.Contains(d, line) {
			return nil
		}
	}
	return errors.New("the line is not in the diff")
}

func commentTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := validate(ctx, req.GetString("line", "")); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText("commented"), nil
}

// --- what stays a finding ---

// A lookup answered with an empty list that becomes the whole result,
// with only a debug log.
func lookup(ctx context.Context, q string) []string {
	b, err := os.ReadFile("index")
	if err != nil {
		slog.Debug("index", "error", err)
		return []string{} // want `failure of os.ReadFile returns \[\]string\{\} from a function with no error result`
	}
	return strings.Fields(string(b) + q)
}

func searchTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hits := lookup(ctx, req.GetString("q", ""))
	return mcp.NewToolResultText(strings.Join(hits, "\n")), nil
}

// A reader whose text is the tool's answer.
func readText(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", nil // want `failure of os.ReadFile returns "" with a nil error`
	}
	return string(b), nil
}

func readTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := readText(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

// A marshalling failure answered with empty text, logged at ERROR: the
// model still reads an empty success.
func promptTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, err := json.Marshal(req.GetArguments())
	if err != nil {
		slog.ErrorContext(ctx, "marshal", "error", err)
		return mcp.NewToolResultText(""), nil // want `failure of json.Marshal returns mcp.NewToolResultText\(""\) with a nil error`
	}
	return mcp.NewToolResultText(string(r)), nil
}

// A comment above another statement of the branch is about that one.
func noteTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		// keep the failure in the server's log
		slog.Debug("read", "error", err)
		return nil, nil // want `failure of os.ReadFile returns \(nil, nil\)`
	}
	return mcp.NewToolResultText(string(b)), nil
}

// A comment that marks unfinished work explains nothing.
func statTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := os.Stat(req.GetString("path", "")); err != nil {
		// TODO: report the failure
		return nil, nil // want `failure of os.Stat returns \(nil, nil\)`
	}
	return mcp.NewToolResultText("ok"), nil
}

// One kind of failure swallowed by a test of its own: nothing is passed
// on from that branch.
var errTimeout = errors.New("timeout")

func timedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile(req.GetString("path", ""))
	if err != nil {
		if errors.Is(err, errTimeout) {
			return nil, nil // want `failure of os.ReadFile returns \(nil, nil\)`
		}
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

// A nil that one caller tests and another sends on.
func clientOrNil(tok string) *Client {
	c, err := dial(tok)
	if err != nil {
		return nil // want `failure of dial returns nil from a function with no error result`
	}
	return c
}

func pingTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if c := clientOrNil("a"); c != nil {
		return mcp.NewToolResultText(c.token), nil
	}
	c := clientOrNil("b")
	return mcp.NewToolResultText(fmt.Sprint(c)), nil
}

// A helper of another package whose "" is sent on untested.
func approveTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	approver := confirm.Token(ctx) // want `confirm.Token returns "" with a nil error on the failure of ask`
	return mcp.NewToolResultText("approved by " + approver), nil
}
