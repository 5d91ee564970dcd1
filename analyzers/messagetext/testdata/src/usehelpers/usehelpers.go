// Package usehelpers calls another package's result helpers.
package usehelpers

import (
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"helpers"
)

type Client struct{ http *http.Client }

func (c *Client) get(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := c.http.Get("https://api.example.com/x")
	if err != nil {
		return helpers.ErrorFromErr("request failed", err), nil // want `raw error of \(\*http.Client\).Get`
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			return helpers.ErrorFromErr("failed to read response body", err), nil // want `raw error of io.ReadAll`
		}
		return helpers.StatusError("request failed", resp.StatusCode, body), nil // want `includes the body of an HTTP response`
	}
	var v map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil {
		return helpers.ErrorFromErr("decode", err), nil // unknown: the decoder's input may be anything
	}
	out, err := json.Marshal(v)
	if err != nil {
		return helpers.Errorf("marshal: %v", err), nil // want `raw error of json.Marshal`
	}
	if len(out) > 1<<20 {
		return helpers.ErrorResult("The result is larger than 1 MB; narrow the query and call get again. See the docs."), nil // want `points elsewhere \("See the docs"\)`
	}
	return helpers.Text("error: " + err.Error()), nil // not an error result
}

// A same-package helper is a sink too.
func fail(msg string) *mcp.CallToolResult {
	return helpers.ErrorResult("get failed: " + msg)
}

func (c *Client) local(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := c.http.Head("https://api.example.com/x"); err != nil {
		return fail(err.Error()), nil // want `raw error of \(\*http.Client\).Head`
	}
	return fail("The service is busy; the request was fine, retry later."), nil
}

func (c *Client) put(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, err := c.http.Post("https://api.example.com/x", "text/plain", nil); err != nil {
		return helpers.ToolError("upload failed", err), nil // want `raw error of \(\*http.Client\).Post`
	}
	// Clean: no error to add, and text the model can act on.
	return helpers.ToolError("The upload was refused; the request was fine, retry later.", nil), nil
}
