// Package memo holds Map, a table of answers computed once per key, safe
// for concurrent use: what a package's indexes remember of the questions
// the analyzers ask them.
package memo

import "sync"

// A Map remembers, for each key, the answer its computation gave. The zero
// Map is ready to use; its methods may be called concurrently. An answer
// is computed outside the lock, so a computation may ask the Map about
// other keys; two callers asking about one key at once may both compute
// it, and the answers must then be the same.
type Map[K comparable, V any] struct {
	// Spare, if set, supplies an empty table when the Map first needs
	// one (one another Map gave up, Take), and nil if it has none.
	Spare func() map[K]V

	mu sync.Mutex
	m  map[K]V
}

// Get returns the answer for k, computing it with compute the first time.
func (m *Map[K, V]) Get(k K, compute func(K) V) V {
	m.mu.Lock()
	v, ok := m.m[k]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = compute(k)
	m.mu.Lock()
	if m.m == nil && m.Spare != nil {
		m.m = m.Spare()
	}
	if m.m == nil {
		m.m = map[K]V{}
	}
	m.m[k] = v
	m.mu.Unlock()
	return v
}

// Take empties m and returns its table, emptied too (nil if m had none),
// for another Map of the same types to take as its Spare: the table keeps
// the room it grew to.
func (m *Map[K, V]) Take() map[K]V {
	m.mu.Lock()
	t := m.m
	m.m = nil
	m.mu.Unlock()
	clear(t)
	return t
}

// A Spare keeps tables of type T that a finished package's run emptied,
// for the next package's run to fill, so that each package does not grow
// tables of the same size again (and the collector reclaim them). A kept
// table holds no answer, so nothing of one run reaches another; the
// collector may drop what is kept. Its methods may be called
// concurrently.
type Spare[T any] struct {
	// New makes tables when none is kept; without it, Get returns nil
	// then, for a caller that makes tables of its own sizes.
	New func() *T

	pool sync.Pool
}

// Get returns kept tables, or new ones (nil without New).
func (s *Spare[T]) Get() *T {
	if t, ok := s.pool.Get().(*T); ok {
		return t
	}
	if s.New == nil {
		return nil
	}
	return s.New()
}

// Put keeps t, which its caller has emptied and no longer uses.
func (s *Spare[T]) Put(t *T) { s.pool.Put(t) }
