package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolcheck/toolcheck/internal/testkit"
)

// fakeBackend answers analyses with results a test makes up.
type fakeBackend struct {
	mu        sync.Mutex
	calls     []*request
	ctxs      []context.Context
	active    int
	maxActive int
	started   chan int // receives each call's index as it starts
	respond   func(ctx context.Context, i int, req *request) (*result, error)
}

func newFake(respond func(ctx context.Context, i int, req *request) (*result, error)) *fakeBackend {
	return &fakeBackend{started: make(chan int, 100), respond: respond}
}

func (f *fakeBackend) analyze(ctx context.Context, req *request) (*result, error) {
	f.mu.Lock()
	i := len(f.calls)
	f.calls = append(f.calls, req)
	f.ctxs = append(f.ctxs, ctx)
	f.active++
	f.maxActive = max(f.maxActive, f.active)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.active--
		f.mu.Unlock()
	}()
	f.started <- i
	return f.respond(ctx, i, req)
}

func (f *fakeBackend) ncalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

func (f *fakeBackend) call(i int) *request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[i]
}

// waitStart waits for call i to start.
func (f *fakeBackend) waitStart(t *testing.T, i int) {
	t.Helper()
	for {
		select {
		case j := <-f.started:
			if j == i {
				return
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("analysis %d did not start", i)
		}
	}
}

// fakeModule writes a module with the given files and returns its root.
func fakeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["go.mod"] = "module example.com/fake\n\ngo 1.26\n"
	testkit.WriteFiles(t, root, files)
	return root
}

func withBackend(be backend) func(*server) {
	return func(s *server) { s.newBackend = func(*options) backend { return be } }
}

// errorOf decodes a response's error.
func errorOf(t *testing.T, m *incoming) *rpcError {
	t.Helper()
	if m.Error == nil {
		return nil
	}
	var e rpcError
	if err := json.Unmarshal(m.Error, &e); err != nil {
		t.Fatal(err)
	}
	return &e
}

func TestMalformedInput(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	fake := newFake(func(context.Context, int, *request) (*result, error) { return &result{}, nil })
	c := startServer(t, nil, withBackend(fake))

	wantError := func(what string, m *incoming, code int) {
		t.Helper()
		e := errorOf(t, m)
		if e == nil || e.Code != code {
			t.Errorf("%s: error %+v, want code %d", what, e, code)
		}
	}
	// Before initialize: requests fail, notifications are dropped.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": pathToURI(filepath.Join(root, "a.go")), "version": 1, "text": "package a\n"}})
	wantError("a request before initialize", c.call("textDocument/codeAction", map[string]any{}), codeServerNotInitialized)
	c.initialize(root, nil)
	wantError("a second initialize", c.call("initialize", map[string]any{}), codeInvalidRequest)

	nullErrors := func() []*incoming {
		c.mu.Lock()
		defer c.mu.Unlock()
		var out []*incoming
		for _, m := range c.msgs {
			if m.Method == nil && string(m.ID) == "null" {
				out = append(out, m)
			}
		}
		return out
	}
	raw := []struct {
		name  string
		input string
		code  int // 0: no reply
	}{
		{"garbage instead of a header", "hello, server\r\n\r\n", 0},
		{"a header without Content-Length", "Content-Type: text/plain\r\n\r\n{}", 0},
		{"a body that is not JSON", frame(`{"jsonrpc": "2.0", "id": 1, "method": `), codeParseError},
		{"a batch", frame(`[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]`), codeInvalidRequest},
		{"a number", frame(`5`), codeInvalidRequest},
		{"an object id", frame(`{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}`), codeInvalidRequest},
		{"a method that is not a string", frame(`{"jsonrpc": "2.0", "method": 5}`), codeInvalidRequest},
		{"neither method nor result", frame(`{"jsonrpc": "2.0"}`), codeInvalidRequest},
	}
	for i, tc := range raw {
		before := len(nullErrors())
		c.sendRaw(tc.input)
		// A request after each shows the server is still reading, and
		// orders its replies.
		if r := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.go"}}); r.Error != nil {
			t.Fatalf("%s: the next request failed: %s", tc.name, r.Error)
		}
		got := nullErrors()[before:]
		switch {
		case tc.code == 0 && len(got) > 0:
			t.Errorf("%d %s: unexpected reply %s", i, tc.name, got[0].Error)
		case tc.code != 0 && len(got) != 1:
			t.Errorf("%d %s: %d replies, want one error %d", i, tc.name, len(got), tc.code)
		case tc.code != 0:
			wantError(tc.name, got[0], tc.code)
		}
	}

	c.sendRaw(frame(`{"jsonrpc": "1.0", "id": 77, "method": "shutdown"}`))
	wantError("jsonrpc 1.0", c.wait("the reply to id 77", func(m *incoming) bool { return string(m.ID) == "77" }), codeInvalidRequest)
	c.sendRaw(frame(`{"jsonrpc": "2.0", "id": "s", "method": "textDocument/hover", "params": {}}`))
	wantError("an unknown method", c.wait("the reply to id s", func(m *incoming) bool { return string(m.ID) == `"s"` }), codeMethodNotFound)
	wantError("params of the wrong type", c.call("textDocument/codeAction", []int{1}), codeInvalidParams)
	wantError("no params", c.call("textDocument/codeAction", nil), codeInvalidParams)

	// Notifications the server cannot use are ignored, and never answered.
	mark := c.mark()
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": 1})
	c.notify("$/cancelRequest", map[string]any{"id": 1})
	c.notify("$/setTrace", map[string]any{"value": "off"})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "untitled:Untitled-1", "text": "x"}})
	c.notify("textDocument/didOpen", "not an object")
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": pathToURI(filepath.Join(root, "b.go")), "version": 2}, "contentChanges": []any{}})
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "%%"}})
	c.sendRaw(frame(`{"jsonrpc": "2.0", "id": 99, "result": {}}`)) // a response to nothing
	r := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(filepath.Join(root, "a.go"))}})
	if r.Error != nil || string(r.Result) != "[]" {
		t.Errorf("codeAction: %s %s", r.Result, r.Error)
	}
	c.mu.Lock()
	for _, m := range c.msgs[mark:] {
		if m.Method == nil && string(m.ID) != string(r.ID) {
			t.Errorf("unexpected reply: %s %s", m.ID, m.Error)
		}
	}
	c.mu.Unlock()
	if n := fake.ncalls(); n != 0 {
		t.Errorf("%d analyses, want none (nothing valid was opened after initialize)", n)
	}
	c.shutdown()
}

func TestShutdownAndExit(t *testing.T) {
	t.Run("exit without shutdown", func(t *testing.T) {
		c := startServer(t, nil, nil)
		c.initialize(t.TempDir(), nil)
		c.notify("exit", nil)
		if code := <-c.exit; code != 1 {
			t.Errorf("exit code %d, want 1", code)
		}
		c.exit <- 1
	})
	t.Run("end of input", func(t *testing.T) {
		c := startServer(t, nil, nil)
		c.w.Close()
		if code := <-c.exit; code != 1 {
			t.Errorf("exit code %d, want 1", code)
		}
		c.exit <- 1
	})
	t.Run("requests after shutdown", func(t *testing.T) {
		c := startServer(t, nil, nil)
		c.initialize(t.TempDir(), nil)
		if r := c.call("shutdown", nil); r.Error != nil {
			t.Fatal(r.Error)
		}
		if e := errorOf(t, c.call("textDocument/codeAction", map[string]any{})); e == nil || e.Code != codeInvalidRequest {
			t.Errorf("codeAction after shutdown: %+v, want InvalidRequest", e)
		}
		c.notify("exit", nil)
		if code := <-c.exit; code != 0 {
			t.Errorf("exit code %d, want 0", code)
		}
		c.exit <- 0
	})
}

func TestInitializeAdvertises(t *testing.T) {
	c := startServer(t, nil, nil)
	r := c.initialize(t.TempDir(), nil)
	var res map[string]any
	if err := json.Unmarshal(r.Result, &res); err != nil {
		t.Fatal(err)
	}
	caps, _ := json.Marshal(res["capabilities"])
	want := `{"codeActionProvider":{"codeActionKinds":["quickfix"]},"positionEncoding":"utf-16","textDocumentSync":{"change":2,"openClose":true,"save":{"includeText":false}}}`
	if string(caps) != want {
		t.Errorf("capabilities:\n%s\nwant\n%s", caps, want)
	}
	c.shutdown()
}

func TestBadInitializationOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts any
		want string
	}{
		{"unknown flag", map[string]any{"flags": []string{"-nosuch"}}, "flag provided but not defined: -nosuch"},
		{"malformed name", map[string]any{"flags": []string{"-boundaries=Boundary"}}, `invalid value "Boundary" for flag -boundaries`},
		{"an output flag of the command", map[string]any{"flags": []string{"-json"}}, "flag provided but not defined: -json"},
		{"unknown key", map[string]any{"flag": []string{}}, `unknown field "flag"`},
		{"wrong type", map[string]any{"flags": "-tests"}, "cannot unmarshal"},
		{"negative debounce", map[string]any{"debounce": -1}, "debounce"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := fakeModule(t, map[string]string{"a.go": "package a\n"})
			fake := newFake(func(context.Context, int, *request) (*result, error) { return &result{}, nil })
			c := startServer(t, nil, withBackend(fake))
			c.initialize(root, tc.opts)
			m := c.wait("a showMessage", isMethod("window/showMessage"))
			var p ShowMessageParams
			json.Unmarshal(m.Params, &p)
			if p.Type != messageError || !strings.Contains(p.Message, tc.want) {
				t.Errorf("showMessage %+v, want an error mentioning %q", p, tc.want)
			}
			path := filepath.Join(root, "a.go")
			c.open(path, 1, "package a\n")
			c.save(path)
			c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}})
			time.Sleep(100 * time.Millisecond)
			if n := len(c.messages(0, "window/showMessage")); n != 1 {
				t.Errorf("%d messages, want 1", n)
			}
			if n := fake.ncalls(); n != 0 {
				t.Errorf("%d analyses with broken flags, want none", n)
			}
			c.shutdown()
		})
	}
}

func TestOutsideModule(t *testing.T) {
	dir := t.TempDir() // no go.mod above (the temporary directory is outside any module)
	if _, err := moduleRoot(filepath.Join(dir, "x.go"), exists); err == nil {
		t.Skip("the temporary directory is inside a module")
	}
	fake := newFake(func(context.Context, int, *request) (*result, error) { return &result{}, nil })
	c := startServer(t, nil, withBackend(fake))
	c.initialize(dir, nil)
	path := filepath.Join(dir, "x.go")
	c.open(path, 1, "package x\n")
	m := c.wait("a logMessage", isMethod("window/logMessage"))
	if !strings.Contains(string(m.Params), "not in a module") {
		t.Errorf("logMessage %s", m.Params)
	}
	c.save(path)
	if r := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}}); r.Error != nil {
		t.Error(r.Error)
	}
	time.Sleep(100 * time.Millisecond)
	if n := len(c.messages(0, "window/logMessage")); n != 1 {
		t.Errorf("%d log messages, want 1", n)
	}
	if n := fake.ncalls(); n != 0 {
		t.Errorf("%d analyses, want none", n)
	}
	c.shutdown()
}

// oneFinding is a result for a.go with one finding at the given offset.
func oneFinding(root string, message string, start, end int, fixes ...fix) *result {
	a := filepath.Join(root, "a.go")
	return &result{
		packages: []analysedPackage{{id: "example.com/fake", files: []string{a}, complete: true}},
		findings: []finding{{analyzer: "unwrapped", url: "https://example.com/unwrapped", message: message, file: a, start: start, end: end, fixes: fixes}},
	}
}

func TestDebounce(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := newFake(func(_ context.Context, i int, req *request) (*result, error) {
		return oneFinding(root, "run "+string(rune('0'+i)), 0, 7), nil
	})
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, map[string]any{"debounce": 150})
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	c.waitDiagnostics(0, path)
	mark := c.mark()
	for v := 2; v <= 6; v++ {
		c.change(path, v, "package a\n\n// edit "+string(rune('0'+v))+"\n")
		time.Sleep(20 * time.Millisecond)
	}
	fake.waitStart(t, 1)
	p := c.waitDiagnostics(mark, path)
	if p.Version == nil || *p.Version != 6 {
		t.Errorf("diagnostics for version %v, want 6", p.Version)
	}
	time.Sleep(400 * time.Millisecond)
	if n := fake.ncalls(); n != 2 {
		t.Errorf("%d analyses, want 2: on open, and once after the burst of changes", n)
	}
	if got := string(fake.call(1).overlay[path]); got != "package a\n\n// edit 6\n" {
		t.Errorf("the debounced run analysed %q, want the last change", got)
	}
	c.shutdown()
}

func TestNoAnalysisOnChange(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := newFake(func(context.Context, int, *request) (*result, error) { return oneFinding(root, "x", 0, 1), nil })
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, map[string]any{"onChange": false, "debounce": 10})
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	c.change(path, 2, "package a // changed\n")
	time.Sleep(200 * time.Millisecond)
	if n := fake.ncalls(); n != 1 {
		t.Errorf("%d analyses, want 1 (on open only)", n)
	}
	c.save(path)
	fake.waitStart(t, 1)
	if got := string(fake.call(1).overlay[path]); got != "package a // changed\n" {
		t.Errorf("save analysed %q", got)
	}
	c.shutdown()
}

func TestSupersededRunIsCancelled(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := newFake(func(ctx context.Context, i int, req *request) (*result, error) {
		if i == 0 {
			<-ctx.Done() // a long run, until it is superseded
			return nil, ctx.Err()
		}
		return oneFinding(root, "second run", 0, 7), nil
	})
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, map[string]any{"onChange": false})
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	c.save(path)
	fake.waitStart(t, 1)
	p := c.waitDiagnostics(0, path)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Message != "second run" {
		t.Errorf("published %+v, want the second run's finding", p.Diagnostics)
	}
	if fake.ctxs[0].Err() == nil {
		t.Error("the superseded run was not cancelled")
	}
	if len(c.messages(0, "textDocument/publishDiagnostics")) != 1 {
		t.Error("the cancelled run published diagnostics")
	}
	if fake.maxActive != 1 {
		t.Errorf("%d analyses at once, want one at a time", fake.maxActive)
	}
	c.shutdown()
}

func TestRunForAnotherPackageIsNotCancelled(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n", "b/b.go": "package b\n"})
	a, b := filepath.Join(root, "a.go"), filepath.Join(root, "b", "b.go")
	release := make(chan struct{})
	fake := newFake(func(ctx context.Context, i int, req *request) (*result, error) {
		if i == 0 {
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		return &result{}, nil
	})
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, nil)
	c.open(a, 1, "package a\n")
	fake.waitStart(t, 0)
	c.open(b, 1, "package b\n")
	time.Sleep(200 * time.Millisecond)
	if fake.ctxs[0].Err() != nil {
		t.Error("a run for package a was cancelled by opening package b")
	}
	if n := fake.ncalls(); n != 1 {
		t.Errorf("%d analyses while one runs, want 1", n)
	}
	close(release)
	fake.waitStart(t, 1)
	if got := fake.call(1).files; len(got) != 1 || got[0] != b {
		t.Errorf("second run for %v, want [%s]", got, b)
	}
	if fake.maxActive != 1 {
		t.Errorf("%d analyses at once", fake.maxActive)
	}
	c.shutdown()
}

func TestPublishAndClear(t *testing.T) {
	root := fakeModule(t, map[string]string{
		"a.go": "package a\n", "b.go": "package a\n", "c.go": "package a\n",
		"d.go": "package a\n", "x_test.go": "package a_test\n",
	})
	file := func(name string) string { return filepath.Join(root, name) }
	a, b, c3, d, x := file("a.go"), file("b.go"), file("c.go"), file("d.go"), file("x_test.go")
	f := func(file, msg string) finding {
		return finding{analyzer: "iserror", message: msg, file: file, start: 0, end: 7}
	}
	results := []*result{
		// 0: findings in a, b, c, d and the external test x
		{packages: []analysedPackage{{id: "p", files: []string{a, b, c3, d}, complete: true}, {id: "p_test", files: []string{x}, complete: true}},
			findings: []finding{f(a, "in a"), f(b, "in b"), f(c3, "in c"), f(d, "in d"), f(x, "in x")}},
		// 1: a fixed; b only in an incomplete variant; c deleted; d
		// excluded by a build constraint; x not asked about
		{packages: []analysedPackage{{id: "p", files: []string{a}, ignored: []string{d}, complete: true}, {id: "p [p.test]", files: []string{a, b}, complete: false}}},
	}
	fake := newFake(func(_ context.Context, i int, _ *request) (*result, error) { return results[i], nil })
	cl := startServer(t, nil, withBackend(fake))
	cl.initialize(root, map[string]any{"onChange": false})
	cl.open(a, 1, "package a\n")
	fake.waitStart(t, 0)
	for _, file := range []string{a, b, c3, d, x} {
		if p := cl.waitDiagnostics(0, file); len(p.Diagnostics) != 1 {
			t.Errorf("%s: %d diagnostics, want 1", filepath.Base(file), len(p.Diagnostics))
		}
	}
	if err := os.Remove(c3); err != nil {
		t.Fatal(err)
	}
	mark := cl.mark()
	cl.save(a)
	fake.waitStart(t, 1)
	for _, file := range []string{a, c3, d} {
		if p := cl.waitDiagnostics(mark, file); len(p.Diagnostics) != 0 {
			t.Errorf("%s: %v, want cleared", filepath.Base(file), p.Diagnostics)
		}
	}
	cl.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(a)}})
	for _, m := range cl.messages(mark, "textDocument/publishDiagnostics") {
		if strings.Contains(string(m.Params), "b.go") || strings.Contains(string(m.Params), "x_test.go") {
			t.Errorf("published %s: b.go is in an incomplete package only, x_test.go in a package not analysed", m.Params)
		}
	}
	cl.shutdown()
}

func TestFakeCodeActions(t *testing.T) {
	// "😀" is 4 bytes and 2 UTF-16 units: "var x" is at byte 16 of line 2
	// and at character 14.
	text := "package a\n\nvar s = \"😀\"; var x = 1\n"
	root := fakeModule(t, map[string]string{"a.go": text})
	path := filepath.Join(root, "a.go")
	xOff := strings.Index(text, "var x")
	fx := fix{message: "rename x", edits: []edit{{file: path, start: xOff + 4, end: xOff + 5, text: "y"}}}
	fake := newFake(func(context.Context, int, *request) (*result, error) {
		res := oneFinding(root, "x is bad", xOff, xOff+9, fx)
		res.contents = map[string][]byte{path: []byte(text)}
		return res, nil
	})
	for _, docChanges := range []bool{false, true} {
		c := startServer(t, nil, withBackend(fake))
		params := map[string]any{
			"rootUri": pathToURI(root),
			"capabilities": map[string]any{
				"workspace":    map[string]any{"workspaceEdit": map[string]any{"documentChanges": docChanges}},
				"textDocument": map[string]any{"codeAction": map[string]any{"codeActionLiteralSupport": map[string]any{}}},
			},
			"initializationOptions": map[string]any{"onChange": false},
		}
		c.call("initialize", params)
		c.notify("initialized", map[string]any{})
		c.open(path, 3, text)
		p := c.waitDiagnostics(0, path)
		if len(p.Diagnostics) != 1 {
			t.Fatalf("diagnostics: %+v", p.Diagnostics)
		}
		d := p.Diagnostics[0]
		if want := (Range{Position{2, 14}, Position{2, 23}}); d.Range != want {
			t.Errorf("range %v, want %v", d.Range, want)
		}
		if d.Severity != severityWarning || d.Source != "toolcheck" || d.Code != "unwrapped" || d.CodeDescription == nil || d.CodeDescription.Href != "https://example.com/unwrapped" {
			t.Errorf("diagnostic %+v", d)
		}
		if p.Version == nil || *p.Version != 3 {
			t.Errorf("version %v, want 3", p.Version)
		}
		actions := func(r Range, only ...string) []CodeAction {
			t.Helper()
			ctx := map[string]any{"diagnostics": []any{}}
			if only != nil {
				ctx["only"] = only
			}
			m := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}, "range": r, "context": ctx})
			var as []CodeAction
			if err := json.Unmarshal(m.Result, &as); err != nil {
				t.Fatalf("%s: %v", m.Result, err)
			}
			return as
		}
		cursor := Range{Position{2, 14}, Position{2, 14}}
		as := actions(cursor)
		if len(as) != 1 || as[0].Title != "rename x" || as[0].Kind != "quickfix" || !as[0].IsPreferred || len(as[0].Diagnostics) != 1 {
			t.Fatalf("actions %+v", as)
		}
		var edits []TextEdit
		if docChanges {
			dc := as[0].Edit.DocumentChanges
			if len(dc) != 1 || dc[0].TextDocument.Version == nil || *dc[0].TextDocument.Version != 3 || as[0].Edit.Changes != nil {
				t.Fatalf("documentChanges %+v", as[0].Edit)
			}
			edits = dc[0].Edits
		} else {
			edits = as[0].Edit.Changes[pathToURI(path)]
		}
		if got, want := applyEdits(t, text, edits), strings.Replace(text, "var x", "var y", 1); got != want {
			t.Errorf("applied: %q, want %q", got, want)
		}
		if as := actions(Range{Position{0, 0}, Position{1, 0}}); len(as) != 0 {
			t.Errorf("actions away from the finding: %+v", as)
		}
		if as := actions(cursor, "refactor"); len(as) != 0 {
			t.Errorf("actions with only=refactor: %+v", as)
		}
		if as := actions(cursor, "quickfix"); len(as) != 1 {
			t.Errorf("actions with only=quickfix: %+v", as)
		}
		// An edit since the analysis makes the fix stale.
		c.change(path, 4, "// a new first line\n"+text)
		if as := actions(cursor); len(as) != 0 {
			t.Errorf("actions on a changed buffer: %+v", as)
		}
		c.shutdown()
	}
}

func TestNoLiteralSupport(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := newFake(func(context.Context, int, *request) (*result, error) {
		return oneFinding(root, "x", 0, 7, fix{message: "f", edits: []edit{{file: path, start: 0, end: 1, text: "P"}}}), nil
	})
	c := startServer(t, nil, withBackend(fake))
	c.call("initialize", map[string]any{"rootUri": pathToURI(root), "capabilities": map[string]any{}})
	c.notify("initialized", map[string]any{})
	c.open(path, 1, "package a\n")
	c.waitDiagnostics(0, path)
	m := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}, "range": Range{}, "context": map[string]any{}})
	if string(m.Result) != "[]" {
		t.Errorf("code actions for a client without literal support: %s", m.Result)
	}
	c.shutdown()
}

func TestBackendPanicAndErrors(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := newFake(func(_ context.Context, i int, _ *request) (*result, error) {
		switch i {
		case 0:
			panic("boom")
		case 1, 2:
			return nil, &rpcError{Message: "go list failed"}
		case 3:
			return &result{errors: []string{"a config error"}}, nil
		}
		return &result{}, nil
	})
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, map[string]any{"onChange": false})
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	for i := 1; i <= 4; i++ {
		c.save(path)
		fake.waitStart(t, i)
	}
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": pathToURI(path)}})
	time.Sleep(100 * time.Millisecond)
	var got []string
	for _, m := range c.messages(0, "window/showMessage") {
		var p ShowMessageParams
		json.Unmarshal(m.Params, &p)
		got = append(got, p.Message)
	}
	want := []string{"toolcheck: internal error: boom", "toolcheck: go list failed", "toolcheck: a config error"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("messages %q, want %q (each once)", got, want)
	}
	c.shutdown()
}

// releasingFake is a fake backend that counts releases.
type releasingFake struct {
	*fakeBackend
	released chan struct{}
}

func (r *releasingFake) release() { r.released <- struct{}{} }

func TestIdleRelease(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := &releasingFake{newFake(func(context.Context, int, *request) (*result, error) { return &result{}, nil }), make(chan struct{}, 10)}
	c := startServer(t, nil, withBackend(fake))
	c.initialize(root, map[string]any{"flags": []string{"-release-after=50ms"}})
	select {
	case <-fake.released:
		t.Fatal("released before any run")
	case <-time.After(150 * time.Millisecond):
	}
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	select {
	case <-fake.released:
	case <-time.After(10 * time.Second):
		t.Fatal("the backend was not released after the idle time")
	}
	select {
	case <-fake.released:
		t.Fatal("released twice after one run")
	case <-time.After(150 * time.Millisecond):
	}
	c.shutdown()
}

// TestNoIdleReleaseByDefault checks that without -release-after the server
// keeps its loads between runs, however long the editor stays idle: its
// idle timer is never armed.
func TestNoIdleReleaseByDefault(t *testing.T) {
	root := fakeModule(t, map[string]string{"a.go": "package a\n"})
	path := filepath.Join(root, "a.go")
	fake := &releasingFake{newFake(func(context.Context, int, *request) (*result, error) { return &result{}, nil }), make(chan struct{}, 10)}
	var srv *server
	c := startServer(t, nil, func(s *server) { withBackend(fake)(s); srv = s })
	c.initialize(root, nil)
	c.open(path, 1, "package a\n")
	fake.waitStart(t, 0)
	srv.mu.Lock()
	idle := srv.idle
	srv.mu.Unlock()
	if idle != 0 {
		t.Errorf("the server releases its loads after %v idle by default; want never", idle)
	}
	select {
	case <-fake.released:
		t.Fatal("released without -release-after")
	case <-time.After(200 * time.Millisecond):
	}
	c.shutdown()
}
