package outcome

import "testing"

func TestToolMention(t *testing.T) {
	for _, c := range []struct {
		text, name string
		want       bool
	}{
		{"Find the path with search_notes.", "search_notes", true},
		{"Call search to find it.", "search", true},
		{"Use the 'search' tool.", "search", true},
		{"the search failed", "search", false},
		{"research_notes is down", "search_notes", false},
		{"call read_note_v2", "read_note", false},
		{"search_notes failed: the backend is down", "search_notes", false},
		{"Call read_note with a path from search_notes.", "search_notes", true},
	} {
		if got := toolMention(c.text, c.name); got != c.want {
			t.Errorf("toolMention(%q, %q) = %v, want %v", c.text, c.name, got, c.want)
		}
	}
}
