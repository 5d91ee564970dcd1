package memo

import (
	"sync"
	"testing"
)

func TestGet(t *testing.T) {
	var m Map[string, int]
	calls := map[string]int{}
	var mu sync.Mutex
	length := func(s string) int {
		mu.Lock()
		calls[s]++
		mu.Unlock()
		return len(s)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := m.Get("abc", length); got != 3 {
				t.Errorf("Get(abc) = %d, want 3", got)
			}
		}()
	}
	wg.Wait()
	for range 3 {
		if got := m.Get("abcd", length); got != 4 {
			t.Errorf("Get(abcd) = %d, want 4", got)
		}
	}
	if calls["abcd"] != 1 {
		t.Errorf("abcd computed %d times, want once", calls["abcd"])
	}
	if calls["abc"] < 1 {
		t.Errorf("abc never computed")
	}
}

// TestTakeSpare hands one Map's table to another: emptied, so the second
// Map computes its answers afresh, and filled by it.
func TestTakeSpare(t *testing.T) {
	var a Map[string, int]
	a.Get("abc", func(s string) int { return len(s) })
	taken := a.Take()
	if taken == nil || len(taken) != 0 {
		t.Fatalf("Take() = %v, want an empty table", taken)
	}
	if got := a.Get("abc", func(string) int { return 7 }); got != 7 {
		t.Errorf("after Take, Get(abc) = %d, want the answer computed again, 7", got)
	}
	b := Map[string, int]{Spare: func() map[string]int { return taken }}
	if got := b.Get("abc", func(s string) int { return len(s) }); got != 3 {
		t.Errorf("Get(abc) = %d, want 3", got)
	}
	if taken["abc"] != 3 {
		t.Errorf("the spare table holds %v, want b's answer in it", taken)
	}
	var c Map[string, int]
	if c.Take() != nil {
		t.Errorf("Take() of a Map without a table is not nil")
	}
}

// TestSpare keeps tables and hands them out again; with none kept, Get
// makes new ones.
func TestSpare(t *testing.T) {
	made := 0
	s := Spare[map[string]int]{New: func() *map[string]int { made++; m := map[string]int{}; return &m }}
	a := s.Get()
	if made != 1 || a == nil || *a == nil {
		t.Fatalf("Get with none kept: made %d, got %v", made, a)
	}
	(*a)["x"] = 1
	clear(*a)
	s.Put(a)
	// The pool may drop what it keeps (a collection empties it): either
	// the kept table or a new one, and empty.
	b := s.Get()
	if b == nil || len(*b) != 0 {
		t.Fatalf("Get after Put = %v, want an empty table", b)
	}
	if b != a && made != 2 {
		t.Errorf("Get returned a table neither kept nor made")
	}
}

// TestSpareWithoutNew returns nil when nothing is kept and there is no
// New, for a caller that makes its own.
func TestSpareWithoutNew(t *testing.T) {
	var s Spare[map[string]int]
	if got := s.Get(); got != nil {
		t.Errorf("Get() with nothing kept and no New = %v, want nil", got)
	}
}
