// Package mcp is a stub of github.com/modelcontextprotocol/go-sdk/mcp
// v1.8.0 with the real signatures of what toolcheck's analyzers look at.
package mcp

import (
	"context"
	"encoding/json"
)

type Implementation struct {
	Name    string
	Title   string
	Version string
}

type ServerOptions struct {
	Instructions string
}

type Server struct{ mw []Middleware }

func NewServer(impl *Implementation, options *ServerOptions) *Server { return &Server{} }

type Meta map[string]any

type Tool struct {
	Meta        Meta
	Annotations any
	Description string
	InputSchema any
	Name        string
	Title       string
}

type Params interface{ isParams() }

type Request interface{ isRequest() }

type Result interface{ isResult() }

type ServerSession struct{}

type RequestExtra struct{}

type ServerRequest[P Params] struct {
	Session *ServerSession
	Params  P
	Extra   *RequestExtra
}

func (*ServerRequest[P]) isRequest() {}

type CallToolParamsRaw struct {
	Meta      Meta
	Name      string
	Arguments json.RawMessage
}

func (*CallToolParamsRaw) isParams() {}

type CallToolRequest = ServerRequest[*CallToolParamsRaw]

type Content interface {
	MarshalJSON() ([]byte, error)
}

type TextContent struct {
	Text string
	Meta Meta
}

func (c *TextContent) MarshalJSON() ([]byte, error) { return nil, nil }

type ImageContent struct {
	Meta     Meta
	Data     []byte // base64-encoded
	MIMEType string
}

func (c *ImageContent) MarshalJSON() ([]byte, error) { return nil, nil }

type CallToolResult struct {
	Meta
	Content           []Content
	StructuredContent any
	IsError           bool
	err               error
}

func (*CallToolResult) isResult() {}

func (r *CallToolResult) SetError(err error) {
	if len(r.Content) == 0 {
		r.Content = []Content{&TextContent{Text: err.Error()}}
	}
	r.IsError = true
	r.err = err
}

func (r *CallToolResult) GetError() error { return r.err }

type ToolHandler func(context.Context, *CallToolRequest) (*CallToolResult, error)

type ToolHandlerFor[In, Out any] func(_ context.Context, request *CallToolRequest, input In) (result *CallToolResult, output Out, _ error)

func (s *Server) AddTool(t *Tool, h ToolHandler) {}

func AddTool[In, Out any](s *Server, t *Tool, h ToolHandlerFor[In, Out]) {}

type MethodHandler func(ctx context.Context, method string, req Request) (result Result, err error)

type Middleware func(MethodHandler) MethodHandler

func (s *Server) AddReceivingMiddleware(middleware ...Middleware) { s.mw = append(s.mw, middleware...) }

func (s *Server) AddSendingMiddleware(middleware ...Middleware) {}

func (s *Server) RemoveTools(names ...string) {}

type Transport interface{}

type StdioTransport struct{}

func (s *Server) Run(ctx context.Context, t Transport) error { return nil }
