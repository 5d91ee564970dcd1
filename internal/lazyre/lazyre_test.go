package lazyre

import "testing"

func TestCompilesOnFirstUse(t *testing.T) {
	r := New(`a(b+)`)
	if !r.MatchString("xabb") || r.FindStringSubmatch("abbb")[1] != "bbb" || len(r.FindAllStringIndex("ab ab", -1)) != 2 {
		t.Fatal("wrong matches")
	}
	first, again := r.Compiled(), r.Compiled()
	if first != again {
		t.Fatal("compiled twice")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid expression did not panic on use")
		}
	}()
	New(`(`).MatchString("x")
}
