// Package reqkit reads a tool call's arguments for the handlers of other
// packages, as many servers' utils packages do.
package reqkit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

var ErrMissing = errors.New("missing argument")

// GetToolReqParam returns the argument name of type T; a required one that
// is absent is an error.
func GetToolReqParam[T any](req mcp.CallToolRequest, name string, required bool) (T, error) {
	var zero T
	raw, ok := req.GetArguments()[name]
	if !ok {
		if required {
			return zero, fmt.Errorf("%w: %s", ErrMissing, name)
		}
		return zero, nil
	}
	v, ok := raw.(T)
	if !ok {
		return zero, fmt.Errorf("argument %s has type %T", name, raw)
	}
	return v, nil
}

// ExtractMountPath checks a mount path the model sent: a validator
// whatever its name.
func ExtractMountPath(args map[string]any) (string, error) {
	p, _ := args["mount"].(string)
	if p == "" || !strings.HasPrefix(p, "/") {
		return "", errors.New("mount must be an absolute path")
	}
	return strings.TrimSuffix(p, "/"), nil
}

// Mounts is the server's state.
var Mounts = map[string]bool{"/data": true}

// KnownMount reads the server's state: its error is not about the
// arguments alone.
func KnownMount(p string) error {
	if !Mounts[p] {
		return errors.New("no such mount")
	}
	return nil
}

// Never fails: it validates nothing.
func Echo(s string) (string, error) { return s, nil }
