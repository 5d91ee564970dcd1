package gosdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/gosdk"
	"github.com/toolcheck/toolcheck/toolerr/internal/apitest"
	"github.com/toolcheck/toolcheck/toolerr/internal/logtest"
	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
)

// secret marks text that must never reach the client.
const secret = "SECRET-/srv/notes/db"

var errStore = errors.New("store " + secret + " unreachable")

type httpErr struct{ code int }

func (e httpErr) Error() string {
	return fmt.Sprintf("GET https://api.internal/%s: %d", secret, e.code)
}
func (e httpErr) StatusCode() int { return e.code }

type readIn struct {
	Path string `json:"path,omitempty"`
}

type readOut struct {
	Text    string `json:"text"`
	Version string `json:"version"`
}

// outcome is one failure and what calling it must produce. fail runs in a
// handler: it returns the handler's error or panics.
type outcome struct {
	name    string
	fail    func(ctx context.Context) error
	text    string
	level   slog.Level
	outcome toolerr.Outcome
}

var outcomes = []outcome{
	{"caller", func(context.Context) error {
		return toolerr.CallerError("No note at 'inbox/todo.md'. Find the path with search_notes.", toolerr.WithCause(errStore))
	}, "No note at 'inbox/todo.md'. Find the path with search_notes.", slog.LevelInfo, toolerr.OutcomeCallerError},
	{"stale", func(context.Context) error {
		return fmt.Errorf("update %s: %w", secret, toolerr.Stale(
			"Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version and pass it as if_match."))
	}, "Note 'plan.md' changed since version 'a1b2', so resending this call fails again. Call read_note for the current version and pass it as if_match.",
		slog.LevelInfo, toolerr.OutcomeStaleState},
	{"unavailable", func(context.Context) error {
		return toolerr.Unavailable("The search index is rebuilding; retry in a minute.")
	}, "The search index is rebuilding; retry in a minute.", slog.LevelWarn, toolerr.OutcomeUnavailable},
	{"timeout", func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, time.Millisecond)
		defer cancel()
		<-ctx.Done()
		return fmt.Errorf("query %s: %w", secret, ctx.Err())
	}, toolerr.TimeoutMessage, slog.LevelWarn, toolerr.OutcomeTimeout},
	{"rate_limited", func(context.Context) error {
		return fmt.Errorf("search: %w", httpErr{429})
	}, toolerr.RateLimitMessage, slog.LevelWarn, toolerr.OutcomeRateLimited},
	{"github_secondary_limit", func(context.Context) error {
		d := 42 * time.Second
		return fmt.Errorf("failed to list issues: %w", &apitest.AbuseRateLimitError{
			Response: apitest.Response(403, "Retry-After", "42"), Message: "You have exceeded a secondary rate limit.", RetryAfter: &d})
	}, "The request was fine but a service the server relies on is busy; retry in 42s.", slog.LevelWarn, toolerr.OutcomeRateLimited},
	{"github_primary_limit", func(context.Context) error {
		return fmt.Errorf("failed to list issues: %w", &apitest.RateLimitError{
			Rate:     apitest.Rate{Limit: 5000, Reset: apitest.Timestamp{Time: time.Now().Add(42 * time.Second)}},
			Response: apitest.Response(403, "X-RateLimit-Remaining", "0"), Message: "API rate limit exceeded."})
	}, "The request was fine but a service the server relies on is busy; retry in 42s.", slog.LevelWarn, toolerr.OutcomeRateLimited},
	{"github_forbidden", func(context.Context) error {
		return fmt.Errorf("failed to get repository: %w", &apitest.ErrorResponse{
			Response: apitest.Response(403, "X-RateLimit-Remaining", "4999"), Message: "Resource not accessible by integration"})
	}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	{"github_not_found", func(context.Context) error {
		return fmt.Errorf("failed to get repository: %w", &apitest.ErrorResponse{Response: apitest.Response(404), Message: "Not Found"})
	}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	{"fault", func(context.Context) error {
		return fmt.Errorf("read note: %w", errStore)
	}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
	{"named_fault", func(context.Context) error {
		return toolerr.Fault("The notes store is not configured; tell the user to ask the operator.", toolerr.WithCause(errStore))
	}, "The notes store is not configured; tell the user to ask the operator.", slog.LevelError, toolerr.OutcomeFault},
	{"panic", func(context.Context) error {
		panic(fmt.Errorf("index %s corrupt", secret))
	}, toolerr.FaultMessage, slog.LevelError, toolerr.OutcomePanic},
}

func typed(o outcome) mcp.ToolHandlerFor[readIn, readOut] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
		// A partial output, which must not reach the client with the error.
		return nil, readOut{Text: secret}, o.fail(ctx)
	}
}

func raw(o outcome) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, o.fail(ctx)
	}
}

var objectSchema = map[string]any{"type": "object"}

func readOK(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
	return nil, readOut{Text: "fine", Version: "a1b2"}, nil
}

// observer is outermost receiving middleware: it records the error each
// tool result carries for sending middleware, and signals each call's end.
type observer struct {
	mu     sync.Mutex
	errs   map[string]error
	called chan string
}

func newObserver() *observer {
	return &observer{errs: map[string]error{}, called: make(chan string, 100)}
}

func (o *observer) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if ctr, ok := req.(*mcp.CallToolRequest); ok {
			o.mu.Lock()
			if r, ok := res.(*mcp.CallToolResult); ok && r != nil {
				o.errs[ctr.Params.Name] = r.GetError()
			} else {
				o.errs[ctr.Params.Name] = err
			}
			o.mu.Unlock()
			o.called <- ctr.Params.Name
		}
		return res, err
	}
}

func (o *observer) errOf(tool string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.errs[tool]
}

func connect(t *testing.T, s *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func call(t *testing.T, cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	if args == nil {
		args = map[string]any{}
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v, want a result", tool, err)
	}
	return res
}

func text(t *testing.T, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		b, _ := json.Marshal(res)
		t.Fatalf("%d content items, want 1: %s", len(res.Content), b)
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
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

// TestOutcomes calls every outcome, from a typed and from a raw handler,
// through a real client over in-memory transports, with the boundary
// installed in each supported way, and checks what the client reads, the
// one record each failure leaves, and the error sending middleware sees.
func TestOutcomes(t *testing.T) {
	setups := []struct {
		name      string
		receiving func(rec *logtest.Recorder) mcp.Middleware // nil: none
		perTool   bool
	}{
		{"receiving middleware with a logger", func(rec *logtest.Recorder) mcp.Middleware {
			return gosdk.ReceivingBoundary(gosdk.WithLogger(rec.Logger()))
		}, false},
		{"per handler with the default logger", nil, true},
		{"nested: receiving middleware and per handler", func(rec *logtest.Recorder) mcp.Middleware {
			return gosdk.ReceivingBoundary(gosdk.WithLogger(rec.Logger()))
		}, true},
		{"receiving middleware with the default logger", func(*logtest.Recorder) mcp.Middleware {
			return gosdk.ReceivingBoundary()
		}, false},
	}
	for _, setup := range setups {
		t.Run(setup.name, func(t *testing.T) {
			rec := useDefault(t)
			obs := newObserver()
			s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
			if setup.receiving != nil {
				s.AddReceivingMiddleware(setup.receiving(rec))
			}
			s.AddReceivingMiddleware(obs.middleware) // added last: outermost
			for _, o := range outcomes {
				th, rh := typed(o), raw(o)
				if setup.perTool {
					th, rh = gosdk.TypedBoundary(th), gosdk.ToolBoundary(rh)
				}
				mcp.AddTool(s, &mcp.Tool{Name: "typed_" + o.name}, th)
				s.AddTool(&mcp.Tool{Name: "raw_" + o.name, InputSchema: objectSchema}, rh)
			}
			ok := readOK
			if setup.perTool {
				ok = gosdk.TypedBoundary(ok)
			}
			mcp.AddTool(s, &mcp.Tool{Name: "ok"}, ok)
			cs := connect(t, s)

			if res := call(t, cs, "ok", nil); res.IsError {
				t.Errorf("ok: %+v", res)
			}
			<-obs.called
			if recs := rec.Take(); len(recs) != 0 {
				t.Errorf("a successful call logged %v", recs)
			}
			for _, o := range outcomes {
				for _, tool := range []string{"typed_" + o.name, "raw_" + o.name} {
					res := call(t, cs, tool, nil)
					wire, _ := json.Marshal(res)
					if !res.IsError {
						t.Errorf("%s: IsError = false, want true: %s", tool, wire)
					}
					if got := text(t, res); got != o.text {
						t.Errorf("%s: client reads %q, want %q", tool, got, o.text)
					}
					if strings.Contains(string(wire), "SECRET") || res.StructuredContent != nil {
						t.Errorf("%s: internal text or output on the wire: %s", tool, wire)
					}
					recs := rec.Take()
					if len(recs) != 1 {
						t.Errorf("%s: %d log records, want 1: %v", tool, len(recs), recs)
					} else {
						r := recs[0]
						if r.Level != o.level || r.Message != "tool_failed" || r.Attrs["tool"] != tool || r.Attrs["outcome"] != string(o.outcome) {
							t.Errorf("%s: record %v, want level %v outcome %s", tool, r, o.level, o.outcome)
						}
						if o.level <= slog.LevelInfo {
							for k, v := range r.Attrs {
								if strings.Contains(v, "SECRET") || strings.Contains(v, o.text) {
									t.Errorf("%s: INFO record carries error text under %q", tool, k)
								}
							}
						}
						if strings.HasPrefix(o.name, "github_") && (!strings.Contains(r.Attrs["error"], "SECRET") || !strings.HasPrefix(r.Attrs["error_type"], "*apitest.")) {
							t.Errorf("%s: record lacks the cause: %v", tool, r)
						}
						if o.name == "github_secondary_limit" && r.Attrs["retry_after"] != "42s" {
							t.Errorf("%s: record lacks the delay: %v", tool, r)
						}
						if o.outcome == toolerr.OutcomePanic && (r.Attrs["error"] != "panic: index "+secret+" corrupt" ||
							!strings.Contains(r.Attrs["stack"], "gosdk_test.init")) {
							t.Errorf("%s: panic record lacks the panic or its stack: %v\n%s", tool, r, r.Attrs["stack"])
						}
					}
					<-obs.called
					seen := obs.errOf(tool)
					var te *toolerr.ToolError
					if !errors.As(seen, &te) || te.Message() != o.text || te.Level() != o.level {
						t.Errorf("%s: sending middleware sees %v, want the rendered ToolError", tool, seen)
					}
					if o.name == "fault" && !errors.Is(seen, errStore) {
						t.Errorf("%s: the cause is not reachable from GetError: %v", tool, seen)
					}
				}
			}
		})
	}
}

func TestPassThrough(t *testing.T) {
	rec := useDefault(t)
	obs := newObserver()
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(obs.middleware, gosdk.ReceivingBoundary())
	wire := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "unknown cursor"}
	started := make(chan struct{}, 2)
	slow := func(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
		started <- struct{}{}
		<-ctx.Done()
		return nil, readOut{}, fmt.Errorf("query: %w", ctx.Err())
	}
	mcp.AddTool(s, &mcp.Tool{Name: "protocol"}, func(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
		return nil, readOut{}, wire
	})
	mcp.AddTool(s, &mcp.Tool{Name: "protocol_wrapped"}, gosdk.TypedBoundary(func(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
		return nil, readOut{}, fmt.Errorf("list: %w", wire)
	}))
	s.AddTool(&mcp.Tool{Name: "raw_protocol", InputSchema: objectSchema}, gosdk.ToolBoundary(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, wire
	}))
	mcp.AddTool(s, &mcp.Tool{Name: "slow"}, slow)
	mcp.AddTool(s, &mcp.Tool{Name: "slow_wrapped"}, gosdk.TypedBoundary(slow))
	cs := connect(t, s)

	for _, tool := range []string{"protocol", "protocol_wrapped", "raw_protocol"} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}})
		var got *jsonrpc.Error
		if !errors.As(err, &got) || got.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("%s: client got (%+v, %v), want the protocol error", tool, res, err)
		}
		<-obs.called
	}

	for _, tool := range []string{"slow", "slow_wrapped"} {
		ctx, cancel := context.WithCancel(context.Background())
		go func() { <-started; cancel() }()
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: map[string]any{}}); err == nil {
			t.Errorf("%s: the cancelled call succeeded", tool)
		}
		select {
		case <-obs.called:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: the handler never saw the cancellation", tool)
		}
		if err := obs.errOf(tool); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: sending middleware sees %v, want the handler's cancellation", tool, err)
		}
	}
	if recs := rec.Take(); len(recs) != 0 {
		t.Errorf("passed-through errors were logged: %v", recs)
	}
}

type limitIn struct {
	Limit int `json:"limit"`
}

func TestHandlerBuiltResults(t *testing.T) {
	rec := useDefault(t)
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "limit"}, func(ctx context.Context, req *mcp.CallToolRequest, in limitIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(in.Limit)}}}, nil, nil
	})
	s.AddTool(&mcp.Tool{Name: "own_text", InputSchema: objectSchema}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "The archive is read-only; call copy_note first."}}}
		r.SetError(errStore)
		return r, nil
	})
	s.AddTool(&mcp.Tool{Name: "no_result", InputSchema: objectSchema}, gosdk.ToolBoundary(func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	}))
	cs := connect(t, s)

	res := call(t, cs, "limit", map[string]any{"limit": "many"})
	if !res.IsError || !strings.HasPrefix(text(t, res), `validating "arguments"`) {
		t.Errorf("the SDK's argument check: %+v", res)
	}
	if recs := rec.Take(); len(recs) != 1 || recs[0].Level != slog.LevelInfo || recs[0].Attrs["outcome"] != "caller_error" {
		t.Errorf("argument check records %v, want one INFO caller_error", recs)
	}

	res = call(t, cs, "own_text", nil)
	if !res.IsError || text(t, res) != "The archive is read-only; call copy_note first." {
		t.Errorf("a handler's own text: %+v", res)
	}
	if recs := rec.Take(); len(recs) != 1 || recs[0].Level != slog.LevelError {
		t.Errorf("own text records %v, want one ERROR", recs)
	}

	res = call(t, cs, "no_result", nil)
	if !res.IsError || text(t, res) != toolerr.FaultMessage {
		t.Errorf("no result: %+v", res)
	}
	if recs := rec.Take(); len(recs) != 1 || recs[0].Level != slog.LevelError {
		t.Errorf("no result records %v, want one ERROR", recs)
	}
}

// TestProbe: every boundary answers toolerr's check without calling the
// handler or logging, and the check recognises the handler ToolBoundary
// returns.
func TestProbe(t *testing.T) {
	rec := useDefault(t)
	called := false
	raw := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		called = true
		return nil, errStore
	}
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "read_note"}}
	answered := func(name string, res *mcp.CallToolResult, err error, p *probe.Probe) {
		t.Helper()
		if err != nil || res == nil || res.IsError || called || !slices.Equal(p.Take(), []string{"read_note"}) {
			t.Errorf("%s: a probe got (%+v, %v), the handler ran: %v", name, res, err, called)
		}
	}

	tb := gosdk.ToolBoundary(raw)
	if !probe.IsBoundary(tb) {
		t.Error("ToolBoundary: the check does not recognise the handler")
	}
	ctx, p := probe.With(context.Background())
	res, err := tb(ctx, req)
	answered("ToolBoundary", res, err, p)

	res, _, err = gosdk.TypedBoundary(func(ctx context.Context, req *mcp.CallToolRequest, in readIn) (*mcp.CallToolResult, readOut, error) {
		_, err := raw(ctx, req)
		return nil, readOut{}, err
	})(ctx, req, readIn{})
	answered("TypedBoundary", res, err, p)

	mw := gosdk.ReceivingBoundary()(func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return raw(ctx, nil)
	})
	r, err := mw(ctx, "tools/call", req)
	ctr, _ := r.(*mcp.CallToolResult)
	answered("ReceivingBoundary", ctr, err, p)

	if probe.IsBoundary(mcp.ToolHandler(raw)) {
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

// TestClassifier: a classifier given to the receiving boundary reads the
// errors it knows, through a real client, from typed and raw handlers,
// bare or wrapped in an inner boundary; what it leaves falls to the
// built-in rules; a boundary without one leaves the same error a fault.
func TestClassifier(t *testing.T) {
	const callerText = "The 'discussion_id' argument names no discussion. Find the ID with list_discussions."
	gql := outcome{name: "gql", fail: func(context.Context) error { return fmt.Errorf("failed to get discussion: %w", errNotNode) }}
	limited := outcome{name: "limited", fail: func(context.Context) error {
		return &apitest.ErrorResponse{Response: apitest.Response(429, "Retry-After", "42")}
	}}
	rec := &logtest.Recorder{}
	build := func(opts ...gosdk.Option) *mcp.ClientSession {
		s := mcp.NewServer(&mcp.Implementation{Name: "github", Version: "1.0.0"}, nil)
		s.AddReceivingMiddleware(gosdk.ReceivingBoundary(append(opts, gosdk.WithLogger(rec.Logger()))...))
		mcp.AddTool(s, &mcp.Tool{Name: "typed"}, typed(gql))
		mcp.AddTool(s, &mcp.Tool{Name: "typed_inner"}, gosdk.TypedBoundary(typed(gql)))
		s.AddTool(&mcp.Tool{Name: "raw", InputSchema: objectSchema}, raw(gql))
		s.AddTool(&mcp.Tool{Name: "raw_inner", InputSchema: objectSchema}, gosdk.ToolBoundary(raw(gql)))
		mcp.AddTool(s, &mcp.Tool{Name: "limited"}, typed(limited))
		return connect(t, s)
	}
	classified := build(gosdk.WithClassifier(nil), gosdk.WithClassifier(classifyGraphQL))
	unclassified := build()
	busy := "The request was fine but a service the server relies on is busy; retry in 42s."
	for _, tc := range []struct {
		cs      *mcp.ClientSession
		tool    string
		text    string
		level   slog.Level
		outcome toolerr.Outcome
	}{
		{classified, "typed", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{classified, "typed_inner", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{classified, "raw", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{classified, "raw_inner", callerText, slog.LevelInfo, toolerr.OutcomeCallerError},
		{classified, "limited", busy, slog.LevelWarn, toolerr.OutcomeRateLimited},
		{unclassified, "typed", toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{unclassified, "raw_inner", toolerr.FaultMessage, slog.LevelError, toolerr.OutcomeFault},
		{unclassified, "limited", busy, slog.LevelWarn, toolerr.OutcomeRateLimited},
	} {
		res := call(t, tc.cs, tc.tool, nil)
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
