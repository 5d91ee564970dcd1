// Package paths splits the document paths the tools take.
package paths

import (
	"errors"
	"strings"
)

// ExtractMount returns the mount name that starts args["path"]
// ("docs/guide/intro.md" → "docs").
func ExtractMount(args map[string]any) (string, error) {
	p, _ := args["path"].(string)
	if p == "" {
		return "", errors.New("path is required")
	}
	if strings.HasPrefix(p, "/") {
		return "", errors.New("path must be relative")
	}
	mount, _, ok := strings.Cut(p, "/")
	if !ok || mount == "" {
		return "", errors.New("path has no mount")
	}
	return mount, nil
}
