package loglevel

import "testing"

func TestCallerName(t *testing.T) {
	for name, want := range map[string]bool{
		"ErrNotFound": true, "ErrNoSuchNote": true, "ErrConflict": true, "ErrVersionMismatch": true,
		"ErrStale": true, "ErrExpired": true, "ErrInvalidPath": true, "NotFoundError": true,
		"ErrRecordNotFound": true, "ErrNoRows": true, "ErrAlreadyExists": true, "ErrDuplicateName": true,
		"ErrUnknownTool": true, "ValidationError": true, "ErrOutOfRange": true,
		"ErrRateLimited": false, "ErrInvalidConfig": false, "ErrExpiredToken": false, "ErrInvalidAPIKey": false,
		"ErrConfigNotFound": false, "ErrTimeout": false, "ErrClosed": false, "ErrUnknown": false, "Err": false,
		"ErrInternal": false, "ErrUpstreamNotFound": false,
	} {
		if got := callerName(name); got != want {
			t.Errorf("callerName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCamelWords(t *testing.T) {
	for in, want := range map[string]string{
		"ErrNotFound":     "err not found",
		"HTTPServerError": "http server error",
		"readOnly":        "read only",
		"allow_writes":    "allow writes",
		"ErrNoSuchKey2":   "err no such key2",
	} {
		got := ""
		for i, w := range camelWords(in) {
			if i > 0 {
				got += " "
			}
			got += w
		}
		if got != want {
			t.Errorf("camelWords(%q) = %q, want %q", in, got, want)
		}
	}
}

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
