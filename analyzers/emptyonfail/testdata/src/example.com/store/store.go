// Package store is a storage layer that imports no MCP SDK: what its
// functions do on failure travels to the tools that call them as facts.
package store

import (
	"database/sql"
	"errors"
	"io/fs"
	"log"
	"os"
	"path/filepath"
)

type Note struct{ Path string }

type Store struct{ db *sql.DB }

var ErrNoteNotFound = errors.New("note not found")

func (s *Store) query(q string) ([]Note, error) {
	rows, err := s.db.Query("select path from notes where text like ?", q)
	if err != nil {
		log.Printf("query: %v", err)
		return nil, nil
	}
	defer rows.Close()
	var out []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.Path); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// Search swallows the failure of the query.
func (s *Store) Search(q string) ([]Note, error) { // want Search:`emptyonfail\(returns \[\]store.Note\{\} on the failure of s.db.Query at store.go:\d+\)`
	rows, err := s.db.Query("select path from notes where text like ?", q)
	if err != nil {
		return []Note{}, nil
	}
	defer rows.Close()
	return nil, nil
}

// Find passes on what query returns.
func (s *Store) Find(q string) ([]Note, error) { // want Find:`emptyonfail\(returns nil on the failure of s.db.Query at store.go:\d+ via \(\*store.Store\).query\)`
	return s.query(q)
}

// Lookup passes on what Search returns.
func (s *Store) Lookup(q string) ([]Note, error) { // want Lookup:`via \(\*store.Store\).Search\)`
	notes, err := s.Search(q)
	if err != nil {
		return nil, err
	}
	return notes, nil
}

// Sync swallows its failure.
func Sync(dir string) error { // want Sync:`emptyonfail\(returns nil on the failure of os.MkdirAll`
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Print(err)
		return nil
	}
	return nil
}

// SyncAll passes on what Sync returns.
func SyncAll() error { return Sync("/notes") } // want SyncAll:`via store.Sync\)`

// --- clean: no fact ---

// SearchOK returns the error.
func (s *Store) SearchOK(q string) ([]Note, error) {
	rows, err := s.db.Query("select path from notes where text like ?", q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return []Note{}, nil
}

// Checked inspects what Search returned: it does not pass it on unchanged.
func (s *Store) Checked(q string) ([]Note, error) {
	notes, err := s.Search(q)
	if err != nil {
		return nil, err
	}
	if len(notes) == 0 {
		return nil, errors.New("nothing")
	}
	return notes, nil
}

// List answers a missing directory with an empty list: absence is in a
// list's contract.
func List(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
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

// Get answers a missing note with nil: the "nil means absent" idiom.
func (s *Store) Get(path string) (*Note, error) {
	var n Note
	err := s.db.QueryRow("select path from notes where path = ?", path).Scan(&n.Path)
	switch {
	case errors.Is(err, sql.ErrNoRows), errors.Is(err, ErrNoteNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	}
	return &n, nil
}

// Remove is idempotent: a missing file is already removed.
func Remove(path string) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// Files walks a tree; the walk function's nil means "go on".
func Files(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if _, serr := os.Stat(p); serr != nil {
			return nil
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
