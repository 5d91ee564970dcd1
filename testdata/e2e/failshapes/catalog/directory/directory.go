// Package directory reads the ownership file. It imports no MCP SDK: what
// its functions do on failure reaches the tools that call them.
package directory

import (
	"log/slog"
	"os"
	"strings"
)

// Directory is the ownership file, one "kind: owner" a line.
type Directory struct{ Path string }

// Owners returns the owners of kind.
func (d *Directory) Owners(kind string) []string {
	data, err := os.ReadFile(d.Path)
	if err != nil {
		slog.Debug("read ownership file", "path", d.Path, "err", err)
		return nil
	}
	var owners []string
	for _, line := range strings.Split(string(data), "\n") {
		k, who, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(k) == kind {
			owners = append(owners, strings.TrimSpace(who))
		}
	}
	return owners
}
