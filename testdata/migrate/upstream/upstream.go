// Package upstream is an mcp-go server in front of a REST API whose
// client returns an HTTP response with each error, and of a file store
// with its own path check. -fix keeps caller mistakes caller errors where
// the site shows them, and hands the errors whose outcome only the
// upstream's status would tell to toolerr.Upstream, which reads it.
package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Response is the API's response, as go-github's: the HTTP response
// embedded.
type Response struct{ *http.Response }

// Repo is a repository.
type Repo struct{ Name string }

// Client calls the API; its calls fail with Err, when set.
type Client struct{ Err error }

// GetRepo fetches a repository.
func (c *Client) GetRepo(ctx context.Context, owner, repo string) (*Repo, *Response, error) {
	if c.Err != nil {
		return nil, nil, c.Err
	}
	return &Repo{Name: owner + "/" + repo}, &Response{}, nil
}

// ErrWorkspaceNotFound is the store's sentinel for an unknown workspace.
var ErrWorkspaceNotFound = errors.New("workspace not found")

// readWorkspace reads a workspace from the store's directory.
func (s *Server) readWorkspace(name string) (string, error) {
	data, err := os.ReadFile(filepath.Join(s.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return "", ErrWorkspaceNotFound
	}
	return string(data), err
}

// Server holds the API client and the allowed directory.
type Server struct {
	c       *Client
	dir     string
	allowed string
}

// New builds the server.
func New(s0 *Server) *server.MCPServer {
	s := server.NewMCPServer("upstream", "1.0.0")
	s.AddTool(mcp.NewTool("get_repo", mcp.WithString("owner"), mcp.WithString("repo")), s0.getRepo)
	s.AddTool(mcp.NewTool("get_repo_name", mcp.WithString("owner"), mcp.WithString("repo")), s0.getRepoName)
	s.AddTool(mcp.NewTool("get_home_repo"), s0.getHomeRepo)
	s.AddTool(mcp.NewTool("fetch_repo", mcp.WithString("owner"), mcp.WithString("repo")), s0.fetchRepo)
	s.AddTool(mcp.NewTool("owner_info", mcp.WithString("owner")), s0.ownerInfo)
	s.AddTool(mcp.NewTool("repo_name", mcp.WithString("owner"), mcp.WithString("repo")), s0.repoName)
	s.AddTool(mcp.NewTool("read_workspace", mcp.WithString("name")), s0.getWorkspace)
	s.AddTool(mcp.NewTool("read_file", mcp.WithString("path")), s0.readFile)
	s.AddTool(mcp.NewTool("stat_file", mcp.WithString("path")), s0.statFile)
	return s
}

// getRepo tests the upstream's status: a 404 is the model's mistake.
func (s *Server) getRepo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner, err := req.RequireString("owner")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("missing required input: owner", err), nil
	}
	repo := req.GetString("repo", "")
	r, resp, err := s.c.GetRepo(ctx, owner, repo)
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			return mcp.NewToolResultError(fmt.Sprintf("failed to get repository %s/%s: %v", owner, repo, err)), nil
		}
		return mcp.NewToolResultError(fmt.Sprintf("failed to get repository %s/%s: %v", owner, repo, err)), nil
	}
	data, err := json.Marshal(r)
	if err != nil {
		return mcp.NewToolResultErrorf("Failed to encode the repository: %v", err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// getRepoName does not: the error may be a 404 or a fault, and only the
// status the error carries tells.
func (s *Server) getRepoName(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, _, err := s.c.GetRepo(ctx, req.GetString("owner", ""), req.GetString("repo", ""))
	if err != nil {
		return mcp.NewToolResultError("failed to get repository: " + err.Error()), nil
	}
	return mcp.NewToolResultText(r.Name), nil
}

// getHomeRepo asks for a repository the model did not name: the status
// decides all the same, since what a request holds is not always in sight
// (a request built by another call, from the model's values or not).
func (s *Server) getHomeRepo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, _, err := s.c.GetRepo(ctx, "octo", "home")
	if err != nil {
		return mcp.NewToolResultError("failed to get the home repository: " + err.Error()), nil
	}
	return mcp.NewToolResultText(r.Name), nil
}

func (s *Server) fetchRepo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return s.repoResult(ctx, req.GetString("owner", ""), req.GetString("repo", ""), "failed to fetch the repository")
}

// repoResult takes the wording of its failure from its caller: the fix
// hands that text to toolerr.Upstream as it is, not through
// fmt.Sprintf("%s", failure).
func (s *Server) repoResult(ctx context.Context, owner, repo, failure string) (*mcp.CallToolResult, error) {
	r, _, err := s.c.GetRepo(ctx, owner, repo)
	if err != nil {
		return mcp.NewToolResultErrorFromErr(failure, err), nil
	}
	return mcp.NewToolResultText(r.Name), nil
}

func (s *Server) getWorkspace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	w, err := s.readWorkspace(name)
	if errors.Is(err, ErrWorkspaceNotFound) {
		return mcp.NewToolResultErrorf("Error reading workspace '%s': %v", name, err), nil
	}
	// Not a fix: readWorkspace's errors may say not found.
	if err != nil {
		return mcp.NewToolResultErrorf("GitHub API failed to read workspace '%s': %v", name, err), nil
	}
	return mcp.NewToolResultText(w), nil
}

// validatePath is the project's own check that a path is under the
// allowed directory.
func (s *Server) validatePath(path string) (string, error) {
	abs := filepath.Clean(path)
	if !strings.HasPrefix(abs, s.allowed) {
		return "", fmt.Errorf("path %s is outside %s", abs, s.allowed)
	}
	return abs, nil
}

func (s *Server) readFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	path := req.GetString("path", "")
	abs, err := s.validatePath(path)
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("access denied - path outside allowed directories: %v", err)), nil
	}
	return mcp.NewToolResultText(abs), nil
}

// checkPath is the project's own check, whose errors say access denied
// for some paths and are faults for others: the site cannot tell which,
// so -fix makes the access-denied errors caller ToolErrors where they are
// made, and the site a fault wrapping the error, which the boundary tells
// apart.
func (s *Server) checkPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("invalid path: %w", err)
	}
	if strings.Contains(abs, "..") {
		return "", fmt.Errorf("access denied - relative paths are not allowed")
	}
	if !strings.HasPrefix(abs, s.allowed) {
		return "", fmt.Errorf(
			"access denied - path outside allowed directories: %s",
			abs,
		)
	}
	return abs, nil
}

func (s *Server) statFile(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	abs, err := s.checkPath(req.GetString("path", ""))
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("Error: %v", err)), nil
	}
	data, err := json.Marshal(abs)
	if err != nil {
		return mcp.NewToolResultErrorf("JSON encoding of %s failed: %v", abs, err), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

// checkOwner's own verdicts say access denied, and something else that
// may be the model's mistake too: the site keeps its finding, no fix.
func (s *Server) checkOwner(owner string) error {
	if owner == "" {
		return fmt.Errorf("access denied - no owner")
	}
	if !strings.HasPrefix(owner, "octo") {
		return fmt.Errorf("owner %s does not belong to this server", owner)
	}
	return nil
}

func (s *Server) ownerInfo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if err := s.checkOwner(req.GetString("owner", "")); err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("Error: %v", err)), nil
	}
	return mcp.NewToolResultText("ok"), nil
}

// findRepo is the project's own lookup, which also hands on the API's
// response: its own not-found error becomes a caller ToolError, and the
// site goes through toolerr.Upstream, whose status decides the rest.
func (s *Server) findRepo(ctx context.Context, owner, repo string) (*Repo, *Response, error) {
	r, resp, err := s.c.GetRepo(ctx, owner, repo)
	if err != nil {
		return nil, resp, err
	}
	if r.Name == "" {
		return nil, resp, fmt.Errorf("repository %s/%s not found", owner, repo)
	}
	return r, resp, nil
}

func (s *Server) repoName(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	r, _, err := s.findRepo(ctx, req.GetString("owner", ""), req.GetString("repo", ""))
	if err != nil {
		return mcp.NewToolResultError("failed to find repository: " + err.Error()), nil
	}
	return mcp.NewToolResultText(r.Name), nil
}
