// Package reqparams reads tool arguments from an mcp-go request.
package reqparams

import (
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
)

// Get returns the argument key as a T. With required set, an absent
// argument is an error.
func Get[T any](req mcp.CallToolRequest, key string, required bool) (T, error) {
	var zero T
	v, ok := req.GetArguments()[key]
	if !ok {
		if required {
			return zero, fmt.Errorf("missing required parameter: %s", key)
		}
		return zero, nil
	}
	t, ok := v.(T)
	if !ok {
		return zero, fmt.Errorf("parameter %s has the wrong type", key)
	}
	return t, nil
}
