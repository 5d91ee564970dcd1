package tooldiff_test

import (
	"reflect"
	"testing"

	"github.com/toolcheck/toolcheck/toolerr/internal/tooldiff"
)

func TestCompare(t *testing.T) {
	registered := map[string][]byte{
		"read":   []byte(`{"name":"read","description":"Read.","inputSchema":{"type":"object","required":["path"]}}`),
		"search": []byte(`{"name":"search","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}`),
		"purge":  []byte(`{"name":"purge","inputSchema":{"type":"object"}}`),
	}
	offered := [][]byte{
		// The same definition, its members in another order.
		[]byte(`{"inputSchema":{"required":["path"],"type":"object"},"description":"Read.","name":"read"}`),
		[]byte(`{"name":"search","inputSchema":{"type":"object","properties":{}},"title":"Search"}`),
		[]byte(`{"name":"read","description":"Read.","inputSchema":{"type":"object","required":["path"]}}`),
		[]byte(`{"name":"ghost","inputSchema":{"type":"object"}}`),
	}
	d, err := tooldiff.Compare(registered, offered)
	if err != nil {
		t.Fatal(err)
	}
	want := tooldiff.Diff{
		Missing:  []string{"purge"},
		Extra:    []string{"ghost"},
		Repeated: map[string]int{"read": 2},
		Changed:  map[string][]string{"search": {"annotations", "inputSchema", "title"}},
	}
	if !reflect.DeepEqual(d, want) {
		t.Errorf("Compare = %+v, want %+v", d, want)
	}
	if _, err := tooldiff.Compare(registered, [][]byte{[]byte(`[]`)}); err == nil {
		t.Error("a tool that is not an object was accepted")
	}
}

func TestMembers(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"description"}, "description"},
		{[]string{"description", "inputSchema"}, "description and inputSchema"},
		{[]string{"annotations", "description", "title"}, "annotations, description and title"},
	} {
		if got := tooldiff.Members(c.in); got != c.want {
			t.Errorf("Members(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
