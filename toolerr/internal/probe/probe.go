// Package probe is how toolerr's checks (toolerr/mcpgo/mcpgotest,
// toolerr/gosdk/gosdktest) learn whether a tool call passes through a
// toolerr boundary without running the tool.
//
// A check makes a call whose context carries a *Probe. Every toolerr
// boundary calls [Answer] first: when the context carries a probe, the
// boundary records that it saw the call and returns a result of its own
// without calling the handler it wraps. The key is unexported, so only
// this module's packages can set it, and only in Go code running in the
// server's process: what a client sends (arguments, _meta, headers) cannot
// put a Go value into a context. In production Answer costs one
// context.Value lookup per call and answers nothing.
//
// The check never calls a function it does not know to be a boundary (it
// might be the tool). [IsBoundary] tells it which functions are: each
// boundary package registers the closures its boundaries return with
// [RegisterBoundary], by code pointer.
package probe

import (
	"context"
	"reflect"
	"sync"
)

// Text is the text of the result a boundary returns when it answers a
// probe.
const Text = "toolerr: a boundary answered the probe without calling the tool"

type key struct{}

// A Probe records the calls boundaries answered.
type Probe struct {
	mu       sync.Mutex
	answered []string
}

// With returns ctx carrying a new probe, and the probe.
func With(ctx context.Context) (context.Context, *Probe) {
	p := &Probe{}
	return context.WithValue(ctx, key{}, p), p
}

// Answer reports whether ctx carries a probe, and records that a boundary
// answered it for the call of tool. A boundary that gets true returns
// without calling what it wraps.
func Answer(ctx context.Context, tool string) bool {
	if ctx == nil {
		return false
	}
	p, _ := ctx.Value(key{}).(*Probe)
	if p == nil {
		return false
	}
	p.mu.Lock()
	p.answered = append(p.answered, tool)
	p.mu.Unlock()
	return true
}

// Take returns the tools of the calls answered since the last Take.
func (p *Probe) Take() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	a := p.answered
	p.answered = nil
	return a
}

var boundaries sync.Map // code pointer (uintptr) -> struct{}

// RegisterBoundary records fn, a closure a boundary returns, so that
// IsBoundary recognises every closure of the same function literal. The
// function that builds the closure must not be inlined (//go:noinline):
// an inlined copy compiles the literal again, under another code pointer.
func RegisterBoundary(fn any) {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		panic("probe: RegisterBoundary needs a non-nil function")
	}
	boundaries.Store(v.Pointer(), struct{}{})
}

// IsBoundary reports whether fn is a closure a registered boundary
// returned, one that answers a probe before anything else.
func IsBoundary(fn any) bool {
	v := reflect.ValueOf(fn)
	if v.Kind() != reflect.Func || v.IsNil() {
		return false
	}
	_, ok := boundaries.Load(v.Pointer())
	return ok
}
