package iserror

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// When says what makes a helper's result an IsError result.
type When int

const (
	Always     When = iota // whatever the arguments
	WhenNonNil             // when argument Param is non-nil
	WhenTrue               // when argument Param is true
)

// A Cond says that a function's result Result, when not nil, is an IsError
// result: always (Param -1), or when argument Param is non-nil or true.
type Cond struct {
	Result int
	Param  int
	When   When
}

// Fact is what iserror learns about a function for the packages that
// import it.
type Fact struct {
	// Results lists the results that carry an IsError result, and when.
	Results []Cond
	// Twin names the function of the package that does what the helper
	// does before building its result (effectTwin): a fix
	// returning an error instead of calling the helper calls it.
	Twin string
	// Stores says the helper stores into more than its own variables
	// (changesOnlyLocals): a fix may not drop its call.
	Stores bool
}

// AFact marks Fact as an analysis fact.
func (*Fact) AFact() {}

func (f *Fact) String() string {
	var parts []string
	for _, cd := range f.Results {
		s := "returns an IsError result"
		if cd.Result > 0 {
			s += fmt.Sprintf(" as result %d", cd.Result)
		}
		switch cd.When {
		case WhenNonNil:
			s += fmt.Sprintf(" when param %d is non-nil", cd.Param)
		case WhenTrue:
			s += fmt.Sprintf(" when param %d is true", cd.Param)
		}
		parts = append(parts, s)
	}
	sort.Strings(parts)
	if f.Twin != "" {
		parts = append(parts, "does first what "+f.Twin+" does")
	}
	if f.Stores {
		parts = append(parts, "stores")
	}
	return "iserror(" + strings.Join(parts, "; ") + ")"
}

// exportFacts exports the summaries of the package's exported functions.
func (c *checker) exportFacts() {
	for fn, d := range c.m.Flow.Decls() {
		if d.Body == nil || !fn.Exported() {
			continue // only this package can call it
		}
		f := &Fact{Results: c.summary(d)}
		if len(f.Results) > 0 {
			if t := c.twinOf(fn); t != nil && t.Exported() && f.Results[0].Param < 0 {
				f.Twin = t.Name()
			}
			f.Stores = c.stores(fn)
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// ---- values ----

type valKind int

const (
	vOther  valKind = iota // not known to be an IsError result
	vNil                   // a nil result
	vAlways                // an IsError result
	vParam                 // an IsError result when param is non-nil (or true)
)

// A val is what a result expression is known to be.
type val struct {
	kind  valKind
	param *types.Var
	when  When
}

// summary returns the conditions under which fn's results are IsError
// results; it is computed once per function.
func (c *checker) summary(fn ast.Node) []Cond {
	if s, ok := c.summaries[fn]; ok {
		return s
	}
	if c.computing[fn] {
		return nil // recursion: not known
	}
	c.computing[fn] = true
	s := c.computeSummary(fn)
	delete(c.computing, fn)
	c.summaries[fn] = s
	return s
}

func (c *checker) computeSummary(fn ast.Node) []Cond {
	fi := c.funcs[fn]
	if fi == nil || mcpsdk.HandlerKindOf(fi.sig).IsToolHandler() {
		// A tool handler is not a helper: its constructions are the
		// findings, and the SDK, not the project, calls it.
		return nil
	}
	res := fi.sig.Results()
	var out []Cond
	for i := 0; i < res.Len(); i++ {
		if !isresult.IsResultType(res.At(i).Type()) {
			continue
		}
		if cd, ok := c.resultCond(fi, i); ok {
			out = append(out, cd)
		}
	}
	return out
}

// resultCond decides result i of fi from the values its returns give it.
func (c *checker) resultCond(fi *funcInfo, i int) (Cond, bool) {
	n := fi.sig.Results().Len()
	type ret struct {
		cur astindex.Cursor
		v   val
	}
	var rets []ret
	for _, rc := range c.m.Flow.ReturnCursors(fi.node) {
		r := rc.Node().(*ast.ReturnStmt)
		var v val
		switch {
		case len(r.Results) == 0:
			if rv := fi.sig.Results().At(i); rv.Name() != "" {
				v = c.varValue(rv, nil, fi.node, r.Pos(), 0)
			}
		case len(r.Results) == n:
			v = c.value(r.Results[i], fi.node, r.Pos(), 0)
		case len(r.Results) == 1:
			if call, ok := ast.Unparen(r.Results[0]).(*ast.CallExpr); ok {
				v = c.callValue(call, fi.node, i, 0)
			}
		}
		rets = append(rets, ret{rc, v})
	}
	if len(rets) == 0 {
		return Cond{}, false
	}

	// Always: every non-nil result is an IsError result.
	always, any := true, false
	for _, r := range rets {
		switch r.v.kind {
		case vNil:
		case vAlways:
			any = true
		default:
			always = false
		}
	}
	if always && any {
		return Cond{Result: i, Param: -1}, true
	}

	// A boolean parameter passed through: IsError: isErr.
	var boolParam *types.Var
	sameBool := true
	for _, r := range rets {
		switch {
		case r.v.kind == vNil:
		case r.v.kind == vParam && r.v.when == WhenTrue && (boolParam == nil || boolParam == r.v.param):
			boolParam = r.v.param
		default:
			sameBool = false
		}
	}
	if sameBool && boolParam != nil {
		return Cond{Result: i, Param: c.paramIndex(boolParam), When: WhenTrue}, true
	}

	// A nilable parameter: every return reachable while it is non-nil
	// gives an IsError result (or nil).
	for _, p := range c.nilableParams(fi) {
		ok, found := true, false
		for _, r := range rets {
			switch {
			case r.v.kind == vNil:
			case r.v.kind == vAlways, r.v.kind == vParam && r.v.param == p && r.v.when == WhenNonNil:
				found = true
			case !c.unreachableWhenNonNil(r.cur, p, fi):
				ok = false
			}
		}
		if ok && found {
			return Cond{Result: i, Param: c.paramIndex(p), When: WhenNonNil}, true
		}
	}
	return Cond{}, false
}

// nilableParams returns fi's parameters that may be nil and are never
// assigned, in order.
func (c *checker) nilableParams(fi *funcInfo) []*types.Var {
	var out []*types.Var
	ps := fi.sig.Params()
	for i := 0; i < ps.Len(); i++ {
		p := ps.At(i)
		if _, ok := c.paramOf(p); !ok || len(c.assignsOf(p)) > 0 || !nilable(p.Type()) {
			continue
		}
		if fi.sig.Variadic() && i == ps.Len()-1 {
			continue
		}
		out = append(out, p)
	}
	return out
}

func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// unreachableWhenNonNil reports whether the return at rc runs only when p
// is nil: in the then-branch of "if p == nil", the else-branch of
// "if p != nil", or after "if p != nil { ...; return }".
func (c *checker) unreachableWhenNonNil(rc astindex.Cursor, p *types.Var, fi *funcInfo) bool {
	child := rc
	for cur := rc.Parent(); cur.Valid() && cur.Node() != fi.node; cur = cur.Parent() {
		switch n := cur.Node().(type) {
		case *ast.IfStmt:
			if op, ok := c.nilTest(n.Cond, p); ok {
				if op == token.EQL && child.Node() == n.Body {
					return true
				}
				if op == token.NEQ && n.Else != nil && child.Node() == n.Else {
					return true
				}
			}
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			for prev, ok := child.PrevSibling(); ok; prev, ok = prev.PrevSibling() {
				ifs, isIf := prev.Node().(*ast.IfStmt)
				if !isIf || ifs.Init != nil || ifs.Else != nil {
					continue
				}
				if op, ok := c.nilTest(ifs.Cond, p); ok && op == token.NEQ && flow.Terminates(ifs.Body) {
					return true
				}
			}
		case *ast.FuncLit:
			return false
		}
		child = cur
	}
	return false
}

// nilTest matches "p == nil" and "p != nil" (either way round).
func (c *checker) nilTest(e ast.Expr, p *types.Var) (token.Token, bool) {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return 0, false
	}
	x, y := b.X, b.Y
	if isNilExpr(c.info, x) {
		x, y = y, x
	}
	if !isNilExpr(c.info, y) || c.varOf(x) != p {
		return 0, false
	}
	return b.Op, true
}

const maxDepth = 8

// value says what the result expression e, returned in fn at pos, is.
func (c *checker) value(e ast.Expr, fn ast.Node, at token.Pos, depth int) val {
	if depth > maxDepth {
		return val{}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if isNilExpr(c.info, e) {
			return val{kind: vNil}
		}
		if v := c.varOf(e); v != nil {
			return c.varValue(v, e, fn, at, depth+1)
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return c.value(e.X, fn, at, depth+1)
		}
	case *ast.CompositeLit:
		if isresult.IsResultType(c.info.TypeOf(e)) {
			if _, v := c.m.IsErrors.IsErrorElt(e); v != nil {
				return c.condValue(v, fn)
			}
		}
	case *ast.CallExpr:
		return c.callValue(e, fn, 0, depth+1)
	}
	return val{}
}

// condValue says what a result whose IsError is set to e is.
func (c *checker) condValue(e ast.Expr, fn ast.Node) val {
	if isConstTrue(c.info, e) {
		return val{kind: vAlways}
	}
	if isConstFalse(c.info, e) {
		return val{}
	}
	if p := c.ownParam(e, fn); p != nil && isBool(p.Type()) {
		return val{kind: vParam, param: p, when: WhenTrue}
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.NEQ {
		x := b.X
		if isNilExpr(c.info, x) {
			x = b.Y
		}
		if p := c.ownParam(x, fn); p != nil {
			if op, ok := c.nilTest(b, p); ok && op == token.NEQ {
				return val{kind: vParam, param: p, when: WhenNonNil}
			}
		}
	}
	return val{}
}

// ownParam returns the parameter of fn that e names, if it is never
// assigned.
func (c *checker) ownParam(e ast.Expr, fn ast.Node) *types.Var {
	v := c.varOf(e)
	if v == nil {
		return nil
	}
	if p, ok := c.paramOf(v); ok && p.Func == fn && len(c.assignsOf(v)) == 0 {
		return v
	}
	return nil
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// callValue says what result idx of call is.
func (c *checker) callValue(call *ast.CallExpr, fn ast.Node, idx int, depth int) val {
	if isresult.IsErrorResultCtor(typeutil.StaticCallee(c.info, call)) {
		if idx == 0 {
			return val{kind: vAlways}
		}
		return val{}
	}
	conds, _, _ := c.calleeConds(call)
	for _, cd := range conds {
		if cd.Result != idx {
			continue
		}
		if cd.Param < 0 {
			return val{kind: vAlways}
		}
		arg := argAt(call, cd.Param)
		if arg == nil {
			return val{}
		}
		switch cd.When {
		case WhenNonNil:
			if isNilExpr(c.info, arg) {
				return val{}
			}
			if p := c.ownParam(arg, fn); p != nil {
				return val{kind: vParam, param: p, when: WhenNonNil}
			}
		case WhenTrue:
			return c.condValue(arg, fn)
		}
		return val{}
	}
	return val{}
}

// varValue says what the variable v holds when fn returns it at pos,
// read at use (nil: a bare return of a named result): an IsError result
// when IsError was set on it unconditionally before; else the value of
// the one definition that reaches the use (the flow layer's Reaching), or
// of its one assignment for a bare return.
func (c *checker) varValue(v *types.Var, use ast.Expr, fn ast.Node, at token.Pos, depth int) val {
	if depth > maxDepth {
		return val{}
	}
	changed := false
	for _, mu := range c.mutations[v] {
		if mu.fn != fn || mu.stmt.End() > at {
			continue
		}
		if mu.topLevel && (mu.value == nil || isConstTrue(c.info, mu.value)) {
			return val{kind: vAlways}
		}
		changed = true
	}
	if changed {
		return val{}
	}
	if _, isParam := c.paramOf(v); isParam {
		return val{}
	}
	if v.Parent() == nil || v.Pkg() != c.pass.Pkg || v.Parent() == v.Pkg().Scope() {
		return val{}
	}
	var a assign
	switch {
	case use != nil:
		if len(c.m.Flow.AddrOf(v)) > 0 {
			return val{}
		}
		defs, incoming := c.m.Flow.Reaching(v, use)
		if incoming {
			return val{}
		}
		if len(defs) == 0 {
			if c.zeroVars[v] {
				return val{kind: vNil}
			}
			return val{}
		}
		// Several definitions may reach: nil on some paths and an IsError
		// result on the others is an IsError result when not nil.
		var out *val
		for _, d := range defs {
			var dv val
			switch {
			case d.Zero:
				dv = val{kind: vNil}
			case d.Opaque || d.Rhs == nil || d.Elem || d.Key:
				return val{}
			case d.Tuple >= 0:
				call, ok := ast.Unparen(d.Rhs).(*ast.CallExpr)
				if !ok {
					return val{}
				}
				dv = c.callValue(call, fn, d.Tuple, depth+1)
			default:
				dv = c.value(d.Rhs, fn, at, depth+1)
			}
			switch {
			case out == nil || out.kind == vNil:
				out = &dv
			case dv.kind == vNil || dv == *out:
			default:
				return val{}
			}
		}
		return *out
	default:
		as := c.assignsOf(v)
		switch len(as) {
		case 0:
			if c.zeroVars[v] {
				return val{kind: vNil} // declared, never assigned: nil
			}
			return val{}
		case 1:
			a = as[0]
		default:
			return val{}
		}
		if a.opaque || a.rhs == nil {
			return val{}
		}
	}
	if a.tuple >= 0 {
		if call, ok := ast.Unparen(a.rhs).(*ast.CallExpr); ok {
			return c.callValue(call, fn, a.tuple, depth+1)
		}
		return val{}
	}
	return c.value(a.rhs, fn, at, depth+1)
}

// twinOf returns the effect twin of the helper fn (effectTwin):
// from the syntax for a function of this package, else from its fact.
func (c *checker) twinOf(fn *types.Func) *types.Func {
	fn = fn.Origin()
	if t, ok := c.twins[fn]; ok {
		return t
	}
	var t *types.Func
	if d := c.m.Flow.Decl(fn); d != nil {
		t = effectTwin(c.m, d)
	} else if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg {
		var f Fact
		if c.pass.ImportObjectFact(fn, &f) && f.Twin != "" {
			t, _ = fn.Pkg().Scope().Lookup(f.Twin).(*types.Func)
		}
	}
	c.twins[fn] = t
	return t
}

// stores reports whether the helper fn stores into more than its own
// variables (Fact.Stores): from the syntax for a function of this
// package, else from its fact.
func (c *checker) stores(fn *types.Func) bool {
	fn = fn.Origin()
	if d := c.m.Flow.Decl(fn); d != nil {
		return d.Body != nil && !changesOnlyLocals(c.m, d, d.Body.List)
	}
	var f Fact
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, &f) && f.Stores
}
