// Package notes is the example server's note store: notes are files under
// one directory, each with a version that changes with its text.
package notes

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Errors the store returns for a request the caller can correct.
var (
	ErrInvalidPath     = errors.New("invalid note path")
	ErrVersionMismatch = errors.New("note version mismatch")
	ErrIndexing        = errors.New("search index is being rebuilt")
)

// A Note is one note's text and version.
type Note struct {
	Path    string
	Text    string
	Version string
}

// A Store keeps notes as files under Dir.
type Store struct {
	dir string

	mu    sync.Mutex
	index map[string]string // path -> text; nil while rebuilding
}

// Open returns the store of the notes under dir, with its search index
// built.
func Open(dir string) (*Store, error) {
	s := &Store{dir: dir}
	if err := s.Rebuild(); err != nil {
		return nil, err
	}
	return s, nil
}

// Invalidate drops the search index until the next Rebuild.
func (s *Store) Invalidate() {
	s.mu.Lock()
	s.index = nil
	s.mu.Unlock()
}

// Rebuild reads every note into the search index.
func (s *Store) Rebuild() error {
	index := map[string]string{}
	err := filepath.WalkDir(s.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".md") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(s.dir, path)
		if err != nil {
			return err
		}
		index[filepath.ToSlash(rel)] = string(data)
		return nil
	})
	if err != nil {
		return fmt.Errorf("index notes: %w", err)
	}
	s.mu.Lock()
	s.index = index
	s.mu.Unlock()
	return nil
}

func (s *Store) file(path string) (string, error) {
	if !fs.ValidPath(path) || path == "." || !strings.HasSuffix(path, ".md") {
		return "", ErrInvalidPath
	}
	return filepath.Join(s.dir, filepath.FromSlash(path)), nil
}

func version(text []byte) string {
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:4])
}

// Read returns the note at path; the error wraps fs.ErrNotExist when there
// is none.
func (s *Store) Read(path string) (Note, error) {
	file, err := s.file(path)
	if err != nil {
		return Note{}, err
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return Note{}, err
	}
	return Note{Path: path, Text: string(data), Version: version(data)}, nil
}

// Update replaces the text of the note at path if its version is still
// ifMatch, and returns the updated note.
func (s *Store) Update(path, text, ifMatch string) (Note, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, err := s.Read(path)
	if err != nil {
		return Note{}, err
	}
	if cur.Version != ifMatch {
		return Note{}, fmt.Errorf("%w: %s is at %s", ErrVersionMismatch, path, cur.Version)
	}
	file, _ := s.file(path)
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return Note{}, err
	}
	if s.index != nil {
		s.index[path] = text
	}
	return Note{Path: path, Text: text, Version: version([]byte(text))}, nil
}

// Search returns the paths of the notes whose text contains query, sorted.
func (s *Store) Search(query string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.index == nil {
		return nil, ErrIndexing
	}
	paths := []string{}
	for path, text := range s.index {
		if strings.Contains(text, query) {
			paths = append(paths, path)
		}
	}
	sort.Strings(paths)
	return paths, nil
}
