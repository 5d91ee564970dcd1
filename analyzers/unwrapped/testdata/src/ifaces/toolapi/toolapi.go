// Package toolapi builds its tools with constructors that return the
// ToolAPI interface, and registers each through a registrar object that
// keeps the server its constructor is given.
package toolapi

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ToolAPI interface {
	Definition() *mcp.Tool
	Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error)
}

type listDir struct{ root string }

func NewListDir(root string) ToolAPI { return &listDir{root: root} }

func (*listDir) Definition() *mcp.Tool { return &mcp.Tool{Name: "list_dir"} }

func (l *listDir) Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type readFile struct{}

func NewReadFile() ToolAPI { return readFile{} }

func (readFile) Definition() *mcp.Tool { return &mcp.Tool{Name: "read_file"} }

func (readFile) Handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return &mcp.CallToolResult{}, nil
}

type registrar struct {
	srv   *mcp.Server
	tools []ToolAPI
}

func newRegistrar(s *mcp.Server) *registrar { return &registrar{srv: s} }

func (r *registrar) add(t ToolAPI) {
	r.tools = append(r.tools, t)
	r.srv.AddTool(t.Definition(), t.Handle)
}

func registerAll(r *registrar, root string) {
	r.add(NewListDir(root))
	r.add(NewReadFile())
}

func Serve(root string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "fs"}, nil) // want `2 tools are registered on this server without the tool boundary \("list_dir", "read_file"\)`
	registerAll(newRegistrar(s), root)
	return s
}

func Boundary(next mcp.MethodHandler) mcp.MethodHandler { return next }

func ServeWrapped(root string) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "fs"}, nil)
	s.AddReceivingMiddleware(Boundary)
	registerAll(newRegistrar(s), root)
	return s
}
