// Package validatorkit reads a tool call's arguments for the handlers of // want package:"reaches an MCP SDK"
// other packages: its validators are known to them by a fact.
package validatorkit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

var ErrMissing = errors.New("missing argument")

// Param returns the argument name of type T.
func Param[T any](req mcp.CallToolRequest, name string, required bool) (T, error) { // want Param:"validator"
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

// MountOf checks a mount path the model sent, whatever its name.
func MountOf(args map[string]any) (string, error) { // want MountOf:"validator"
	p, _ := args["mount"].(string)
	if p == "" || !strings.HasPrefix(p, "/") {
		return "", errors.New("mount must be an absolute path")
	}
	return strings.TrimSuffix(p, "/"), nil
}

// Mounts is the server's state.
var Mounts = map[string]bool{"/data": true}

// Known reads the server's state: its error is not about the arguments.
func Known(p string) error {
	if !Mounts[p] {
		return errors.New("no such mount")
	}
	return nil
}

// Echo never fails: it validates nothing.
func Echo(s string) (string, error) { return s, nil }

// A Reader reads through its receiver: server state.
type Reader struct{ root string }

func (r *Reader) Check(p string) error {
	if !strings.HasPrefix(p, r.root) {
		return errors.New("outside the root")
	}
	return nil
}

// limit is a validator, but not exported: no fact.
func limit(n int) (int, error) {
	if n < 0 {
		return 0, errors.New("negative")
	}
	return n, nil
}

var _ = limit

// ParamOK reports whether the argument was sent, with named results and
// bare returns: it fails where it assigns its error.
func ParamOK[T any](req mcp.CallToolRequest, name string) (value T, ok bool, err error) { // want ParamOK:"validator"
	raw, sent := req.GetArguments()[name]
	if !sent {
		return
	}
	value, ok = raw.(T)
	if !ok {
		err = fmt.Errorf("argument %s has type %T", name, raw)
		ok = true
		return
	}
	return
}
