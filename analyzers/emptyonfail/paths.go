package emptyonfail

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/lazyre"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// funcInfo describes the function (declaration or literal) being walked.
type funcInfo struct {
	node     ast.Node // *ast.FuncDecl or *ast.FuncLit
	decl     *types.Func
	lit      *ast.FuncLit
	body     *ast.BlockStmt
	sig      *types.Signature
	errIdx   int // index of the error result, or -1
	handler  toolmodel.HandlerKind
	callback bool // a literal whose nil error means "go on"
	named    []*types.Var
	info     *types.Info
	events   map[*types.Var][]event // memo of eventsOf
}

// eventsOf returns the uses of v in fi's body, in source order, collected
// on first request: a function's failure paths ask about a few variables.
func (fi *funcInfo) eventsOf(v *types.Var) []event {
	if evs, ok := fi.events[v]; ok {
		return evs
	}
	evs := collectEvents(fi.info, fi, v)
	if fi.events == nil {
		fi.events = map[*types.Var][]event{}
	}
	fi.events[v] = evs
	return evs
}

// A condKind says what a condition tells about an error.
type condKind int

const (
	condNone    condKind = iota
	condFail             // the error is non-nil: a failure path
	condAbsence          // a not-found failure
	condBenign           // io.EOF, context.Canceled, SkipDir: not a failure
	condSuccess          // the error is nil
	condInvalid          // a value did not parse: a classification, like absence
)

// failure is the failure path a statement lies on.
type failure struct {
	err    *types.Var
	kind   condKind // condFail, condAbsence or condInvalid
	exact  bool     // err is certainly non-nil here: a fix may return it
	op     string   // "failure of os.ReadFile"
	opCall *ast.CallExpr
	start  token.Pos // where the failure branch begins
}

// from sets where the failure branch begins.
func (f *failure) from(pos token.Pos) *failure {
	f.start = pos
	return f
}

// cond is what a condition says about one error variable.
type cond struct {
	v     *types.Var
	kind  condKind
	exact bool
}

func (c *checker) funcDecl(d *ast.FuncDecl) {
	fn, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if fn == nil {
		return
	}
	c.decls = append(c.decls, d)
	c.lits = c.m.HasFuncLit(d)
	fi := c.newFunc(d, d.Recv, d.Type, d.Body, fn.Type().(*types.Signature))
	fi.decl = fn
	if c.funcOfDecl == nil {
		c.funcOfDecl = map[*ast.FuncDecl]*funcInfo{}
	}
	c.funcOfDecl[d] = fi
	if errOnly(fi.sig) && (c.isValueUsed(fn) || walkShaped(fi.sig)) {
		fi.callback = true
	}
	c.walkFunc(fi)
}

func (c *checker) newFunc(node ast.Node, recv *ast.FieldList, ft *ast.FuncType, body *ast.BlockStmt, sig *types.Signature) *funcInfo {
	info := c.pass.TypesInfo
	for _, fl := range []*ast.FieldList{recv, ft.Params} {
		if fl == nil {
			continue
		}
		for _, f := range fl.List {
			for _, n := range f.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					c.params[v] = true
				}
			}
		}
	}
	fi := &funcInfo{node: node, body: body, sig: sig, errIdx: -1, handler: toolmodel.HandlerKindOf(sig), info: info}
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if toolmodel.IsErrorType(res.At(i).Type()) {
			fi.errIdx = i
		}
		if res.At(i).Name() != "" {
			fi.named = append(fi.named, res.At(i))
		}
	}
	return fi
}

func (c *checker) walkFunc(fi *funcInfo) {
	saved, savedLoops := c.fn, c.loops
	c.fn, c.loops = fi, nil
	c.stmts(fi.body.List, nil)
	c.fn, c.loops = saved, savedLoops
}

// funcLit walks a function literal found in the current function. call is
// the call it is an argument of, if any; deferred says it is the deferred
// function of a defer statement.
func (c *checker) funcLit(lit *ast.FuncLit, call *ast.CallExpr, deferred bool) {
	sig, ok := c.pass.TypesInfo.TypeOf(lit).(*types.Signature)
	if !ok {
		return
	}
	outer := c.fn
	fi := c.newFunc(lit, nil, lit.Type, lit.Body, sig)
	fi.lit = lit
	if outer != nil {
		fi.decl = outer.decl
	}
	if call != nil && errOnly(sig) && !isErrgroupGo(c.pass.TypesInfo, call) {
		fi.callback = true
	}
	if deferred && outer != nil {
		c.checkRecover(outer, lit)
	}
	c.walkFunc(fi)
}

// exprs walks the function literals inside expressions.
func (c *checker) exprs(nodes ...ast.Node) {
	if !c.lits {
		return // the declaration being walked holds no function literal
	}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		args := map[*ast.FuncLit]*ast.CallExpr{}
		ast.Inspect(n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.CallExpr:
				for _, a := range x.Args {
					if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
						args[lit] = x
					}
				}
			case *ast.FuncLit:
				c.funcLit(x, args[x], false)
				return false
			}
			return true
		})
	}
}

// stmts walks a statement list on failure path f (nil: none).
func (c *checker) stmts(list []ast.Stmt, f *failure) {
	for _, s := range list {
		c.stmt(s, f)
		// After `if err == nil { ...; return }`, the error is non-nil.
		if ifs, ok := s.(*ast.IfStmt); ok && ifs.Else == nil && toolmodel.Terminates(ifs.Body) {
			if k := c.classify(ifs.Cond); k.kind == condSuccess && k.exact {
				f = c.newFailure(cond{v: k.v, kind: condFail, exact: true}, ifs).from(ifs.End())
			}
		}
	}
}

func (c *checker) stmt(s ast.Stmt, f *failure) {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		c.exprs(exprNodes(s.Results)...)
		if f != nil {
			c.checkReturn(s, f)
		}
	case *ast.BlockStmt:
		c.stmts(s.List, f)
	case *ast.LabeledStmt:
		c.stmt(s.Stmt, f)
	case *ast.IfStmt:
		if s.Init != nil {
			c.stmt(s.Init, f)
		}
		c.exprs(s.Cond)
		k := c.classify(s.Cond)
		body, els := f, f
		if k.kind == condNone && f != nil && c.absenceCond(s.Cond) {
			// `if resp.StatusCode == http.StatusNotFound` on a failure path
			abs := *f
			abs.kind = condAbsence
			body = &abs
		}
		switch k.kind {
		case condFail, condAbsence:
			body = c.newFailure(k, s).from(s.Body.Pos())
			if k.exact && f != nil && f.err == k.v {
				els = nil
			}
		case condSuccess:
			body = nil
			if k.exact {
				els = c.newFailure(cond{v: k.v, kind: condFail, exact: true}, s)
				if s.Else != nil {
					els = els.from(s.Else.Pos())
				}
			}
		case condBenign:
			body = nil
		}
		c.stmts(s.Body.List, body)
		if s.Else != nil {
			c.stmt(s.Else, els)
		}
	case *ast.SwitchStmt:
		if s.Init != nil {
			c.stmt(s.Init, f)
		}
		c.exprs(s.Tag)
		c.switchStmt(s, f)
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			c.stmt(s.Init, f)
		}
		c.stmt(s.Assign, f)
		for _, cc := range s.Body.List {
			c.stmts(cc.(*ast.CaseClause).Body, f)
		}
	case *ast.SelectStmt:
		for _, cc := range s.Body.List {
			comm := cc.(*ast.CommClause)
			if comm.Comm != nil {
				c.stmt(comm.Comm, f)
			}
			c.stmts(comm.Body, f)
		}
	case *ast.ForStmt:
		if s.Init != nil {
			c.stmt(s.Init, f)
		}
		c.exprs(s.Cond)
		if s.Post != nil {
			c.stmt(s.Post, f)
		}
		c.loop(s, s.Body, f)
	case *ast.RangeStmt:
		c.exprs(s.X)
		c.loop(s, s.Body, f)
	case *ast.DeferStmt:
		if lit, ok := ast.Unparen(s.Call.Fun).(*ast.FuncLit); ok {
			c.exprs(exprNodes(s.Call.Args)...)
			c.funcLit(lit, nil, true)
			return
		}
		c.exprs(s.Call)
	default:
		c.exprs(s)
	}
}

func exprNodes(es []ast.Expr) []ast.Node {
	out := make([]ast.Node, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

func (c *checker) loop(n ast.Node, body *ast.BlockStmt, f *failure) {
	c.loops = append(c.loops, n)
	c.stmts(body.List, f)
	c.loops = c.loops[:len(c.loops)-1]
	if c.s.loops {
		c.checkLoop(n, body)
	}
}

// switchStmt walks the clauses of a switch on failure path f.
func (c *checker) switchStmt(s *ast.SwitchStmt, f *failure) {
	info := c.pass.TypesInfo
	var tagVar *types.Var
	hasNil := false
	if s.Tag != nil {
		if v := c.errVar(s.Tag); v != nil {
			tagVar = v
			for _, cc := range s.Body.List {
				for _, e := range cc.(*ast.CaseClause).List {
					if isNil(info, e) {
						hasNil = true
					}
				}
			}
		}
	}
	var success *types.Var
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		c.exprs(exprNodes(cc.List)...)
		body := f
		switch {
		case s.Tag == nil && cc.List == nil && success != nil:
			body = c.newFailure(cond{v: success, kind: condFail, exact: true}, s).from(cc.Pos())
		case s.Tag == nil:
			var k cond
			for _, e := range cc.List {
				ek := c.classify(e)
				if len(cc.List) > 1 {
					ek.exact = false
					if ek.kind != condFail {
						ek.kind = condNone
					}
				}
				if ek.kind != condNone {
					k = ek
					break
				}
			}
			switch k.kind {
			case condFail, condAbsence:
				body = c.newFailure(k, s).from(cc.Pos())
			case condSuccess, condBenign:
				body = nil
				if k.kind == condSuccess && k.exact && len(cc.List) == 1 {
					success = k.v
				}
			}
		case tagVar != nil && cc.List == nil:
			if hasNil {
				body = c.newFailure(cond{v: tagVar, kind: condFail, exact: true}, s).from(cc.Pos())
			}
		case tagVar != nil:
			kind := condNone
			for _, e := range cc.List {
				var ek condKind
				if isNil(info, e) {
					ek = condSuccess
				} else {
					ek = c.sentinelKind(e)
				}
				if kind == condNone || ek == condBenign || ek == condSuccess {
					kind = ek
				}
			}
			switch kind {
			case condFail, condAbsence:
				body = c.newFailure(cond{v: tagVar, kind: kind, exact: true}, s).from(cc.Pos())
			case condSuccess, condBenign:
				body = nil
			}
		}
		c.stmts(cc.Body, body)
	}
}

// newFailure makes the failure path of k, finding the operation that set
// the error before node.
func (c *checker) newFailure(k cond, node ast.Node) *failure {
	f := &failure{err: k.v, kind: k.kind, exact: k.exact}
	var init ast.Stmt
	switch n := node.(type) {
	case *ast.IfStmt:
		init = n.Init
	case *ast.SwitchStmt:
		init = n.Init
	}
	var rhs ast.Expr
	if as, ok := init.(*ast.AssignStmt); ok {
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && c.objOf(id) == k.v {
				rhs = assignedExpr(as, i)
			}
		}
	}
	if rhs == nil && c.fn != nil {
		for _, ev := range c.fn.eventsOf(k.v) {
			if ev.rhs != nil && ev.pos < node.Pos() && !ev.inLit {
				rhs = ev.rhs
			}
		}
	}
	if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
		f.opCall = call
		f.op = "failure of " + shortExpr(call.Fun)
		if f.kind == condFail && c.isParse(call) {
			f.kind = condInvalid
		}
	} else {
		f.op = "failure in " + k.v.Name()
	}
	return f
}

func assignedExpr(as *ast.AssignStmt, i int) ast.Expr {
	switch {
	case len(as.Lhs) == len(as.Rhs):
		return as.Rhs[i]
	case len(as.Rhs) == 1:
		return as.Rhs[0]
	}
	return nil
}

func (c *checker) objOf(id *ast.Ident) types.Object {
	if o := c.pass.TypesInfo.Defs[id]; o != nil {
		return o
	}
	return c.pass.TypesInfo.Uses[id]
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// errVar returns the local error variable e denotes, or nil: parameters
// (a walk function's err), fields and package variables are not an
// operation this code ran.
func (c *checker) errVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.objOf(id).(*types.Var)
	if !ok || v.IsField() || c.params[v] || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	t := v.Type()
	if !types.Implements(t, errorType) {
		return nil
	}
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return v
	}
	return nil
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// classify reads a condition.
func (c *checker) classify(e ast.Expr) cond {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			x, y := c.classify(e.X), c.classify(e.Y)
			var out cond
			for _, k := range []cond{x, y} {
				switch {
				case k.kind == condNone:
				case out.kind == condNone, k.kind == condSuccess, k.kind == condBenign,
					k.kind == condAbsence && out.kind == condFail:
					if out.kind != condSuccess && out.kind != condBenign {
						out = k
					}
				}
			}
			if out.kind == condSuccess {
				out.exact = false // the else branch may run with a nil error
			}
			return out
		case token.LOR:
			for _, k := range []cond{c.classify(e.X), c.classify(e.Y)} {
				if k.kind == condFail {
					k.exact = false
					return k
				}
			}
			return cond{}
		case token.NEQ, token.EQL:
			x, y := e.X, e.Y
			if isNil(info, x) {
				x, y = y, x
			}
			v := c.errVar(x)
			if v == nil {
				return cond{}
			}
			if isNil(info, y) {
				if e.Op == token.NEQ {
					return cond{v: v, kind: condFail, exact: true}
				}
				return cond{v: v, kind: condSuccess, exact: true}
			}
			if e.Op == token.EQL {
				if k := c.sentinelKind(y); k != condNone {
					return cond{v: v, kind: k, exact: true}
				}
			}
		}
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, e)
		if fn == nil || len(e.Args) == 0 {
			return cond{}
		}
		v := c.errVar(e.Args[0])
		if v == nil {
			return cond{}
		}
		switch {
		case toolmodel.IsFunc(fn, "errors", "Is") && len(e.Args) == 2:
			return cond{v: v, kind: c.sentinelKind(e.Args[1]), exact: true}
		case toolmodel.IsFunc(fn, "errors", "As") && len(e.Args) == 2:
			kind := condFail
			if t := info.TypeOf(e.Args[1]); t != nil && absenceRe.MatchString(typeName(t)) {
				kind = condAbsence
			}
			return cond{v: v, kind: kind, exact: true}
		case toolmodel.IsFunc(fn, "os", "IsNotExist"):
			return cond{v: v, kind: condAbsence, exact: true}
		case toolmodel.IsFunc(fn, "os", "IsExist"), toolmodel.IsFunc(fn, "os", "IsPermission"), toolmodel.IsFunc(fn, "os", "IsTimeout"):
			return cond{v: v, kind: condFail, exact: true}
		case len(e.Args) == 1 && absenceFuncRe.MatchString(fn.Name()):
			return cond{v: v, kind: condAbsence, exact: true}
		}
	}
	return cond{}
}

var (
	// absenceRe matches the names of not-found errors and error types.
	absenceRe = lazyre.New(`(?i)not_?found|not_?exists?|no_?rows|no_?such`)
	// absenceFuncRe matches predicates such as apierrors.IsNotFound.
	absenceFuncRe = lazyre.New(`(?i)^is_?(not_?found|not_?exists?|no_?rows|no_?such)`)
	benign        = map[string]bool{
		"io.EOF": true, "context.Canceled": true,
		"io/fs.SkipDir": true, "io/fs.SkipAll": true,
		"path/filepath.SkipDir": true, "path/filepath.SkipAll": true,
		"net/http.ErrServerClosed": true, "net.ErrClosed": true,
	}
)

// absenceCond recognises a not-found test that does not name the error
// variable: a comparison with http.StatusNotFound, 404 or a constant named
// like NotFound, or a predicate named like isNotFound.
func (c *checker) absenceCond(e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return c.absenceCond(e.X) || c.absenceCond(e.Y)
		case token.EQL:
			for _, x := range []ast.Expr{e.X, e.Y} {
				if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.ExactString() == "404" {
					return true
				}
				var obj types.Object
				switch x := ast.Unparen(x).(type) {
				case *ast.Ident:
					obj = info.Uses[x]
				case *ast.SelectorExpr:
					obj = info.Uses[x.Sel]
				}
				if _, isConst := obj.(*types.Const); isConst && absenceRe.MatchString(obj.Name()) {
					return true
				}
			}
		}
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, e)
		if fn != nil && absenceFuncRe.MatchString(fn.Name()) {
			return true
		}
	}
	return false
}

// typeName returns the name of the named type t points to (through any
// number of pointers), or "".
func typeName(t types.Type) string {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// sentinelKind classifies an error sentinel compared against.
func (c *checker) sentinelKind(e ast.Expr) condKind {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		obj = c.pass.TypesInfo.Uses[e]
	case *ast.SelectorExpr:
		obj = c.pass.TypesInfo.Uses[e.Sel]
	}
	if obj == nil || obj.Pkg() == nil {
		return condFail
	}
	name := obj.Pkg().Path() + "." + obj.Name()
	switch {
	case benign[name]:
		return condBenign
	case absenceRe.MatchString(obj.Name()) || name == "database/sql.ErrNoRows":
		return condAbsence
	}
	return condFail
}

func errOnly(sig *types.Signature) bool {
	return sig.Results().Len() == 1 && toolmodel.IsErrorType(sig.Results().At(0).Type())
}

// walkShaped matches filepath.WalkFunc and fs.WalkDirFunc shapes.
func walkShaped(sig *types.Signature) bool {
	p := sig.Params()
	if p.Len() != 3 || !toolmodel.IsErrorType(p.At(2).Type()) {
		return false
	}
	b, ok := p.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String &&
		(toolmodel.IsNamed(p.At(1).Type(), "io/fs", "DirEntry") || toolmodel.IsNamed(p.At(1).Type(), "io/fs", "FileInfo"))
}

func isErrgroupGo(info *types.Info, call *ast.CallExpr) bool {
	fn := typeutil.StaticCallee(info, call)
	return toolmodel.IsMethod(fn, "golang.org/x/sync/errgroup", "Group", "Go") ||
		toolmodel.IsMethod(fn, "golang.org/x/sync/errgroup", "Group", "TryGo")
}

// isValueUsed reports whether fn is used other than by calling it: passed
// as a callback, its nil error means whatever its caller makes of it.
func (c *checker) isValueUsed(fn *types.Func) bool {
	if c.valueUsed == nil {
		c.valueUsed = map[*types.Func]bool{}
		for _, f := range c.pass.Files {
			var stack []ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				var id *ast.Ident
				switch n := n.(type) {
				case *ast.Ident:
					id = n
				}
				if id != nil {
					if g, ok := c.pass.TypesInfo.Uses[id].(*types.Func); ok && g.Pkg() == c.pass.Pkg {
						if !calledAt(stack, id) {
							c.valueUsed[g] = true
						}
					}
				}
				stack = append(stack, n)
				return true
			})
		}
	}
	return c.valueUsed[fn]
}

// calledAt reports whether id, with its ancestors on stack, is the
// function of a call (f(), x.f()).
func calledAt(stack []ast.Node, id *ast.Ident) bool {
	var e ast.Node = id
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.SelectorExpr:
			if p.Sel != e {
				return false
			}
			e = p
			continue
		case *ast.ParenExpr:
			e = p
			continue
		case *ast.IndexExpr, *ast.IndexListExpr:
			e = p
			continue
		case *ast.CallExpr:
			return p.Fun == e
		}
		return false
	}
	return false
}
