// Package wrap hides the SDK's server behind the project's own type, and
// calls each toolset it is given through the toolset interface.
package wrap

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"ifaces/xpkg/toolset"
)

type Server struct{ mcp *mcp.Server }

func New(name string) *Server {
	return &Server{mcp: mcp.NewServer(&mcp.Implementation{Name: name}, nil)}
}

func (s *Server) Register(sets ...toolset.Toolset) {
	for _, ts := range sets {
		ts.RegisterTools(s.mcp)
	}
}

// Guarded is the wrapper with the boundary installed where it builds the
// SDK's server.
type Guarded struct{ mcp *mcp.Server }

func Boundary(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		return next(ctx, method, req)
	}
}

func NewGuarded(name string) *Guarded {
	s := mcp.NewServer(&mcp.Implementation{Name: name}, nil)
	s.AddReceivingMiddleware(Boundary)
	return &Guarded{mcp: s}
}

func (g *Guarded) Register(sets ...toolset.Toolset) {
	for _, ts := range sets {
		ts.RegisterTools(g.mcp)
	}
}
