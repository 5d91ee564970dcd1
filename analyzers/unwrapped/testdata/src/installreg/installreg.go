// Package installreg registers the tools a regpool registry hands out on
// the go-sdk server it builds: which tools is the registry's business, but
// every one is a definition of regpool, registered without the boundary.
package installreg

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"regpool"
)

// ReceivingBoundary is the go-sdk boundary, as receiving middleware.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler { return next }
}

func newServer(names []string) *mcp.Server {
	reg := regpool.NewRegistry()
	reg.Add(regpool.Builtin())
	s := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil) // want `tool "tag_note" \(handler \(a function literal in regtools.Tag\)\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	for _, d := range reg.Enabled(names) {
		d.Register(s)
	}
	return s
}

// newWrapped registers the same tools on a server with the boundary:
// nothing to report.
func newWrapped(names []string) *mcp.Server {
	reg := regpool.NewRegistry()
	reg.Add(regpool.Builtin())
	s := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil)
	s.AddReceivingMiddleware(ReceivingBoundary())
	for _, d := range reg.Enabled(names) {
		d.Register(s)
	}
	return s
}
