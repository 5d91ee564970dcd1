package emptyonfail

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/analysis"
)

// An ifaceCall is a call in tool code of a method through an interface
// the module declares (not io.Closer or fmt.Stringer).
type ifaceCall struct {
	call  *ast.CallExpr
	iface *types.Interface
	name  string
}

// computeDispatch extends tool code with the methods of this package that
// tool code may call through an interface of the module, and the
// functions they call, and records the interface calls.
func (c *checker) computeDispatch() {
	info := c.pass.TypesInfo
	c.dispatched = map[ast.Node]bool{}
	// The package's methods by name, listed at the first call of a method
	// of one of the module's interfaces (most packages make none).
	var methods map[string][]*ast.FuncDecl
	methodsNamed := func(name string) []*ast.FuncDecl {
		if methods == nil {
			methods = map[string][]*ast.FuncDecl{}
			for fn, d := range c.declOf {
				if d.Recv != nil && fn.Name() != "_" {
					methods[fn.Name()] = append(methods[fn.Name()], d)
				}
			}
		}
		return methods[name]
	}
	var queue []ast.Node
	for n := range c.m.ToolCode {
		queue = append(queue, n)
	}
	sort.Slice(queue, func(i, j int) bool { return queue[i].Pos() < queue[j].Pos() })
	add := func(d *ast.FuncDecl) {
		if d == nil || c.m.ToolCode[d] || c.dispatched[d] || c.m.InBoundary(d.Pos()) {
			return
		}
		c.dispatched[d] = true
		queue = append(queue, d)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for call := range c.m.Flow.CallsIn(n) {
			if fn := flow.CalleeOf(c.m.Flow, info, call); fn != nil {
				add(c.declOf[fn])
				continue
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			s, ok := info.Selections[sel]
			if !ok || s.Kind() != types.MethodVal {
				continue
			}
			iface, ok := s.Recv().Underlying().(*types.Interface)
			if !ok || !c.moduleType(s.Recv()) {
				continue
			}
			c.ifaceCalls = append(c.ifaceCalls, ifaceCall{call, iface, sel.Sel.Name})
			for _, d := range methodsNamed(sel.Sel.Name) {
				if implements(info.TypeOf(d.Recv.List[0].Type), iface) {
					add(d)
				}
			}
		}
	}
	c.dispatchedSpans = flow.SpansOf(c.dispatched)
}

// moduleType reports whether t is a named type of the analysed module:
// neither the standard library nor an SDK.
func (c *checker) moduleType(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return c.modulePkg(n.Obj().Pkg())
}

// modulePkg reports whether p belongs to the module under analysis: by
// module path when known, else (GOPATH mode) by a dotted first element.
func (c *checker) modulePkg(p *types.Package) bool {
	if p == c.pass.Pkg {
		return true
	}
	if mcpsdk.IsSDKPath(p.Path()) {
		return false
	}
	if mod := c.pass.Module; mod != nil && mod.Path != "" {
		return p.Path() == mod.Path || strings.HasPrefix(p.Path(), mod.Path+"/")
	}
	first, _, _ := strings.Cut(p.Path(), "/")
	return strings.Contains(first, ".")
}

// implements reports whether a receiver type T or *T (and so a value
// holding *T) implements iface.
func implements(recv types.Type, iface *types.Interface) bool {
	if recv == nil || generic(recv) {
		return false // Implements is unspecified for generic types
	}
	if types.Implements(recv, iface) {
		return true
	}
	if _, isPtr := recv.(*types.Pointer); !isPtr {
		return types.Implements(types.NewPointer(recv), iface)
	}
	return false
}

// inDispatched reports whether pos lies in a method tool code reaches
// through an interface.
func (c *checker) inDispatched(pos token.Pos) bool { return c.dispatchedSpans.Contain(pos) }

// reportIfaceCalls reports an interface call in tool code whose only
// implementation among the packages this one imports is a function of
// another package with a fact.
func (c *checker) reportIfaceCalls() {
	for _, ic := range c.ifaceCalls {
		if c.reported[ic.call.Pos()] || !c.inScope(ic.call.Pos()) {
			continue
		}
		impls := c.implementations(ic)
		if len(impls) != 1 {
			continue // no implementation seen, or several: the call is opaque
		}
		fn := impls[0]
		fact := c.factOf(fn)
		if fact == nil || fact.Reported || fact.Probe || fact.Unfilled > 0 {
			continue // a probe or an out-parameter is judged where its value becomes the answer
		}
		name := funcName(fn)
		c.reported[ic.call.Pos()] = true
		c.r.Report(analysis.Diagnostic{Pos: ic.call.Pos(), End: ic.call.End(),
			Message: fmt.Sprintf("%s, the only implementation this call can reach, returns %s with a nil error on the %s (%s), so this tool cannot tell a failure from an empty result; make %s return the error so the tool boundary reports a fault",
				name, fact.Returns, fact.Op, factWhere(fact), name)})
	}
}

// implementations returns the methods that implement the interface method
// ic calls, among the types of this package and the module's packages it
// imports.
func (c *checker) implementations(ic ifaceCall) []*types.Func {
	key := implKey{ic.iface, ic.name}
	if impls, ok := c.impls[key]; ok {
		return impls
	}
	var impls []*types.Func
	pkgs := append([]*types.Package{c.pass.Pkg}, c.pass.Pkg.Imports()...)
	for _, p := range pkgs {
		if !c.modulePkg(p) {
			continue
		}
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if _, isIface := tn.Type().Underlying().(*types.Interface); isIface || generic(tn.Type()) {
				continue
			}
			if !implements(tn.Type(), ic.iface) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, tn.Pkg(), ic.name)
			if fn, ok := obj.(*types.Func); ok {
				impls = append(impls, fn)
			}
		}
	}
	c.impls[key] = impls
	return impls
}

type implKey struct {
	iface *types.Interface
	name  string
}

func factWhere(f *Fact) string {
	if f.Via != "" {
		return f.At + " via " + f.Via
	}
	return f.At
}

// generic reports whether t, or the type it points to, has type parameters.
func generic(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && (n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0)
}
