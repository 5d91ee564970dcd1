package logcheck

import (
	"os"
	"path/filepath"
	"testing"
)

// Notes writes the test notes into a new directory and returns it:
// inbox/todo.md, and a directory named broken.md that no note can be read
// from (a fault).
func Notes(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "inbox", "broken.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "inbox", "todo.md"), []byte("buy milk"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The texts the model reads.
const (
	NoNote    = "No note at 'inbox/missing.md'. Find the path with search_notes."
	NotAPath  = "'../etc/passwd' is not a note path: use a relative path ending in .md, such as 'inbox/todo.md'. Find paths with search_notes."
	Stale     = "Note 'inbox/todo.md' changed since version 'old', so resending this call fails again. Call read_note for the current text and version, reapply the edit, and pass the new version as if_match."
	EmptyWord = "The 'query' argument is empty. Call search_notes with a word to look for."
	Indexing  = "The search index is rebuilding; retry search_notes in a minute."
	Fault     = "The request was fine; retry later, and tell the user if it keeps failing."
)

// Cases are the calls both servers must answer alike. The index is
// invalidated before "indexing" and a crash tool is added by the tests.
var Cases = []Case{
	{"result", "read_note", map[string]any{"path": "inbox/todo.md"}, "", "", ""},
	{"empty search is a result", "search_notes", map[string]any{"query": "nothing-matches"}, "", "", ""},
	{"caller error: not found", "read_note", map[string]any{"path": "inbox/missing.md"}, NoNote, "INFO", "caller_error"},
	{"caller error: invalid path", "read_note", map[string]any{"path": "../etc/passwd"}, NotAPath, "INFO", "caller_error"},
	{"caller error: empty query", "search_notes", map[string]any{"query": ""}, EmptyWord, "INFO", "caller_error"},
	{"stale state", "update_note", map[string]any{"path": "inbox/todo.md", "text": "x", "if_match": "old"}, Stale, "INFO", "stale_state"},
	{"fault", "read_note", map[string]any{"path": "inbox/broken.md"}, Fault, "ERROR", "fault"},
	{"panic", "crash", map[string]any{}, Fault, "ERROR", "panic"},
	{"indexing", "search_notes", map[string]any{"query": "milk"}, Indexing, "WARN", "unavailable"},
}
