// Package catalog is the storage server's tools, in the project's model.
package catalog

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"example.com/notes/archshapes/converter/toolset"
)

// Store is an in-memory object store.
type Store struct {
	buckets map[string]map[string]int // bucket -> object -> size
}

// NewStore returns a store with one bucket.
func NewStore() *Store {
	return &Store{buckets: map[string]map[string]int{
		"reports": {"2024/q1.pdf": 1 << 20, "2024/q2.pdf": 2 << 20},
	}}
}

func str(args map[string]any, key string) string {
	s, _ := args[key].(string)
	return s
}

// Tools is every tool of the storage server.
func (st *Store) Tools() []toolset.ServerTool {
	return []toolset.ServerTool{
		{Tool: toolset.Tool{Name: "list_buckets", Description: "List the buckets.", ReadOnly: true}, Handler: st.listBuckets},
		{Tool: toolset.Tool{Name: "list_objects", Description: "List a bucket's objects.", Params: []string{"bucket"}, ReadOnly: true}, Handler: st.listObjects},
	}
}

func (st *Store) listBuckets(ctx context.Context, args map[string]any) (string, error) {
	names := make([]string, 0, len(st.buckets))
	for b := range st.buckets {
		names = append(names, b)
	}
	sort.Strings(names)
	return strings.Join(names, "\n"), nil
}

func (st *Store) listObjects(ctx context.Context, args map[string]any) (string, error) {
	bucket := str(args, "bucket")
	objs, ok := st.buckets[bucket]
	if !ok {
		return "", fmt.Errorf("no bucket '%s'; list the buckets with list_buckets", bucket)
	}
	var lines []string
	for name, size := range objs {
		lines = append(lines, fmt.Sprintf("%s (%d bytes)", name, size))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n"), nil
}
