package gosdktest_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr/gosdk"
	"github.com/toolcheck/toolcheck/toolerr/gosdk/gosdktest"
)

// fakeTB records what Check reports.
type fakeTB struct {
	helper bool
	lines  []string
}

func (f *fakeTB) Helper() { f.helper = true }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.lines = append(f.lines, fmt.Sprintf(format, args...))
}

// tripwires hands out tool handlers that must never run: each writes a
// file named after its tool into a directory, then panics.
type tripwires struct {
	t   *testing.T
	dir string
}

func newTripwires(t *testing.T) *tripwires {
	return &tripwires{t: t, dir: t.TempDir()}
}

func (w *tripwires) trip(tool string) {
	if err := os.WriteFile(filepath.Join(w.dir, tool), []byte("ran"), 0o600); err != nil {
		w.t.Error(err)
	}
	panic("the handler of " + tool + " ran")
}

func (w *tripwires) raw(tool string) mcp.ToolHandler {
	return func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		w.trip(tool)
		return nil, nil
	}
}

func (w *tripwires) typed(tool string) mcp.ToolHandlerFor[readIn, readOut] {
	return func(context.Context, *mcp.CallToolRequest, readIn) (*mcp.CallToolResult, readOut, error) {
		w.trip(tool)
		return nil, readOut{}, nil
	}
}

// check runs Check and fails t unless it reported exactly want, and
// unless no handler ran.
func (w *tripwires) check(s *mcp.Server, want []string, opts ...gosdktest.Option) {
	w.t.Helper()
	var f fakeTB
	gosdktest.Check(&f, s, opts...)
	if !f.helper {
		w.t.Error("Check did not call Helper")
	}
	if !slices.Equal(f.lines, want) {
		w.t.Errorf("Check reported\n\t%s\nwant\n\t%s", strings.Join(f.lines, "\n\t"), strings.Join(want, "\n\t"))
	}
	ran, err := os.ReadDir(w.dir)
	if err != nil {
		w.t.Fatal(err)
	}
	for _, e := range ran {
		w.t.Errorf("the handler of %s ran", e.Name())
	}
}

func unwrapped(tool string) string {
	return fmt.Sprintf("tool %q does not pass through the tool boundary; install it with s.AddReceivingMiddleware(gosdk.ReceivingBoundary()) after the server's other middleware", tool)
}

func unwrappedTyped(tool string) string {
	return unwrapped(tool) + " (a gosdk.TypedBoundary inside mcp.AddTool cannot be seen without running the tool)"
}

type readIn struct {
	Path string `json:"path" jsonschema:"the note's path"`
}

type readOut struct {
	Text string `json:"text"`
}

var objectSchema = map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "integer"}}, "required": []any{"n"}}

func newServer(opts *mcp.ServerOptions) *mcp.Server {
	return mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, opts)
}

// addNotes registers the tools of a notes server: typed ones with inferred
// schemas, a description, annotations, and a raw one.
func addNotes(w *tripwires, s *mcp.Server, wrapTyped func(mcp.ToolHandlerFor[readIn, readOut]) mcp.ToolHandlerFor[readIn, readOut], wrapRaw func(mcp.ToolHandler) mcp.ToolHandler) {
	mcp.AddTool(s, &mcp.Tool{Name: "read_note", Description: "Return a note's text.",
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}, wrapTyped(w.typed("read_note")))
	mcp.AddTool(s, &mcp.Tool{Name: "search_notes", Description: "Return the paths of the notes that contain a word."},
		wrapTyped(w.typed("search_notes")))
	s.AddTool(&mcp.Tool{Name: "reindex", InputSchema: objectSchema}, wrapRaw(w.raw("reindex")))
}

func same[H any](h H) H { return h }

// passThrough is receiving middleware that does nothing, as logging or
// metrics middleware would.
func passThrough(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return next(ctx, method, req)
	}
}

func TestBehindBoundary(t *testing.T) {
	t.Run("receiving middleware", func(t *testing.T) {
		w := newTripwires(t)
		s := newServer(nil)
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
		addNotes(w, s, same, same)
		w.check(s, nil)
	})
	t.Run("receiving middleware inside others, with a logger, paginated", func(t *testing.T) {
		w := newTripwires(t)
		s := newServer(&mcp.ServerOptions{PageSize: 1})
		s.AddReceivingMiddleware(passThrough, gosdk.ReceivingBoundary(gosdk.WithLogger(nil)))
		s.AddReceivingMiddleware(passThrough)
		addNotes(w, s, same, same)
		w.check(s, nil)
	})
	t.Run("receiving middleware and per handler", func(t *testing.T) {
		w := newTripwires(t)
		s := newServer(nil)
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
		addNotes(w, s, gosdk.TypedBoundary, gosdk.ToolBoundary)
		w.check(s, nil)
	})
	t.Run("raw handlers, each wrapped", func(t *testing.T) {
		w := newTripwires(t)
		s := newServer(nil)
		s.AddReceivingMiddleware(passThrough)
		for _, name := range []string{"reindex", "purge"} {
			s.AddTool(&mcp.Tool{Name: name, InputSchema: objectSchema}, gosdk.ToolBoundary(w.raw(name)))
		}
		w.check(s, nil)
	})
}

func TestNoBoundary(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	s.AddReceivingMiddleware(passThrough)
	addNotes(w, s, same, same)
	w.check(s, []string{unwrappedTyped("read_note"), unwrapped("reindex"), unwrappedTyped("search_notes")})
}

// A typed handler wrapped in gosdk.TypedBoundary is behind the boundary,
// but Check cannot tell it from one that is not without running it.
func TestTypedBoundaryOnly(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	addNotes(w, s, gosdk.TypedBoundary, gosdk.ToolBoundary)
	w.check(s, []string{unwrappedTyped("read_note"), unwrappedTyped("search_notes")})
}

// plugin is a tool a server loads by name: the registration a static
// analyzer cannot follow.
type plugin struct {
	tool    *mcp.Tool
	handler mcp.ToolHandler
}

func TestReflectionAndPlugins(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	plugins := map[string]plugin{
		"export_pdf": {&mcp.Tool{Name: "export_pdf", InputSchema: objectSchema}, w.raw("export_pdf")},
		"sync_drive": {&mcp.Tool{Name: "sync_drive", InputSchema: objectSchema}, w.raw("sync_drive")},
	}
	add := reflect.ValueOf(s).MethodByName("AddTool")
	for _, p := range plugins {
		add.Call([]reflect.Value{reflect.ValueOf(p.tool), reflect.ValueOf(p.handler)})
	}
	s.AddTool(&mcp.Tool{Name: "reindex", InputSchema: objectSchema}, gosdk.ToolBoundary(w.raw("reindex")))
	w.check(s, []string{unwrapped("export_pdf"), unwrapped("sync_drive")})
}

// listFilter is a project's own "boundary": the receiving boundary, and a
// change to every tools/list result.
func listFilter(change func([]*mcp.Tool) []*mcp.Tool) mcp.Middleware {
	boundary := gosdk.ReceivingBoundary()
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		next = boundary(next)
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if l, ok := res.(*mcp.ListToolsResult); ok && err == nil {
				l.Tools = change(l.Tools)
			}
			return res, err
		}
	}
}

func TestDroppedTool(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	s.AddReceivingMiddleware(listFilter(func(tools []*mcp.Tool) []*mcp.Tool {
		return slices.DeleteFunc(slices.Clone(tools), func(t *mcp.Tool) bool { return t.Name == "reindex" })
	}))
	addNotes(w, s, same, same)
	w.check(s, []string{`tool "reindex" is registered but not offered to a client: a receiving middleware drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientOptions)`})
}

// A tool the server offers only to clients that declare form elicitation
// is missing for the default client, and checked for one that declares
// it.
func TestToolForSomeClients(t *testing.T) {
	build := func(w *tripwires) *mcp.Server {
		s := newServer(nil)
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				res, err := next(ctx, method, req)
				l, ok := res.(*mcp.ListToolsResult)
				if !ok || err != nil {
					return res, err
				}
				if caps := req.GetSession().(*mcp.ServerSession).InitializeParams().Capabilities; caps == nil || caps.Elicitation == nil || caps.Elicitation.Form == nil {
					l.Tools = slices.DeleteFunc(slices.Clone(l.Tools), func(t *mcp.Tool) bool { return t.Name == "reindex" })
				}
				return l, nil
			}
		})
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
		addNotes(w, s, same, same)
		return s
	}
	w := newTripwires(t)
	w.check(build(w), []string{`tool "reindex" is registered but not offered to a client: a receiving middleware drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientOptions)`})
	w = newTripwires(t)
	w.check(build(w), nil, gosdktest.WithClientOptions(&mcp.ClientOptions{
		Capabilities: &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}}},
	}))
}

func TestRepeatedAndInventedTools(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	s.AddReceivingMiddleware(listFilter(func(tools []*mcp.Tool) []*mcp.Tool {
		return append(slices.Clone(tools), tools[0], &mcp.Tool{Name: "ghost", InputSchema: objectSchema})
	}))
	addNotes(w, s, same, same)
	w.check(s, []string{
		`tool "ghost" is offered to a client but not registered on the server: a receiving middleware adds it to tools/list`,
		`tool "read_note" is offered 2 times in tools/list: a receiving middleware repeats it`,
	})
}

func TestChangedDefinition(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	s.AddReceivingMiddleware(listFilter(func(tools []*mcp.Tool) []*mcp.Tool {
		out := make([]*mcp.Tool, len(tools))
		for i, t := range tools {
			c := *t
			switch c.Name {
			case "reindex":
				c.InputSchema = map[string]any{"type": "object"}
			case "read_note":
				c.Description = "[boundary] " + c.Description
				c.Annotations = nil
			}
			out[i] = &c
		}
		return out
	}))
	addNotes(w, s, same, same)
	w.check(s, []string{
		`tool "read_note" is offered with a different annotations and description than registered: a receiving middleware changes the published tool`,
		`tool "reindex" is offered with a different inputSchema than registered: a receiving middleware changes the published tool`,
	})
}

func TestMix(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	register := func(name string) { // the project's funnel: wraps everything it registers
		s.AddTool(&mcp.Tool{Name: name, InputSchema: objectSchema}, gosdk.ToolBoundary(w.raw(name)))
	}
	register("read_note")
	register("update_note")
	// A second path, added later, that bypasses the funnel.
	for _, name := range []string{"reindex", "purge"} {
		s.AddTool(&mcp.Tool{Name: name, InputSchema: objectSchema}, w.raw(name))
	}
	w.check(s, []string{unwrapped("purge"), unwrapped("reindex")})
}

type userKey struct{}

func TestMiddlewareBeforeBoundary(t *testing.T) {
	auth := func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" && ctx.Value(userKey{}) == nil {
				return nil, errors.New("not signed in")
			}
			return next(ctx, method, req)
		}
	}
	build := func(w *tripwires) *mcp.Server {
		s := newServer(nil)
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
		s.AddReceivingMiddleware(auth) // added last: runs first
		addNotes(w, s, same, same)
		return s
	}
	t.Run("refused", func(t *testing.T) {
		w := newTripwires(t)
		w.check(build(w), []string{unwrappedTyped("read_note"), unwrapped("reindex"), unwrappedTyped("search_notes")})
	})
	t.Run("with the context of a signed-in session", func(t *testing.T) {
		w := newTripwires(t)
		w.check(build(w), nil, gosdktest.WithContext(context.WithValue(context.Background(), userKey{}, "ada")))
	})
}

func TestNoTools(t *testing.T) {
	w := newTripwires(t)
	s := newServer(nil)
	s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
	w.check(s, []string{"gosdktest: the server has no tools, so there is nothing to check; build it as production does"})
	var f fakeTB
	gosdktest.Check(&f, nil)
	if len(f.lines) != 1 {
		t.Errorf("a nil server: %q", f.lines)
	}
}

// After Check, the server serves as before: a client's calls, which carry
// no probe, run the handlers.
func TestServerUnchanged(t *testing.T) {
	ran := 0
	s := newServer(nil)
	s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "read_note"}, func(context.Context, *mcp.CallToolRequest, readIn) (*mcp.CallToolResult, readOut, error) {
		ran++
		return nil, readOut{Text: "the note"}, nil
	})
	var f fakeTB
	gosdktest.Check(&f, s)
	if len(f.lines) != 0 || ran != 0 {
		t.Fatalf("Check: reported %q, the handler ran %d times", f.lines, ran)
	}
	if n := len(slices.Collect(s.Sessions())); n != 0 {
		t.Errorf("Check left %d sessions", n)
	}

	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read_note", Arguments: map[string]any{"path": "a.md"},
		Meta: mcp.Meta{"toolerr-probe": true}})
	if err != nil || res.IsError || ran != 1 {
		t.Errorf("a client's call: %+v, %v; the handler ran %d times", res, err, ran)
	}
}
