// Package mcpgo is the tool boundary for github.com/mark3labs/mcp-go: the
// one place where a tool handler's error becomes what the model reads and
// one log record at the right level.
//
// Install it once per server, and every tool of that server, session tools
// included, is wrapped:
//
//	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary))
//
// or, to log somewhere else than slog.Default():
//
//	s := server.NewMCPServer("notes", "1.0.0",
//		server.WithToolHandlerMiddleware(mcpgo.NewBoundary(mcpgo.WithLogger(logger))))
//
// mcpgo.WithClassifier adds the project's own reading of errors the
// boundary would otherwise call faults (see toolerr.Classifier).
//
// Boundary also wraps a single handler: s.AddTool(tool, mcpgo.Boundary(h)).
// A handler built with mcp.NewStructuredToolHandler loses its error to a
// result whose text is the error's (so no boundary can see it): register
// mcpgo.StructuredBoundary(h) instead.
//
// What the boundary does with the error a handler returns:
//
//   - a *toolerr.ToolError: an error result with its message, logged once
//     at its level;
//   - an error a classifier given with WithClassifier reads as a
//     ToolError: the same, with that ToolError;
//   - a timeout, an upstream rate limit, or an upstream unavailable for a
//     stated time: an error result telling the model to retry, and when
//     the upstream said when, after how long ("retry in 42s"), logged once
//     at WARNING (toolerr.Resolve lists what is recognised);
//   - any other error, a panic, or neither a result nor an error: an error
//     result with toolerr.FaultMessage, logged once at ERROR with the cause
//     (and the stack of a panic);
//   - an error after the client cancelled the call, and the SDK's
//     deliberate protocol errors (mcp.URLElicitationRequiredError; a client
//     without elicitation or roots, server.ErrElicitationNotSupported,
//     server.ErrRootsNotSupported, server.ErrServerInitiatedRequestUnsupported):
//     passed through untouched, and not logged.
//
// Boundaries nest without logging twice: an inner boundary turns the error
// into a result, which the outer one passes on. An inner boundary built
// without a logger logs through the outer one's.
//
// Every boundary answers the probe of toolerr/mcpgo/mcpgotest, whose Check
// fails a server's test for each tool a call does not reach the boundary
// for: a call whose context carries the probe, which only Go code of this
// module can build, gets a result without its handler running.
package mcpgo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolcheck/toolcheck/toolerr"
	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
)

// An Option configures a boundary built by NewBoundary.
type Option func(*boundary)

// WithLogger sets the logger the boundary writes its records to. A nil
// logger, or none, means slog.Default() at the time of each call (or the
// logger of an enclosing boundary).
func WithLogger(logger *slog.Logger) Option {
	return func(b *boundary) { b.logger = logger }
}

// WithClassifier adds the project's own reading of its tools' errors,
// consulted, in the order given, after a *toolerr.ToolError the handler
// returned and before the boundary's built-in rules; a nil result leaves
// the error to the next. A boundary given none uses those of a boundary
// enclosing it. See toolerr.Classifier.
func WithClassifier(classify toolerr.Classifier) Option {
	return func(b *boundary) {
		if classify != nil {
			b.classifiers = append(b.classifiers[:len(b.classifiers):len(b.classifiers)], classify)
		}
	}
}

// Boundary is the tool boundary as mcp-go middleware, logging through
// slog.Default(). Pass it to server.WithToolHandlerMiddleware or
// (*server.MCPServer).Use, or wrap one handler with it.
func Boundary(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return boundary{}.wrap(next)
}

// NewBoundary returns the tool boundary as mcp-go middleware, configured by
// opts.
func NewBoundary(opts ...Option) server.ToolHandlerMiddleware {
	var b boundary
	for _, opt := range opts {
		if opt != nil {
			opt(&b)
		}
	}
	return b.wrap
}

// TypedBoundary adapts a typed handler as mcp.NewTypedToolHandler does and
// wraps it in the boundary. Arguments that do not bind to T are a caller
// error (logged at INFO) naming the argument and the type it needs.
func TypedBoundary[T any](h mcp.TypedToolHandlerFunc[T]) server.ToolHandlerFunc {
	return boundary{}.wrap(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args T
		if err := req.BindArguments(&args); err != nil {
			return nil, bindError(req, err)
		}
		return h(ctx, req, args)
	})
}

// StructuredBoundary adapts a structured handler as
// mcp.NewStructuredToolHandler does, but hands the handler's error to the
// boundary instead of sending its text to the model.
func StructuredBoundary[TArgs, TResult any](h mcp.StructuredToolHandlerFunc[TArgs, TResult]) server.ToolHandlerFunc {
	return boundary{}.wrap(func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var args TArgs
		if err := req.BindArguments(&args); err != nil {
			return nil, bindError(req, err)
		}
		out, err := h(ctx, req, args)
		if err != nil {
			return nil, err
		}
		return mcp.NewToolResultStructuredOnly(out), nil
	})
}

// bindError is the caller error for arguments that do not bind to the
// handler's type. It names the argument and the JSON type it needs, and
// leaves out the decoder's text, which names Go types.
func bindError(req mcp.CallToolRequest, err error) error {
	name := req.Params.Name
	var ute *json.UnmarshalTypeError
	if errors.As(err, &ute) && ute.Field != "" && ute.Type != nil {
		return toolerr.CallerError(fmt.Sprintf("The '%s' argument must be %s, not %s; correct it and call %s again.",
			ute.Field, jsonKind(ute.Type), sentKind(ute.Value), name), toolerr.WithCause(err))
	}
	return toolerr.CallerError(fmt.Sprintf("The arguments do not fit the input schema of %s; correct them and call %s again.", name, name),
		toolerr.WithCause(err))
}

// sentKind names the JSON value json.UnmarshalTypeError describes
// ("string", "number -5", "bool").
func sentKind(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	switch kind {
	case "bool":
		return "true or false"
	case "array", "object":
		return "an " + kind
	case "":
		return "something else"
	}
	return "a " + kind
}

// jsonKind says which JSON value a Go type decodes from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another type"
}

// boundary is the configured boundary; its zero value logs through the
// enclosing boundary's logger or slog.Default().
type boundary struct {
	logger      *slog.Logger
	classifiers []toolerr.Classifier
}

type (
	loggerKey     struct{}
	classifierKey struct{}
)

var errNoResult = errors.New("tool handler returned neither a result nor an error")

func init() {
	probe.RegisterBoundary(boundary{}.wrap(func(context.Context, mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return nil, nil
	}))
}

// wrap returns the boundary around next. Every boundary of this package
// returns its closure, which toolerr's check recognises by its code
// pointer; inlined, wrap would compile the closure again under another.
//
//go:noinline
func (b boundary) wrap(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	if next == nil {
		panic("toolerr/mcpgo: nil tool handler")
	}
	return func(ctx context.Context, req mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		if probe.Answer(ctx, req.Params.Name) {
			return mcp.NewToolResultText(probe.Text), nil
		}
		logger := b.logger
		if logger == nil {
			logger, _ = ctx.Value(loggerKey{}).(*slog.Logger)
		} else {
			ctx = context.WithValue(ctx, loggerKey{}, logger)
		}
		classifiers := b.classifiers
		if classifiers == nil {
			classifiers, _ = ctx.Value(classifierKey{}).([]toolerr.Classifier)
		} else {
			ctx = context.WithValue(ctx, classifierKey{}, classifiers)
		}
		tool := req.Params.Name
		start := time.Now()
		defer func() {
			if v := recover(); v != nil {
				te := toolerr.Resolve(ctx, &toolerr.PanicError{Value: v, Stack: debug.Stack()})
				toolerr.Log(ctx, logger, tool, te, time.Since(start))
				res, err = mcp.NewToolResultError(te.Message()), nil
			}
		}()
		res, err = next(ctx, req)
		failure := err
		switch {
		case err == nil && res != nil:
			return res, nil
		case err == nil:
			failure = errNoResult
		case passThrough(err):
			return res, err
		}
		te := toolerr.ResolveWith(ctx, failure, classifiers...)
		if te == nil {
			return res, err
		}
		toolerr.Log(ctx, logger, tool, te, time.Since(start))
		return mcp.NewToolResultError(te.Message()), nil
	}
}

// passThrough reports whether err is one the SDK answers deliberately: a
// URL elicitation the client has to start, or a capability the client
// lacks.
func passThrough(err error) bool {
	var value mcp.URLElicitationRequiredError
	var pointer *mcp.URLElicitationRequiredError
	return errors.As(err, &value) || errors.As(err, &pointer) ||
		errors.Is(err, server.ErrElicitationNotSupported) ||
		errors.Is(err, server.ErrRootsNotSupported) ||
		errors.Is(err, server.ErrServerInitiatedRequestUnsupported)
}
