// Package tooldiff compares the tools a server holds with the tools a
// client is offered, for toolerr's checks.
package tooldiff

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// A Diff is how the tools a client is offered differ from the tools the
// server holds. Each list is sorted.
type Diff struct {
	Missing  []string            // registered, not offered
	Extra    []string            // offered, not registered
	Repeated map[string]int      // offered more than once: how many times
	Changed  map[string][]string // offered unlike registered: the JSON members that differ
}

// Compare compares registered, each tool's definition as JSON by name,
// with offered, the definitions in tools/list.
func Compare(registered map[string][]byte, offered [][]byte) (Diff, error) {
	d := Diff{Repeated: map[string]int{}, Changed: map[string][]string{}}
	seen := map[string]int{}
	for _, raw := range offered {
		var def map[string]any
		if err := json.Unmarshal(raw, &def); err != nil {
			return d, fmt.Errorf("a tool in tools/list is not a JSON object: %v", err)
		}
		name, _ := def["name"].(string)
		seen[name]++
		if seen[name] > 1 {
			d.Repeated[name] = seen[name]
			continue
		}
		reg, ok := registered[name]
		if !ok {
			d.Extra = append(d.Extra, name)
			continue
		}
		var want map[string]any
		if err := json.Unmarshal(reg, &want); err != nil {
			return d, fmt.Errorf("tool %q: its registered definition is not a JSON object: %v", name, err)
		}
		if members := differ(want, def); len(members) > 0 {
			d.Changed[name] = members
		}
	}
	for name := range registered {
		if seen[name] == 0 {
			d.Missing = append(d.Missing, name)
		}
	}
	sort.Strings(d.Missing)
	sort.Strings(d.Extra)
	return d, nil
}

// differ returns the members, sorted, whose values a and b do not share.
func differ(a, b map[string]any) []string {
	var out []string
	for k, va := range a {
		if vb, ok := b[k]; !ok || !reflect.DeepEqual(va, vb) {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Members names JSON members in a sentence: "description",
// "description and inputSchema", "description, inputSchema and title".
func Members(members []string) string {
	switch len(members) {
	case 0:
		return ""
	case 1:
		return members[0]
	}
	return strings.Join(members[:len(members)-1], ", ") + " and " + members[len(members)-1]
}
