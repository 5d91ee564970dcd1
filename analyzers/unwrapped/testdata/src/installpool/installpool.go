// Package installpool registers the definitions of regpool on the go-sdk
// server it builds: the fix installs the boundary where it is built.
package installpool

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"regpool"
)

// ReceivingBoundary is the go-sdk boundary, as receiving middleware.
func ReceivingBoundary() mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler { return next }
}

func newServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil) // want `tool "tag_note" \(handler \(a function literal in regtools.Tag\)\) is registered on this server without the tool boundary; install the boundary as server middleware here`
	for _, ts := range regpool.Builtin() {
		for _, d := range ts.Tools {
			d.Register(s)
		}
	}
	return s
}
