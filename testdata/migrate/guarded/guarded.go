// Package guarded is an mcp-go server built like many in the wild: its
// constructor takes options, puts its own tool middleware first in a
// slice, and appends the caller's, among them an allowlist middleware
// that answers a denied call with an IsError result. -fix puts the
// boundary first of them all: mcp-go runs the first middleware
// outermost, so the boundary sees what every middleware returns.
package guarded

import (
	"context"
	"log"
	"slices"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Allowlist denies calls whose org argument is not in orgs.
func Allowlist(orgs []string) server.ToolHandlerMiddleware {
	return func(next server.ToolHandlerFunc) server.ToolHandlerFunc {
		return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			org := req.GetString("org", "")
			if org != "" && !slices.Contains(orgs, org) {
				return mcp.NewToolResultError("The organization '" + org + "' is not allowed on this server. Use one of the allowed organizations."), nil
			}
			return next(ctx, req)
		}
	}
}

// logCalls logs each tool call.
func logCalls(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		log.Printf("tool %s", req.Params.Name)
		return next(ctx, req)
	}
}

// NewServer builds the server with its own options and the caller's.
func NewServer(version string, opts ...server.ServerOption) *server.MCPServer {
	defaultOpts := []server.ServerOption{
		server.WithToolCapabilities(true),
		server.WithToolHandlerMiddleware(logCalls),
	}
	opts = append(defaultOpts, opts...)

	s := server.NewMCPServer(
		"guarded",
		version,
		opts...,
	)
	s.AddTool(mcp.NewTool("list_repos", mcp.WithString("org", mcp.Required())), listRepos)
	s.AddTool(mcp.NewTool("list_orgs"), listOrgs)
	return s
}

// Main builds the server as the command does.
func Main(orgs []string) *server.MCPServer {
	serverOpts := []server.ServerOption{server.WithRecovery()}
	if len(orgs) > 0 {
		serverOpts = append(serverOpts, server.WithToolHandlerMiddleware(Allowlist(orgs)))
	}
	return NewServer("1.0.0", serverOpts...)
}

func listRepos(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	org, err := req.RequireString("org")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText("repos of " + org), nil
}

func listOrgs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if req.GetString("filter", "") == "*" {
		return mcp.NewToolResultError("The 'filter' argument cannot be '*'. Leave it empty to list every organization."), nil
	}
	return mcp.NewToolResultText("orgs"), nil
}
