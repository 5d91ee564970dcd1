package mcpgotest_test

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

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo/mcpgotest"
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

func (w *tripwires) handler(tool string) server.ToolHandlerFunc {
	return func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if err := os.WriteFile(filepath.Join(w.dir, tool), []byte("ran"), 0o600); err != nil {
			w.t.Error(err)
		}
		panic("the handler of " + tool + " ran")
	}
}

func (w *tripwires) task(tool string) server.TaskToolHandlerFunc {
	h := w.handler(tool)
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
		h(ctx, req)
		return nil, nil
	}
}

// check runs Check and fails t unless it reported exactly want, and
// unless no handler ran.
func (w *tripwires) check(s *server.MCPServer, want []string, opts ...mcpgotest.Option) {
	w.t.Helper()
	var f fakeTB
	mcpgotest.Check(&f, s, opts...)
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
	return fmt.Sprintf("tool %q does not pass through the tool boundary; install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options", tool)
}

type searchArgs struct {
	Query string `json:"query"`
}

type searchOut struct {
	Paths []string `json:"paths"`
}

// addNotes registers the tools of a notes server, in the shapes servers
// use: AddTool, AddTools with a literal, required arguments, an output
// schema, annotations.
func addNotes(w *tripwires, s *server.MCPServer, wrap func(server.ToolHandlerFunc) server.ToolHandlerFunc) {
	s.AddTool(mcp.NewTool("read_note",
		mcp.WithDescription("Return a note's text."),
		mcp.WithString("path", mcp.Required(), mcp.Description("The note's path."))),
		wrap(w.handler("read_note")))
	s.AddTools(server.ServerTool{
		Tool: mcp.NewTool("search_notes",
			mcp.WithDescription("Return the paths of the notes that contain a word."),
			mcp.WithString("query", mcp.Required()),
			mcp.WithOutputSchema[searchOut](),
			mcp.WithReadOnlyHintAnnotation(true)),
		Handler: wrap(w.handler("search_notes")),
	})
}

func same(h server.ToolHandlerFunc) server.ToolHandlerFunc { return h }

func TestBehindBoundary(t *testing.T) {
	t.Run("server middleware", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0",
			server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithRecovery())
		addNotes(w, s, same)
		w.check(s, nil)
	})
	t.Run("Use, with a logger", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0")
		s.Use(mcpgo.NewBoundary(mcpgo.WithLogger(nil)))
		addNotes(w, s, same)
		w.check(s, nil)
	})
	t.Run("per handler", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery())
		addNotes(w, s, mcpgo.Boundary)
		s.AddTool(mcp.NewTool("configured"), mcpgo.NewBoundary()(w.handler("configured")))
		s.AddTool(mcp.NewTool("typed"), mcpgo.TypedBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (*mcp.CallToolResult, error) {
			return w.handler("typed")(ctx, req)
		}))
		s.AddTool(mcp.NewTool("structured"), mcpgo.StructuredBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (searchOut, error) {
			_, err := w.handler("structured")(ctx, req)
			return searchOut{}, err
		}))
		w.check(s, nil)
	})
	t.Run("input and output validation, pagination, a tool filter that keeps every tool", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0",
			server.WithToolHandlerMiddleware(mcpgo.Boundary),
			server.WithInputSchemaValidation(),
			server.WithOutputSchemaValidation(),
			server.WithPaginationLimit(2),
			server.WithToolFilter(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool { return tools }))
		addNotes(w, s, same)
		for _, name := range []string{"a", "b", "c"} {
			s.AddTool(mcp.NewTool(name, mcp.WithNumber("n", mcp.Required(), mcp.Min(3))), w.handler(name))
		}
		w.check(s, nil)
	})
	t.Run("a tool that requires task augmentation", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0",
			server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithTaskCapabilities(true, true, true))
		s.AddTool(mcp.NewTool("export", mcp.WithTaskSupport(mcp.TaskSupportRequired)), w.handler("export"))
		w.check(s, nil)
	})
}

func TestNoBoundary(t *testing.T) {
	w := newTripwires(t)
	logging := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return next(ctx, req)
		}
	}
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery(), server.WithToolHandlerMiddleware(logging))
	addNotes(w, s, same)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (*mcp.CallToolResult, error) {
		return w.handler("typed")(ctx, req)
	}))
	w.check(s, []string{unwrapped("read_note"), unwrapped("search_notes"), unwrapped("typed")})
}

// plugin is a tool a server loads by name: the registration a static
// analyzer cannot follow.
type plugin struct {
	Tool    mcp.Tool
	Handler server.ToolHandlerFunc
}

func TestReflectionAndPlugins(t *testing.T) {
	w := newTripwires(t)
	s := server.NewMCPServer("notes", "1.0.0")
	plugins := map[string]plugin{
		"export_pdf": {mcp.NewTool("export_pdf"), w.handler("export_pdf")},
		"sync_drive": {mcp.NewTool("sync_drive"), w.handler("sync_drive")},
	}
	add := reflect.ValueOf(s).MethodByName("AddTool")
	for _, p := range plugins {
		add.Call([]reflect.Value{reflect.ValueOf(p.Tool), reflect.ValueOf(p.Handler)})
	}
	s.AddTool(mcp.NewTool("read_note"), mcpgo.Boundary(w.handler("read_note")))
	w.check(s, []string{unwrapped("export_pdf"), unwrapped("sync_drive")})
}

// sessionTools adds a session tool to every session the server registers,
// as servers that give each user their own tools do.
func sessionTools(w *tripwires, wrap func(server.ToolHandlerFunc) server.ToolHandlerFunc) (*server.Hooks, func(*server.MCPServer)) {
	var s *server.MCPServer
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		if err := s.AddSessionTool(session.SessionID(), mcp.NewTool("my_drafts", mcp.WithDescription("The caller's drafts.")),
			wrap(w.handler("my_drafts"))); err != nil {
			w.t.Error(err)
		}
	})
	return hooks, func(built *server.MCPServer) { s = built }
}

func TestSessionTool(t *testing.T) {
	t.Run("unwrapped", func(t *testing.T) {
		w := newTripwires(t)
		hooks, bind := sessionTools(w, same)
		s := server.NewMCPServer("notes", "1.0.0", server.WithHooks(hooks))
		bind(s)
		addNotes(w, s, mcpgo.Boundary)
		w.check(s, []string{`session tool "my_drafts" does not pass through the tool boundary; install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options`})
	})
	t.Run("wrapped at registration", func(t *testing.T) {
		w := newTripwires(t)
		hooks, bind := sessionTools(w, mcpgo.Boundary)
		s := server.NewMCPServer("notes", "1.0.0", server.WithHooks(hooks))
		bind(s)
		addNotes(w, s, mcpgo.Boundary)
		w.check(s, nil)
	})
	t.Run("server middleware", func(t *testing.T) {
		w := newTripwires(t)
		hooks, bind := sessionTools(w, same)
		s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithHooks(hooks))
		bind(s)
		addNotes(w, s, same)
		w.check(s, nil)
	})
	t.Run("shadowing a server tool", func(t *testing.T) {
		w := newTripwires(t)
		var s *server.MCPServer
		hooks := &server.Hooks{}
		hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
			if err := s.AddSessionTool(session.SessionID(), mcp.NewTool("read_note"), w.handler("read_note")); err != nil {
				t.Error(err)
			}
		})
		s = server.NewMCPServer("notes", "1.0.0", server.WithHooks(hooks))
		addNotes(w, s, mcpgo.Boundary)
		w.check(s, []string{`session tool "read_note" does not pass through the tool boundary; install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options`})
	})
}

// withBoundary is a project's own "boundary" options, which also filter
// the tools: what it does to the list is what Check compares.
func withBoundary(filter server.ToolFilterFunc) []server.ServerOption {
	return []server.ServerOption{server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithToolFilter(filter)}
}

func TestDroppedTool(t *testing.T) {
	w := newTripwires(t)
	s := server.NewMCPServer("notes", "1.0.0", withBoundary(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
		return slices.DeleteFunc(tools, func(t mcp.Tool) bool { return t.Name == "search_notes" })
	})...)
	addNotes(w, s, same)
	w.check(s, []string{`tool "search_notes" is registered but not offered to a client: a tool filter or a hook drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientCapabilities)`})
}

// A tool the server offers only to clients that declare elicitation is
// missing for the default client, and checked for one that declares it.
func TestToolForSomeClients(t *testing.T) {
	build := func(w *tripwires) *server.MCPServer {
		s := server.NewMCPServer("notes", "1.0.0", withBoundary(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
			if cs, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok && cs.GetClientCapabilities().Elicitation != nil {
				return tools
			}
			return slices.DeleteFunc(tools, func(t mcp.Tool) bool { return t.Name == "search_notes" })
		})...)
		addNotes(w, s, same)
		return s
	}
	w := newTripwires(t)
	w.check(build(w), []string{`tool "search_notes" is registered but not offered to a client: a tool filter or a hook drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientCapabilities)`})
	w = newTripwires(t)
	w.check(build(w), nil, mcpgotest.WithClientCapabilities(mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapability{}}))
}

func TestRepeatedAndInventedTools(t *testing.T) {
	w := newTripwires(t)
	s := server.NewMCPServer("notes", "1.0.0", withBoundary(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
		return append(tools, tools[0], mcp.NewTool("ghost"))
	})...)
	addNotes(w, s, same)
	w.check(s, []string{
		`tool "ghost" is offered to a client but not registered on the server: a tool filter or a hook adds it to tools/list`,
		`tool "read_note" is offered 2 times in tools/list: a tool filter or a hook repeats it`,
	})
}

func TestChangedDefinition(t *testing.T) {
	t.Run("a tool filter", func(t *testing.T) {
		w := newTripwires(t)
		s := server.NewMCPServer("notes", "1.0.0", withBoundary(func(ctx context.Context, tools []mcp.Tool) []mcp.Tool {
			out := make([]mcp.Tool, len(tools))
			for i, t := range tools {
				if t.Name == "read_note" {
					t.Description = "[boundary] " + t.Description
					t.InputSchema.Required = nil
				}
				out[i] = t
			}
			return out
		})...)
		addNotes(w, s, same)
		w.check(s, []string{`tool "read_note" is offered with a different description and inputSchema than registered: a tool filter or a hook changes the published tool`})
	})
	t.Run("a hook", func(t *testing.T) {
		w := newTripwires(t)
		hooks := &server.Hooks{}
		hooks.AddAfterListTools(func(ctx context.Context, id any, req *mcp.ListToolsRequest, res *mcp.ListToolsResult) {
			for i := range res.Tools {
				if res.Tools[i].Name == "search_notes" {
					res.Tools[i].Annotations.ReadOnlyHint = nil
				}
			}
		})
		s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithHooks(hooks))
		addNotes(w, s, same)
		w.check(s, []string{`tool "search_notes" is offered with a different annotations than registered: a tool filter or a hook changes the published tool`})
	})
}

func TestMix(t *testing.T) {
	w := newTripwires(t)
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery())
	register := func(name string) { // the project's funnel: wraps everything it registers
		s.AddTool(mcp.NewTool(name), mcpgo.Boundary(w.handler(name)))
	}
	register("read_note")
	register("update_note")
	// A second path, added later, that bypasses the funnel.
	var admin []server.ServerTool
	for _, name := range []string{"reindex", "purge"} {
		admin = append(admin, server.ServerTool{Tool: mcp.NewTool(name), Handler: w.handler(name)})
	}
	s.AddTools(admin...)
	w.check(s, []string{unwrapped("purge"), unwrapped("reindex")})
}

func TestTaskTool(t *testing.T) {
	w := newTripwires(t)
	s := server.NewMCPServer("notes", "1.0.0",
		server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithTaskCapabilities(true, true, true))
	addNotes(w, s, same)
	s.AddTaskTool(mcp.NewTool("export_notes", mcp.WithTaskSupport(mcp.TaskSupportRequired)), w.task("export_notes"))
	w.check(s, []string{`tool "export_notes" is a task tool (AddTaskTool): mcp-go runs a task handler without tool middleware, so no toolerr boundary covers it`})
}

type userKey struct{}

func TestMiddlewareBeforeBoundary(t *testing.T) {
	auth := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if ctx.Value(userKey{}) == nil {
				return nil, errors.New("not signed in")
			}
			return next(ctx, req)
		}
	}
	build := func(w *tripwires) *server.MCPServer {
		s := server.NewMCPServer("notes", "1.0.0",
			server.WithToolHandlerMiddleware(auth), server.WithToolHandlerMiddleware(mcpgo.Boundary))
		s.AddTool(mcp.NewTool("read_note"), w.handler("read_note"))
		return s
	}
	t.Run("refused", func(t *testing.T) {
		w := newTripwires(t)
		w.check(build(w), []string{unwrapped("read_note") +
			" (the call was answered before it reached a boundary or the handler, with not signed in (JSON-RPC error -32603): a middleware before the boundary, a tool filter or a hook refused it; see mcpgotest.WithContext)"})
	})
	t.Run("with the context of a signed-in call", func(t *testing.T) {
		w := newTripwires(t)
		w.check(build(w), nil, mcpgotest.WithContext(context.WithValue(context.Background(), userKey{}, "ada")))
	})
}

// A boundary inside another wrapper cannot be reached without calling the
// wrapper, which may be the tool for all Check can tell.
func TestBoundaryInsideAWrapper(t *testing.T) {
	w := newTripwires(t)
	metrics := func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return next(ctx, req)
		}
	}
	s := server.NewMCPServer("notes", "1.0.0")
	s.AddTool(mcp.NewTool("read_note"), metrics(mcpgo.Boundary(w.handler("read_note"))))
	w.check(s, []string{unwrapped("read_note")})
}

func TestNoTools(t *testing.T) {
	w := newTripwires(t)
	w.check(server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary)),
		[]string{"mcpgotest: the server has no tools, so there is nothing to check; build it as production does"})
	var f fakeTB
	mcpgotest.Check(&f, nil)
	if len(f.lines) != 1 {
		t.Errorf("a nil server: %q", f.lines)
	}
}

// After Check, the server serves as before: its session is gone, and a
// client's calls, which carry no probe, run the handlers.
func TestServerUnchanged(t *testing.T) {
	ran := 0
	sessions := 0
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(context.Context, server.ClientSession) { sessions++ })
	hooks.AddOnUnregisterSession(func(context.Context, server.ClientSession) { sessions-- })
	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary), server.WithHooks(hooks))
	s.AddTool(mcp.NewTool("read_note"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ran++
		return mcp.NewToolResultText("the note"), nil
	})
	var f fakeTB
	mcpgotest.Check(&f, s)
	if len(f.lines) != 0 || ran != 0 || sessions != 0 {
		t.Fatalf("Check: reported %q, the handler ran %d times, %d sessions left", f.lines, ran, sessions)
	}

	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	var req mcp.CallToolRequest
	req.Params.Name = "read_note"
	req.Params.Meta = &mcp.Meta{AdditionalFields: map[string]any{"toolerr-probe": true}}
	res, err := c.CallTool(ctx, req)
	if err != nil || res.IsError || ran != 1 {
		t.Errorf("a client's call: %+v, %v; the handler ran %d times", res, err, ran)
	}
}
