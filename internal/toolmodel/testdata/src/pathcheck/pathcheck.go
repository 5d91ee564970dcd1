// Package pathcheck checks paths the model sends; it imports no SDK, and
// its validators are still known to the packages that do.
package pathcheck

import (
	"errors"
	"strings"
)

var ErrRelative = errors.New("path is relative")

// Mount returns the mount of an absolute path.
func Mount(args map[string]any) (string, error) { // want Mount:"validator"
	p, _ := args["path"].(string)
	if !strings.HasPrefix(p, "/") {
		return "", ErrRelative
	}
	return strings.SplitN(p[1:], "/", 2)[0], nil
}

// Clean calls a validator: a validator too.
func Clean(args map[string]any) (string, error) { // want Clean:"validator"
	m, err := Mount(args)
	if err != nil {
		return "", err
	}
	return strings.ToLower(m), nil
}
