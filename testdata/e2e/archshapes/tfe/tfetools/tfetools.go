// Package tfetools is the Terraform Cloud tools, each built by a factory
// from a client.
package tfetools

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Client is an in-memory Terraform Cloud organization.
type Client struct {
	User       string
	Workspaces map[string]string // name -> current run status
}

// NewClient returns an organization with two workspaces.
func NewClient() *Client {
	return &Client{User: "ci-bot", Workspaces: map[string]string{"network": "applied", "payments": "planning"}}
}

// WhoAmI is the tool that names the signed-in user.
func WhoAmI(c *Client) server.ServerTool {
	return server.ServerTool{
		Tool:    mcp.NewTool("tfe_whoami", mcp.WithDescription("Name the Terraform Cloud user the server acts as.")),
		Handler: c.whoAmI,
	}
}

// ListWorkspaces is the tool that lists workspaces and their run status.
func ListWorkspaces(c *Client) server.ServerTool {
	return server.ServerTool{
		Tool: mcp.NewTool("tfe_list_workspaces",
			mcp.WithDescription("List the workspaces and the status of their current run."),
			mcp.WithString("prefix", mcp.Description("Only workspaces whose name starts with this.")),
		),
		Handler: c.listWorkspaces,
	}
}

func (c *Client) whoAmI(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("Signed in as " + c.User + "."), nil
}

func (c *Client) listWorkspaces(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	prefix := req.GetString("prefix", "")
	var lines []string
	for name, status := range c.Workspaces {
		if strings.HasPrefix(name, prefix) {
			lines = append(lines, fmt.Sprintf("%s: %s", name, status))
		}
	}
	if len(lines) == 0 {
		return mcp.NewToolResultText("No workspace starts with '" + prefix + "'."), nil
	}
	sort.Strings(lines)
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}
