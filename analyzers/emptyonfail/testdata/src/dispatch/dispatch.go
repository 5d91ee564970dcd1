// Package dispatch reaches helpers through interfaces of its own.
package dispatch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/store"
)

// Index is implemented in this package: its implementation is tool code.
type Index interface {
	Lookup(q string) ([]string, error)
}

type fileIndex struct{ dir string }

func (f *fileIndex) Lookup(q string) ([]string, error) { // want Lookup:"emptyonfail\\(returns nil on the failure of os\\.ReadDir at dispatch\\.go:27, reported\\)"
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return nil, nil // want `failure of os.ReadDir returns nil with a nil error`
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out, nil
}

// Searcher's only implementation among the imported packages is
// *store.Store, whose Search returns empty on failure.
type Searcher interface {
	Search(q string) ([]store.Note, error)
}

// Finder has two implementations: the call is opaque.
type Finder interface {
	Find(q string) ([]store.Note, error)
}

type cachedFinder struct{}

func (cachedFinder) Find(q string) ([]store.Note, error) { return nil, errors.New("miss") }

type Server struct {
	idx    Index
	search Searcher
	find   Finder
	closer io.Closer
}

func (s *Server) lookup(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names, err := s.idx.Lookup(req.GetString("q", ""))
	if err != nil {
		return nil, err
	}
	notes, err := s.search.Search("") // want `\(\*store.Store\).Search, the only implementation this call can reach, returns \[\]store.Note\{\} with a nil error on the failure of s.db.Query`
	if err != nil {
		return nil, err
	}
	found, err := s.find.Find("")
	if err != nil {
		return nil, err
	}
	if err := s.closer.Close(); err != nil {
		return nil, err
	}
	if err := fetch(); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(names, notes, found)), nil
}

func (s *Server) empty(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names, err := s.idx.Lookup("")
	if err != nil {
		return noResults(), nil // want `failure of s.idx.Lookup returns noResults\(\), which returns mcp.NewToolResultText\("No results."\)`
	}
	return mcp.NewToolResultText(fmt.Sprint(names)), nil
}

func noResults() *mcp.CallToolResult { return mcp.NewToolResultText("No results.") }

// --- clean ---

// A Close reached only through io.Closer is not pulled into tool code.
type tempFile struct{ path string }

func (t *tempFile) Close() error { // want Close:"emptyonfail\\(returns nil on the failure of os\\.Remove at dispatch\\.go:97\\)"
	if err := os.Remove(t.path); err != nil {
		return nil
	}
	return nil
}

// Not-found tests that do not name the error, inside a failure branch.
func fetch() error {
	resp, err := http.Get("http://example.com")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return nil
}

func issues(repo string) ([]string, error) {
	resp, err := http.Get("http://example.com/" + repo)
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusNotFound {
			return []string{}, nil
		}
		if isNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	defer resp.Body.Close()
	return []string{repo}, nil
}

func isNotFound(err error) bool { return errors.Is(err, os.ErrNotExist) }

func (s *Server) issuesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	list, err := issues(req.GetString("repo", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(list)), nil
}
