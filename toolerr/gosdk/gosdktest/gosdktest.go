// Package gosdktest checks, in a server's own tests, that every tool of a
// github.com/modelcontextprotocol/go-sdk server passes through the
// toolerr boundary (toolerr/gosdk), that the server offers a client every
// tool it registered, and that it offers each as registered. Call it with
// the server exactly as production builds it:
//
//	func TestToolBoundary(t *testing.T) {
//		gosdktest.Check(t, notes.NewServer(store, logger))
//	}
//
// Unlike toolcheck's static analysis, it sees the tools the server really
// registers, however it registers them: through reflection, a plugin map,
// a configuration file.
//
// # How it works, without running a tool
//
// Check reads the tools the server holds (go-sdk has no API for them, so
// it reads the server's fields, holding its lock, for the releases
// toolerr supports; another release is reported, not misread), connects a
// client to the server over mcp.NewInMemoryTransports, lists the tools,
// and compares: names, count, and each definition (name, title,
// description, input and output schema, annotations, and every other
// member).
//
// Then it probes each tool. The server side of its connection is made
// with a probe in the context given to (*mcp.Server).Connect, which go-sdk
// hands, values and all, to every request of the session: receiving
// middleware, and the tool handler. Every toolerr boundary answers a
// probe first: it returns a result of its own without calling what it
// wraps. A call of a tool is made so that, when no boundary answers it,
// go-sdk refuses it before any handler runs:
//
//   - a tool registered with mcp.AddTool is called with arguments that
//     are not a JSON object; its handler is the SDK's adapter, which
//     validates the arguments against the input schema (always of type
//     object) before it calls the typed handler;
//   - a tool registered with (*mcp.Server).AddTool whose handler is
//     gosdk.ToolBoundary(h) is recognised by the code pointer of that
//     handler, and only then is it called, with a probe, which it
//     answers;
//   - for any other tool registered with (*mcp.Server).AddTool, whose
//     handler takes whatever it is sent, the call names a tool the server
//     does not have, which the SDK refuses after the receiving
//     middleware. Such a tool passes when a receiving middleware answers
//     for every tools/call; a middleware that sends some tools around the
//     boundary by name is not seen for these tools.
//
// A boundary installed with s.AddReceivingMiddleware(gosdk.ReceivingBoundary())
// therefore passes for every tool. A gosdk.TypedBoundary inside
// mcp.AddTool cannot be seen: the SDK calls it only with arguments that
// passed validation, and were it not there, the tool itself would run.
// Check reports such a tool, saying so; install the receiving boundary
// (the two nest without logging twice).
//
// No tool handler runs, so no upstream is touched. The server's
// InitializedHandler and the receiving middleware before the boundary do
// run, as for any session. A middleware that refuses the call before it
// reaches the boundary (an authorization check, say) makes the tool fail
// the check: add the boundary after the server's other middleware, so
// that it runs first, or pass the context the server's transport gives a
// session in production (an authenticated user) with [WithContext].
//
// The probe is a Go value in the session's context, under a key only
// toolerr's packages can create. A client of a production server cannot
// send one: arguments, _meta and headers do not become context values,
// and the server's own code builds the context of a session. Without a
// probe a boundary costs one context lookup more per call.
//
// # Which tools are covered
//
// Every tool registered on the server (mcp.AddTool, (*mcp.Server).AddTool)
// before Check is called, however the code reaches those calls. go-sdk
// has no per-session tools. Tools registered later, by a tool at run time
// or on some other event, exist only once that code has run, and Check
// never runs a tool.
package gosdktest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
	"github.com/toolcheck/toolcheck/toolerr/internal/tooldiff"
)

// TB is the part of testing.TB that Check uses: *testing.T, *testing.B
// and *testing.F implement it.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// An Option configures Check.
type Option func(*config)

type config struct {
	ctx    context.Context
	client *mcp.ClientOptions
}

// WithContext sets the context the check's session is connected with
// and its calls start from, such as one carrying the authenticated user
// that the server's middleware reads in production. The default is
// context.Background().
func WithContext(ctx context.Context) Option {
	return func(c *config) {
		if ctx != nil {
			c.ctx = ctx
		}
	}
}

// WithClientOptions sets the options of the client the check connects,
// such as the capabilities (ClientOptions.Capabilities) the server's
// production clients declare: a server that offers some tools only to
// clients with a capability (form elicitation, say) lists them, and the
// check checks them, only when its client declares it. The client's
// handlers (sampling, elicitation) are never called: no tool runs. The
// default is a client with go-sdk's default capabilities.
func WithClientOptions(opts *mcp.ClientOptions) Option {
	return func(c *config) { c.client = opts }
}

// Install is how the failure of a tool without the boundary says to
// install it.
const Install = "install it with s.AddReceivingMiddleware(gosdk.ReceivingBoundary()) after the server's other middleware"

// Check reports through t, one line for each, every tool of s that a call
// does not reach a toolerr boundary for, every tool s registered that a
// client is not offered or is offered more than once or unlike its
// registration, and every tool a client is offered that s did not
// register. It runs no tool handler.
func Check(t TB, s *mcp.Server, opts ...Option) {
	t.Helper()
	c := config{ctx: context.Background()}
	for _, opt := range opts {
		if opt != nil {
			opt(&c)
		}
	}
	if s == nil {
		t.Errorf("gosdktest: the server is nil")
		return
	}
	for _, line := range run(c.ctx, s, c.client) {
		t.Errorf("%s", line)
	}
}

func run(ctx context.Context, s *mcp.Server, client *mcp.ClientOptions) []string {
	reg, err := registered(s)
	if err != nil {
		return []string{"gosdktest: " + err.Error()}
	}

	pctx, p := probe.With(ctx)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(pctx, st, nil)
	if err != nil {
		return []string{fmt.Sprintf("gosdktest: cannot connect to the server: %v", err)}
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "toolerr-gosdktest", Version: "1.0.0"}, client).Connect(ctx, ct, nil)
	if err != nil {
		return []string{fmt.Sprintf("gosdktest: cannot connect a client to the server: %v", err)}
	}
	defer cs.Close()

	offered, err := listTools(ctx, cs)
	if len(reg) == 0 && len(offered) == 0 {
		// A server with no tools declares no tools capability either.
		return []string{"gosdktest: the server has no tools, so there is nothing to check; build it as production does"}
	}
	if err != nil {
		return []string{fmt.Sprintf("gosdktest: tools/list failed: %v", err)}
	}
	defs := make(map[string][]byte, len(reg))
	for name, r := range reg {
		defs[name] = r.def
	}
	diff, err := tooldiff.Compare(defs, offered)
	if err != nil {
		return []string{"gosdktest: " + err.Error()}
	}

	// The name of a tool the server does not have, for the raw handlers.
	unknown := "toolerr-probe"
	for i := 2; has(reg, unknown) || slices.Contains(diff.Extra, unknown); i++ {
		unknown = fmt.Sprintf("toolerr-probe-%d", i)
	}
	var unknownAnswered *bool

	var lines []string
	for _, name := range sortedKeys(reg) {
		h := reg[name].handler
		if probe.IsBoundary(h) {
			hctx, hp := probe.With(ctx)
			h(hctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: name, Arguments: json.RawMessage("{}")}})
			if slices.Contains(hp.Take(), name) {
				continue
			}
		}
		typed := isTyped(h)
		switch {
		case typed:
			// Not an object: without a boundary, the SDK's adapter
			// refuses it and never calls the typed handler.
			cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: "toolerr probe: not an object"})
			if slices.Contains(p.Take(), name) {
				continue
			}
		default:
			if unknownAnswered == nil {
				cs.CallTool(ctx, &mcp.CallToolParams{Name: unknown, Arguments: map[string]any{}})
				answered := slices.Contains(p.Take(), unknown)
				unknownAnswered = &answered
			}
			if *unknownAnswered {
				continue
			}
		}
		line := fmt.Sprintf("tool %q does not pass through the tool boundary; %s", name, Install)
		if typed {
			line += " (a gosdk.TypedBoundary inside mcp.AddTool cannot be seen without running the tool)"
		}
		lines = append(lines, line)
	}
	for _, name := range diff.Extra {
		lines = append(lines, fmt.Sprintf("tool %q is offered to a client but not registered on the server: a receiving middleware adds it to tools/list", name))
	}
	for _, name := range diff.Missing {
		lines = append(lines, fmt.Sprintf("tool %q is registered but not offered to a client: a receiving middleware drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientOptions)", name))
	}
	for _, name := range sortedKeys(diff.Repeated) {
		lines = append(lines, fmt.Sprintf("tool %q is offered %d times in tools/list: a receiving middleware repeats it", name, diff.Repeated[name]))
	}
	for _, name := range sortedKeys(diff.Changed) {
		lines = append(lines, fmt.Sprintf("tool %q is offered with a different %s than registered: a receiving middleware changes the published tool",
			name, tooldiff.Members(diff.Changed[name])))
	}
	return lines
}

func listTools(ctx context.Context, cs *mcp.ClientSession) ([][]byte, error) {
	var tools [][]byte
	params := &mcp.ListToolsParams{}
	for page := 0; ; page++ {
		if page == 10000 {
			return nil, fmt.Errorf("more than %d pages", page)
		}
		res, err := cs.ListTools(ctx, params)
		if err != nil {
			return nil, err
		}
		for _, t := range res.Tools {
			b, err := json.Marshal(t)
			if err != nil {
				return nil, fmt.Errorf("marshalling the tool %q a client is offered: %v", t.Name, err)
			}
			tools = append(tools, b)
		}
		if res.NextCursor == "" || res.NextCursor == params.Cursor {
			return tools, nil
		}
		params = &mcp.ListToolsParams{Cursor: res.NextCursor}
	}
}

func has[V any](m map[string]V, k string) bool {
	_, ok := m[k]
	return ok
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
