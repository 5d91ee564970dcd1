package probe_test

import (
	"context"
	"slices"
	"testing"

	"github.com/toolcheck/toolcheck/toolerr/internal/probe"
)

func TestAnswer(t *testing.T) {
	if probe.Answer(context.Background(), "read_note") {
		t.Error("a context without a probe was answered")
	}
	var none context.Context // a boundary may be handed a nil context
	if probe.Answer(none, "read_note") {
		t.Error("a nil context was answered")
	}
	ctx, p := probe.With(context.Background())
	ctx = context.WithValue(ctx, struct{ k int }{1}, "v") // values added later keep it
	if !probe.Answer(ctx, "read_note") || !probe.Answer(ctx, "search_notes") {
		t.Fatal("a probe was not answered")
	}
	if got := p.Take(); !slices.Equal(got, []string{"read_note", "search_notes"}) {
		t.Errorf("Take = %q", got)
	}
	if got := p.Take(); got != nil {
		t.Errorf("a second Take = %q, want nothing", got)
	}
}

// newClosure builds its closure as a boundary does: not inlined, so that
// every closure has the code pointer of the one literal.
//
//go:noinline
func newClosure(n int) func() int { return func() int { return n } }

func TestIsBoundary(t *testing.T) {
	probe.RegisterBoundary(newClosure(1))
	if !probe.IsBoundary(newClosure(2)) {
		t.Error("another closure of the registered literal is not recognised")
	}
	for _, fn := range []any{nil, 3, (func())(nil), func() int { return 0 }} {
		if probe.IsBoundary(fn) {
			t.Errorf("IsBoundary(%T) = true", fn)
		}
	}
}
