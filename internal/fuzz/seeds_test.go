package fuzz_test

// handwritten seeds: handler-shaped code in the shapes the analyzers must
// survive without a panic, staying silent where they do not understand it.
// TestSeedsTypeCheck keeps every one well-typed against the SDK stubs.
var handwritten = map[string]string{
	// mcp-go: method values on interfaces, handlers in maps, reflection,
	// a registration in a go statement, a nil handler, middleware added
	// after registration, a value-receiver ToolError.
	"mcpgo_unusual": `package a

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ToolError struct {
	Msg   string
	Level slog.Level
}

func (e ToolError) Error() string { return e.Msg }

func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if r := recover(); r != nil {
				res, err = mcp.NewToolResultError("The server failed; retry later."), nil
			}
		}()
		res, err = next(ctx, req)
		var te ToolError
		if errors.As(err, &te) {
			slog.Log(ctx, te.Level, "tool failed", "err", err)
			return mcp.NewToolResultError(te.Msg), nil
		}
		if err != nil {
			return mcp.NewToolResultError("The server failed; retry later."), nil
		}
		return res, nil
	}
}

type Handler interface {
	Handle(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type echo struct{ prefix string }

func (e echo) Handle(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := req.RequireString("text")
	if err != nil {
		return nil, ToolError{Msg: "The 'text' argument is missing.", Level: slog.LevelInfo}
	}
	return mcp.NewToolResultText(e.prefix + s), nil
}

var handlers = map[string]server.ToolHandlerFunc{
	"echo":  echo{">"}.Handle,
	"upper": Boundary(echo{"^"}.Handle),
}

func Register(s *server.MCPServer, h Handler) {
	s.AddTool(mcp.NewTool("iface"), h.Handle)
	for name, fn := range handlers {
		s.AddTool(mcp.NewTool(name), fn)
	}
	v := reflect.ValueOf(echo{}).MethodByName("Handle")
	if fn, ok := v.Interface().(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error)); ok {
		s.AddTool(mcp.NewTool("reflect"), fn)
	}
	s.AddTools([]server.ServerTool{{Tool: mcp.NewTool("lit"), Handler: func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, fmt.Errorf("not implemented")
	}}}...)
	go s.AddTool(mcp.NewTool("async"), nil)
}

func New() *server.MCPServer {
	s := server.NewMCPServer("a", "1", server.WithRecovery(), server.WithToolHandlerMiddleware(Boundary))
	Register(s, echo{})
	bare := server.NewMCPServer("b", "1")
	Register(bare, nil)
	bare.Use(Boundary)
	return s
}
`,
	// go-sdk: generic handler factories, a generic boundary through a
	// generic function type, receiving middleware, an untyped handler.
	"gosdk_generics": `package b

import (
	"context"
	"errors"
	"io/fs"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In[T any] struct{ Value T }

type Out[T any] struct{ Items []T }

func handle[T comparable](zero T) mcp.ToolHandlerFor[In[T], Out[T]] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In[T]) (*mcp.CallToolResult, Out[T], error) {
		if in.Value == zero {
			return nil, Out[T]{}, errors.New("empty value")
		}
		data, err := os.ReadFile("/var/data")
		if errors.Is(err, fs.ErrNotExist) {
			return nil, Out[T]{}, nil
		}
		if err != nil {
			r := &mcp.CallToolResult{}
			r.SetError(err)
			return r, Out[T]{}, nil
		}
		_ = data
		return nil, Out[T]{Items: []T{in.Value}}, nil
	}
}

type wrapper[In, Out any] func(mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out]

func Boundary[In, Out any](h mcp.ToolHandlerFor[In, Out]) mcp.ToolHandlerFor[In, Out] {
	return func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, Out, error) {
		res, out, err := h(ctx, req, in)
		if err != nil {
			var zero Out
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "retry later"}}}, zero, nil
		}
		return res, out, nil
	}
}

func mw(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return next(ctx, method, req)
	}
}

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "b", Version: "1"}, nil)
	s.AddReceivingMiddleware(mw)
	mcp.AddTool(s, &mcp.Tool{Name: "ints"}, handle(0))
	mcp.AddTool(s, &mcp.Tool{Name: "strs"}, Boundary(handle("")))
	var w wrapper[In[int], Out[int]] = Boundary[In[int], Out[int]]
	mcp.AddTool(s, &mcp.Tool{Name: "wrapped"}, w(handle(0)))
	s.AddTool(&mcp.Tool{Name: "raw"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, ctx.Err()
	})
	return s
}
`,
	// cgo: the "C" package is faked, so C.x has no type.
	"cgo": `package c

// #include <stdlib.h>
import "C"

import (
	"context"
	"unsafe"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Free(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := C.malloc(16)
	defer C.free(unsafe.Pointer(p))
	if p == nil {
		return mcp.NewToolResultText(""), nil
	}
	return mcp.NewToolResultText(C.GoString((*C.char)(p))), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("free"), Free)
}
`,
	// ToolError with builder methods, option interfaces, caller-error
	// sentinels, sql and strconv failures, a handler factory.
	"toolerror_shapes": `package d

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type ToolError struct {
	msg string
	lvl slog.Level
}

func (e *ToolError) Error() string { return e.msg }

func (e *ToolError) Info() *ToolError { e.lvl = slog.LevelInfo; return e }

type Option interface{ apply(*ToolError) }

type levelOpt slog.Level

func (l levelOpt) apply(e *ToolError) { e.lvl = slog.Level(l) }

func NewErr(msg string, opts ...Option) *ToolError {
	e := &ToolError{msg: msg, lvl: slog.LevelError}
	for _, o := range opts {
		o.apply(e)
	}
	return e
}

var ErrNotFound = errors.New("not found")

func find(db *sql.DB, id int) (string, error) {
	var name string
	err := db.QueryRow("select name from t where id = ?", id).Scan(&name)
	return name, err
}

func lookup(db *sql.DB) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		raw := req.GetString("id", "")
		id, err := strconv.Atoi(raw)
		if err != nil {
			return nil, NewErr(fmt.Sprintf("The 'id' argument %q is not a number.", raw))
		}
		name, err := find(db, id)
		switch {
		case errors.Is(err, sql.ErrNoRows), errors.Is(err, ErrNotFound):
			return nil, NewErr("No such id. Call list_ids.").Info()
		case err != nil:
			return nil, NewErr("lookup failed: "+err.Error(), levelOpt(slog.LevelWarn))
		}
		return mcp.NewToolResultText(name), nil
	}
}

func ToolBoundary(h server.ToolHandlerFunc) server.ToolHandlerFunc { return h }

func Setup(db *sql.DB) *server.MCPServer {
	s := server.NewMCPServer("d", "1")
	s.AddTool(mcp.NewTool("lookup"), ToolBoundary(lookup(db)))
	s.AddTool(mcp.NewTool("raw"), lookup(db))
	return s
}
`,
	// Empty results on failure paths, a WalkDir callback, IsError helpers.
	"empty_results": `package e

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mark3labs/mcp-go/mcp"
)

func list(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return []string{}, nil
	}
	return out, nil
}

func fail(err error) *mcp.CallToolResult {
	if err == nil {
		return nil
	}
	return mcp.NewToolResultErrorFromErr("failed", err)
}

func Files(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	files, err := list(req.GetString("root", "."))
	if err != nil {
		return mcp.NewToolResultText("no results"), nil
	}
	b, err := json.Marshal(files)
	if err != nil {
		return fail(err), nil
	}
	if _, err := os.Stat("/tmp/x"); os.IsNotExist(err) {
		return mcp.NewToolResultStructured(map[string]any{}, "{}"), nil
	}
	res := mcp.NewToolResultText(string(b))
	res.IsError = len(files) == 0
	return res, nil
}

func Save() error {
	f, err := os.Create("/tmp/out")
	if err != nil {
		return nil
	}
	defer f.Close()
	_, err = f.WriteString("x")
	return err
}
`,
	// go-sdk typed handler whose error text is model-facing: upstream
	// bodies, command output, stack traces, environment variables.
	"model_text": `package f

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Args struct{ URL string }

type Res struct{ Body string }

func fetch(ctx context.Context, req *mcp.CallToolRequest, a Args) (*mcp.CallToolResult, Res, error) {
	resp, err := http.Get(a.URL)
	if err != nil {
		return nil, Res{}, fmt.Errorf("fetch %s: %w", a.URL, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return nil, Res{}, fmt.Errorf("upstream said %s", body)
	}
	out, err := exec.Command("git", "status").CombinedOutput()
	if err != nil {
		return nil, Res{}, fmt.Errorf("git failed: %s\n%s", out, debug.Stack())
	}
	if os.Getenv("API_TOKEN") == "" {
		return nil, Res{}, fmt.Errorf("set API_TOKEN and see the docs; %+v %T", resp, err)
	}
	return nil, Res{Body: string(body)}, nil
}

func New() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "f"}, &mcp.ServerOptions{})
	mcp.AddTool(s, &mcp.Tool{Name: "fetch"}, fetch)
	return s
}
`,
	// An embedded server, tool slices, task and session tools, recursion,
	// labels, type assertions, typed and structured adapters.
	"odd_registrations": `package g

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type App struct {
	*server.MCPServer
	tools []server.ServerTool
	task  server.TaskToolHandlerFunc
}

func pair() (server.ToolHandlerFunc, server.ToolHandlerFunc) {
	h := func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
		}
		return mcp.NewToolResultText("ok"), nil
	}
	return h, h
}

func (a *App) Init(debug bool) {
	h1, h2 := pair()
	a.AddTool(mcp.NewTool("one"), h1)
	a.tools = append(a.tools, server.ServerTool{Tool: mcp.NewTool("two"), Handler: h2})
	a.AddTools(a.tools...)
	a.SetTools(a.tools[:0]...)
	_ = a.AddSessionTools("s", a.tools...)
	a.AddTaskTool(mcp.NewTool("task"), a.task)
	var rec func(n int) server.ToolHandlerFunc
	rec = func(n int) server.ToolHandlerFunc {
		if n == 0 {
			return h1
		}
		return rec(n - 1)
	}
	a.AddTool(mcp.NewTool("rec"), rec(3))
loop:
	for i := 0; ; i++ {
		switch {
		case i > 2:
			break loop
		case debug:
			a.AddTool(mcp.NewTool("dbg"), func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return nil, errors.New("debug")
			})
		}
	}
	var iface any = h1
	if h, ok := iface.(server.ToolHandlerFunc); ok {
		a.AddTool(mcp.NewTool("asserted"), h)
	}
	typed := mcp.NewTypedToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args struct{ N int }) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultErrorf("bad %d", args.N), nil
	})
	a.AddTool(mcp.NewTool("typed"), typed)
	structured := mcp.NewStructuredToolHandler(func(ctx context.Context, req mcp.CallToolRequest, args struct{}) ([]string, error) {
		return nil, errors.New("boom")
	})
	a.AddTool(mcp.NewTool("structured"), structured)
}
`,
	// No SDK at all, but a ToolError: relevant by its type alone.
	"no_sdk": `package h

import "log/slog"

type ToolError struct {
	Message string
	Level   slog.Level
}

func (e *ToolError) Error() string { return e.Message }

func Check(name string) error {
	if name == "" {
		return &ToolError{Message: "The 'name' argument is empty."}
	}
	return nil
}
`,
}
