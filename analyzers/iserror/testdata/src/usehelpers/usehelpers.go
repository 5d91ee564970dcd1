// Package usehelpers calls the helpers of another package from its tools.
package usehelpers

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"helpers"
)

type In struct{ Owner string }

func get(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if in.Owner == "" {
		return helpers.NewToolResultError("owner is required"), nil, nil // want `helpers.NewToolResultError returns an IsError result built outside the tool boundary`
	}
	data, err := fetch(in.Owner)
	if err != nil {
		return helpers.NewAPIErrorResponse(ctx, "failed to get owner", err), nil, nil // want `helpers.NewAPIErrorResponse returns an IsError result`
	}
	if in.Owner == "x" {
		return helpers.ResultOr(data, err), nil, nil // want `helpers.ResultOr returns an IsError result built outside the tool boundary when its err argument is non-nil`
	}
	var c helpers.Checked
	if _, res := c.Arg(nil, "owner"); res != nil { // want `\(helpers.Checked\).Arg returns an IsError result`
		return res, nil, nil
	}
	return helpers.ResultOr(data, nil), nil, nil // clean
}

func fetch(owner string) (string, error) { return "", errors.New("down") }

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "get"}, get)
	s.AddTool(&mcp.Tool{Name: "text"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return helpers.NewToolResultText("ok"), nil // clean
	})
}
