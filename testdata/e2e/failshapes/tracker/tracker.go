// Package tracker serves an issue tracker over mcp-go, behind the
// boundary: model-facing text that names environment variables or carries
// a raw file error, next to text the model can act on.
package tracker

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/failshapes/config"
	"example.com/notes/failshapes/edge"
	"example.com/notes/failshapes/toolerr"
	"example.com/notes/failshapes/tracker/utils"
)

// Tracker holds the tools.
type Tracker struct {
	cfg config.Config
}

// NewServer builds the server; every tool is behind the boundary.
func NewServer() *server.MCPServer {
	t := &Tracker{cfg: config.Load()}
	s := server.NewMCPServer("tracker", "1.0.0", server.WithToolHandlerMiddleware(edge.Boundary))
	s.AddTool(mcp.NewTool("sync_issues"), t.sync)
	s.AddTool(mcp.NewTool("tracker_status"), t.status)
	s.AddTool(mcp.NewTool("cached_issues"), t.cached)
	s.AddTool(mcp.NewTool("get_issue"), t.get)
	s.AddTool(mcp.NewTool("list_issues"), t.list)
	s.AddTool(mcp.NewTool("close_issue"), t.close)
	return s
}

// sync names the variable the text tells someone to set.
func (t *Tracker) sync(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if t.cfg.TrackerToken == "" {
		return nil, toolerr.New("The tracker is not configured: ensure TRACKER_TOKEN is set.") // want messagetext "environment variable TRACKER_TOKEN"
	}
	return mcp.NewToolResultText("Sync started."), nil
}

// status names a variable read through config's getEnv, without calling
// it one.
func (t *Tracker) status(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := http.Get(t.cfg.TrackerURL + "/health")
	if err != nil {
		return nil, toolerr.Unavailable("The tracker at the address in TRACKER_URL did not answer; retry in a minute.") // want messagetext "environment variable TRACKER_URL"
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText("The tracker is up."), nil
}

// cached hands the raw error of os.ReadFile to the project's error helper.
func (t *Tracker) cached(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile(filepath.Join(t.cfg.CacheDir, "issues.json"))
	if err != nil {
		return utils.ToolError("Reading the issue cache failed", err) // want iserror "utils.ToolError returns an IsError result" related "raw error of os.ReadFile.*\\(messagetext\\)$"
	}
	return mcp.NewToolResultText(string(data)), nil
}

// --- traps ---

// get uses the same helper with a nil error and actionable text.
func (t *Tracker) get(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	key := req.GetString("key", "")
	if key == "" {
		return utils.ToolError("The 'key' argument is missing. Call list_issues to find an issue key.", nil) // want iserror "utils.ToolError returns an IsError result"
	}
	return mcp.NewToolResultText("Issue " + key), nil
}

// list quotes the contract's ALL_CAPS state values back.
func (t *Tracker) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	state := req.GetString("state", "OPEN")
	switch state {
	case "OPEN", "IN_REVIEW", "CLOSED":
	default:
		return nil, toolerr.CallerError(fmt.Sprintf("The 'state' argument %q is not one of OPEN, IN_REVIEW, CLOSED. Call list_issues with one of them.", state))
	}
	return mcp.NewToolResultText("No issues are " + strings.ToLower(state) + "."), nil
}

// close names a role in ALL_CAPS that shares the variables' prefix.
func (t *Tracker) close(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !req.GetBool("as_admin", false) {
		return nil, toolerr.CallerError("Closing an issue needs the TRACKER_ADMIN role. Call close_issue with as_admin true, or ask the user to close it.")
	}
	return mcp.NewToolResultText("Closed."), nil
}
