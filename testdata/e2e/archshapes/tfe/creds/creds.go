// Package creds watches the Terraform Cloud token.
package creds

import "sync"

// Watcher tells its subscribers when the token changes.
type Watcher struct {
	mu   sync.Mutex
	subs []func(token string)
}

// OnChange subscribes f to token changes.
func (w *Watcher) OnChange(f func(token string)) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.subs = append(w.subs, f)
}

// Set records a new token and tells every subscriber.
func (w *Watcher) Set(token string) {
	w.mu.Lock()
	subs := append([]func(string){}, w.subs...)
	w.mu.Unlock()
	for _, f := range subs {
		f(token)
	}
}
