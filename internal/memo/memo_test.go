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
