package emptyonfail

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/goapi"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// funcInfo describes the function (declaration or literal) being walked.
type funcInfo struct {
	node     ast.Node // *ast.FuncDecl or *ast.FuncLit
	decl     *types.Func
	lit      *ast.FuncLit
	body     *ast.BlockStmt
	sig      *types.Signature
	errIdx   int // index of the error result, or -1
	handler  mcpsdk.HandlerKind
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

// A failKind says what kind of failure a path is on.
type failKind int

const (
	condFail    failKind = iota + 1 // a failure: the operation did not run
	condAbsence                     // a not-found failure (or a configured caller error)
	condInvalid                     // a value did not parse: a classification, like absence
)

// failure is the failure path a statement lies on, as emptyonfail reads
// the model's: the error, its kind, and the operation that failed.
type failure struct {
	err    *types.Var
	kind   failKind
	exact  bool          // err is certainly non-nil here: a fix may return it
	opCall *ast.CallExpr // the operation that failed; nil: unknown
	start  token.Pos     // where the failure branch begins
	end    token.Pos     // where it ends; NoPos: with the function
}

// failureOf reads the model's failure path; at, when valid, is the
// statement on it being judged.
func (c *checker) failureOf(fp *failpath.Path, at astindex.Cursor) *failure {
	if fp == nil || fp.Recover || fp.Test.Err == nil {
		return nil
	}
	if fp.Op != nil && c.m.Marshal.CannotFail(c.pass.TypesInfo, fp.Op, c.every) {
		return nil // json.Marshal of map[string]string{}: no failure to hide
	}
	if _, isParam := c.m.Flow.ParamOf(fp.Test.Err); isParam {
		return nil // a walk function's err: not an operation this code ran
	}
	f := &failure{err: fp.Test.Err, exact: fp.Test.Exact, start: fp.Start, opCall: fp.Op, kind: condFail}
	switch n := fp.Node.(type) {
	case *ast.IfStmt:
		if n.Body.Pos() <= fp.Start && fp.Start < n.Body.End() {
			f.end = n.Body.End()
		} else if n.Else != nil && n.Else.Pos() <= fp.Start && fp.Start < n.Else.End() {
			f.end = n.Else.End()
		}
	case *ast.CaseClause:
		f.end = n.End()
	}
	switch fp.Test.Class {
	case failpath.ClassNotFound, failpath.ClassCaller:
		f.kind = condAbsence
	case failpath.ClassInvalid:
		f.kind = condInvalid
	}
	if fp.Op != nil && f.kind == condFail {
		switch callee := typeutil.StaticCallee(c.pass.TypesInfo, fp.Op); {
		case goapi.IsParse(callee):
			f.kind = condInvalid
		case goapi.IsDecode(callee) && at.Valid():
			// Decoding the model's own arguments (an optional JSON
			// filter): the input does not parse, a classification. An
			// upstream's body that does not decode stays a failure.
			if id := errUse(fp.Node, fp.Test.Err, c.pass.TypesInfo); id != nil && c.m.Outcomes().ArgumentError(at, id) {
				f.kind = condInvalid
			}
		}
	}
	return f
}

// op names the failure for a message: "failure of os.ReadFile", or
// "failure in err" when the operation is not known.
func (f *failure) op() string {
	if f.opCall != nil {
		return "failure of " + shortExpr(f.opCall.Fun)
	}
	return "failure in " + f.err.Name()
}

// errUse returns a use of err in the test of the failure branch node.
func errUse(node ast.Node, err *types.Var, info *types.Info) *ast.Ident {
	var test ast.Node
	switch n := node.(type) {
	case *ast.IfStmt:
		test = n.Cond
	case *ast.CaseClause:
		test = n
	default:
		return nil
	}
	var found *ast.Ident
	ast.Inspect(test, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && found == nil && info.Uses[id] == err {
			found = id
		}
		return found == nil
	})
	return found
}

// returnFailure returns the failure path ret, a return of the function
// being walked, lies on.
func (c *checker) returnFailure(ret *ast.ReturnStmt) *failure {
	for _, cur := range c.m.Flow.ReturnCursors(c.fn.node) {
		if cur.Node() == ret {
			return c.failureOf(c.m.Failures.At(cur), cur)
		}
	}
	return nil
}

func (c *checker) funcDecl(d *ast.FuncDecl) {
	fn, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func)
	if fn == nil {
		return
	}
	c.decls = append(c.decls, d)
	c.lits = c.m.Flow.HasFuncLit(d)
	fi := c.newFunc(d, d.Body, fn.Type().(*types.Signature))
	fi.decl = fn
	c.funcOfDecl[d] = fi
	if errOnly(fi.sig) && (c.isValueUsed(fn) || walkShaped(fi.sig)) {
		fi.callback = true
	}
	c.walkFunc(fi)
}

// newFunc returns what the walk keeps of a function declaration or
// literal: its body, signature and results.
func (c *checker) newFunc(node ast.Node, body *ast.BlockStmt, sig *types.Signature) *funcInfo {
	fi := &funcInfo{node: node, body: body, sig: sig, errIdx: -1, handler: mcpsdk.HandlerKindOf(sig), info: c.pass.TypesInfo}
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if mcpsdk.IsErrorType(res.At(i).Type()) {
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
	c.stmts(fi.body.List)
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
	fi := c.newFunc(lit, lit.Body, sig)
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
	if c.litPos == nil {
		c.litPos = []token.Pos{}
		for _, n := range c.m.Flow.Funcs() {
			if lit, ok := n.(*ast.FuncLit); ok {
				c.litPos = append(c.litPos, lit.Pos())
			}
		}
		slices.Sort(c.litPos)
	}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		if i, _ := slices.BinarySearch(c.litPos, n.Pos()); i == len(c.litPos) || c.litPos[i] >= n.End() {
			continue // no function literal starts inside n
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

// stmts walks a statement list.
func (c *checker) stmts(list []ast.Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		c.exprs(exprNodes(s.Results)...)
		if f := c.returnFailure(s); f != nil {
			c.checkReturn(s, f)
		}
	case *ast.BlockStmt:
		c.stmts(s.List)
	case *ast.LabeledStmt:
		c.stmt(s.Stmt)
	case *ast.IfStmt:
		if s.Init != nil {
			c.stmt(s.Init)
		}
		c.exprs(s.Cond)
		c.stmts(s.Body.List)
		if s.Else != nil {
			c.stmt(s.Else)
		}
	case *ast.SwitchStmt:
		if s.Init != nil {
			c.stmt(s.Init)
		}
		c.exprs(s.Tag)
		for _, stmt := range s.Body.List {
			cc := stmt.(*ast.CaseClause)
			c.exprs(exprNodes(cc.List)...)
			c.stmts(cc.Body)
		}
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			c.stmt(s.Init)
		}
		c.stmt(s.Assign)
		for _, cc := range s.Body.List {
			c.stmts(cc.(*ast.CaseClause).Body)
		}
	case *ast.SelectStmt:
		for _, cc := range s.Body.List {
			comm := cc.(*ast.CommClause)
			if comm.Comm != nil {
				c.stmt(comm.Comm)
			}
			c.stmts(comm.Body)
		}
	case *ast.ForStmt:
		if s.Init != nil {
			c.stmt(s.Init)
		}
		c.exprs(s.Cond)
		if s.Post != nil {
			c.stmt(s.Post)
		}
		c.loop(s, s.Body)
	case *ast.RangeStmt:
		c.exprs(s.X)
		c.loop(s, s.Body)
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

func (c *checker) loop(n ast.Node, body *ast.BlockStmt) {
	c.loops = append(c.loops, n)
	c.stmts(body.List)
	c.loops = c.loops[:len(c.loops)-1]
	if c.s.loops {
		c.checkLoop(n, body)
	}
}

func (c *checker) objOf(id *ast.Ident) types.Object {
	if o := c.pass.TypesInfo.Defs[id]; o != nil {
		return o
	}
	return c.pass.TypesInfo.Uses[id]
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
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

func errOnly(sig *types.Signature) bool {
	return sig.Results().Len() == 1 && mcpsdk.IsErrorType(sig.Results().At(0).Type())
}

// walkShaped matches filepath.WalkFunc and fs.WalkDirFunc shapes.
func walkShaped(sig *types.Signature) bool {
	p := sig.Params()
	if p.Len() != 3 || !mcpsdk.IsErrorType(p.At(2).Type()) {
		return false
	}
	b, ok := p.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String &&
		(mcpsdk.IsNamed(p.At(1).Type(), "io/fs", "DirEntry") || mcpsdk.IsNamed(p.At(1).Type(), "io/fs", "FileInfo"))
}

func isErrgroupGo(info *types.Info, call *ast.CallExpr) bool {
	fn := typeutil.StaticCallee(info, call)
	return mcpsdk.IsMethod(fn, "golang.org/x/sync/errgroup", "Group", "Go") ||
		mcpsdk.IsMethod(fn, "golang.org/x/sync/errgroup", "Group", "TryGo")
}

// isValueUsed reports whether fn is used other than by calling it: passed
// as a callback, its nil error means whatever its caller makes of it.
func (c *checker) isValueUsed(fn *types.Func) bool {
	if c.valueUsed == nil {
		c.valueUsed = map[*types.Func]bool{}
		// Every use of one of the package's functions that is not the
		// function of a call: the uses from the type checker's table,
		// the calls from the syntax index (identifiers are not in it).
		syntax := c.m.Syntax
		if syntax == nil {
			syntax = astindex.New(c.pass.Files)
		}
		// The uses of the package's functions first, then those that
		// are calls struck off: a table of those uses, not of every
		// identifier called.
		uses := map[*ast.Ident]*types.Func{}
		for id, obj := range c.pass.TypesInfo.Uses {
			if g, ok := obj.(*types.Func); ok && g.Pkg() == c.pass.Pkg {
				uses[id] = g
			}
		}
		for cur := range syntax.Root().Preorder((*ast.CallExpr)(nil)) {
			markCalled(uses, cur.Node().(*ast.CallExpr).Fun)
		}
		for _, g := range uses {
			c.valueUsed[g] = true
		}
	}
	return c.valueUsed[fn]
}

// markCalled deletes from uses the identifiers that e, the function of a
// call, calls: f in f(), x.f(), (f)(), f[T]() (and, as an index or
// instantiation may be either, those of its operands too).
func markCalled(uses map[*ast.Ident]*types.Func, e ast.Expr) {
	switch e := e.(type) {
	case *ast.Ident:
		delete(uses, e)
	case *ast.SelectorExpr:
		delete(uses, e.Sel)
	case *ast.ParenExpr:
		markCalled(uses, e.X)
	case *ast.IndexExpr:
		markCalled(uses, e.X)
		markCalled(uses, e.Index)
	case *ast.IndexListExpr:
		markCalled(uses, e.X)
		for _, x := range e.Indices {
			markCalled(uses, x)
		}
	}
}

// pathEnclosing returns astutil.PathEnclosingInterval's path for an
// interval of file. When one declaration holds the interval, found by
// binary search, the path is computed in that declaration alone: the same
// path, without listing and sorting every declaration of the file on each
// call, which made the cost quadratic in the size of a file of many tools.
func pathEnclosing(file *ast.File, start, end token.Pos) []ast.Node {
	decls := file.Decls
	i := sort.Search(len(decls), func(i int) bool { return decls[i].End() >= end })
	if start < end && i < len(decls) && decls[i].Pos() <= start {
		// A file of that one declaration: PathEnclosingInterval descends
		// into it as it would in the whole file (declarations do not
		// overlap), and the file at the path's end is the real one.
		one := &ast.File{Package: file.Package, Name: file.Name, Decls: decls[i : i+1], FileStart: file.FileStart, FileEnd: file.FileEnd}
		path, _ := astutil.PathEnclosingInterval(one, start, end)
		if len(path) > 0 && path[len(path)-1] == one {
			path[len(path)-1] = file
			return path
		}
	}
	path, _ := astutil.PathEnclosingInterval(file, start, end)
	return path
}
