package flow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// MaxDepth bounds how many calls deep a trace follows values.
const MaxDepth = 8

// A Frame binds the parameters of a function whose body is being traced to
// the arguments of one call, so that tracing can follow values through the
// package's helpers, factories and closures. The nil Frame binds nothing.
type Frame struct {
	binds map[*types.Var]Bound
	next  *Frame
	depth int
}

// Bound is what a parameter is bound to in a frame: the argument
// expressions (several for a variadic parameter) and the frame they are
// evaluated in.
type Bound struct {
	Exprs []ast.Expr
	Frame *Frame
}

// Lookup returns what v is bound to in f or the frames it extends.
func (f *Frame) Lookup(v *types.Var) (Bound, bool) {
	for ; f != nil; f = f.next {
		if b, ok := f.binds[v]; ok {
			return b, true
		}
	}
	return Bound{}, false
}

// Depth returns how many calls deep f is.
func (f *Frame) Depth() int {
	if f == nil {
		return 0
	}
	return f.depth
}

// A Kind says what an Origin is.
type Kind int

const (
	Opaque     Kind = iota // not traced: reflection, an unknown implementation, or too deep
	Made                   // made by an expression (Expr): a call, a function or composite literal, a constant
	FuncRef                // a reference (Expr) to a declared function or method (Func)
	FreeParam              // a parameter no frame binds
	Stopped                // a storage the caller's stop predicate selected
	FreeField              // a field (Field) of a parameter no frame binds, stored nowhere in the package
	Global                 // a package-level variable (Var) of another package: what facts say it holds
	FreeMethod             // a method value of an interface a parameter (Param) no frame binds holds
)

// An Origin is where a traced value comes from.
type Origin struct {
	Kind  Kind
	Expr  ast.Expr // Made: the expression; FuncRef: the referring expression
	Tuple int      // Made, a call: the result index, or -1
	Func  *types.Func
	Param *types.Var
	Field *types.Var // FreeField: the field of Param
	Var   *types.Var // Global: the variable
	Frame *Frame     // the frame Expr is evaluated in
}

// A Tracer follows values through the package. It keeps the state of the
// traces under way, so it belongs to one goroutine.
//
// A tracer answers the same call in the same frame once: frames are
// interned (Bind of the same call in the same frames returns the same
// frame), and the results of a call are kept when its trace met no cycle
// guard (a trace under way, a call in progress) set outside the call:
// they depend on nothing else. A result cut by an outer guard is not
// kept: out of that cycle, the same call may reach more.
type Tracer struct {
	Info *Info
	// Concrete, if set, gives the dynamic types of result i of a call of
	// another package's function returning an interface, where its body
	// is not at hand (what a fact says it returns).
	Concrete   func(call *ast.CallExpr, i int) ([]types.Type, bool)
	inProgress map[ast.Node]int // the level each call in progress was entered at
	frames     map[frameKey]*Frame
	receivers  map[receiverKey]*Frame
	results    map[resultKey][]Origin
	walks      []*walk // kept for the next traces (walk, put)
	// level counts the cycle guards set (traces and calls under way,
	// nested); lowest is the lowest level of a guard met since it was
	// last reset, so that a call's results that met only guards set
	// within the call are known to depend on nothing outside it.
	level, lowest int
}

const noGuard = int(^uint(0) >> 1)

// guard records that a trace met the cycle guard set at level l.
func (t *Tracer) guard(l int) { t.lowest = min(t.lowest, l) }

type frameKey struct {
	target     ast.Node
	call       *ast.CallExpr
	f, closure *Frame
}

type resultKey struct {
	frameKey
	idx int
}

// NewTracer returns a tracer of the package.
func (fl *Info) NewTracer() *Tracer {
	return &Tracer{Info: fl, inProgress: map[ast.Node]int{}, frames: map[frameKey]*Frame{}, receivers: map[receiverKey]*Frame{}, results: map[resultKey][]Origin{}, lowest: noGuard}
}

// A Stop selects storages at which a trace stops with a Stopped origin.
type Stop func(types.Object) bool

// walk is one trace: the variables it is inside of, against cycles.
type walk struct {
	t    *Tracer
	seen map[walkKey]int // the level each read under way was entered at
	// done memoizes the variables read so far: a chain of conditional
	// self-appends (if c { opts = append(opts, o) }, n times) reads each
	// definition on 2^n paths.
	done map[walkKey][]Origin
	stop Stop
	// paramFields answers a field of a parameter no frame binds as a
	// FreeField origin (see OriginsByField).
	paramFields bool
}

// walkKey is a variable read where the walk is: a local variable or
// parameter at its use (a self-append, opts = append(opts, o), reads the
// definitions before it), a field or package variable anywhere.
type walkKey struct {
	obj   types.Object
	use   ast.Expr
	frame *Frame
}

// walk returns a walk for one trace, one the tracer kept (put) if it has
// one: a trace is a few lookups, and most allocated their walk's tables
// anew.
func (t *Tracer) walk(stop Stop) *walk {
	if n := len(t.walks); n > 0 {
		w := t.walks[n-1]
		t.walks = t.walks[:n-1]
		w.stop = stop
		return w
	}
	return &walk{t: t, seen: map[walkKey]int{}, done: map[walkKey][]Origin{}, stop: stop}
}

// put keeps w, whose trace is over, for the tracer's next walk. Traces
// nest (a call's results are traced inside a trace), so the tracer keeps a
// stack of them.
func (t *Tracer) put(w *walk) {
	clear(w.seen)
	if len(w.done) > 64 {
		w.done = map[walkKey][]Origin{} // not to clear a large table each time
	} else {
		clear(w.done)
	}
	w.stop, w.paramFields = nil, false
	t.walks = append(t.walks, w)
}

// Origins returns the origins of the value of e evaluated in frame f.
func (t *Tracer) Origins(e ast.Expr, f *Frame, stop Stop) []Origin {
	return t.OriginsAt(e, f, -1, stop)
}

// OriginsAt returns the origins of result tuple of the multi-value
// expression e (a call), evaluated in frame f; with tuple -1, Origins.
func (t *Tracer) OriginsAt(e ast.Expr, f *Frame, tuple int, stop Stop) []Origin {
	w := t.walk(stop)
	defer t.put(w)
	return w.trace(e, f, tuple)
}

// OriginsByField is Origins, except that a field of a parameter no frame
// binds (cfg.Middleware) is a FreeField origin, decided where the
// parameter is bound, rather than what the package stores in that field of
// any value.
func (t *Tracer) OriginsByField(e ast.Expr, f *Frame, stop Stop) []Origin {
	w := t.walk(stop)
	defer t.put(w)
	w.paramFields = true
	return w.trace(e, f, -1)
}

// FieldOrigins returns the origins of field of the struct value x (or
// of what x points to), evaluated in frame f, as x.field would have, a
// field of a parameter no frame binds answered as in OriginsByField.
func (t *Tracer) FieldOrigins(x ast.Expr, field *types.Var, f *Frame, stop Stop) []Origin {
	w := t.walk(stop)
	defer t.put(w)
	w.paramFields = true
	if out, ok := w.literalField(x, field, f); ok {
		return out
	}
	return w.traceVar(field, nil, f)
}

// VarOrigins returns the origins of the value of the variable or field v
// read at use (nil: anywhere), in frame f.
func (t *Tracer) VarOrigins(v *types.Var, use ast.Expr, f *Frame, stop Stop) []Origin {
	w := t.walk(stop)
	defer t.put(w)
	return w.traceVar(v, use, f)
}

func (w *walk) trace(e ast.Expr, f *Frame, tuple int) []Origin {
	fl := w.t.Info
	info := fl.Types
	if f.Depth() > MaxDepth {
		return []Origin{{Kind: Opaque}}
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return []Origin{{Kind: Made, Expr: e, Frame: f}} // a constant
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return w.trace(e.X, f, tuple)
	case *ast.Ident:
		switch obj := ObjOf(info, e).(type) {
		case *types.Func:
			return []Origin{{Kind: FuncRef, Func: obj, Expr: e}}
		case *types.Var:
			return w.traceVar(obj, e, f)
		case *types.Nil:
			return nil
		}
		return []Origin{{Kind: Opaque}}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			switch sel.Kind() {
			case types.FieldVal:
				field := sel.Obj().(*types.Var)
				if len(sel.Index()) == 1 {
					if out, ok := w.literalField(e.X, field, f); ok {
						return out
					}
				}
				return w.traceVar(field, e, f)
			case types.MethodVal, types.MethodExpr:
				if fn, ok := sel.Obj().(*types.Func); ok {
					if _, isIface := sel.Recv().Underlying().(*types.Interface); !isIface {
						return []Origin{{Kind: FuncRef, Func: fn, Expr: e}}
					}
				}
				if sel.Kind() == types.MethodVal {
					// t.Handle of an interface value: the method of each
					// value t may hold.
					recv := w.trace(e.X, f, -1)
					if cs, ok := w.t.Methods(e, recv); ok {
						out := make([]Origin, len(cs))
						for i, c := range cs {
							out[i] = Origin{Kind: FuncRef, Func: c.Func, Expr: e}
						}
						return out
					}
					var out []Origin
					for _, o := range recv {
						if o.Kind != FreeParam {
							return []Origin{{Kind: Opaque}}
						}
						out = append(out, Origin{Kind: FreeMethod, Param: o.Param, Expr: e})
					}
					if len(out) > 0 {
						return out
					}
				}
			}
			return []Origin{{Kind: Opaque}}
		}
		switch obj := info.Uses[e.Sel].(type) {
		case *types.Func:
			return []Origin{{Kind: FuncRef, Func: obj, Expr: e}}
		case *types.Var:
			return w.traceVar(obj, e, f)
		}
		return []Origin{{Kind: Opaque}}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return w.trace(e.Args[0], f, -1) // conversion
			}
			return []Origin{{Kind: Opaque}}
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				if b.Name() == "make" || b.Name() == "new" {
					return nil // an empty container, a zero value: nothing stored yet
				}
				if b.Name() == "append" {
					var out []Origin
					for _, a := range e.Args {
						out = append(out, w.trace(a, f, -1)...)
					}
					return out
				}
				return []Origin{{Kind: Opaque}}
			}
		}
		if fn := fl.Callee(e); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "slices" && (fn.Name() == "Concat" || fn.Name() == "Clone") {
			var out []Origin
			for _, a := range e.Args {
				out = append(out, w.trace(a, f, -1)...)
			}
			return out
		}
		return []Origin{{Kind: Made, Expr: e, Tuple: tuple, Frame: f}}
	case *ast.IndexExpr:
		if tv, ok := info.Types[e.X]; ok && !tv.IsType() {
			if _, isFunc := tv.Type.Underlying().(*types.Signature); isFunc {
				return w.trace(e.X, f, tuple) // generic instantiation f[T]
			}
		}
		return w.trace(e.X, f, -1)
	case *ast.IndexListExpr:
		return w.trace(e.X, f, tuple)
	case *ast.SliceExpr:
		return w.trace(e.X, f, -1)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			return w.trace(e.X, f, -1)
		}
	case *ast.StarExpr:
		return w.trace(e.X, f, -1) // *p: what p points to, as &x is x
	case *ast.FuncLit:
		return []Origin{{Kind: Made, Expr: e, Frame: f}}
	case *ast.BinaryExpr:
		if t, ok := info.TypeOf(e).Underlying().(*types.Basic); ok && e.Op == token.ADD && t.Info()&types.IsString != 0 {
			return []Origin{{Kind: Made, Expr: e, Frame: f}} // a concatenation: prefix + name
		}
	case *ast.CompositeLit:
		typ := info.TypeOf(e)
		if typ == nil {
			return []Origin{{Kind: Opaque}}
		}
		switch typ.Underlying().(type) {
		case *types.Slice, *types.Array, *types.Map:
			var out []Origin
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				out = append(out, w.trace(elt, f, -1)...)
			}
			return out
		}
		return []Origin{{Kind: Made, Expr: e, Frame: f}}
	}
	return []Origin{{Kind: Opaque}}
}

// literalField traces x.field where every value x may have is a struct
// literal of the package: the field's value in each literal, in the frame
// the literal is evaluated in, and what assignments to the field store
// (x.field = v). Through the literals the trace keeps the calling context
// a field-insensitive trace of the field would lose.
func (w *walk) literalField(x ast.Expr, field *types.Var, f *Frame) ([]Origin, bool) {
	if w.paramFields {
		// A field of a parameter (a config struct the caller fills) is
		// that parameter's field, whatever the package stores in others.
		var out []Origin
		for _, o := range w.trace(x, f, -1) {
			if o.Kind != FreeParam {
				out = nil
				break
			}
			out = append(out, Origin{Kind: FreeField, Param: o.Param, Field: field.Origin()})
		}
		if len(out) > 0 {
			return out, true
		}
	}
	if w.t.Info.defs[field.Origin()] == nil {
		return nil, false
	}
	key := walkKey{field.Origin(), x, f}
	if l, ok := w.seen[key]; ok {
		w.t.guard(l)
		return nil, true
	}
	w.t.level++
	w.seen[key] = w.t.level
	defer func() { delete(w.seen, key); w.t.level-- }()
	info := w.t.Info.Types
	origins := w.throughCalls(w.trace(x, f, -1), 0)
	if len(origins) == 0 {
		return nil, false
	}
	for _, o := range origins {
		lit, ok := o.Expr.(*ast.CompositeLit)
		if o.Kind != Made || !ok {
			return nil, false
		}
		if _, ok := info.TypeOf(lit).Underlying().(*types.Struct); !ok {
			return nil, false
		}
	}
	var out []Origin
	for _, o := range origins {
		lit := o.Expr.(*ast.CompositeLit)
		st := info.TypeOf(lit).Underlying().(*types.Struct)
		for i, elt := range lit.Elts {
			val := elt
			var fv *types.Var
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok {
					fv, _ = ObjOf(info, k).(*types.Var)
				}
				val = kv.Value
			} else if i < st.NumFields() {
				fv = st.Field(i)
			}
			if fv != nil && fv.Origin() == field.Origin() {
				out = append(out, w.trace(val, o.Frame, -1)...)
			}
		}
	}
	lits := map[ast.Expr]bool{}
	for _, o := range origins {
		lits[o.Expr] = true
	}
	var stores []*Def
	for _, d := range w.t.Info.defs[field.Origin()] {
		if !d.Lit && w.mayStoreInto(d, lits) {
			stores = append(stores, d)
		}
	}
	return append(out, w.traceDefs(stores, f)...), true
}

// mayStoreInto reports whether an assignment to a field, x.f = v, may
// store into one of the literals lits: not when x is a local variable that
// holds other values only.
func (w *walk) mayStoreInto(d *Def, lits map[ast.Expr]bool) bool {
	b := d.Base
	if b == nil || b.IsField() || b.Parent() == nil || b.Pkg() == nil || b.Parent() == b.Pkg().Scope() {
		return true
	}
	if _, isParam := w.t.Info.params[b]; isParam {
		return true
	}
	defs, _ := w.t.Info.Reaching(b, nil)
	for _, bd := range defs {
		if bd.Rhs == nil || bd.Opaque || bd.Elem || bd.Key || bd.Tuple >= 0 {
			return true
		}
		rhs := ast.Unparen(bd.Rhs)
		if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
			rhs = ast.Unparen(u.X)
		}
		if _, ok := rhs.(*ast.CompositeLit); !ok || lits[rhs] {
			return true
		}
	}
	return len(defs) == 0
}

// throughCalls replaces the calls among origins by the origins of their
// results, when their bodies are in this package.
func (w *walk) throughCalls(origins []Origin, depth int) []Origin {
	if !slices.ContainsFunc(origins, madeByCall) {
		return origins // nothing to see through
	}
	var out []Origin
	for _, o := range origins {
		call, ok := o.Expr.(*ast.CallExpr)
		if o.Kind != Made || !ok {
			out = append(out, o)
			continue
		}
		rs, ok := w.t.Results(call, o.Frame, o.Tuple, w.stop)
		if !ok || depth >= MaxDepth {
			out = append(out, o)
			continue
		}
		out = append(out, w.throughCalls(rs, depth+1)...)
	}
	return out
}

// madeByCall reports whether o is the result of a call.
func madeByCall(o Origin) bool {
	_, ok := o.Expr.(*ast.CallExpr)
	return o.Kind == Made && ok
}

// traceVar traces a variable, field or parameter used at use.
func (w *walk) traceVar(v *types.Var, use ast.Expr, f *Frame) []Origin {
	if w.stop != nil && w.stop(v) {
		return []Origin{{Kind: Stopped}}
	}
	key := walkKey{v.Origin(), use, f}
	if v.IsField() || v.Parent() == v.Pkg().Scope() {
		key.use = nil
	}
	if l, ok := w.seen[key]; ok {
		w.t.guard(l)
		return nil
	}
	if out, ok := w.done[key]; ok {
		return out
	}
	w.t.level++
	w.seen[key] = w.t.level
	out := w.traceVarDefs(v, use, f)
	delete(w.seen, key)
	w.t.level--
	out = dedupe(out)
	w.done[key] = out
	return out
}

// dedupe drops repeated origins, keeping the first of each.
func dedupe(os []Origin) []Origin {
	if len(os) < 2 {
		return os
	}
	seen := make(map[Origin]bool, len(os))
	out := os[:0:0]
	for _, o := range os {
		if !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}

func (w *walk) traceVarDefs(v *types.Var, use ast.Expr, f *Frame) []Origin {
	fl := w.t.Info

	if _, isParam := fl.params[v]; isParam {
		defs, incoming := fl.Reaching(v, use)
		out := w.traceDefs(defs, f)
		if !incoming {
			return out
		}
		b, ok := f.Lookup(v)
		if !ok {
			return append(out, Origin{Kind: FreeParam, Param: v})
		}
		if len(b.Exprs) == 0 {
			out = append(out, Origin{Kind: Opaque})
		}
		for _, a := range b.Exprs {
			out = append(out, w.trace(a, b.Frame, -1)...)
		}
		return out
	}
	if v.Pkg() != fl.Pkg {
		if !v.IsField() && v.Parent() == v.Pkg().Scope() {
			return []Origin{{Kind: Global, Var: v}}
		}
		return []Origin{{Kind: Opaque}}
	}
	var defs []*Def
	if v.IsField() || v.Parent() == v.Pkg().Scope() {
		defs = fl.defs[v.Origin()]
	} else {
		defs, _ = fl.Reaching(v, use)
	}
	if len(defs) == 0 {
		return []Origin{{Kind: Opaque}}
	}
	return w.traceDefs(defs, f)
}

func (w *walk) traceDefs(defs []*Def, f *Frame) []Origin {
	var out []Origin
	for _, d := range defs {
		switch {
		case d.Opaque, d.Key:
			out = append(out, Origin{Kind: Opaque})
		case d.Zero:
			// the zero value: nothing
		case d.Rhs == nil:
			out = append(out, Origin{Kind: Opaque})
		default:
			out = append(out, w.trace(d.Rhs, f, d.Tuple)...)
		}
	}
	return out
}

// Reaching returns the definitions of a local variable or parameter that
// may reach use, and whether a parameter's incoming value may. A
// definition in a statement list enclosing the use, before it, kills every
// earlier one; a later one (in a loop) may still reach. With a nil use,
// every definition may.
func (fl *Info) Reaching(v *types.Var, use ast.Expr) (defs []*Def, incoming bool) {
	all := fl.defs[v]
	_, isParam := fl.params[v]
	if len(all) == 0 || use == nil {
		return all, isParam
	}
	usePos := use.Pos()
	// A statement list encloses the use when its range holds the use's:
	// syntax ranges nest, so those are the use's ancestors.
	encloses := func(b ast.Node) bool { return b.Pos() <= usePos && use.End() <= b.End() }
	kill := -1
	for i, d := range all {
		if d.End <= usePos && d.Block != nil && encloses(d.Block) && !d.Elem && !d.Key && !d.Opaque {
			if kill < 0 || d.Pos > all[kill].Pos {
				kill = i
			}
		}
	}
	if kill < 0 {
		return all, isParam
	}
	k := all[kill]
	out := []*Def{k}
	for i, d := range all {
		if i == kill || d.Pos <= k.Pos {
			continue
		}
		// Between the killing definition and the use, in a branch; or
		// after the use, in a loop around both that does not run the
		// killing definition again first.
		if d.Pos < usePos || loopsBack(d, use, k) {
			out = append(out, d)
		}
	}
	return out, false
}

// loopsBack reports whether the definition d, after use, may reach it
// through a loop: one around both that does not hold kill, the definition
// that reaches use within an iteration.
func loopsBack(d *Def, use ast.Expr, kill *Def) bool {
	if d.Func != nil && kill.Func != nil && d.Func != kill.Func {
		return true // a closure's store: it may run at any time
	}
	for _, l := range d.Loops {
		if l.Pos() <= use.Pos() && use.End() <= l.End() {
			return !(l.Pos() <= kill.Pos && kill.End <= l.End())
		}
	}
	return false
}

// ReachingDef returns the one definition of a local variable that reaches
// use, or nil: when several may, or a parameter's incoming value may, or
// none does.
func (fl *Info) ReachingDef(v *types.Var, use ast.Expr) *Def {
	defs, incoming := fl.Reaching(v, use)
	if incoming || len(defs) != 1 {
		return nil
	}
	return defs[0]
}

// ValueAt returns the one expression stored in the local variable v that
// reaches use, or nil: when its address is taken, when several
// definitions or a parameter's incoming value may reach, or when the one
// that does is not a plain value (x += y, a tuple, a range clause).
func (fl *Info) ValueAt(v *types.Var, use ast.Expr) ast.Expr {
	if len(fl.AddrOf(v)) > 0 {
		return nil
	}
	d := fl.ReachingDef(v, use)
	if d == nil || d.Opaque || d.Zero || d.Elem || d.Key || d.Tuple >= 0 {
		return nil
	}
	return d.Rhs
}

// A Callee is a function a call may reach: a declared function (Func,
// with its Body when it is in this package) or a function literal (Body,
// made in Frame).
type Callee struct {
	Func  *types.Func
	Body  ast.Node
	Frame *Frame
}

// Callees returns the functions call may call, evaluated in frame f: its
// static callee, or each function its function value may be; ok is false
// when one of them is not known (a parameter not bound, a method value, a
// value of unknown origin).
func (t *Tracer) Callees(call *ast.CallExpr, f *Frame) ([]Callee, bool) {
	fl := t.Info
	if fn := fl.Callee(call); fn != nil {
		return []Callee{{Func: fn, Body: fl.Body(fn)}}, true
	}
	if tv, ok := fl.Types.Types[call.Fun]; !ok || tv.IsType() {
		return nil, false
	}
	if sel := InterfaceCall(fl.Types, call); sel != nil {
		return t.Methods(sel, t.Origins(sel.X, f, nil))
	}
	return t.callees(t.Origins(call.Fun, f, nil), 0)
}

// InterfaceCall returns the selector of call when it calls a method of an
// interface value (x.M(...) with x of interface type), or nil.
func InterfaceCall(info *types.Info, call *ast.CallExpr) *ast.SelectorExpr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal && types.IsInterface(s.Recv()) {
		return sel
	}
	return nil
}

// Methods returns the methods the interface method call of sel may
// dispatch to when its receiver holds a value of origins: for each, the
// method of the value's dynamic type (a literal's, or the concrete type a
// call returns, through calls that return the interface), with its
// receiver bound to that value; ok is false when the dynamic type of one
// is not known (a parameter no frame binds, a value of unknown origin).
func (t *Tracer) Methods(sel *ast.SelectorExpr, origins []Origin) ([]Callee, bool) {
	s, ok := t.Info.Types.Selections[sel]
	if !ok {
		return nil, false
	}
	return t.methods(s.Obj().Pkg(), sel.Sel.Name, origins, 0)
}

// concreteMethods returns the methods named name of the dynamic types
// result i of call has, as t.Concrete gives them.
func (t *Tracer) concreteMethods(pkg *types.Package, name string, call *ast.CallExpr, i int) ([]Callee, bool) {
	if t.Concrete == nil {
		return nil, false
	}
	typs, ok := t.Concrete(call, i)
	if !ok || len(typs) == 0 {
		return nil, false
	}
	var out []Callee
	for _, typ := range typs {
		obj, _, _ := types.LookupFieldOrMethod(typ, true, pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			return nil, false
		}
		out = append(out, Callee{Func: fn, Body: t.Info.Body(fn)})
	}
	return out, true
}

// MethodsNamed is Methods for the method name of an interface declared
// in pkg, called on values of origins elsewhere (in another package).
func (t *Tracer) MethodsNamed(pkg *types.Package, name string, origins []Origin) ([]Callee, bool) {
	return t.methods(pkg, name, origins, 0)
}

func (t *Tracer) methods(pkg *types.Package, name string, origins []Origin, depth int) ([]Callee, bool) {
	var out []Callee
	for _, o := range origins {
		if o.Kind != Made {
			return nil, false
		}
		typ := t.Info.Types.TypeOf(o.Expr)
		if tu, ok := typ.(*types.Tuple); ok {
			if o.Tuple < 0 || o.Tuple >= tu.Len() {
				return nil, false
			}
			typ = tu.At(o.Tuple).Type()
		}
		if typ == nil {
			return nil, false
		}
		if types.IsInterface(typ) {
			// a constructor returning the interface: what it returns
			call, ok := o.Expr.(*ast.CallExpr)
			if !ok || depth >= MaxDepth || t.InProgress(call) {
				return nil, false
			}
			t.Enter(call)
			rs, ok := t.Results(call, o.Frame, max(o.Tuple, 0), nil)
			t.Leave(call)
			if !ok {
				cs, ok := t.concreteMethods(pkg, name, call, max(o.Tuple, 0))
				if !ok {
					return nil, false
				}
				out = append(out, cs...)
				continue
			}
			cs, ok := t.methods(pkg, name, rs, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, cs...)
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(typ, true, pkg, name)
		fn, ok := obj.(*types.Func)
		if !ok {
			return nil, false
		}
		c := Callee{Func: fn, Body: t.Info.Body(fn)}
		if d, ok := c.Body.(*ast.FuncDecl); ok {
			c.Frame = t.receiverFrame(d, o)
		}
		out = append(out, c)
	}
	return out, len(out) > 0
}

type receiverKey struct {
	method *ast.FuncDecl
	value  ast.Expr
	f      *Frame
}

// receiverFrame returns the frame binding method's receiver to the value
// o, the one an interface call dispatches on (see Bind).
func (t *Tracer) receiverFrame(method *ast.FuncDecl, o Origin) *Frame {
	if method.Recv == nil || len(method.Recv.List) == 0 || len(method.Recv.List[0].Names) == 0 {
		return nil
	}
	v, ok := t.Info.Types.Defs[method.Recv.List[0].Names[0]].(*types.Var)
	if !ok {
		return nil
	}
	key := receiverKey{method, o.Expr, o.Frame}
	if rf, ok := t.receivers[key]; ok {
		return rf
	}
	rf := &Frame{binds: map[*types.Var]Bound{v: {Exprs: []ast.Expr{o.Expr}, Frame: o.Frame}}, depth: o.Frame.Depth()}
	t.receivers[key] = rf
	return rf
}

// callees returns the functions the origins of a function value are,
// through the calls of factories that return them.
func (t *Tracer) callees(origins []Origin, depth int) ([]Callee, bool) {
	var out []Callee
	for _, o := range origins {
		switch {
		case o.Kind == FuncRef && o.Func.Type().(*types.Signature).Recv() == nil:
			out = append(out, Callee{Func: o.Func, Body: t.Info.Body(o.Func)})
		case o.Kind == Made:
			switch x := o.Expr.(type) {
			case *ast.FuncLit:
				out = append(out, Callee{Body: x, Frame: o.Frame})
			case *ast.CallExpr:
				// a factory's result: newLabeler(ctx)
				rs, ok := t.Results(x, o.Frame, max(o.Tuple, 0), nil)
				if !ok || depth >= MaxDepth {
					return nil, false
				}
				cs, ok := t.callees(rs, depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, cs...)
			default:
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// Results returns the origins of result idx of a call to a function whose
// body is in this package (a declared function or a traced literal).
func (t *Tracer) Results(call *ast.CallExpr, f *Frame, idx int, stop Stop) ([]Origin, bool) {
	if idx < 0 {
		idx = 0
	}
	cs, ok := t.Callees(call, f)
	if !ok {
		return nil, false
	}
	var out []Origin
	for _, c := range cs {
		if c.Body == nil {
			return nil, false
		}
		rs, ok := t.CallResults(c.Body, c.Frame, call, f, idx, stop)
		if !ok {
			return nil, false
		}
		out = append(out, rs...)
	}
	return out, true
}

// CallResults returns the origins of result idx of call, a call of target
// (a function declaration or literal of the package, made in frame
// closure), evaluated in frame f.
func (t *Tracer) CallResults(target ast.Node, closure *Frame, call *ast.CallExpr, f *Frame, idx int, stop Stop) ([]Origin, bool) {
	if idx < 0 {
		idx = 0
	}
	if f.Depth() >= MaxDepth {
		return nil, false
	}
	if l, ok := t.inProgress[target]; ok {
		t.guard(l)
		return nil, false
	}
	key := resultKey{frameKey{target, call, f, closure}, idx}
	if stop == nil {
		if out, ok := t.results[key]; ok {
			return out, out != nil
		}
	}
	t.Enter(target)
	own, lowest := t.level, t.lowest
	t.lowest = noGuard
	nf := t.Bind(target, call, f, closure)
	out, ok := t.ReturnsOf(target, nf, idx, stop)
	t.Leave(target)
	inside := t.lowest >= own
	t.lowest = min(lowest, t.lowest)
	if stop == nil && inside {
		if ok {
			out = slices.Clip(out)
			if out == nil {
				out = []Origin{}
			}
		} else {
			out = nil
		}
		t.results[key] = out
	}
	return out, ok
}

// InProgress reports whether the function node n is being traced through
// by a call of Results; Enter marks it so, Leave unmarks it.
func (t *Tracer) InProgress(n ast.Node) bool {
	l, ok := t.inProgress[n]
	if ok {
		t.guard(l)
	}
	return ok
}

// Enter marks n as in progress (see InProgress).
func (t *Tracer) Enter(n ast.Node) {
	t.level++
	t.inProgress[n] = t.level
}

// Leave unmarks n (see InProgress).
func (t *Tracer) Leave(n ast.Node) {
	delete(t.inProgress, n)
	t.level--
}

// ReturnsOf traces result idx of every return statement of a function
// body, in frame f.
func (t *Tracer) ReturnsOf(target ast.Node, f *Frame, idx int, stop Stop) ([]Origin, bool) {
	fl := t.Info
	var body *ast.BlockStmt
	var ftype *ast.FuncType
	switch n := target.(type) {
	case *ast.FuncDecl:
		body, ftype = n.Body, n.Type
	case *ast.FuncLit:
		body, ftype = n.Body, n.Type
	}
	if body == nil {
		return nil, false
	}
	var out []Origin
	ok := true
	for _, n := range fl.Returns(target) {
		switch {
		case len(n.Results) == 0:
			// a bare return of named results
			if ftype.Results != nil {
				if v := ResultVar(fl.Types, ftype, idx); v != nil {
					out = append(out, t.VarOrigins(v, nil, f, stop)...)
				}
			}
		case len(n.Results) > idx && (len(n.Results) > 1 || idx == 0):
			out = append(out, t.OriginsAt(n.Results[idx], f, -1, stop)...)
		case len(n.Results) == 1:
			out = append(out, t.OriginsAt(n.Results[0], f, idx, stop)...)
		default:
			ok = false
		}
	}
	return out, ok
}

// ResultVar returns the named result idx of a function type.
func ResultVar(info *types.Info, ft *ast.FuncType, idx int) *types.Var {
	i := 0
	for _, field := range ft.Results.List {
		for _, name := range field.Names {
			if i == idx {
				v, _ := info.Defs[name].(*types.Var)
				return v
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return nil
}

// Bind returns the frame binding target's parameters (and receiver) to
// call's arguments evaluated in f, extending next: the frame the target
// was made in (a closure's), or nil. With a nil call it binds nothing: the
// target's parameters are its own (a summary for every caller).
func (t *Tracer) Bind(target ast.Node, call *ast.CallExpr, f *Frame, next *Frame) *Frame {
	var ft *ast.FuncType
	var recv *ast.FieldList
	switch n := target.(type) {
	case *ast.FuncDecl:
		ft, recv = n.Type, n.Recv
	case *ast.FuncLit:
		ft = n.Type
	default:
		return next
	}
	fk := frameKey{target, call, f, next}
	if nf, ok := t.frames[fk]; ok {
		return nf
	}
	nf := &Frame{binds: map[*types.Var]Bound{}, next: next, depth: f.Depth() + 1}
	t.frames[fk] = nf
	if call == nil {
		return nf
	}
	info := t.Info.Types
	if recv != nil && len(recv.List) > 0 && len(recv.List[0].Names) > 0 {
		// A method an interface call dispatches to has its receiver bound
		// by next, to the value dispatched on (receiverFrame).
		if v, ok := info.Defs[recv.List[0].Names[0]].(*types.Var); ok && (next == nil || next.binds[v].Exprs == nil) {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				nf.binds[v] = Bound{Exprs: []ast.Expr{sel.X}, Frame: f}
			}
		}
	}
	var names []*ast.Ident
	variadic := false
	for _, field := range ft.Params.List {
		_, variadic = field.Type.(*ast.Ellipsis)
		if len(field.Names) == 0 {
			names = append(names, nil)
			continue
		}
		names = append(names, field.Names...)
	}
	for i, name := range names {
		if name == nil {
			continue
		}
		v, ok := info.Defs[name].(*types.Var)
		if !ok {
			continue
		}
		var args []ast.Expr
		switch {
		case variadic && i == len(names)-1:
			if i < len(call.Args) {
				args = call.Args[i:]
			}
		case i < len(call.Args):
			args = []ast.Expr{call.Args[i]}
		}
		nf.binds[v] = Bound{Exprs: args, Frame: f}
	}
	return nf
}
