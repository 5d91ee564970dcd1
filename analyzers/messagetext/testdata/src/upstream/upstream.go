// Package upstream is an API client whose errors carry the upstream's
// URLs and internals.
package upstream

import "fmt"

type Client struct{}

type QueryError struct{ Field string }

func (e *QueryError) Error() string {
	return fmt.Sprintf("field %q is not searchable; use title or body", e.Field)
}

func (c *Client) Get(id string) (string, error) {
	return "", fmt.Errorf("GET https://internal/notes/%s: 502", id)
}

func (c *Client) Search(q string) ([]string, *QueryError) { return nil, nil }
