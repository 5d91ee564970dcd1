// Package toolset is the storage server's own tool model and its bridge to
// the go-sdk: project tools are converted to SDK tools and committed to the
// server in one step, replacing what was there.
package toolset

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Tool describes a tool in the project's terms.
type Tool struct {
	Name        string
	Description string
	Params      []string // required string parameters
	ReadOnly    bool
}

// ServerTool is a project tool and its handler, which sees plain
// arguments and returns the text the model reads.
type ServerTool struct {
	Tool    Tool
	Handler func(ctx context.Context, args map[string]any) (string, error)
}

// toSDK converts a project tool to the go-sdk's tool and handler.
func toSDK(st ServerTool) (*mcp.Tool, mcp.ToolHandler, error) {
	if st.Tool.Name == "" {
		return nil, nil, errors.New("a tool has no name")
	}
	if st.Handler == nil {
		return nil, nil, fmt.Errorf("tool %q has no handler", st.Tool.Name)
	}
	props := map[string]any{}
	for _, p := range st.Tool.Params {
		props[p] = map[string]any{"type": "string"}
	}
	tool := &mcp.Tool{
		Name:        st.Tool.Name,
		Description: st.Tool.Description,
		InputSchema: map[string]any{"type": "object", "properties": props, "required": st.Tool.Params},
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: st.Tool.ReadOnly},
	}
	name, handle := st.Tool.Name, st.Handler
	h := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		args := map[string]any{}
		if len(req.Params.Arguments) > 0 && json.Unmarshal(req.Params.Arguments, &args) != nil {
			return nil, fmt.Errorf("the arguments of %s must be a JSON object", name)
		}
		out, err := handle(ctx, args)
		if err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out}}}, nil
	}
	return tool, h, nil
}

// item is one thing to commit: its name, its metadata and its handler.
type item[M, H any] struct {
	name    string
	meta    M
	handler H
}

// commit replaces the items' names with the items themselves: it removes
// them all, then adds each.
func commit[M, H any](items []item[M, H], remove func(...string), add func(M, H)) {
	names := make([]string, 0, len(items))
	for _, it := range items {
		names = append(names, it.name)
	}
	remove(names...)
	for _, it := range items {
		add(it.meta, it.handler)
	}
}

// Server is the SDK server seen through the project's tool model.
type Server struct {
	server *mcp.Server
}

// Wrap returns s seen through the project's tool model.
func Wrap(s *mcp.Server) *Server {
	return &Server{server: s}
}

// SetTools converts tools and commits them to the server.
func (s *Server) SetTools(tools []ServerTool) error {
	items := make([]item[*mcp.Tool, mcp.ToolHandler], 0, len(tools))
	for _, st := range tools {
		t, h, err := toSDK(st)
		if err != nil {
			return fmt.Errorf("convert tool: %w", err)
		}
		items = append(items, item[*mcp.Tool, mcp.ToolHandler]{name: t.Name, meta: t, handler: h})
	}
	commit(items, s.server.RemoveTools, s.server.AddTool)
	return nil
}
