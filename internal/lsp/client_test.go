package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
)

// testClient drives a server over pipes as an editor would.
type testClient struct {
	t      *testing.T
	w      io.WriteCloser
	nextID int
	exit   chan int // the server's exit code
	logs   *syncWriter

	mu   sync.Mutex
	cond *sync.Cond
	msgs []*incoming // everything the server sent, in order
	done bool        // the server closed its output
}

// startServer runs a server in-process. setup, if not nil, adjusts it
// before it serves.
func startServer(t *testing.T, args []string, setup func(*server)) *testClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	logs := &syncWriter{w: &bytes.Buffer{}}
	s := newServer(inR, outW, logs, args)
	if setup != nil {
		setup(s)
	}
	exit := make(chan int, 1)
	go func() {
		code := s.serve()
		outW.Close()
		inR.Close()
		exit <- code
	}()
	return newTestClient(t, inW, outR, exit, logs)
}

// newTestClient reads the messages a server writes to r; w is its input,
// exit receives its exit code.
func newTestClient(t *testing.T, w io.WriteCloser, r io.Reader, exit chan int, logs *syncWriter) *testClient {
	c := &testClient{t: t, w: w, exit: exit, logs: logs}
	c.cond = sync.NewCond(&c.mu)
	go func() {
		fr := newFrameReader(r)
		for {
			body, err := fr.read()
			if err != nil {
				c.mu.Lock()
				c.done = true
				c.cond.Broadcast()
				c.mu.Unlock()
				return
			}
			var m incoming
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server sent malformed JSON: %s", body)
			}
			c.mu.Lock()
			c.msgs = append(c.msgs, &m)
			c.cond.Broadcast()
			c.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		w.Close()
		select {
		case <-c.exit:
		case <-time.After(30 * time.Second):
			t.Error("the server did not stop at the end of its input")
		}
	})
	return c
}

type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// sendRaw writes bytes as they are.
func (c *testClient) sendRaw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, s); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *testClient) sendJSON(v any) {
	c.t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(frame(string(body)))
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	c.sendJSON(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and waits for its response.
func (c *testClient) call(method string, params any) *incoming {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	m := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	c.sendJSON(m)
	want := fmt.Sprint(id)
	return c.wait(fmt.Sprintf("the response to %s", method), func(m *incoming) bool {
		return m.Method == nil && string(m.ID) == want
	})
}

// mark returns a position in the message log: wait looks after it.
func (c *testClient) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.msgs)
}

// wait returns the first message since the start matching pred.
func (c *testClient) wait(what string, pred func(*incoming) bool) *incoming {
	c.t.Helper()
	return c.waitAfter(0, what, pred)
}

// waitLimit bounds a wait for the server. Its first answer loads and
// analyses the whole fixture module, which on a 2-core machine running a
// build beside the tests took more than a minute; the limit only delays
// the report of a server that never answers.
const waitLimit = 5 * time.Minute

func (c *testClient) waitAfter(from int, what string, pred func(*incoming) bool) *incoming {
	c.t.Helper()
	deadline := time.Now().Add(waitLimit)
	timer := time.AfterFunc(waitLimit, func() {
		c.mu.Lock()
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := from; ; {
		for ; i < len(c.msgs); i++ {
			if pred(c.msgs[i]) {
				return c.msgs[i]
			}
		}
		if c.done || time.Now().After(deadline) {
			c.t.Fatalf("no %s from the server; it sent:\n%s\nlog:\n%s", what, c.dumpLocked(), c.logs)
		}
		c.cond.Wait()
	}
}

// msgsLocked returns the messages so far; c.mu is held.
func (c *testClient) msgsLocked() []*incoming { return c.msgs }

func (c *testClient) dumpLocked() string {
	var b strings.Builder
	for _, m := range c.msgs {
		j, _ := json.Marshal(m)
		if len(j) > 300 {
			j = append(j[:300], "…"...)
		}
		fmt.Fprintf(&b, "  %s\n", j)
	}
	return b.String()
}

// messages returns the notifications of a method since from.
func (c *testClient) messages(from int, method string) []*incoming {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*incoming
	for _, m := range c.msgs[from:] {
		if m.Method != nil && *m.Method == method {
			out = append(out, m)
		}
	}
	return out
}

func isMethod(method string) func(*incoming) bool {
	return func(m *incoming) bool { return m.Method != nil && *m.Method == method }
}

// waitDiagnostics waits for the diagnostics of a file published after from.
func (c *testClient) waitDiagnostics(from int, path string) PublishDiagnosticsParams {
	c.t.Helper()
	uri := pathToURI(path)
	m := c.waitAfter(from, "diagnostics for "+path, func(m *incoming) bool {
		if m.Method == nil || *m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p PublishDiagnosticsParams
		return json.Unmarshal(m.Params, &p) == nil && p.URI == uri
	})
	var p PublishDiagnosticsParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	return p
}

// initialize runs the handshake with a client that takes code action
// literals.
func (c *testClient) initialize(root string, initOptions any) *incoming {
	c.t.Helper()
	params := map[string]any{
		"processId": nil,
		"rootUri":   pathToURI(root),
		"capabilities": map[string]any{
			"textDocument": map[string]any{
				"codeAction": map[string]any{
					"codeActionLiteralSupport": map[string]any{
						"codeActionKind": map[string]any{"valueSet": []string{"quickfix"}},
					},
				},
			},
		},
	}
	if initOptions != nil {
		params["initializationOptions"] = initOptions
	}
	r := c.call("initialize", params)
	if r.Error != nil {
		c.t.Fatalf("initialize: %s", r.Error)
	}
	c.notify("initialized", map[string]any{})
	return r
}

func (c *testClient) open(path string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{"uri": pathToURI(path), "languageId": "go", "version": version, "text": text},
	})
}

func (c *testClient) change(path string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": pathToURI(path), "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

func (c *testClient) save(path string) {
	c.t.Helper()
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}})
}

// shutdown sends shutdown and exit and checks the exit code.
func (c *testClient) shutdown() {
	c.t.Helper()
	r := c.call("shutdown", nil)
	if r.Error != nil || string(r.Result) != "null" {
		c.t.Errorf("shutdown: result %s, error %v", r.Result, r.Error)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		if code != 0 {
			c.t.Errorf("exit code %d after shutdown, want 0", code)
		}
		c.exit <- code
	case <-time.After(30 * time.Second):
		c.t.Fatal("the server did not exit")
	}
}

// applyEdits applies LSP text edits to content, converting UTF-16
// positions on its own: a check of the server's conversion.
func applyEdits(t *testing.T, content string, edits []TextEdit) string {
	t.Helper()
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{refOffset(t, content, e.Range.Start), refOffset(t, content, e.Range.End), e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	last := 0
	for _, s := range spans {
		if s.start < last {
			t.Fatalf("overlapping edits: %v", edits)
		}
		b.WriteString(content[last:s.start])
		b.WriteString(s.text)
		last = s.end
	}
	b.WriteString(content[last:])
	return b.String()
}

// refOffset converts a position to a byte offset, for "\n" line endings.
func refOffset(t *testing.T, content string, p Position) int {
	t.Helper()
	lines := strings.SplitAfter(content, "\n")
	if int(p.Line) >= len(lines) {
		t.Fatalf("position %v past the end", p)
	}
	off := 0
	for _, l := range lines[:p.Line] {
		off += len(l)
	}
	units := 0
	for i, r := range strings.TrimSuffix(lines[p.Line], "\n") {
		if units == int(p.Character) {
			return off + i
		}
		units += len(utf16.Encode([]rune{r}))
	}
	if units != int(p.Character) {
		t.Fatalf("position %v is not on a character boundary of %q", p, lines[p.Line])
	}
	return off + len(strings.TrimSuffix(lines[p.Line], "\n"))
}

// copyDir copies a directory tree.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
