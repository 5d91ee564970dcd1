// Package installlater serves tools another package registers on the
// go-sdk server it builds and returns: go-sdk takes middleware at any time,
// so the fix installs the boundary on the returned server once its error
// is tested, and a server given the boundary that way is wrapped.
package installlater

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"srvkit"
)

// ReceivingBoundary is the go-sdk boundary, as receiving middleware.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler { return next }
}

func run(ctx context.Context) error {
	s, err := srvkit.NewServer("notes") // want `srvkit.NewServer registers tool "search_notes" \(handler srvkit.search\) without the tool boundary; install the boundary where the server is built`
	if err != nil {
		return err
	}
	return s.Run(ctx, nil)
}

// runWrapped adds the boundary to the returned server: nothing to report.
func runWrapped(ctx context.Context) error {
	s, err := srvkit.NewServer("notes")
	if err != nil {
		return err
	}
	s.AddReceivingMiddleware(ReceivingBoundary())
	return s.Run(ctx, nil)
}

// runUnchecked uses the server before testing the error: the boundary
// cannot go in between, so no fix.
func runUnchecked(ctx context.Context) error {
	s, err := srvkit.NewServer("notes") // want `srvkit.NewServer registers tool "search_notes" \(handler srvkit.search\) without the tool boundary; install the boundary where the server is built`
	_ = s.Run(ctx, nil)
	return err
}
