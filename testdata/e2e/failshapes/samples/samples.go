// Package samples serves code samples over mcp-go, behind the boundary:
// empty successes on failure paths, and shapes where an empty or nil
// value is the design.
package samples

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/failshapes/confirm"
	"example.com/notes/failshapes/edge"
	"example.com/notes/failshapes/toolerr"
)

// Config is what the operator sets.
type Config struct {
	Dir      string // the samples
	KeyDir   string // one publishing key per team
	Fallback string // "allow" publishes a sample whose signature cannot be checked
}

// Verifier checks a sample's signature.
type Verifier interface {
	Verify(path string) error
}

// DiffSource fetches the pending diff of a sample from review.
type DiffSource interface {
	Diff(ctx context.Context, name string) (string, error)
}

// Samples holds the tools.
type Samples struct {
	cfg      Config
	verifier Verifier
	diffs    DiffSource
}

// NewServer builds the server; every tool is behind the boundary.
func NewServer(cfg Config, v Verifier, d DiffSource) *server.MCPServer {
	s := &Samples{cfg: cfg, verifier: v, diffs: d}
	srv := server.NewMCPServer("samples", "1.0.0", server.WithToolHandlerMiddleware(edge.Boundary))
	srv.AddTool(mcp.NewTool("list_samples"), s.list)
	srv.AddTool(mcp.NewTool("get_sample"), s.get)
	srv.AddTool(mcp.NewTool("sample_body"), s.body)
	srv.AddTool(mcp.NewTool("sample_readme"), s.readmeTool)
	srv.AddTool(mcp.NewTool("raw_sample"), s.raw)
	srv.AddTool(mcp.NewTool("export_samples"), s.export)
	srv.AddTool(mcp.NewTool("publish_sample"), s.publish)
	srv.AddTool(mcp.NewTool("unpublish_sample"), s.unpublish)
	return srv
}

// --- true cases ---

// sampleNames lists the samples. A failed listing is logged at DEBUG and
// becomes an empty list, which list_samples sends as its whole answer.
func (s *Samples) sampleNames() []string {
	entries, err := os.ReadDir(s.cfg.Dir)
	if err != nil {
		slog.Debug("list samples", "dir", s.cfg.Dir, "err", err)
		return []string{} // want emptyonfail "failure of os.ReadDir returns \\[\\]string\\{\\}"
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".txt"); ok {
			names = append(names, n)
		}
	}
	return names
}

func (s *Samples) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(strings.Join(s.sampleNames(), "\n")), nil
}

// readBody is the reader whose text is sample_body's answer.
func (s *Samples) readBody(name string) (string, error) {
	f, err := os.Open(filepath.Join(s.cfg.Dir, name+".txt"))
	if err != nil {
		return "", nil // want emptyonfail "failure of os.Open returns \"\" with a nil error"
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

func (s *Samples) body(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	text, err := s.readBody(req.GetString("name", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(text), nil
}

// readme returns a sample's README, the whole answer of sample_readme.
func (s *Samples) readme(name string) string {
	b, err := os.ReadFile(filepath.Join(s.cfg.Dir, name+".README"))
	if err != nil {
		return "" // want emptyonfail "failure of os.ReadFile returns \"\""
	}
	return string(b)
}

func (s *Samples) readmeTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(s.readme(req.GetString("name", ""))), nil
}

func (s *Samples) raw(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(filepath.Join(s.cfg.Dir, req.GetString("name", "")+".txt"))
	if err != nil {
		return nil, nil // want emptyonfail "failure of os.ReadFile returns \\(nil, nil\\), which mcp-go answers with internal error -32603"
	}
	return mcp.NewToolResultText(string(data)), nil
}

type export struct {
	Names []string       `json:"names"`
	Meta  map[string]any `json:"meta"`
}

func (s *Samples) export(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out := export{Names: s.sampleNames(), Meta: map[string]any{"dir_hint": req.GetArguments()["hint"]}}
	b, err := json.Marshal(out)
	if err != nil {
		slog.ErrorContext(ctx, "export samples", "err", err)
		return mcp.NewToolResultText(""), nil // want emptyonfail "failure of json.Marshal returns mcp.NewToolResultText\\(\"\"\\) with a nil error"
	}
	return mcp.NewToolResultText(string(b)), nil
}

// --- traps ---

// get discloses a failed read in its result (trap 2) and appends optional
// enrichment to the sample's own text (traps 5a and 5b).
func (s *Samples) get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	path := filepath.Join(s.cfg.Dir, name+".txt")
	data, err := os.ReadFile(path)
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("There is no sample named %q. The samples are: %s.", name, strings.Join(s.sampleNames(), ", "))), nil
	}
	return mcp.NewToolResultText(string(data) + thumbnailNote(path) + licenseLine(s.cfg.Dir, name)), nil
}

// thumbnailNote describes the sample's thumbnail. It is optional
// enrichment, best effort by design: the sample's text is the answer, and
// a missing or unreadable thumbnail only leaves this note out.
func thumbnailNote(path string) string {
	info, err := os.Stat(strings.TrimSuffix(path, ".txt") + ".png")
	if err != nil {
		return ""
	}
	return fmt.Sprintf("\n\nThumbnail: %d bytes.", info.Size())
}

func licenseLine(dir, name string) string {
	b, err := os.ReadFile(filepath.Join(dir, name+".license"))
	if err != nil {
		return "" // optional: the sample stands without its license line
	}
	return "\nLicense: " + strings.TrimSpace(string(b))
}

// verifySignature lets an unverifiable sample through only when the
// operator configured that fallback (trap 3).
func (s *Samples) verifySignature(path string) error {
	err := s.verifier.Verify(path)
	if err != nil {
		if s.cfg.Fallback == "allow" {
			slog.Warn("signature check failed; publishing as configured", "path", path, "err", err)
			return nil
		}
		return err
	}
	return nil
}

// validateDiff refuses a sample whose pending diff has conflict markers
// (trap 6).
func (s *Samples) validateDiff(ctx context.Context, name string) error {
	diff, err := s.diffs.Diff(ctx, name)
	if err != nil {
		return nil //nolint:nilerr // best effort: skip validation when the diff cannot be fetched
	}
	if strings.Contains(diff, "<<<<<<<") {
		return toolerr.CallerError(fmt.Sprintf("Sample %q has unresolved conflict markers in review; resolve them there, then call publish_sample again.", name))
	}
	return nil
}

// Client publishes samples.
type Client struct{ key []byte }

var defaultClient = &Client{}

// clientFor returns the team's own publishing client, or nil when the team
// has no key; every caller falls back on defaultClient (trap 4).
func clientFor(keyDir, team string) *Client {
	key, err := os.ReadFile(filepath.Join(keyDir, team+".key"))
	if err != nil {
		slog.Warn("no publishing key for the team; using the shared client", "team", team, "err", err)
		return nil
	}
	return &Client{key: bytes.TrimSpace(key)}
}

func (c *Client) send(ctx context.Context, method, name string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, "https://samples.example.com/v1/"+url.PathEscape(name), bytes.NewReader(body))
	if err != nil {
		return err
	}
	if c.key != nil {
		req.Header.Set("Authorization", "Bearer "+string(c.key))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s", method, name, resp.Status)
	}
	return nil
}

func (s *Samples) publish(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, toolerr.CallerError("The 'name' argument is missing. Call list_samples for the names.")
	}
	path := filepath.Join(s.cfg.Dir, name+".txt")
	if err := s.verifySignature(path); err != nil {
		return nil, fmt.Errorf("verify %s: %w", name, err)
	}
	if err := s.validateDiff(ctx, name); err != nil {
		return nil, err
	}
	if r := confirm.Ask(ctx, req, fmt.Sprintf("Publish sample %q?", name)); r != nil {
		return r, nil
	}
	c := clientFor(s.cfg.KeyDir, req.GetString("team", ""))
	if c == nil {
		c = defaultClient
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if err := c.send(ctx, http.MethodPut, name, data); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("Published sample %q.", name)), nil
}

func (s *Samples) unpublish(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return nil, toolerr.CallerError("The 'name' argument is missing. Call list_samples for the names.")
	}
	if r := confirm.Ask(ctx, req, fmt.Sprintf("Unpublish sample %q?", name)); r != nil {
		return r, nil
	}
	c := clientFor(s.cfg.KeyDir, req.GetString("team", ""))
	if c == nil {
		c = defaultClient
	}
	if err := c.send(ctx, http.MethodDelete, name, nil); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("Unpublished sample %q.", name)), nil
}
