// Package store is the demo's storage layer: it imports no MCP SDK, and
// what its functions do on failure reaches the tools as facts.
package store

import (
	"errors"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
)

// Note is a stored note.
type Note struct{ Path, Text string }

// Store keeps notes under a directory.
type Store struct{ Dir string }

// Search hides a failure to read the directory as "no notes".
func (s *Store) Search(q string) ([]Note, error) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		log.Printf("search: %v", err)
		return nil, nil
	}
	var out []Note
	for _, e := range entries {
		if strings.Contains(e.Name(), q) {
			out = append(out, Note{Path: e.Name()})
		}
	}
	return out, nil
}

// SearchChecked returns the error.
func (s *Store) SearchChecked(q string) ([]Note, error) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil, err
	}
	var out []Note
	for _, e := range entries {
		if strings.Contains(e.Name(), q) {
			out = append(out, Note{Path: e.Name()})
		}
	}
	return out, nil
}

// List answers a missing directory with an empty list.
func (s *Store) List(sub string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(s.Dir, sub))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names, nil
}
