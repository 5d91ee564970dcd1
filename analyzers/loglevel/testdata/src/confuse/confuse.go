package confuse

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"confkit"
)

type fetcher interface{ Fetch(id string) error }

func Register(s *server.MCPServer, f fetcher) {
	s.AddTool(mcp.NewTool("fetch"), func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		err := f.Fetch(req.GetString("id", ""))
		if errors.Is(err, confkit.ErrGone) {
			return nil, &confkit.Problem{Text: "That item is gone."} // want `on the confkit.ErrGone path`
		}
		if errors.Is(err, confkit.ErrGone) {
			return nil, confkit.NewProblem("That item is gone.") // want `on the confkit.ErrGone path`
		}
		if errors.Is(err, confkit.ErrGone) {
			return nil, &confkit.Problem{Text: "That item is gone.", Severity: confkit.SeverityInfo}
		}
		return nil, nil
	})
}
