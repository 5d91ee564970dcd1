package failpath

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// A failure path is the code that runs when an operation failed: the
// body of `if err != nil` (and of `if x, err := f(); err != nil`), the
// branch where an errors.Is or errors.As test on the error holds (or a
// predicate such as os.IsNotExist or a project's isNotFound), the code
// after `if err == nil { ...; return }`, the else of `if err == nil`, the
// cases of a switch on the error, and the body of a recover() test. Each
// path names the error it tests and how that error is classified.

// A Path is the failure path some code lies on.
type Path struct {
	// Node is the branch that tests the error: the *ast.IfStmt whose body
	// or else it is, the *ast.CaseClause, or the `if err == nil { return }`
	// statement the code follows.
	Node ast.Node
	// Start is where the failure path's code begins.
	Start token.Pos
	Test  Test // the error, and its class (refined by a not-found test inside the path)
	// Op is the call that set the error, when it is known: the init of
	// the if or switch, or the definition of the error that reaches the
	// test.
	Op *ast.CallExpr
	// Recover marks the body of a recover() test.
	Recover bool
}

// FailureAt returns the failure path the node at c lies on within its
// function, or nil: the innermost enclosing branch that tests an error
// decides, a success or benign branch (io.EOF) ending the search. A test
// inside the path that something was not found (a status 404, a constant
// or predicate named like NotFound) makes its class ClassNotFound.
func (f *Finder) At(c astindex.Cursor) *Path {
	fn := flow.EnclosingFunc(c)
	absent := false
	var success *types.Var // the else of err != nil: err is nil there
	found := func(p *Path) *Path {
		if success != nil && p.Test.Err == success {
			return nil
		}
		if absent && p.Test.Class == ClassAny {
			p.Test.Class = ClassNotFound
		}
		if p.Op == nil && p.Test.Err != nil {
			p.Op = f.errOp(p.Node, p.Test.Err, fn)
		}
		return p
	}
	child := c
	for p := c.Parent(); p.Valid(); child, p = p, p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		case *ast.IfStmt:
			t := f.TestOf(n.Cond)
			switch {
			case child.Node() == n.Body:
				switch {
				case t.Failed && t.Class == ClassBenign, t.Nil:
					return nil
				case t.Failed:
					return found(&Path{Node: n, Start: n.Body.Pos(), Test: t, Op: f.initOp(n.Init, t.Err)})
				case f.IsRecoverTest(n):
					return &Path{Node: n, Start: n.Body.Pos(), Recover: true}
				case f.absenceCond(n.Cond):
					absent = true
				}
			case n.Else != nil && child.Node() == n.Else:
				switch {
				case t.Nil && t.Exact:
					return found(&Path{Node: n, Start: n.Else.Pos(), Test: Test{Err: t.Err, Failed: true, Exact: true}, Op: f.initOp(n.Init, t.Err)})
				case t.Failed && t.Exact:
					success = t.Err
				}
			}
		case *ast.CaseClause:
			if fp, decided := f.caseFailure(n, p.Parent().Parent()); decided {
				if fp == nil {
					return nil
				}
				return found(fp)
			}
		}
		// The code after `if err == nil { ...; return }` in the same list.
		if isStmtList(p.Node()) {
			for sib, ok := child.PrevSibling(); ok; sib, ok = sib.PrevSibling() {
				ifs, ok := sib.Node().(*ast.IfStmt)
				if !ok || ifs.Else != nil || !flow.Terminates(ifs.Body) {
					continue
				}
				if t := f.TestOf(ifs.Cond); t.Nil && t.Exact {
					return found(&Path{Node: ifs, Start: ifs.End(), Test: Test{Err: t.Err, Failed: true, Exact: true}, Op: f.initOp(ifs.Init, t.Err)})
				}
			}
		}
	}
	return nil
}

// IfFailure returns the failure path the body of ifs, a statement of the
// function fn, is when its condition tests a failure; nil otherwise.
func (f *Finder) IfFailure(ifs *ast.IfStmt, fn ast.Node) *Path {
	t := f.TestOf(ifs.Cond)
	if !t.Failed || t.Class == ClassBenign {
		return nil
	}
	p := &Path{Node: ifs, Start: ifs.Body.Pos(), Test: t, Op: f.initOp(ifs.Init, t.Err)}
	if p.Op == nil {
		p.Op = f.errOp(ifs, t.Err, fn)
	}
	return p
}

func isStmtList(n ast.Node) bool {
	switch n.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// caseFailure decides a switch clause: whether its body is a failure path
// (a *Path), not one (nil, true), or says nothing (nil, false).
func (f *Finder) caseFailure(cc *ast.CaseClause, sw astindex.Cursor) (*Path, bool) {
	info := f.info
	s, ok := sw.Node().(*ast.SwitchStmt)
	if !ok {
		return nil, false
	}
	body := cc.Pos()
	if s.Tag == nil {
		if cc.List == nil {
			// default, after a `case err == nil`: the error is non-nil.
			for _, stmt := range s.Body.List {
				other := stmt.(*ast.CaseClause)
				if len(other.List) == 1 {
					if t := f.TestOf(other.List[0]); t.Nil && t.Exact {
						return &Path{Node: cc, Start: body, Test: Test{Err: t.Err, Failed: true, Exact: true}, Op: f.initOp(s.Init, t.Err)}, true
					}
				}
			}
			return nil, false
		}
		var t Test
		for _, e := range cc.List {
			et := f.TestOf(e)
			if len(cc.List) > 1 {
				et.Exact = false
				if !et.Failed {
					et = Test{}
				}
			}
			if et.Err != nil {
				t = et
				break
			}
		}
		switch {
		case t.Failed && t.Class == ClassBenign, t.Nil:
			return nil, true
		case t.Failed:
			return &Path{Node: cc, Start: body, Test: t, Op: f.initOp(s.Init, t.Err)}, true
		}
		return nil, false
	}
	v := f.ErrorVar(s.Tag)
	if v == nil {
		return nil, false
	}
	if cc.List == nil {
		for _, stmt := range s.Body.List {
			for _, e := range stmt.(*ast.CaseClause).List {
				if flow.IsNil(info, e) {
					return &Path{Node: cc, Start: body, Test: Test{Err: v, Failed: true, Exact: true}, Op: f.initOp(s.Init, v)}, true
				}
			}
		}
		return nil, false
	}
	var t Test
	for _, e := range cc.List {
		et := Test{Err: v, Failed: true, Exact: true}
		if flow.IsNil(info, e) {
			et = Test{Err: v, Nil: true, Exact: true}
		} else if obj := flow.ObjectOfExpr(info, e); obj != nil {
			et.Class, et.What = f.ClassOf(obj), mcpsdk.Qualified(obj)
		}
		if t.Err == nil || et.Nil || et.Class == ClassBenign {
			t = et
		}
	}
	if t.Nil || t.Class == ClassBenign {
		return nil, true
	}
	return &Path{Node: cc, Start: body, Test: t, Op: f.initOp(s.Init, v)}, true
}

// initOp returns the call an init statement assigns v from.
func (f *Finder) initOp(init ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := init.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	for i, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && flow.ObjOf(f.info, id) == v {
			var rhs ast.Expr
			switch {
			case len(as.Lhs) == len(as.Rhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1:
				rhs = as.Rhs[0]
			}
			call, _ := ast.Unparen(rhs).(*ast.CallExpr)
			return call
		}
	}
	return nil
}

// errOp returns the call that set the error v tested at node, in the
// function fn: the last definition of v before node in fn itself.
func (f *Finder) errOp(node ast.Node, v *types.Var, fn ast.Node) *ast.CallExpr {
	var last *flow.Def
	for _, d := range f.flow.Defs(v) {
		if d.Pos < node.Pos() && d.Func == fn && d.Rhs != nil && (last == nil || d.Pos > last.Pos) {
			last = d
		}
	}
	if last == nil {
		return nil
	}
	call, _ := ast.Unparen(last.Rhs).(*ast.CallExpr)
	return call
}

// absenceCond recognises a not-found test that does not name the error: a
// comparison with http.StatusNotFound, 404 or a constant named like
// NotFound, or a predicate named like isNotFound.
func (f *Finder) absenceCond(e ast.Expr) bool {
	info := f.info
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return f.absenceCond(e.X) || f.absenceCond(e.Y)
		case token.EQL:
			for _, x := range []ast.Expr{e.X, e.Y} {
				if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.ExactString() == "404" {
					return true
				}
				if c, isConst := flow.ObjectOfExpr(info, x).(*types.Const); isConst && classByName(c.Name()) == ClassNotFound {
					return true
				}
			}
		}
	case *ast.CallExpr:
		if fn := flow.CalleeOf(f.flow, f.info, e); fn != nil && isPredicateName(fn.Name()) && classByName(fn.Name()[2:]) == ClassNotFound {
			return true
		}
	}
	return false
}

// IsRecoverTest recognises `if r := recover(); r != nil`, `if recover() !=
// nil`, and `if r != nil` after `r := recover()`.
func (f *Finder) IsRecoverTest(ifs *ast.IfStmt) bool {
	info := f.info
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x := be.X
	if flow.IsNil(info, x) {
		x = be.Y
	} else if !flow.IsNil(info, be.Y) {
		return false
	}
	if flow.IsBuiltinCall(info, x, "recover") {
		return true
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return false
	}
	for _, d := range f.flow.Defs(v) {
		if d.Pos < ifs.Cond.Pos() && d.Rhs != nil && flow.IsBuiltinCall(info, d.Rhs, "recover") {
			return true
		}
	}
	return false
}
