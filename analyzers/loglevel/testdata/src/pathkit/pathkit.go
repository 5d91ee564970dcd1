// Package pathkit checks paths the model sends; it imports no SDK.
package pathkit

import (
	"errors"
	"strings"
)

var ErrRelative = errors.New("path is relative")

// ExtractMount returns the mount of an absolute path.
func ExtractMount(args map[string]any) (string, error) {
	p, _ := args["path"].(string)
	if !strings.HasPrefix(p, "/") {
		return "", ErrRelative
	}
	return strings.SplitN(p[1:], "/", 2)[0], nil
}
