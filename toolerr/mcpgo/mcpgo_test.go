package mcpgo_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/internal/apitest"
	"github.com/toolcheck/toolcheck/toolerr/internal/logtest"
	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
	"github.com/toolcheck/toolcheck/toolerr/mcpgo"
)

// secret marks text that must never reach the client.
const secret = "SECRET-/srv/notes/db"

type httpErr struct{ code int }

func (e httpErr) Error() string {
	return fmt.Sprintf("GET https://api.internal/%s: %d", secret, e.code)
}
func (e httpErr) StatusCode() int { return e.code }

// outcome is one tool of the test server and what its call must produce.
type outcome struct {
	tool    string
	handler server.ToolHandlerFunc
	text    string     // what the client reads
	level   slog.Level // the one record's level
	outcome toolerr.Outcome
}

func outcomes() []outcome {
	return []outcome{
		{"caller", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, toolerr.CallerError("No note at 'inbox/todo.md'. Find the path with search_notes.",
				toolerr.WithCause(errors.New("open "+secret+": no such file")))
		}, "No note at 'inbox/todo.md'. Find the path with search_notes.", slog.LevelInfo, toolerr.OutcomeCallerError},
		{"stale", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("update %s: %w", secret, toolerr.Stale(
				"Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version and pass it as if_match."))
		}, "Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version and pass it as if_match.",
			slog.LevelInfo, toolerr.OutcomeStaleState},
		{"unavailable", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, toolerr.Unavailable("The search index is rebuilding; retry in a minute.")
		}, "The search index is rebuilding; retry in a minute.", slog.LevelWarn, toolerr.OutcomeUnavailable},
		{"timeout", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			ctx, cancel := context.WithTimeout(ctx, time.Millisecond)
			defer cancel()
			<-ctx.Done()
			return nil, fmt.Errorf("query %s: %w", secret, ctx.Err())
		}, toolerr.TimeoutMessage, slog.LevelWarn, toolerr.OutcomeTimeout},
		{"rate_limited", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("search: %w", httpErr{429})
		}, toolerr.RateLimitMessage, slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"github_secondary_limit", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			d := 42 * time.Second
			return nil, fmt.Errorf("failed to list issues: %w", &apitest.AbuseRateLimitError{
				Response: apitest.Response(403, "Retry-After", "42"), Message: "You have exceeded a secondary rate limit.", RetryAfter: &d})
		}, "The request was fine but a service the server relies on is busy; retry in 42s.", slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"github_primary_limit", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("failed to list issues: %w", &apitest.RateLimitError{
				Rate:     apitest.Rate{Limit: 5000, Reset: apitest.Timestamp{Time: time.Now().Add(42 * time.Second)}},
				Response: apitest.Response(403, "X-RateLimit-Remaining", "0"), Message: "API rate limit exceeded."})
		}, "The request was fine but a service the server relies on is busy; retry in 42s.", slog.LevelWarn, toolerr.OutcomeRateLimited},
		{"github_forbidden", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("failed to get repository: %w", &apitest.ErrorResponse{
				Response: apitest.Response(403, "X-RateLimit-Remaining", "4999"), Message: "Resource not accessible by integration"})
		}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{"github_not_found", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("failed to get repository: %w", &apitest.ErrorResponse{
				Response: apitest.Response(404), Message: "Not Found"})
		}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{"fault", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, fmt.Errorf("open %s: permission denied", secret)
		}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{"named_fault", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, toolerr.Fault("The notes store is not configured; tell the user to ask the operator.",
				toolerr.WithCause(errors.New(secret+" unset")))
		}, "The notes store is not configured; tell the user to ask the operator.", slog.LevelError, toolerr.OutcomeFault},
		{"panic", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			panic(fmt.Errorf("index %s corrupt", secret))
		}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomePanic},
		{"no_result", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, nil
		}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	}
}

func ok(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("fine"), nil
}

func connect(t *testing.T, s *server.MCPServer) *client.Client {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "test", Version: "1.0.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return c
}

func call(t *testing.T, c *client.Client, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	req := mcp.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: protocol error %v, want a result", tool, err)
	}
	return res
}

func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("%d content items, want 1", len(res.Content))
	}
	tc, ok := mcp.AsTextContent(res.Content[0])
	if !ok {
		t.Fatalf("content %T, want text", res.Content[0])
	}
	return tc.Text
}

// useDefault points slog.Default() at a recorder for the test.
func useDefault(t *testing.T) *logtest.Recorder {
	rec := &logtest.Recorder{}
	old := slog.Default()
	slog.SetDefault(rec.Logger())
	t.Cleanup(func() { slog.SetDefault(old) })
	return rec
}

// TestOutcomes calls every outcome through a real client, with the
// boundary installed in each supported way, and checks what the client
// reads and the one record each failure leaves.
func TestOutcomes(t *testing.T) {
	setups := []struct {
		name  string
		build func(rec *logtest.Recorder) *server.MCPServer
	}{
		{"server middleware with a logger", func(rec *logtest.Recorder) *server.MCPServer {
			s := server.NewMCPServer("notes", "1.0.0",
				server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()))))
			for _, o := range outcomes() {
				s.AddTool(mcp.NewTool(o.tool), o.handler)
			}
			s.AddTool(mcp.NewTool("ok"), ok)
			return s
		}},
		{"Use with the default logger", func(*logtest.Recorder) *server.MCPServer {
			s := server.NewMCPServer("notes", "1.0.0")
			s.Use(mcpgo.Boundary)
			for _, o := range outcomes() {
				s.AddTool(mcp.NewTool(o.tool), o.handler)
			}
			s.AddTool(mcp.NewTool("ok"), ok)
			return s
		}},
		{"per handler", func(*logtest.Recorder) *server.MCPServer {
			s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery())
			for _, o := range outcomes() {
				s.AddTool(mcp.NewTool(o.tool), mcpgo.Boundary(o.handler))
			}
			s.AddTool(mcp.NewTool("ok"), mcpgo.Boundary(ok))
			return s
		}},
		{"nested: middleware and per handler", func(rec *logtest.Recorder) *server.MCPServer {
			s := server.NewMCPServer("notes", "1.0.0",
				server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()))))
			for _, o := range outcomes() {
				s.AddTool(mcp.NewTool(o.tool), mcpgo.Boundary(o.handler))
			}
			s.AddTool(mcp.NewTool("ok"), mcpgo.Boundary(ok))
			return s
		}},
	}
	for _, setup := range setups {
		t.Run(setup.name, func(t *testing.T) {
			rec := useDefault(t) // the setups that pass a logger use the same recorder
			c := connect(t, setup.build(rec))
			if res := call(t, c, "ok", nil); res.IsError || text(t, res) != "fine" {
				t.Errorf("ok: %+v", res)
			}
			if recs := rec.Take(); len(recs) != 0 {
				t.Errorf("a successful call logged %v", recs)
			}
			for _, o := range outcomes() {
				res := call(t, c, o.tool, nil)
				wire, _ := json.Marshal(res)
				if !res.IsError {
					t.Errorf("%s: IsError = false, want true: %s", o.tool, wire)
				}
				if got := text(t, res); got != o.text {
					t.Errorf("%s: client reads %q, want %q", o.tool, got, o.text)
				}
				if strings.Contains(string(wire), "SECRET") {
					t.Errorf("%s: internal error text on the wire: %s", o.tool, wire)
				}
				recs := rec.Take()
				if len(recs) != 1 {
					t.Errorf("%s: %d log records, want 1: %v", o.tool, len(recs), recs)
					continue
				}
				r := recs[0]
				if r.Level != o.level || r.Message != "tool_failed" || r.Attrs["tool"] != o.tool || r.Attrs["outcome"] != string(o.outcome) {
					t.Errorf("%s: record %v, want level %v outcome %s", o.tool, r, o.level, o.outcome)
				}
				if o.level <= slog.LevelInfo {
					for k, v := range r.Attrs {
						if strings.Contains(v, "SECRET") || strings.Contains(v, o.text) {
							t.Errorf("%s: INFO record carries error text under %q", o.tool, k)
						}
					}
				}
				switch o.tool {
				case "panic":
					if r.Attrs["error"] != "panic: index "+secret+" corrupt" || !strings.Contains(r.Attrs["stack"], "mcpgo_test.outcomes") {
						t.Errorf("panic record lacks the panic or its stack: %v\n%s", r, r.Attrs["stack"])
					}
				case "fault", "named_fault", "timeout", "rate_limited", "github_primary_limit", "github_forbidden", "github_not_found":
					if !strings.Contains(r.Attrs["error"], "SECRET") {
						t.Errorf("%s: record lacks the cause: %v", o.tool, r)
					}
				case "github_secondary_limit":
					if !strings.Contains(r.Attrs["error"], "secondary rate limit") || r.Attrs["error_type"] != "*apitest.AbuseRateLimitError" || r.Attrs["retry_after"] != "42s" {
						t.Errorf("%s: record lacks the cause or the delay: %v", o.tool, r)
					}
				}
			}
		})
	}
}

// capture is outermost middleware recording what the boundary returned.
type capture struct {
	res  chan *mcp.CallToolResult
	errs chan error
}

func newCapture() *capture {
	return &capture{res: make(chan *mcp.CallToolResult, 1), errs: make(chan error, 1)}
}

func (c *capture) middleware(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := next(ctx, req)
		c.res <- res
		c.errs <- err
		return res, err
	}
}

func TestPassThrough(t *testing.T) {
	rec := &logtest.Recorder{}
	cp := newCapture()
	elicit := mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{{
		Mode: mcp.ElicitationModeURL, ElicitationID: "e1", URL: "https://example.com/authorize", Message: "Sign in to continue.",
	}}}
	started := make(chan struct{})
	s := server.NewMCPServer("notes", "1.0.0",
		server.WithToolHandlerMiddleware(cp.middleware),
		server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()))))
	s.AddTool(mcp.NewTool("elicit"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, elicit
	})
	s.AddTool(mcp.NewTool("no_elicitation"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("ask for the folder: %w", server.ErrElicitationNotSupported)
	})
	s.AddTool(mcp.NewTool("slow"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		close(started)
		<-ctx.Done()
		return nil, fmt.Errorf("query: %w", ctx.Err())
	})
	c := connect(t, s)

	for _, tool := range []string{"elicit", "no_elicitation"} {
		req := mcp.CallToolRequest{}
		req.Params.Name = tool
		if res, err := c.CallTool(context.Background(), req); err == nil {
			t.Errorf("%s: client got a result %+v, want the protocol error", tool, res)
		}
		if res, err := <-cp.res, <-cp.errs; res != nil || err == nil {
			t.Errorf("%s: the boundary returned (%v, %v), want the handler's error", tool, res, err)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	req := mcp.CallToolRequest{}
	req.Params.Name = "slow"
	if _, err := c.CallTool(ctx, req); err == nil {
		t.Error("slow: the cancelled call succeeded")
	}
	if res, err := <-cp.res, <-cp.errs; res != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("slow: the boundary returned (%v, %v), want the handler's cancellation untouched", res, err)
	}
	if recs := rec.Take(); len(recs) != 0 {
		t.Errorf("passed-through errors were logged: %v", recs)
	}
}

type searchArgs struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
}

type searchOut struct {
	Paths []string `json:"paths"`
}

func TestTypedAndStructured(t *testing.T) {
	rec := useDefault(t)
	s := server.NewMCPServer("notes", "1.0.0")
	s.AddTool(mcp.NewTool("search"), mcpgo.StructuredBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (searchOut, error) {
		if args.Query == "" {
			return searchOut{}, toolerr.CallerError("The 'query' argument is empty. Call search_notes with a word to look for.")
		}
		if args.Query == "crash" {
			return searchOut{}, errors.New("index " + secret + " corrupt")
		}
		return searchOut{Paths: []string{"inbox/todo.md"}}, nil
	}))
	s.AddTool(mcp.NewTool("typed"), mcpgo.TypedBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(fmt.Sprint(args.Limit)), nil
	}))
	c := connect(t, s)

	res := call(t, c, "search", map[string]any{"query": "todo"})
	if res.IsError || res.StructuredContent == nil {
		t.Errorf("structured result: %+v", res)
	}
	res = call(t, c, "search", map[string]any{"query": ""})
	if !res.IsError || text(t, res) != "The 'query' argument is empty. Call search_notes with a word to look for." {
		t.Errorf("structured caller error: %+v", res)
	}
	res = call(t, c, "search", map[string]any{"query": "crash"})
	if !res.IsError || text(t, res) != toolerr.FaultMessage {
		t.Errorf("structured fault: %+v", res)
	}
	recs := rec.Take()
	if len(recs) != 2 || recs[0].Level != slog.LevelInfo || recs[1].Level != slog.LevelError {
		t.Errorf("records %v, want one INFO and one ERROR", recs)
	}

	res = call(t, c, "typed", map[string]any{"limit": "many"})
	if !res.IsError || text(t, res) != "The 'limit' argument must be a whole number, not a string; correct it and call typed again." {
		t.Errorf("bind failure: %+v", res)
	}
	if recs := rec.Take(); len(recs) != 1 || recs[0].Level != slog.LevelInfo || recs[0].Attrs["outcome"] != "caller_error" {
		t.Errorf("bind failure records %v, want one INFO caller_error", recs)
	}
	if res := call(t, c, "typed", map[string]any{"limit": 3}); res.IsError || text(t, res) != "3" {
		t.Errorf("typed result: %+v", res)
	}
}

// TestProbe: every boundary answers toolerr's check without calling the
// handler or logging, and the check recognises every handler a boundary
// returns, wherever it is built.
func TestProbe(t *testing.T) {
	rec := useDefault(t)
	called := false
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		called = true
		return nil, errors.New("the handler ran")
	}
	handlers := map[string]server.ToolHandlerFunc{
		"Boundary":    mcpgo.Boundary(h),
		"NewBoundary": mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()))(h),
		"TypedBoundary": mcpgo.TypedBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (*mcp.CallToolResult, error) {
			return h(ctx, req)
		}),
		"StructuredBoundary": mcpgo.StructuredBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (searchOut, error) {
			_, err := h(ctx, req)
			return searchOut{}, err
		}),
	}
	for name, bh := range handlers {
		if !probe.IsBoundary(bh) {
			t.Errorf("%s: the check does not recognise the handler", name)
		}
		ctx, p := probe.With(context.Background())
		var req mcp.CallToolRequest
		req.Params.Name = "read_note"
		res, err := bh(ctx, req)
		if err != nil || res == nil || called || !slices.Equal(p.Take(), []string{"read_note"}) {
			t.Errorf("%s: a probe got (%+v, %v), the handler ran: %v", name, res, err, called)
		}
	}
	if probe.IsBoundary(server.ToolHandlerFunc(h)) {
		t.Error("a handler without the boundary is recognised")
	}
	if recs := rec.Take(); len(recs) != 0 {
		t.Errorf("answering a probe logged %v", recs)
	}
}

// errNotNode is a GraphQL error of an ID that names nothing: the model's
// mistake, which only the project can tell apart.
var errNotNode = &apitest.GraphQLError{Message: "Could not resolve to a node with the global id of 'DC_kwDOInvalid' " + secret}

func classifyGraphQL(ctx context.Context, err error) *toolerr.ToolError {
	if strings.Contains(err.Error(), "Could not resolve to a node") {
		return toolerr.CallerError("The 'discussion_id' argument names no discussion. Find the ID with list_discussions.")
	}
	return nil
}

// TestClassifier: a classifier given to the boundary reads the errors it
// knows, through a real client, in every way a handler can be wrapped;
// what it leaves falls to the built-in rules; a boundary without one
// leaves the same error a fault.
func TestClassifier(t *testing.T) {
	const callerText = "The 'discussion_id' argument names no discussion. Find the ID with list_discussions."
	gql := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("failed to get discussion: %w", errNotNode)
	}
	limited := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, &apitest.ErrorResponse{Response: apitest.Response(429, "Retry-After", "42")}
	}
	typedGQL := mcpgo.TypedBoundary(func(ctx context.Context, req mcp.CallToolRequest, args searchArgs) (*mcp.CallToolResult, error) {
		return gql(ctx, req)
	})
	rec := &logtest.Recorder{}
	withClassifier := mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()), mcpgo.WithClassifier(nil), mcpgo.WithClassifier(classifyGraphQL))
	s := server.NewMCPServer("github", "1.0.0", server.WithToolHandlerMiddleware(withClassifier))
	s.AddTool(mcp.NewTool("get_discussion"), gql)
	s.AddTool(mcp.NewTool("get_discussion_inner"), mcpgo.Boundary(gql))
	s.AddTool(mcp.NewTool("get_discussion_typed"), typedGQL)
	s.AddTool(mcp.NewTool("list_issues"), limited)
	plain := server.NewMCPServer("github", "1.0.0")
	plain.AddTool(mcp.NewTool("get_discussion_alone"),
		mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()), mcpgo.WithClassifier(classifyGraphQL))(gql))
	plain.AddTool(mcp.NewTool("get_discussion_unclassified"), mcpgo.NewBoundary(mcpgo.WithLogger(rec.Logger()))(gql))

	for _, tc := range []struct {
		c       *client.Client
		tool    string
		text    string
		level   slog.Level
		outcome toolerr.Outcome
	}{
		{connect(t, s), "get_discussion", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{connect(t, s), "get_discussion_inner", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{connect(t, s), "get_discussion_typed", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{connect(t, s), "list_issues", "The request was fine but a service the server relies on is busy; retry in 42s.", slog.LevelWarn, toolerr.OutcomeRateLimited},
		{connect(t, plain), "get_discussion_alone", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{connect(t, plain), "get_discussion_unclassified", toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	} {
		res := call(t, tc.c, tc.tool, nil)
		if got := text(t, res); !res.IsError || got != tc.text {
			t.Errorf("%s: client reads %q (IsError %v), want %q", tc.tool, got, res.IsError, tc.text)
		}
		recs := rec.Take()
		if len(recs) != 1 || recs[0].Level != tc.level || recs[0].Attrs["outcome"] != string(tc.outcome) {
			t.Errorf("%s: records %v, want one at %v, %s", tc.tool, recs, tc.level, tc.outcome)
			continue
		}
		if tc.level <= slog.LevelInfo && strings.Contains(fmt.Sprint(recs[0].Attrs), "SECRET") {
			t.Errorf("%s: INFO record carries error text: %v", tc.tool, recs[0])
		}
		if tc.level > slog.LevelInfo && !strings.Contains(recs[0].Attrs["error"], "SECRET") {
			t.Errorf("%s: record lacks the cause: %v", tc.tool, recs[0])
		}
	}
}
