// Package toolsets groups tools, keeps them until the server is built,
// and registers the enabled ones through the server's interface.
package toolsets

import "example.com/notes/archshapes/payments/mcpkit"

// Toolset is a named group of read and write tools.
type Toolset struct {
	Name    string
	Enabled bool
	read    []mcpkit.Tool
	write   []mcpkit.Tool
}

// New returns an enabled toolset.
func New(name string) *Toolset { return &Toolset{Name: name, Enabled: true} }

// AddRead adds read-only tools.
func (t *Toolset) AddRead(tools ...mcpkit.Tool) *Toolset {
	t.read = append(t.read, tools...)
	return t
}

// AddWrite adds tools that change state.
func (t *Toolset) AddWrite(tools ...mcpkit.Tool) *Toolset {
	t.write = append(t.write, tools...)
	return t
}

// Register adds the toolset's tools to s, the write tools unless
// readOnly.
func (t *Toolset) Register(s mcpkit.Server, readOnly bool) {
	if !t.Enabled {
		return
	}
	for _, tool := range t.read {
		s.AddTools(tool)
	}
	if readOnly {
		return
	}
	for _, tool := range t.write {
		s.AddTools(tool)
	}
}

// Group is every toolset of the server, by name.
type Group struct {
	sets map[string]*Toolset
}

// NewGroup returns an empty group.
func NewGroup() *Group { return &Group{sets: map[string]*Toolset{}} }

// Add adds a toolset.
func (g *Group) Add(ts *Toolset) { g.sets[ts.Name] = ts }

// Register registers every toolset's tools on s.
func (g *Group) Register(s mcpkit.Server, readOnly bool) {
	for _, ts := range g.sets {
		ts.Register(s, readOnly)
	}
}
