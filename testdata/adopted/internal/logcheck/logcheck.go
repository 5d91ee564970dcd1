// Package logcheck reads back the JSON log records the servers write, for
// their tests.
package logcheck

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// A Log is a JSON slog handler's output, safe to read while servers write.
type Log struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// Logger returns a logger writing JSON records to l.
func (l *Log) Logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// Take returns the records written since the last Take.
func (l *Log) Take(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		recs = append(recs, rec)
	}
	l.buf.Reset()
	return recs
}

// Case is one call and what it must produce.
type Case struct {
	Name    string
	Tool    string
	Args    map[string]any
	Text    string // the exact text the client reads; "" for a result
	Level   string // the level of the one record; "" for none
	Outcome string
}

// Check checks a call's result text and the records it left; dir, the
// notes directory, must never reach the client.
func Check(t *testing.T, c Case, isError bool, text string, recs []map[string]any, dir string) {
	t.Helper()
	if c.Level == "" {
		if isError || len(recs) != 0 {
			t.Errorf("%s: IsError %v, records %v; want a result and no record", c.Name, isError, recs)
		}
		return
	}
	if !isError || text != c.Text {
		t.Errorf("%s: client reads (IsError %v) %q, want %q", c.Name, isError, text, c.Text)
	}
	if strings.Contains(text, dir) || strings.Contains(text, ".go:") || strings.Contains(text, "is a directory") {
		t.Errorf("%s: internal text reached the client: %q", c.Name, text)
	}
	if len(recs) != 1 {
		t.Errorf("%s: %d records, want 1: %v", c.Name, len(recs), recs)
		return
	}
	r := recs[0]
	if r["level"] != c.Level || r["msg"] != "tool_failed" || r["tool"] != c.Tool || r["outcome"] != c.Outcome {
		t.Errorf("%s: record %v, want level %s, outcome %s", c.Name, r, c.Level, c.Outcome)
	}
	if c.Level == "INFO" {
		if _, ok := r["error"]; ok {
			t.Errorf("%s: an INFO record carries the error's text: %v", c.Name, r)
		}
	}
	if c.Outcome == "panic" {
		if s, _ := r["stack"].(string); !strings.Contains(s, "panic") {
			t.Errorf("%s: the panic's record has no stack: %v", c.Name, r)
		}
	}
}
