package mcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"toolerr"
)

func search(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}

func taskRun(ctx context.Context, req mcp.CallToolRequest) (*mcp.CreateTaskResult, error) {
	return &mcp.CreateTaskResult{}, nil
}

type Notes struct{}

func (n *Notes) read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return nil, nil
}

type args struct{ Path string }

func typed(ctx context.Context, req mcp.CallToolRequest, a args) (*mcp.CallToolResult, error) {
	return nil, nil
}

func plain() {
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery()) // want `8 tools are registered on this server without the tool boundary \("search", "read", "typed", and 5 more\)`
	n := &Notes{}
	s.AddTool(mcp.NewTool("search"), search)
	s.AddTool(mcp.NewTool("read"), n.read)
	s.AddTool(mcp.NewTool("typed"), mcp.NewTypedToolHandler(typed))
	s.AddTool(mcp.NewTool("lit"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	})
	_ = s.AddSessionTool("sess", mcp.NewTool("s"), search)
	s.AddTaskTool(mcp.NewTool("t"), taskRun)
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("a"), Handler: search})
	s.AddTool(mcp.NewTool("logged"), toolerr.Logging(search))

	// Wrapped at registration: no finding.
	s.AddTool(mcp.NewTool("w1"), toolerr.Boundary(search))
	s.AddTool(mcp.NewTool("w2"), toolerr.Wrap(n.read))
	s.AddTool(mcp.NewTool("w3"), toolerr.Boundary(mcp.NewTypedToolHandler(typed)))
	s.AddTools(server.ServerTool{Tool: mcp.NewTool("w4"), Handler: toolerr.Boundary(search)})
}

// A tool built from a raw schema is named by its first argument, also
// when a field is set on it afterwards.
func rawSchema() {
	s := server.NewMCPServer("notes", "1.0.0") // want `tool "query" \(handler mcpgo\.search\) is registered on this server without the tool boundary`
	query := mcp.NewToolWithRawSchema("query", "Query the notes", []byte(`{"type": "object"}`))
	query.Annotations = mcp.ToolAnnotation{Title: "Query"}
	s.AddTool(query, search)
	// Behind the boundary: not named.
	s.AddTool(mcp.NewToolWithRawSchema("wrapped", "Query, wrapped", []byte(`{"type": "object"}`)), toolerr.Boundary(search))
}

func conditional(enabled bool) {
	s := server.NewMCPServer("notes", "1.0.0") // want `2 tools are registered on this server without the tool boundary \("hidden", "maybe"\)`
	if enabled {
		s.AddTool(mcp.NewTool("hidden"), search)
	}
	h := toolerr.Boundary(search)
	s.AddTool(mcp.NewTool("var"), h) // only ever wrapped: no finding
	h2 := server.ToolHandlerFunc(search)
	if enabled {
		h2 = toolerr.Boundary(search)
	}
	s.AddTool(mcp.NewTool("maybe"), h2)
	h3 := server.ToolHandlerFunc(search)
	h3 = toolerr.Boundary(h3)
	s.AddTool(mcp.NewTool("reassigned"), h3) // wrapped before use: no finding
}

// Server-level middleware: every tool of these servers is wrapped.
func middleware() {
	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery(), server.WithToolHandlerMiddleware(toolerr.Boundary))
	s.AddTool(mcp.NewTool("a"), search)
	_ = s.AddSessionTool("sess", mcp.NewTool("b"), search)

	s2 := server.NewMCPServer("notes", "1.0.0")
	s2.Use(toolerr.Logging, toolerr.Boundary)
	s2.AddTool(mcp.NewTool("c"), search)

	opts := []server.ServerOption{server.WithRecovery()}
	opts = append(opts, server.WithToolHandlerMiddleware(toolerr.Boundary))
	s3 := server.NewMCPServer("notes", "1.0.0", opts...)
	s3.AddTool(mcp.NewTool("d"), search)

	s4 := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(toolerr.Logging)) // want `tool "e" \(handler mcpgo\.search\) is registered on this server without the tool boundary`
	s4.AddTool(mcp.NewTool("e"), search)
}

// A server kept in a struct field, every assignment of which carries the
// boundary.
type App struct {
	srv   *server.MCPServer
	tools []server.ServerTool
}

func NewApp() *App {
	return &App{srv: server.NewMCPServer("app", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))}
}

func (a *App) Register() {
	a.srv.AddTool(mcp.NewTool("x"), search)
	a.srv.AddTools(a.tools...)
}

// A server embedded in a struct.
type Embedded struct {
	*server.MCPServer
}

func NewEmbedded() *Embedded {
	return &Embedded{MCPServer: server.NewMCPServer("e", "1")} // want `tool "emb" \(handler mcpgo\.search\) is registered on this server without the tool boundary`
}

func (e *Embedded) Register() {
	e.AddTool(mcp.NewTool("emb"), search)
}

// Toolset helpers build ServerTool values that are registered elsewhere.
func searchTools() []server.ServerTool {
	return []server.ServerTool{
		{Tool: mcp.NewTool("find"), Handler: search},
		{Tool: mcp.NewTool("find2"), Handler: toolerr.Boundary(search)},
	}
}

func toolsets(readOnly bool) {
	s := server.NewMCPServer("notes", "1.0.0") // want `tool "find" \(handler mcpgo\.search\) is registered on this server without the tool boundary`
	var tools []server.ServerTool
	for _, t := range searchTools() {
		if readOnly {
			tools = append(tools, t)
		}
	}
	s.AddTools(tools...)
	s.SetTools(tools...)
}

// A funnel that wraps everything it registers.
type Funnel struct{ srv *server.MCPServer }

func (f *Funnel) AddTool(t mcp.Tool, h server.ToolHandlerFunc) {
	f.srv.AddTool(t, toolerr.Boundary(h))
}

func useFunnel() {
	f := &Funnel{srv: server.NewMCPServer("f", "1")}
	f.AddTool(mcp.NewTool("funnel"), search)
}

// A factory that returns handlers.
func makeHandler(prefix string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(prefix), nil
	}
}

func adapt(h server.ToolHandlerFunc, name string) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

func factories() {
	s := server.NewMCPServer("notes", "1.0.0") // want `2 tools are registered on this server without the tool boundary \("made", "adapted"\)`
	s.AddTool(mcp.NewTool("made"), makeHandler("x"))
	s.AddTool(mcp.NewTool("adapted"), adapt(search, "y"))
	s.AddTool(mcp.NewTool("adaptedWrapped"), toolerr.Boundary(adapt(search, "y")))
}

// Opaque handlers and servers stay silent; the AddTool method value handed
// to a function that calls it is a registration on srv.
func opaque(s *server.MCPServer, handlers map[string]server.ToolHandlerFunc, get func() *server.MCPServer) {
	srv := server.NewMCPServer("notes", "1.0.0") // want `tool "via-method-value" \(handler mcpgo.search\) is registered on this server without the tool boundary`
	for name, h := range handlers {
		srv.AddTool(mcp.NewTool(name), h)
	}
	get().AddTool(mcp.NewTool("opaque"), search)
	register(srv.AddTool)
}

func register(add func(mcp.Tool, server.ToolHandlerFunc)) {
	add(mcp.NewTool("via-method-value"), search)
}

// An inventory of tools whose handlers come from a field set elsewhere,
// adapted before registration: the handler is opaque, so no finding.
type invTool struct {
	HandlerFunc func(deps any) server.ToolHandlerFunc
}

func (t *invTool) handler(deps any) server.ToolHandlerFunc { return t.HandlerFunc(deps) }

func (t *invTool) check(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return next(ctx, req)
	}
}

func (t *invTool) RegisterFunc(s *server.MCPServer, deps any, mws ...server.ToolHandlerMiddleware) {
	h := t.handler(deps)
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	h = t.check(h)
	s.AddTool(mcp.NewTool("inv"), h)
}
