// Package apiclient is a project's HTTP client that keeps the upstream's
// answer in its own response type.
package apiclient

import (
	"bytes"
	"io"
	"net/http"
)

// Response is what a call answered.
type Response struct {
	Status int
	Body   []byte        // want Body:"upstreamBody"
	Raw    *bytes.Buffer // want Raw:"upstreamBody"
	URL    string
	Note   string
}

type Client struct{ http *http.Client }

// Do sends the request and keeps the answer.
func (c *Client) Do(req *http.Request) (*Response, error) { // want Do:"rawError\\(\\(\\*http.Client\\).Do, io.ReadAll\\)"
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	return &Response{Status: resp.StatusCode, Body: b, Raw: bytes.NewBuffer(b), URL: req.URL.String(), Note: "fetched"}, nil
}
