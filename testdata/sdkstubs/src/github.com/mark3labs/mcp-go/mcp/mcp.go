// Package mcp is a stub of github.com/mark3labs/mcp-go/mcp v1.2.1: the
// types and functions toolcheck's analyzers look at, with the real
// signatures.
package mcp

import (
	"context"
	"encoding/json"
	"fmt"
)

type Meta struct{ AdditionalFields map[string]any }

type Request struct{ Method string }

type Result struct{ Meta *Meta }

type MultiRoundTripParams struct{}

type MultiRoundTripResult struct{}

type TaskParams struct{}

type CallToolParams struct {
	Name      string
	Arguments any
	Meta      *Meta
	Task      *TaskParams
	MultiRoundTripParams
	RawArguments json.RawMessage
}

type CallToolRequest struct {
	Request
	// Header is a net/http.Header in the SDK. No analyzer reads it, and
	// importing net/http here would have every analyzer test type-check
	// net/http and its dependencies from source (a third of their CPU).
	Header map[string][]string
	Params CallToolParams
}

func (r CallToolRequest) GetArguments() map[string]any          { return nil }
func (r CallToolRequest) GetRawArguments() any                  { return nil }
func (r CallToolRequest) BindArguments(target any) error        { return nil }
func (r CallToolRequest) GetString(key string, d string) string { return d }
func (r CallToolRequest) RequireString(key string) (string, error) {
	return "", fmt.Errorf("required argument %q not found", key)
}
func (r CallToolRequest) GetInt(key string, d int) int             { return d }
func (r CallToolRequest) RequireInt(key string) (int, error)       { return 0, nil }
func (r CallToolRequest) GetFloat(key string, d float64) float64   { return d }
func (r CallToolRequest) RequireFloat(key string) (float64, error) { return 0, nil }
func (r CallToolRequest) GetBool(key string, d bool) bool          { return d }
func (r CallToolRequest) RequireBool(key string) (bool, error)     { return false, nil }
func (r CallToolRequest) GetStringSlice(key string, d []string) []string {
	return d
}
func (r CallToolRequest) RequireStringSlice(key string) ([]string, error) { return nil, nil }

type Content interface{ isContent() }

type Annotated struct{}

type TextContent struct {
	Annotated
	Meta *Meta
	Type string
	Text string
}

func (TextContent) isContent() {}

type CallToolResult struct {
	Result
	MultiRoundTripResult
	Content              []Content
	StructuredContent    any
	RawStructuredContent json.RawMessage
	IsError              bool
}

type ToolResultContent struct {
	Type      string
	ToolUseID string
	Content   []Content
	IsError   bool
}

func (ToolResultContent) isContent() {}

type Task struct{ TaskId string }

type CreateTaskResult struct {
	Result
	Task Task
}

type Tool struct {
	Meta           *Meta
	Name           string
	Description    string
	RawInputSchema json.RawMessage
	Annotations    ToolAnnotation
}

type ToolAnnotation struct {
	Title        string
	ReadOnlyHint *bool
}

type ToolOption func(*Tool)

type PropertyOption func(map[string]any)

func NewTool(name string, opts ...ToolOption) Tool {
	t := Tool{Name: name}
	for _, o := range opts {
		o(&t)
	}
	return t
}

func NewToolWithRawSchema(name, description string, schema json.RawMessage) Tool {
	return Tool{Name: name, Description: description, RawInputSchema: schema}
}

func WithDescription(description string) ToolOption             { return func(t *Tool) {} }
func WithString(name string, opts ...PropertyOption) ToolOption { return func(t *Tool) {} }
func WithNumber(name string, opts ...PropertyOption) ToolOption { return func(t *Tool) {} }
func Description(desc string) PropertyOption                    { return func(map[string]any) {} }
func Required() PropertyOption                                  { return func(map[string]any) {} }

func NewTextContent(text string) TextContent { return TextContent{Type: "text", Text: text} }

func NewToolResultText(text string) *CallToolResult {
	return &CallToolResult{Content: []Content{TextContent{Type: "text", Text: text}}}
}

func NewToolResultJSON[T any](data T) (*CallToolResult, error) { return &CallToolResult{}, nil }

func NewToolResultStructured(structured any, fallbackText string) *CallToolResult {
	return &CallToolResult{StructuredContent: structured}
}

func NewToolResultStructuredOnly(structured any) *CallToolResult {
	return &CallToolResult{StructuredContent: structured}
}

func NewToolResultError(text string) *CallToolResult {
	return &CallToolResult{Content: []Content{TextContent{Type: "text", Text: text}}, IsError: true}
}

func NewToolResultErrorFromErr(text string, err error) *CallToolResult {
	if err != nil {
		text = fmt.Sprintf("%s: %v", text, err)
	}
	return &CallToolResult{Content: []Content{TextContent{Type: "text", Text: text}}, IsError: true}
}

func NewToolResultErrorf(format string, a ...any) *CallToolResult {
	return &CallToolResult{Content: []Content{TextContent{Type: "text", Text: fmt.Sprintf(format, a...)}}, IsError: true}
}

func NewToolResultContent(toolUseID string, content []Content, isError bool) ToolResultContent {
	return ToolResultContent{Type: "tool_result", ToolUseID: toolUseID, Content: content, IsError: isError}
}

type TypedToolHandlerFunc[T any] func(ctx context.Context, request CallToolRequest, args T) (*CallToolResult, error)

type StructuredToolHandlerFunc[TArgs any, TResult any] func(ctx context.Context, request CallToolRequest, args TArgs) (TResult, error)

func NewTypedToolHandler[T any](handler TypedToolHandlerFunc[T]) func(ctx context.Context, request CallToolRequest) (*CallToolResult, error) {
	return func(ctx context.Context, request CallToolRequest) (*CallToolResult, error) {
		var args T
		return handler(ctx, request, args)
	}
}

func NewStructuredToolHandler[TArgs any, TResult any](handler StructuredToolHandlerFunc[TArgs, TResult]) func(ctx context.Context, request CallToolRequest) (*CallToolResult, error) {
	return func(ctx context.Context, request CallToolRequest) (*CallToolResult, error) {
		var args TArgs
		result, err := handler(ctx, request, args)
		if err != nil {
			return NewToolResultError(fmt.Sprintf("tool execution failed: %v", err)), nil
		}
		return NewToolResultStructuredOnly(result), nil
	}
}
