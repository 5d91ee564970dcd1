package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
)

const (
	defaultDebounce = 500 * time.Millisecond
	// openDelay gathers the notifications of an editor that opens or
	// saves several files at once into one run.
	openDelay = 20 * time.Millisecond
)

// A releaser drops what a backend keeps between runs.
type releaser interface{ release() }

// server is a toolcheck language server on one connection.
type server struct {
	in         *frameReader
	out        *frameWriter
	log        *log.Logger
	args       []string // the flags of the server's command line
	newBackend func(*options) backend

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	opts        *options // nil when the flags are broken: no analysis
	be          backend
	root        string
	docChanges  bool // the client takes versioned document edits
	literals    bool // the client takes CodeAction literals
	onChange    bool
	debounce    time.Duration
	idle        time.Duration       // after a run, release the backend's loads this long without one (-release-after); 0 keeps them
	startup     []ShowMessageParams // shown once the client is initialized
	docs        map[string]*document
	files       map[string]*fileState
	uris        map[string]string          // path -> URI as the client spells it
	shown       map[string]map[string]bool // module root -> messages shown and still current
	configDiag  map[string]string          // module root -> the broken configuration file it published a diagnostic on
	logged      map[string]bool            // files outside a module, logged once

	pending  map[string]bool // files waiting for a run
	timer    *time.Timer
	running  map[string]bool // directories of the files of the run in progress
	cancel   context.CancelFunc
	wake     chan struct{}
	stop     chan struct{}
	loopDone chan struct{}
}

// document is an open buffer.
type document struct {
	version int32
	text    []byte
}

// fileState is what the server last published for a file.
type fileState struct {
	uri      string
	content  []byte // as analysed
	m        *mapper
	findings []finding
	diags    []Diagnostic // diags[i] is findings[i]
}

// snapshot is the open buffers at the start of a run.
type snapshot struct {
	overlay  map[string][]byte
	versions map[string]int32
}

func newServer(in io.Reader, out io.Writer, logw io.Writer, args []string) *server {
	return &server{
		in:         newFrameReader(in),
		out:        &frameWriter{w: out},
		log:        log.New(logw, "toolcheck lsp: ", log.LstdFlags),
		args:       args,
		newBackend: func(o *options) backend { return &packagesBackend{opts: o} },
		debounce:   defaultDebounce,
		onChange:   true,
		docs:       map[string]*document{},
		files:      map[string]*fileState{},
		uris:       map[string]string{},
		shown:      map[string]map[string]bool{},
		logged:     map[string]bool{},
		pending:    map[string]bool{},
		wake:       make(chan struct{}, 1),
		stop:       make(chan struct{}),
		loopDone:   make(chan struct{}),
	}
}

// serve reads and handles messages until exit or the end of the input,
// and returns the exit code: 0 after a shutdown request, 1 otherwise.
func (s *server) serve() int {
	go s.loop()
	defer func() {
		s.mu.Lock()
		s.stopRuns()
		s.mu.Unlock()
		close(s.stop)
		<-s.loopDone
	}()
	for {
		body, err := s.in.read()
		if err == io.EOF {
			break
		}
		if err != nil {
			s.log.Printf("skipping malformed input: %v", err)
			continue
		}
		if s.handle(body) {
			break
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return 0
	}
	return 1
}

// handle handles one message and reports whether it was exit.
func (s *server) handle(body []byte) (exit bool) {
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		if json.Valid(body) {
			s.replyError(nullID, codeInvalidRequest, "batches are not supported")
		} else {
			s.replyError(nullID, codeParseError, "message is not valid JSON")
		}
		return false
	}
	var msg incoming
	if err := json.Unmarshal(body, &msg); err != nil {
		if !json.Valid(body) {
			s.replyError(nullID, codeParseError, "message is not valid JSON")
			return false
		}
		var idOnly struct{ ID json.RawMessage }
		id := nullID
		if json.Unmarshal(body, &idOnly) == nil && validID(idOnly.ID) {
			id = idOnly.ID
		}
		s.replyError(id, codeInvalidRequest, fmt.Sprintf("malformed message: %v", err))
		return false
	}
	hasID := msg.ID != nil
	if msg.Method == nil {
		if msg.Result == nil && msg.Error == nil {
			id := nullID
			if validID(msg.ID) {
				id = msg.ID
			}
			s.replyError(id, codeInvalidRequest, "message has no method, result or error")
		}
		// A response: the server sends no requests, so there is nothing
		// to match it with.
		return false
	}
	if msg.JSONRPC != "2.0" {
		if hasID {
			id := nullID
			if validID(msg.ID) {
				id = msg.ID
			}
			s.replyError(id, codeInvalidRequest, `jsonrpc must be "2.0"`)
		}
		return false
	}
	if hasID {
		if !validID(msg.ID) {
			s.replyError(nullID, codeInvalidRequest, "request id must be a string or a number")
			return false
		}
		result, rerr := s.safeRequest(*msg.Method, msg.Params)
		if rerr != nil {
			s.replyError(msg.ID, rerr.Code, rerr.Message)
		} else {
			s.reply(msg.ID, result)
		}
		return false
	}
	return s.safeNotification(*msg.Method, msg.Params)
}

func (s *server) safeRequest(method string, params json.RawMessage) (result any, rerr *rpcError) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
			result, rerr = nil, &rpcError{codeInternalError, fmt.Sprintf("internal error in %s: %v", method, r)}
		}
	}()
	return s.request(method, params)
}

func (s *server) safeNotification(method string, params json.RawMessage) (exit bool) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
			exit = false
		}
	}()
	return s.notification(method, params)
}

func (s *server) request(method string, params json.RawMessage) (any, *rpcError) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	if method == "initialize" {
		if initialized {
			return nil, &rpcError{codeInvalidRequest, "initialize was already called"}
		}
		return s.initialize(params)
	}
	if !initialized {
		return nil, &rpcError{codeServerNotInitialized, fmt.Sprintf("%s before initialize", method)}
	}
	if shutdown {
		return nil, &rpcError{codeInvalidRequest, fmt.Sprintf("%s after shutdown", method)}
	}
	switch method {
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.stopRuns()
		s.mu.Unlock()
		return nil, nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := unmarshalParams(params, &p); err != nil {
			return nil, &rpcError{codeInvalidParams, err.Error()}
		}
		return s.codeActions(&p), nil
	}
	return nil, &rpcError{codeMethodNotFound, fmt.Sprintf("method %q is not supported", method)}
}

func unmarshalParams(params json.RawMessage, v any) error {
	if len(params) == 0 {
		return errors.New("missing params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return fmt.Errorf("malformed params: %v", err)
	}
	return nil
}

func (s *server) notification(method string, params json.RawMessage) (exit bool) {
	if method == "exit" {
		return true
	}
	s.mu.Lock()
	ready := s.initialized && !s.shutdown
	s.mu.Unlock()
	if !ready {
		return false // dropped, as the protocol asks
	}
	var err error
	switch method {
	case "initialized":
		s.mu.Lock()
		msgs := s.startup
		s.startup = nil
		s.mu.Unlock()
		for _, m := range msgs {
			s.notify("window/showMessage", m)
		}
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if err = unmarshalParams(params, &p); err == nil {
			err = s.didOpen(&p)
		}
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if err = unmarshalParams(params, &p); err == nil {
			err = s.didChange(&p)
		}
	case "textDocument/didSave":
		var p DidSaveTextDocumentParams
		if err = unmarshalParams(params, &p); err == nil {
			err = s.didSave(&p)
		}
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if err = unmarshalParams(params, &p); err == nil {
			err = s.didClose(&p)
		}
	default:
		// Unknown notifications, $/cancelRequest and $/setTrace among
		// them, are ignored.
	}
	if err != nil {
		s.log.Printf("%s: %v", method, err)
	}
	return false
}

func (s *server) initialize(params json.RawMessage) (any, *rpcError) {
	var p InitializeParams
	if len(params) > 0 {
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, &rpcError{codeInvalidParams, fmt.Sprintf("malformed params: %v", err)}
		}
	}
	root := ""
	switch {
	case p.RootURI != nil && *p.RootURI != "":
		root, _ = uriToPath(*p.RootURI)
	case len(p.WorkspaceFolders) > 0:
		root, _ = uriToPath(p.WorkspaceFolders[0].URI)
	case p.RootPath != nil:
		root = *p.RootPath
	}
	if root == "" {
		root, _ = os.Getwd()
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.root = root
	s.docChanges = p.Capabilities.Workspace.WorkspaceEdit.DocumentChanges
	s.literals = p.Capabilities.TextDocument.CodeAction.CodeActionLiteralSupport != nil
	iopts, err := parseInitOptions(p.InitializationOptions)
	if err == nil {
		if iopts.OnChange != nil {
			s.onChange = *iopts.OnChange
		}
		if iopts.Debounce != nil {
			s.debounce = time.Duration(*iopts.Debounce) * time.Millisecond
		}
		s.opts, err = parseOptions(append(append([]string(nil), s.args...), iopts.Flags...), root)
		if err == nil {
			s.idle = s.opts.releaseAfter
		}
	}
	if err != nil {
		s.opts = nil
		s.startup = append(s.startup, ShowMessageParams{messageError,
			fmt.Sprintf("toolcheck: %v; no analysis until the server restarts with valid flags", err)})
	} else {
		s.be = s.newBackend(s.opts)
	}
	s.initialized = true

	version := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
	}
	return &InitializeResult{
		Capabilities: ServerCapabilities{
			PositionEncoding: "utf-16",
			TextDocumentSync: TextDocumentSyncOptions{OpenClose: true, Change: syncIncremental},
			CodeActionProvider: CodeActionOptions{
				CodeActionKinds: []string{kindQuickFix},
			},
		},
		ServerInfo: ServerInfo{Name: "toolcheck", Version: version},
	}, nil
}

// path returns the path of a document URI, remembering how the client
// spells it.
func (s *server) path(uri string) (string, error) {
	p, err := uriToPath(uri)
	if err != nil {
		return "", err
	}
	s.uris[p] = uri
	return p, nil
}

func (s *server) uri(path string) string {
	if u, ok := s.uris[path]; ok {
		return u
	}
	return pathToURI(path)
}

func isGo(path string) bool { return strings.HasSuffix(path, ".go") }

func (s *server) didOpen(p *DidOpenTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := s.path(p.TextDocument.URI)
	if err != nil || !isGo(path) {
		return err
	}
	s.docs[path] = &document{version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.schedule([]string{path}, openDelay)
	return nil
}

func (s *server) didChange(p *DidChangeTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := s.path(p.TextDocument.URI)
	if err != nil || !isGo(path) {
		return err
	}
	d := s.docs[path]
	if d == nil {
		return fmt.Errorf("%s is not open", path)
	}
	text, err := applyChanges(d.text, p.ContentChanges)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	d.text, d.version = text, p.TextDocument.Version
	if s.onChange {
		s.schedule([]string{path}, s.debounce)
	}
	return nil
}

func (s *server) didSave(p *DidSaveTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := s.path(p.TextDocument.URI)
	if err != nil {
		return err
	}
	if !isGo(path) {
		// go.mod, .toolcheck.json and the like: analyse again every open
		// Go file under its directory.
		dir := filepath.Dir(path) + string(filepath.Separator)
		var files []string
		for f := range s.docs {
			if strings.HasPrefix(f, dir) {
				files = append(files, f)
			}
		}
		if len(files) > 0 {
			s.schedule(files, openDelay)
		}
		return nil
	}
	if d := s.docs[path]; d != nil && p.Text != nil {
		d.text = []byte(*p.Text)
	}
	s.schedule([]string{path}, openDelay)
	return nil
}

func (s *server) didClose(p *DidCloseTextDocumentParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, err := s.path(p.TextDocument.URI)
	if err != nil || !isGo(path) {
		return err
	}
	d := s.docs[path]
	delete(s.docs, path)
	if d == nil {
		return nil
	}
	// The diagnostics stay, as they stand for the file on disk too,
	// unless the buffer was never saved.
	if disk, err := os.ReadFile(path); err != nil || !bytes.Equal(disk, d.text) {
		s.schedule([]string{path}, openDelay)
	}
	return nil
}

// schedule queues files for a run after delay, replacing an earlier
// delay. s.mu is held.
func (s *server) schedule(files []string, delay time.Duration) {
	if s.be == nil {
		return
	}
	for _, f := range files {
		s.pending[f] = true
	}
	if s.timer != nil {
		s.timer.Stop()
	}
	s.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.trigger()
	})
}

// trigger wakes the run loop and cancels the run in progress when the
// pending files supersede it: every directory it analyses is pending
// again. s.mu is held.
func (s *server) trigger() {
	if s.cancel != nil && len(s.pending) > 0 {
		pendingDirs := map[string]bool{}
		for f := range s.pending {
			pendingDirs[filepath.Dir(f)] = true
		}
		superseded := true
		for d := range s.running {
			superseded = superseded && pendingDirs[d]
		}
		if superseded {
			s.cancel()
		}
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// stopRuns drops pending runs and cancels the one in progress. s.mu is
// held.
func (s *server) stopRuns() {
	if s.timer != nil {
		s.timer.Stop()
	}
	s.pending = map[string]bool{}
	if s.cancel != nil {
		s.cancel()
	}
}

// loop runs analyses, one at a time.
func (s *server) loop() {
	defer close(s.loopDone)
	idle := time.NewTimer(time.Hour)
	idle.Stop()
	defer idle.Stop()
	var used backend
	for {
		select {
		case <-s.stop:
			return
		case <-idle.C:
			if r, ok := used.(releaser); ok {
				r.release()
				s.log.Printf("released the loaded packages after %v without a run", s.idle)
			}
			continue
		case <-s.wake:
		}
		s.mu.Lock()
		if s.shutdown || len(s.pending) == 0 || s.be == nil {
			s.mu.Unlock()
			continue
		}
		files := make([]string, 0, len(s.pending))
		s.running = map[string]bool{}
		for f := range s.pending {
			files = append(files, f)
			s.running[filepath.Dir(f)] = true
		}
		sort.Strings(files)
		s.pending = map[string]bool{}
		ctx, cancel := context.WithCancel(context.Background())
		s.cancel = cancel
		snap := &snapshot{overlay: map[string][]byte{}, versions: map[string]int32{}}
		for p, d := range s.docs {
			snap.overlay[p] = d.text
			snap.versions[p] = d.version
		}
		be, release := s.be, s.idle
		s.mu.Unlock()

		s.run(ctx, be, files, snap)
		used = be
		if release > 0 {
			idle.Reset(release)
		}

		s.mu.Lock()
		if ctx.Err() != nil && !s.shutdown {
			// Superseded: its files run again with the newer ones.
			for _, f := range files {
				s.pending[f] = true
			}
		}
		cancel()
		s.cancel, s.running = nil, nil
		quiet := len(s.pending) == 0
		s.mu.Unlock()
		if quiet {
			// Collect while the user reads the diagnostics. The server
			// holds every package it loaded, hundreds of megabytes that
			// each collection marks; a run re-checking a package allocates
			// enough to start one, which otherwise ran during every other
			// save and doubled its latency (github-mcp-server's
			// pkg/github: 0.33 s of load without a collection, 0.87–0.97 s
			// with). Begun now, the cycle is over before the next edit.
			go runtime.GC()
		}
	}
}

// run analyses the packages of files and publishes the diagnostics.
func (s *server) run(ctx context.Context, be backend, files []string, snap *snapshot) {
	byRoot := map[string][]string{}
	for _, f := range files {
		root, err := moduleRoot(f, exists)
		if err != nil {
			s.mu.Lock()
			first := !s.logged[f]
			s.logged[f] = true
			s.mu.Unlock()
			if first {
				s.notify("window/logMessage", ShowMessageParams{messageInfo,
					fmt.Sprintf("toolcheck: %s is not in a module, so it is not analysed", f)})
			}
			continue
		}
		byRoot[root] = append(byRoot[root], f)
	}
	roots := make([]string, 0, len(byRoot))
	for r := range byRoot {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for _, root := range roots {
		if !s.runModule(ctx, be, root, byRoot[root], snap) {
			return
		}
	}
}

// runModule analyses files of one module and publishes the diagnostics; it
// reports false when the run was cancelled.
func (s *server) runModule(ctx context.Context, be backend, root string, files []string, snap *snapshot) (goOn bool) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in the analysis of %s: %v\n%s", root, r, debug.Stack())
			s.report(root, []string{fmt.Sprintf("internal error: %v", r)})
			goOn = ctx.Err() == nil
		}
	}()
	overlay := map[string][]byte{}
	under := root + string(filepath.Separator)
	for p, text := range snap.overlay {
		if strings.HasPrefix(p, under) {
			overlay[p] = text
		}
	}
	t0 := time.Now()
	res, err := be.analyze(ctx, &request{dir: root, files: files, overlay: overlay})
	if ctx.Err() != nil {
		return false
	}
	if err != nil {
		s.report(root, []string{err.Error()})
		return true
	}
	s.publish(root, files, res, snap)
	s.publishConfig(root, res)
	s.report(root, append(append([]string(nil), res.errors...), res.loadErrors...))
	for _, e := range res.packageErrors {
		s.notify("window/logMessage", ShowMessageParams{messageLog, "toolcheck: " + e})
	}
	if res.configError != "" {
		s.notify("window/logMessage", ShowMessageParams{messageLog,
			fmt.Sprintf("toolcheck: %d packages for %d files not analysed, their diagnostics cleared: %s (load %v)",
				len(res.packages), len(files), res.configError, res.load.Round(time.Millisecond))})
		return true
	}
	if len(res.packages) == 0 && res.testsOff {
		s.notify("window/logMessage", ShowMessageParams{messageLog,
			fmt.Sprintf("toolcheck: %d files not analysed: with the tests setting off, _test.go files draw no findings", len(files))})
		return true
	}
	if res.analysis == 0 && !anyComplete(res) {
		s.notify("window/logMessage", ShowMessageParams{messageLog,
			fmt.Sprintf("toolcheck: %d packages for %d files not analysed: they do not build (load %v)",
				len(res.packages), len(files), res.load.Round(time.Millisecond))})
		return true
	}
	how := fmt.Sprintf("re-checked %d packages of the last load", res.rechecked)
	if res.fullLoad != "" {
		how = "full load: " + res.fullLoad
	}
	s.notify("window/logMessage", ShowMessageParams{messageLog,
		fmt.Sprintf("toolcheck: analysed %d packages for %d files in %v (load %v, analysis %v; %s)",
			len(res.packages), len(files), time.Since(t0).Round(time.Millisecond),
			res.load.Round(time.Millisecond), res.analysis.Round(time.Millisecond), how)})
	return true
}

// anyComplete reports whether the analysers ran on any package of res.
func anyComplete(res *result) bool {
	for _, p := range res.packages {
		if p.complete {
			return true
		}
	}
	return false
}

// publishConfig publishes one diagnostic on the configuration file while
// the configuration of root's packages is broken, and clears it once it
// is not.
func (s *server) publishConfig(root string, res *result) {
	s.mu.Lock()
	prev := s.configDiag[root]
	if s.configDiag == nil {
		s.configDiag = map[string]string{}
	}
	s.configDiag[root] = res.configFile
	s.mu.Unlock()
	if prev != "" && prev != res.configFile {
		s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: s.uri(prev), Diagnostics: []Diagnostic{}})
	}
	if res.configFile != "" {
		s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: s.uri(res.configFile), Diagnostics: []Diagnostic{{
			Severity: severityError,
			Source:   "toolcheck",
			Message:  "the configuration is broken, so toolcheck analyses nothing: " + res.configError,
		}}})
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// report shows each message that was not shown for root in the previous
// run: a broken configuration shows once, not on every save.
func (s *server) report(root string, msgs []string) {
	s.mu.Lock()
	prev := s.shown[root]
	cur := map[string]bool{}
	var show []string
	for _, m := range msgs {
		if !prev[m] && !cur[m] {
			show = append(show, m)
		}
		cur[m] = true
	}
	s.shown[root] = cur
	s.mu.Unlock()
	for _, m := range show {
		s.notify("window/showMessage", ShowMessageParams{messageError, "toolcheck: " + m})
	}
}

// publish records a result and publishes the diagnostics of every file of
// its complete packages, clearing those of files under the requested
// directories that left their packages.
func (s *server) publish(_ string, requested []string, res *result, snap *snapshot) {
	complete := map[string]bool{}
	inResult := map[string]bool{}
	ignored := map[string]bool{}
	for _, p := range res.packages {
		for _, f := range p.ignored {
			ignored[f] = true
		}
		for _, f := range p.files {
			inResult[f] = true
			if p.complete {
				complete[f] = true
			}
		}
	}
	byFile := map[string][]finding{}
	for _, f := range res.findings {
		byFile[f.file] = append(byFile[f.file], f)
	}
	if res.contents == nil {
		res.contents = map[string][]byte{}
	}
	contents := func(file string) []byte {
		if c, ok := res.contents[file]; ok {
			return c
		}
		c, _ := os.ReadFile(file)
		res.contents[file] = c
		return c
	}
	mappers := map[string]*mapper{}
	mapperOf := func(file string) *mapper {
		m := mappers[file]
		if m == nil {
			m = newMapper(contents(file))
			mappers[file] = m
		}
		return m
	}

	var out []PublishDiagnosticsParams
	s.mu.Lock()
	paths := make([]string, 0, len(complete))
	for f := range complete {
		paths = append(paths, f)
	}
	sort.Strings(paths)
	for _, file := range paths {
		st := &fileState{uri: s.uri(file), content: contents(file), m: mapperOf(file)}
		for _, f := range byFile[file] {
			d := Diagnostic{
				Range:    st.m.rangeOf(f.start, f.end),
				Severity: severityWarning,
				Code:     f.analyzer,
				Source:   "toolcheck",
				Message:  f.message,
			}
			if f.url != "" {
				d.CodeDescription = &CodeDescription{Href: f.url}
			}
			for _, r := range f.related {
				d.RelatedInformation = append(d.RelatedInformation, DiagnosticRelatedInformation{
					Location: Location{URI: s.uri(r.file), Range: mapperOf(r.file).rangeOf(r.start, r.end)},
					Message:  r.message,
				})
			}
			st.findings = append(st.findings, f)
			st.diags = append(st.diags, d)
		}
		s.files[file] = st
		p := PublishDiagnosticsParams{URI: st.uri, Diagnostics: st.diags}
		if p.Diagnostics == nil {
			p.Diagnostics = []Diagnostic{}
		}
		if v, ok := snap.versions[file]; ok {
			p.Version = &v
		}
		out = append(out, p)
	}
	// Files of the requested directories that left their packages: deleted
	// (and not open), or now excluded by build constraints. A file of
	// another package in the directory (an external test) stays.
	dirs := map[string]bool{}
	for _, f := range requested {
		dirs[filepath.Dir(f)] = true
	}
	var gone []string
	for file := range s.files {
		if !dirs[filepath.Dir(file)] || inResult[file] {
			continue
		}
		if ignored[file] || res.testsOff && isTestFile(file) || s.docs[file] == nil && !exists(file) {
			gone = append(gone, file)
		}
	}
	sort.Strings(gone)
	for _, file := range gone {
		out = append(out, PublishDiagnosticsParams{URI: s.uri(file), Diagnostics: []Diagnostic{}})
		delete(s.files, file)
	}
	s.mu.Unlock()
	for _, p := range out {
		s.notify("textDocument/publishDiagnostics", p)
	}
}

// codeActions returns the quick fixes of the findings at the range and of
// the toolcheck diagnostics the request's context names: a client sends
// those of the cursor's line, so the cursor anywhere on a finding's
// statement finds its fix.
func (s *server) codeActions(p *CodeActionParams) []CodeAction {
	actions := []CodeAction{}
	if len(p.Context.Only) > 0 {
		wanted := false
		for _, k := range p.Context.Only {
			wanted = wanted || k == kindQuickFix || strings.HasPrefix(kindQuickFix, k+".")
		}
		if !wanted {
			return actions
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.literals {
		return actions // the server has no commands to offer instead
	}
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil {
		return actions
	}
	st := s.files[path]
	if st == nil || !s.fresh(path, st) {
		return actions
	}
	type diagKey struct {
		r             Range
		code, message string
	}
	named := map[diagKey]bool{}
	for _, raw := range p.Context.Diagnostics {
		var d struct {
			Range   Range
			Code    any
			Source  string
			Message string
		}
		if json.Unmarshal(raw, &d) == nil && d.Source == "toolcheck" {
			named[diagKey{d.Range, fmt.Sprint(d.Code), d.Message}] = true
		}
	}
	for i := range st.findings {
		d := st.diags[i]
		if !overlaps(d.Range, p.Range) && !named[diagKey{d.Range, d.Code, d.Message}] {
			continue
		}
		var fixes []fix // those that change something
		for j := range st.findings[i].fixes {
			if fx := &st.findings[i].fixes[j]; fx.resolve() {
				fixes = append(fixes, *fx)
			}
		}
		for _, fx := range fixes {
			edit := s.workspaceEdit(fx)
			if edit == nil {
				continue
			}
			actions = append(actions, CodeAction{
				Title:       fx.message,
				Kind:        kindQuickFix,
				Diagnostics: []Diagnostic{d},
				IsPreferred: len(fixes) == 1,
				Edit:        edit,
			})
		}
	}
	return actions
}

// fresh reports whether a file is as it was analysed: a fix computed on
// other content would corrupt it. s.mu is held.
func (s *server) fresh(path string, st *fileState) bool {
	if d := s.docs[path]; d != nil {
		return bytes.Equal(d.text, st.content)
	}
	disk, err := os.ReadFile(path)
	return err == nil && bytes.Equal(disk, st.content)
}

// workspaceEdit converts a fix, or returns nil when a file it edits has
// changed since it was analysed. s.mu is held.
func (s *server) workspaceEdit(fx fix) *WorkspaceEdit {
	byFile := map[string][]edit{}
	var order []string
	for _, e := range fx.edits {
		if byFile[e.file] == nil {
			order = append(order, e.file)
		}
		byFile[e.file] = append(byFile[e.file], e)
	}
	we := &WorkspaceEdit{}
	for _, file := range order {
		st := s.files[file]
		if st == nil || !s.fresh(file, st) {
			return nil
		}
		edits := byFile[file]
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
		var tes []TextEdit
		for _, e := range edits {
			tes = append(tes, TextEdit{Range: st.m.rangeOf(e.start, e.end), NewText: e.text})
		}
		if s.docChanges {
			var version *int32
			if d := s.docs[file]; d != nil {
				v := d.version
				version = &v
			}
			we.DocumentChanges = append(we.DocumentChanges, TextDocumentEdit{
				TextDocument: OptionalVersionedTextDocumentIdentifier{URI: st.uri, Version: version},
				Edits:        tes,
			})
		} else {
			if we.Changes == nil {
				we.Changes = map[string][]TextEdit{}
			}
			we.Changes[st.uri] = tes
		}
	}
	return we
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position, ends included, so
// that a cursor at either end of a diagnostic finds it.
func overlaps(a, b Range) bool {
	return !before(b.End, a.Start) && !before(a.End, b.Start)
}

func (s *server) reply(id json.RawMessage, result any) {
	if result == nil {
		result = json.RawMessage("null")
	}
	s.send(&response{JSONRPC: "2.0", ID: id, Result: result})
}

func (s *server) replyError(id json.RawMessage, code int, msg string) {
	s.send(&response{JSONRPC: "2.0", ID: id, Error: &rpcError{code, msg}})
}

func (s *server) notify(method string, params any) {
	s.send(&notification{JSONRPC: "2.0", Method: method, Params: params})
}

func (s *server) send(v any) {
	if err := s.out.write(v); err != nil {
		s.log.Printf("write: %v", err)
	}
}
