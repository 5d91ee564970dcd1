// Package logtest records slog records for the boundary tests.
package logtest

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
)

// A Record is one captured log record, its attributes flattened to text.
type Record struct {
	Level   slog.Level
	Message string
	Attrs   map[string]string
}

// A Recorder is a slog.Handler that keeps every record at DEBUG and above.
type Recorder struct {
	mu      sync.Mutex
	records []Record
}

// Logger returns a logger writing to r.
func (r *Recorder) Logger() *slog.Logger { return slog.New(r) }

// Enabled implements slog.Handler.
func (r *Recorder) Enabled(context.Context, slog.Level) bool { return true }

// Handle implements slog.Handler.
func (r *Recorder) Handle(_ context.Context, rec slog.Record) error {
	attrs := map[string]string{}
	rec.Attrs(func(a slog.Attr) bool {
		attrs[a.Key] = a.Value.Resolve().String()
		return true
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, Record{Level: rec.Level, Message: rec.Message, Attrs: attrs})
	return nil
}

// WithAttrs implements slog.Handler; the boundary adds none.
func (r *Recorder) WithAttrs([]slog.Attr) slog.Handler { return r }

// WithGroup implements slog.Handler; the boundary uses none.
func (r *Recorder) WithGroup(string) slog.Handler { return r }

// Take returns the records so far and forgets them.
func (r *Recorder) Take() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	recs := r.records
	r.records = nil
	return recs
}

func (rec Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %q", rec.Level, rec.Message)
	for k, v := range rec.Attrs {
		if k == "stack" {
			v = "..."
		}
		fmt.Fprintf(&b, " %s=%q", k, v)
	}
	return b.String()
}
