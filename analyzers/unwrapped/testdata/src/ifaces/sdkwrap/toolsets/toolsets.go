// Package toolsets groups the project's tools and registers those enabled
// on the project's server, through its interface.
package toolsets

import "ifaces/sdkwrap/mcpw"

type Toolset struct {
	Name       string
	Enabled    bool
	readOnly   bool
	readTools  []mcpw.Tool
	writeTools []mcpw.Tool
}

func New(name string, readOnly bool) *Toolset {
	return &Toolset{Name: name, Enabled: true, readOnly: readOnly}
}

func (t *Toolset) AddReadTools(tools ...mcpw.Tool) *Toolset {
	t.readTools = append(t.readTools, tools...)
	return t
}

func (t *Toolset) AddWriteTools(tools ...mcpw.Tool) *Toolset {
	t.writeTools = append(t.writeTools, tools...)
	return t
}

func (t *Toolset) RegisterTools(s mcpw.Server) {
	if !t.Enabled {
		return
	}
	for _, tool := range t.readTools {
		s.AddTools(tool)
	}
	if t.readOnly {
		return
	}
	for _, tool := range t.writeTools {
		s.AddTools(tool)
	}
}

type Group struct {
	sets map[string]*Toolset
}

func NewGroup() *Group { return &Group{sets: map[string]*Toolset{}} }

func (g *Group) Add(ts *Toolset) { g.sets[ts.Name] = ts }

func (g *Group) RegisterTools(s mcpw.Server) {
	for _, ts := range g.sets {
		ts.RegisterTools(s)
	}
}
