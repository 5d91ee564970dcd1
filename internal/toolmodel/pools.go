package toolmodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"sort"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/toolfact"
)

// Tool pools: where tool records travel through code the model cannot
// follow value by value, a registration reads them from the pool of their
// type.
//
// A registrar that registers the records held by something it is given,
// rather than a record it builds (an inventory's RegisterAll, a toolset's
// RegisterTools looping over the records AddReadTools appended), reads
// records that reach it through a parameter of another function: whatever
// any caller passes there. The model answers that by the record's type:
// the pool of a tool record type is every record of that type the program
// builds, in this package (at each call of a function returning records
// and each record literal, traced where it stands) and in the packages it
// imports (their PoolFacts). Records are built with their tools, so the
// pool keeps each tool paired with its handler.

// recordTypeName returns the qualified name of the tool record type t is
// made of (through slices, maps and pointers), or "".
func (m *Model) recordTypeName(t types.Type) string {
	t = elemType(t)
	if m.records.Of(t) == nil {
		return ""
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return mcpsdk.PkgPath(n.Origin().Obj()) + "." + n.Origin().Obj().Name()
}

// ownPools computes, once, the records of each type the package builds:
// at each call returning records and each record literal, traced in its
// function as it stands; records that depend on that function's
// parameters are left to the calls of it.
func (m *Model) ownPools() map[string][]entry {
	if m.pools != nil {
		return m.pools
	}
	m.pools = map[string][]entry{}
	info := m.Pass.TypesInfo
	seen := map[string]bool{}
	add := func(typ string, es []entry) {
		for _, e := range es {
			if e.tparam != nil {
				continue
			}
			k := typ + "|" + e.tool.Name + "|" + e.Name + "|" + e.where + "|" + fmt.Sprint(e.tool.Pos)
			if !seen[k] {
				seen[k] = true
				m.pools[typ] = append(m.pools[typ], e)
			}
		}
	}
	consider := func(e ast.Expr, t types.Type) {
		typ := m.recordTypeName(t)
		if typ == "" || m.isTestFile(e.Pos()) {
			return // (a test's records are not the program's)
		}
		// What depends on the function's parameters (hs.params) its
		// callers build.
		add(typ, m.toolHandlers(e, nil).unwrapped)
	}
	for _, ca := range m.Flow.Calls() {
		if fn := m.Flow.Callee(ca.Call); fn != nil {
			if sig := fn.Signature(); sig.TypeParams().Len() == 0 && sig.RecvTypeParams().Len() == 0 {
				// The type of the call is its callee's one result: no
				// record among zero or several.
				if sig.Results().Len() == 1 {
					consider(ca.Call, sig.Results().At(0).Type())
				}
				continue
			}
		} else if tv, ok := info.Types[ca.Call.Fun]; ok && tv.IsType() {
			continue
		}
		consider(ca.Call, info.TypeOf(ca.Call))
	}
	for _, lit := range m.Flow.CompositeLits() {
		if m.records.Of(lit.Type) != nil {
			if _, isPtr := types.Unalias(lit.Type).(*types.Pointer); !isPtr {
				consider(lit.Lit, lit.Type)
			}
		}
	}
	return m.pools
}

// poolOf returns the records of type typ the program builds, as far as
// this package sees: its own and its imports'.
func (m *Model) poolOf(typ string) []entry {
	if es, ok := m.poolCache[typ]; ok {
		return es
	}
	es := append([]entry(nil), m.ownPools()[typ]...)
	for _, pf := range m.Pass.AllPackageFacts() {
		f, ok := pf.Fact.(*toolfact.PoolFact)
		if !ok {
			continue
		}
		for _, p := range f.Pools {
			if p.Type != typ {
				continue
			}
			for _, r := range p.Records {
				if r.Kind != toolfact.RawHandler {
					continue
				}
				e := entry{Handler: Handler{Name: r.Name}, where: r.Where}
				if r.Tool != "" {
					e.tool = ToolDef{Name: r.Tool, Where: r.Where}
				}
				es = append(es, e)
			}
		}
	}
	if m.poolCache == nil {
		m.poolCache = map[string][]entry{}
	}
	m.poolCache[typ] = es
	return es
}

// poolParams splits the parameters of hs, evaluated at the root of node,
// into node's own (and those of the functions holding it) and the record
// types of the others', whose values the pools hold.
func (m *Model) poolParams(node ast.Node, hs handlerSet) (own []*types.Var, pools []string) {
	for _, p := range hs.params {
		pi, ok := m.Flow.ParamOf(p)
		typ := m.recordTypeName(p.Type())
		if !ok || m.encloses(pi.Func, node) || typ == "" {
			own = append(own, p)
			continue
		}
		if !slices.Contains(pools, typ) {
			pools = append(pools, typ)
		}
	}
	return own, pools
}

// encloses reports whether the function fn is node or holds it.
func (m *Model) encloses(fn, node ast.Node) bool {
	for n := node; n != nil; {
		if n == fn {
			return true
		}
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return false
		}
		n = m.Flow.OuterOf(lit)
	}
	return false
}

// exportPools tells importers the records this package builds.
func (m *Model) exportPools() {
	pools := m.ownPools()
	if len(pools) == 0 {
		return
	}
	var types []string
	for t := range pools {
		types = append(types, t)
	}
	sort.Strings(types)
	f := &toolfact.PoolFact{}
	for _, t := range types {
		p := toolfact.Pool{Type: t}
		for _, e := range pools[t] {
			p.Records = append(p.Records, m.unwrappedValue(nil, e))
		}
		f.Pools = append(f.Pools, p)
	}
	debugFact("package "+m.Pass.Pkg.Path(), f)
	m.Pass.ExportPackageFact(f)
}
