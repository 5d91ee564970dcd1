// Package mcpgotest checks, in a server's own tests, that every tool of a
// github.com/mark3labs/mcp-go server passes through the toolerr boundary
// (toolerr/mcpgo), that the server offers a client every tool it
// registered, and that it offers each as registered. Call it with the
// server exactly as production builds it:
//
//	func TestToolBoundary(t *testing.T) {
//		mcpgotest.Check(t, notes.NewServer(store, logger))
//	}
//
// Unlike toolcheck's static analysis, it sees the tools the server really
// registers, however it registers them: through reflection, a plugin map,
// a configuration file, or a session hook.
//
// # How it works, without running a tool
//
// Check connects to the server in process, as a client would, with a
// session of its own: it registers the session (so the server's session
// hooks run and add their session tools), sends initialize, and lists the
// tools through (*server.MCPServer).HandleMessage. It compares that list
// with the tools the server holds ((*server.MCPServer).ListTools and the
// session's tools): names, count, and each definition (name, title,
// description, input and output schema, annotations, and every other
// member).
//
// Then, for each tool, it calls it through HandleMessage with a probe in
// the call's context. Every toolerr boundary answers a probe first: it
// returns a result of its own without calling what it wraps. For the
// call, the session shadows the tool with a stand-in of the same name (a
// session tool takes precedence over a server tool in mcp-go), so the
// call takes the server's real path (hooks, tool filters, every tool
// middleware) and ends in the stand-in instead of the tool's handler: a
// boundary installed with server.WithToolHandlerMiddleware or Use answers
// the probe, and without one the stand-in is reached. The stand-in keeps
// the tool's definition except its schemas and execution mode, so that
// input validation (server.WithInputSchemaValidation) and task
// augmentation do not stop the call before the middleware.
//
// A boundary applied at registration (mcpgo.Boundary(h), and the handlers
// mcpgo.NewBoundary, mcpgo.TypedBoundary and mcpgo.StructuredBoundary
// return) is recognised when it is the handler registered: its code
// pointer is that of the boundary's closure, and only then does Check
// call it, with a probe, which it answers. A boundary inside another
// wrapper (metrics(mcpgo.Boundary(h))) cannot be reached without calling
// that wrapper, which Check never does: the code outside the boundary
// would be outside it in production too. Install the boundary outermost.
//
// No tool handler runs, so no upstream is touched. The server's hooks,
// tool filters and the tool middleware before the boundary do run, as for
// any call. A middleware that refuses the call before it reaches the
// boundary (an authorization check, say) makes the tool fail the check:
// install the boundary first among the options, or pass the context a
// client's call carries in production (an authenticated user) with
// [WithContext].
//
// The probe is a Go value in the call's context, under a key only
// toolerr's packages can create. A client of a production server cannot
// send one: arguments, _meta and headers do not become context values,
// and the server's transport builds the context of every call. Without a
// probe a boundary costs one context lookup more per call.
//
// # Which tools are covered
//
// Tools registered with AddTool, AddTools and SetTools, tools registered
// on the server before Check is called however the code reaches those
// calls, and session tools the server adds to a session when it is
// registered or initialized (server hooks), are each listed, compared and
// probed. Tools registered later are not covered: session tools added by
// a tool at run time, or tools added on some other event, exist only once
// that code has run, and Check never runs a tool.
//
// Task tools (AddTaskTool, AddTaskTools) are listed but are not in
// ListTools, so their definitions cannot be compared; mcp-go runs a task
// handler without tool middleware, and toolerr has no boundary for task
// handlers, so Check reports each task tool as not behind the boundary.
package mcpgotest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

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
	ctx  context.Context
	caps mcp.ClientCapabilities
}

// WithContext sets the context the check's session and calls start from,
// such as one carrying the authenticated user that the server's tool
// filters and middleware read in production. The default is
// context.Background().
func WithContext(ctx context.Context) Option {
	return func(c *config) {
		if ctx != nil {
			c.ctx = ctx
		}
	}
}

// WithClientCapabilities sets the capabilities the check's client
// declares when it initializes, such as those the server's production
// clients declare: a server whose tool filter offers some tools only to
// clients with a capability (elicitation, say) lists them, and the check
// checks them, only when its client declares it. The default declares
// none.
func WithClientCapabilities(caps mcp.ClientCapabilities) Option {
	return func(c *config) { c.caps = caps }
}

// Install is how the failure of a tool without the boundary says to
// install it.
const Install = "install it with server.WithToolHandlerMiddleware(mcpgo.Boundary) first among the options"

// Check reports through t, one line for each, every tool of s that a call
// does not reach a toolerr boundary for, every tool s registered that a
// client is not offered or is offered more than once or unlike its
// registration, and every tool a client is offered that s did not
// register. It runs no tool handler.
func Check(t TB, s *server.MCPServer, opts ...Option) {
	t.Helper()
	c := config{ctx: context.Background()}
	for _, opt := range opts {
		if opt != nil {
			opt(&c)
		}
	}
	if s == nil {
		t.Errorf("mcpgotest: the server is nil")
		return
	}
	for _, line := range run(c.ctx, s, c.caps) {
		t.Errorf("%s", line)
	}
}

// A registration is a tool the server holds for the check's session.
type registration struct {
	tool    mcp.Tool
	handler server.ToolHandlerFunc
	session bool
}

func run(ctx context.Context, s *server.MCPServer, caps mcp.ClientCapabilities) []string {
	sess := newSession()
	ctx = s.WithContext(ctx, sess)
	if err := s.RegisterSession(ctx, sess); err != nil {
		return []string{fmt.Sprintf("mcpgotest: cannot register the check's session: %v", err)}
	}
	defer s.UnregisterSession(ctx, sess.id)
	defer sess.close()

	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "toolerr-mcpgotest", Version: "1.0.0"}
	init.Params.Capabilities = caps
	if _, err := request(ctx, s, "initialize", init.Params); err != nil {
		return []string{fmt.Sprintf("mcpgotest: initialize failed: %v", err)}
	}
	s.HandleMessage(ctx, json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))

	reg := map[string]registration{}
	for name, st := range s.ListTools() {
		reg[name] = registration{tool: st.Tool, handler: st.Handler}
	}
	for name, st := range sess.tools() {
		reg[name] = registration{tool: st.Tool, handler: st.Handler, session: true}
	}
	offered, err := listTools(ctx, s)
	if len(reg) == 0 && len(offered) == 0 {
		// A server with no tools declares no tools capability either.
		return []string{"mcpgotest: the server has no tools, so there is nothing to check; build it as production does"}
	}
	if err != nil {
		return []string{fmt.Sprintf("mcpgotest: tools/list failed: %v", err)}
	}

	defs := map[string][]byte{}
	for name, r := range reg {
		b, err := json.Marshal(r.tool)
		if err != nil {
			return []string{fmt.Sprintf("mcpgotest: tool %q: cannot marshal its definition: %v", name, err)}
		}
		defs[name] = b
	}
	diff, err := tooldiff.Compare(defs, offered)
	if err != nil {
		return []string{"mcpgotest: " + err.Error()}
	}

	var lines []string
	names := make([]string, 0, len(reg))
	for name := range reg {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if slices.Contains(diff.Missing, name) {
			continue // not offered, so a client cannot call it either: reported below
		}
		if line := checkBoundary(ctx, s, sess, name, reg[name]); line != "" {
			lines = append(lines, line)
		}
	}
	for _, name := range diff.Extra {
		if isTaskTool(ctx, s, name) {
			lines = append(lines, fmt.Sprintf("tool %q is a task tool (AddTaskTool): mcp-go runs a task handler without tool middleware, so no toolerr boundary covers it", name))
			continue
		}
		lines = append(lines, fmt.Sprintf("tool %q is offered to a client but not registered on the server: a tool filter or a hook adds it to tools/list", name))
	}
	for _, name := range diff.Missing {
		lines = append(lines, fmt.Sprintf("tool %q is registered but not offered to a client: a tool filter or a hook drops it from tools/list (if it is offered only to clients with some capability, declare it with WithClientCapabilities)", name))
	}
	for _, name := range sortedKeys(diff.Repeated) {
		lines = append(lines, fmt.Sprintf("tool %q is offered %d times in tools/list: a tool filter or a hook repeats it", name, diff.Repeated[name]))
	}
	for _, name := range sortedKeys(diff.Changed) {
		lines = append(lines, fmt.Sprintf("tool %q is offered with a different %s than registered: a tool filter or a hook changes the published tool",
			name, tooldiff.Members(diff.Changed[name])))
	}
	return lines
}

// checkBoundary probes one tool and returns the line that reports it, or
// "" when a call of it passes through a boundary.
func checkBoundary(ctx context.Context, s *server.MCPServer, sess *session, name string, r registration) string {
	// The server's path, ending in a stand-in for the handler.
	var reached atomic.Bool
	stand := server.ServerTool{Tool: standIn(r.tool), Handler: func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		reached.Store(true)
		return mcp.NewToolResultText("toolerr: the check's stand-in for the tool was called"), nil
	}}
	pctx, p := probe.With(ctx)
	sess.shadow(&stand)
	res, err := request(pctx, s, "tools/call", callParams(name))
	sess.shadow(nil)
	if slices.Contains(p.Take(), name) {
		return ""
	}

	// A boundary applied at registration: called only when it is one.
	if probe.IsBoundary(r.handler) {
		hctx, hp := probe.With(ctx)
		var req mcp.CallToolRequest
		req.Params.Name = name
		r.handler(hctx, req)
		if slices.Contains(hp.Take(), name) {
			return ""
		}
	}

	what := "tool"
	if r.session {
		what = "session tool"
	}
	line := fmt.Sprintf("%s %q does not pass through the tool boundary; %s", what, name, Install)
	if !reached.Load() {
		why := "a result"
		if err != nil {
			why = err.Error()
		} else if t := resultText(res); t != "" {
			why = fmt.Sprintf("%q", t)
		}
		line += fmt.Sprintf(" (the call was answered before it reached a boundary or the handler, with %s: a middleware before the boundary, a tool filter or a hook refused it; see mcpgotest.WithContext)", why)
	}
	return line
}

// standIn is the tool's definition for the stand-in: no schemas, so that
// input validation lets the probe's empty arguments through, and no
// execution mode, so that the call is made at once.
func standIn(t mcp.Tool) mcp.Tool {
	t.InputSchema = mcp.ToolInputSchema{Type: "object"}
	t.RawInputSchema = nil
	t.OutputSchema = mcp.ToolOutputSchema{}
	t.RawOutputSchema = nil
	t.Execution = nil
	return t
}

func callParams(name string) map[string]any {
	return map[string]any{"name": name, "arguments": map[string]any{}}
}

// isTaskTool reports whether name is a task tool: called synchronously, a
// task tool is refused as a method not found before any middleware runs;
// a name the server does not know is refused as invalid params.
func isTaskTool(ctx context.Context, s *server.MCPServer, name string) bool {
	pctx, _ := probe.With(ctx)
	_, err := request(pctx, s, "tools/call", callParams(name))
	var re *rpcError
	return errors.As(err, &re) && re.Code == mcp.METHOD_NOT_FOUND
}

func listTools(ctx context.Context, s *server.MCPServer) ([][]byte, error) {
	var tools [][]byte
	cursor := ""
	for page := 0; ; page++ {
		if page == 10000 {
			return nil, fmt.Errorf("more than %d pages", page)
		}
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		raw, err := request(ctx, s, "tools/list", params)
		if err != nil {
			return nil, err
		}
		var res struct {
			Tools      []json.RawMessage `json:"tools"`
			NextCursor string            `json:"nextCursor"`
		}
		if err := json.Unmarshal(raw, &res); err != nil {
			return nil, fmt.Errorf("decoding the result: %v", err)
		}
		for _, t := range res.Tools {
			tools = append(tools, t)
		}
		if res.NextCursor == "" || res.NextCursor == cursor {
			return tools, nil
		}
		cursor = res.NextCursor
	}
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (JSON-RPC error %d)", e.Message, e.Code) }

var requestID atomic.Int64

// request sends one request through HandleMessage and returns its result.
func request(ctx context.Context, s *server.MCPServer, method string, params any) (json.RawMessage, error) {
	msg, err := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": requestID.Add(1), "method": method, "params": params,
	})
	if err != nil {
		return nil, err
	}
	resp := s.HandleMessage(ctx, msg)
	if resp == nil {
		return nil, fmt.Errorf("no response to %s", method)
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return nil, fmt.Errorf("marshalling the response to %s: %v", method, err)
	}
	var r struct {
		Result json.RawMessage `json:"result"`
		Error  *rpcError       `json:"error"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("decoding the response to %s: %v", method, err)
	}
	if r.Error != nil {
		return nil, r.Error
	}
	return r.Result, nil
}

// resultText is the text of a tools/call result, for a message.
func resultText(raw json.RawMessage) string {
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if json.Unmarshal(raw, &res) != nil {
		return ""
	}
	var texts []string
	for _, c := range res.Content {
		if c.Text != "" {
			texts = append(texts, c.Text)
		}
	}
	return strings.Join(texts, " ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// session is the check's client session. It keeps the session tools the
// server gives it and, during a probe, shadows one tool with a stand-in.
type session struct {
	id          string
	notes       chan mcp.JSONRPCNotification
	done        chan struct{}
	initialized atomic.Bool

	mu      sync.Mutex
	own     map[string]server.ServerTool // the session tools the server set
	stand   *server.ServerTool           // the stand-in, during a probe
	under   server.ServerTool            // the session tool it shadows
	shadows bool                         // whether there is one
	info    mcp.Implementation           // what the client declared
	caps    mcp.ClientCapabilities
}

func newSession() *session {
	var b [8]byte
	_, _ = rand.Read(b[:])
	s := &session{
		id:    "toolerr-mcpgotest-" + hex.EncodeToString(b[:]),
		notes: make(chan mcp.JSONRPCNotification, 16),
		done:  make(chan struct{}),
	}
	go func() { // the server's notifications, such as tools/list_changed, are not needed
		for {
			select {
			case <-s.notes:
			case <-s.done:
				return
			}
		}
	}()
	return s
}

func (s *session) close() { close(s.done) }

func (s *session) SessionID() string                                   { return s.id }
func (s *session) NotificationChannel() chan<- mcp.JSONRPCNotification { return s.notes }
func (s *session) Initialize()                                         { s.initialized.Store(true) }
func (s *session) Initialized() bool                                   { return s.initialized.Load() }

// GetClientInfo implements server.SessionWithClientInfo, so that the
// server's tool filters and hooks read what the check's client declared.
func (s *session) GetClientInfo() mcp.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info
}

// SetClientInfo implements server.SessionWithClientInfo.
func (s *session) SetClientInfo(info mcp.Implementation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.info = info
}

// GetClientCapabilities implements server.SessionWithClientInfo.
func (s *session) GetClientCapabilities() mcp.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// SetClientCapabilities implements server.SessionWithClientInfo.
func (s *session) SetClientCapabilities(caps mcp.ClientCapabilities) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.caps = caps
}

// GetSessionTools implements server.SessionWithTools.
func (s *session) GetSessionTools() map[string]server.ServerTool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stand == nil && len(s.own) == 0 {
		return nil
	}
	m := make(map[string]server.ServerTool, len(s.own)+1)
	for k, v := range s.own {
		m[k] = v
	}
	if s.stand != nil {
		m[s.stand.Tool.Name] = *s.stand
	}
	return m
}

// SetSessionTools implements server.SessionWithTools. The server sets
// the tools GetSessionTools returned and its own: a stand-in among them
// gives way to the tool it shadows.
func (s *session) SetSessionTools(tools map[string]server.ServerTool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := make(map[string]server.ServerTool, len(tools))
	for k, v := range tools {
		m[k] = v
	}
	if s.stand != nil {
		if s.shadows {
			m[s.stand.Tool.Name] = s.under
		} else {
			delete(m, s.stand.Tool.Name)
		}
	}
	s.own = m
}

// shadow puts stand in place of the tool of its name, or with nil ends
// the shadowing.
func (s *session) shadow(stand *server.ServerTool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stand = stand
	if stand != nil {
		s.under, s.shadows = s.own[stand.Tool.Name]
	}
}

// tools returns the session tools the server set.
func (s *session) tools() map[string]server.ServerTool {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := make(map[string]server.ServerTool, len(s.own))
	for k, v := range s.own {
		m[k] = v
	}
	return m
}
