package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// Failure paths, as RULES.md defines them, for every analyzer: the code
// that runs when an operation failed. That is the body of `if err != nil`
// (and of `if x, err := f(); err != nil`), the branch where an errors.Is
// or errors.As test on the error holds (or a predicate such as
// os.IsNotExist or a project's isNotFound), the code after
// `if err == nil { ...; return }`, the else of `if err == nil`, the cases
// of a switch on the error, and the body of a recover() test. Each path
// names the error it tests and how that error is classified.

// An ErrorClass says what kind of failure an error is.
type ErrorClass int

const (
	ClassAny      ErrorClass = iota // a failure of no particular kind: a fault unless shown otherwise
	ClassNotFound                   // the thing named does not exist (fs.ErrNotExist, sql.ErrNoRows, ErrNotFound, an unknown kind)
	ClassExists                     // it exists already
	ClassInvalid                    // a value is malformed or out of range (strconv's errors, ErrInvalid...)
	ClassConflict                   // a conflict or failed precondition
	ClassStale                      // a version mismatch, an expired handle
	ClassCaller                     // named in the caller-errors setting
	ClassBenign                     // not a failure: io.EOF, context.Canceled, fs.SkipDir...
)

// CallerCanAct reports whether an error of class c is one the caller can
// act on: outcome 2 or 3 of the design.
func (c ErrorClass) CallerCanAct() bool { return c >= ClassNotFound && c <= ClassCaller }

func (c ErrorClass) String() string {
	switch c {
	case ClassNotFound:
		return "not-found"
	case ClassExists:
		return "already-exists"
	case ClassInvalid:
		return "invalid"
	case ClassConflict:
		return "conflict"
	case ClassStale:
		return "stale"
	case ClassCaller:
		return "caller"
	case ClassBenign:
		return "benign"
	}
	return "failure"
}

// benignErrors are the sentinels that say an operation ended, not failed.
var benignErrors = map[string]bool{
	"io.EOF": true, "context.Canceled": true,
	"io/fs.SkipDir": true, "io/fs.SkipAll": true,
	"path/filepath.SkipDir": true, "path/filepath.SkipAll": true,
	"net/http.ErrServerClosed": true, "net.ErrClosed": true,
}

// knownErrors classifies the standard library's sentinels and error types.
var knownErrors = map[string]ErrorClass{
	"io/fs.ErrNotExist": ClassNotFound, "os.ErrNotExist": ClassNotFound, "database/sql.ErrNoRows": ClassNotFound,
	"io/fs.ErrExist": ClassExists, "os.ErrExist": ClassExists,
	"strconv.ErrSyntax": ClassInvalid, "strconv.ErrRange": ClassInvalid, "strconv.NumError": ClassInvalid,
}

// errorClassOf classifies a sentinel error (a package-level variable) or
// an error type: the standard library's, those named in caller-errors,
// and names that say the kind (ErrNotFound, ErrAlreadyExists,
// InvalidArgumentError, ErrVersionMismatch, ErrUnknownKind...). Names of
// configuration, credentials and the server's own parts say a fault.
func (m *Model) errorClassOf(obj types.Object) ErrorClass {
	if obj == nil || obj.Pkg() == nil {
		return ClassAny
	}
	name := mcpsdk.PkgPath(obj) + "." + obj.Name()
	if benignErrors[name] {
		return ClassBenign
	}
	if c, ok := knownErrors[name]; ok {
		return c
	}
	if m.Config != nil {
		for _, n := range m.Config.CallerErrors {
			if n == name {
				return ClassCaller
			}
		}
	}
	return errorClassByName(obj.Name())
}

// errorClassByName reads the class of an error from its name (or a
// predicate's, without its Is): ErrNotFound, NotExistError, ErrNoRows,
// ErrAlreadyExists, ErrInvalidPath, ErrConflict, ErrVersionMismatch,
// ErrUnknownKind.
func errorClassByName(name string) ErrorClass {
	words := CamelWords(name)
	if len(words) > 0 && words[0] == "err" {
		words = words[1:]
	}
	if n := len(words); n > 0 && (words[n-1] == "error" || words[n-1] == "err") {
		words = words[:n-1]
	}
	if len(words) == 0 {
		return ClassAny
	}
	has := func(seq ...string) bool {
		for i := 0; i+len(seq) <= len(words); i++ {
			match := true
			for j, w := range seq {
				if words[i+j] != w {
					match = false
					break
				}
			}
			if match {
				return true
			}
		}
		return false
	}
	// Configuration, credentials and the server's own parts are faults.
	for _, w := range words {
		switch w {
		case "config", "configuration", "configured", "setting", "settings", "credential", "credentials", "token",
			"secret", "auth", "env", "environment", "cert", "certificate", "license", "internal", "upstream", "server":
			return ClassAny
		}
	}
	if has("api", "key") {
		return ClassAny
	}
	switch {
	case has("not", "found"), has("notfound"), has("not", "exist"), has("not", "exists"), has("no", "such"),
		has("no", "rows"), has("no", "documents"):
		return ClassNotFound
	case has("already", "exists"), has("exist"), has("exists"), has("duplicate"):
		return ClassExists
	case has("conflict"), has("precondition"):
		return ClassConflict
	case has("mismatch"), has("stale"), has("expired"), has("outdated"):
		return ClassStale
	case has("invalid"), has("malformed"), has("validation"), has("out", "of", "range"):
		return ClassInvalid
	case words[0] == "unknown" && len(words) > 1:
		return ClassNotFound
	}
	return ClassAny
}

// CamelWords splits an identifier into lower-case words: HTTPServerError
// is http, server, error; err_not_found is err, not, found.
func CamelWords(s string) []string {
	var words []string
	var cur []rune
	rs := []rune(s)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ':
			flush()
			continue
		case unicode.IsUpper(r):
			// A new word starts at an upper-case letter after a lower-case
			// one, or before a lower-case one in an acronym (HTTPServer).
			if i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) ||
				(i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1]))) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// An ErrTest is what a condition tells about an error when it holds.
type ErrTest struct {
	Err    *types.Var // the local error variable or parameter tested; nil: the condition tests none
	Failed bool       // when the condition holds, Err is a failure (of Class)
	Nil    bool       // when it holds, Err is nil
	Exact  bool       // Failed: Err is certainly non-nil; Nil: certainly nil
	Class  ErrorClass // Failed: the kind of failure
	What   string     // what the test names: "fs.ErrNotExist", "os.IsNotExist", "*strconv.NumError"; "" for err != nil
}

// ErrorVar returns the local error variable (or parameter) e denotes, or
// nil: fields and package variables hold no error of an operation this
// code ran.
func (m *Model) ErrorVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := flow.ObjOf(m.Pass.TypesInfo, id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	t := v.Type()
	if !types.Implements(t, errorIface) {
		return nil
	}
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return v
	}
	return nil
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// TestOf reads what cond, when it holds, says about an error: err != nil,
// err == nil, err == ErrX, errors.Is, errors.As, os.IsNotExist and its
// siblings, a predicate IsX(err) whose name says the kind, and their
// combinations with &&, || and !.
func (m *Model) TestOf(cond ast.Expr) ErrTest {
	m.mu.Lock()
	t, ok := m.tests[cond]
	m.mu.Unlock()
	if ok {
		return t // each return below a test asks about it again
	}
	t = m.testOf(cond)
	m.mu.Lock()
	if m.tests == nil {
		m.tests = map[ast.Expr]ErrTest{}
	}
	m.tests[cond] = t
	m.mu.Unlock()
	return t
}

func (m *Model) testOf(cond ast.Expr) ErrTest {
	info := m.Pass.TypesInfo
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t := m.testOf(e.X)
			switch {
			case t.Nil && t.Exact:
				return ErrTest{Err: t.Err, Failed: true, Exact: true}
			case t.Failed && t.Exact && t.What == "":
				return ErrTest{Err: t.Err, Nil: true, Exact: true}
			}
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			var out ErrTest
			for _, t := range []ErrTest{m.testOf(e.X), m.testOf(e.Y)} {
				switch {
				case t.Err == nil:
				case out.Err == nil, t.Nil, t.Class == ClassBenign,
					t.Class != ClassAny && out.Failed && out.Class == ClassAny:
					if !out.Nil && out.Class != ClassBenign {
						out = t
					}
				}
			}
			if out.Nil {
				out.Exact = false // the else branch may run with a nil error
			}
			return out
		case token.LOR:
			for _, t := range []ErrTest{m.testOf(e.X), m.testOf(e.Y)} {
				if t.Failed && t.Class != ClassBenign {
					t.Exact = false
					return t
				}
			}
			return ErrTest{}
		case token.NEQ, token.EQL:
			x, y := e.X, e.Y
			if isNilExpr(info, x) {
				x, y = y, x
			}
			v := m.ErrorVar(x)
			if v == nil {
				return ErrTest{}
			}
			if isNilExpr(info, y) {
				if e.Op == token.NEQ {
					return ErrTest{Err: v, Failed: true, Exact: true}
				}
				return ErrTest{Err: v, Nil: true, Exact: true}
			}
			if e.Op == token.EQL {
				if obj := objectOfExpr(info, y); obj != nil {
					if _, isVar := obj.(*types.Var); isVar {
						return ErrTest{Err: v, Failed: true, Exact: true, Class: m.errorClassOf(obj), What: qualified(obj)}
					}
				}
			}
		}
	case *ast.CallExpr:
		fn := m.callee(e)
		if fn == nil || len(e.Args) == 0 {
			return ErrTest{}
		}
		v := m.ErrorVar(e.Args[0])
		if v == nil {
			return ErrTest{}
		}
		switch {
		case mcpsdk.IsFunc(fn, "errors", "Is") && len(e.Args) == 2:
			obj := objectOfExpr(info, e.Args[1])
			t := ErrTest{Err: v, Failed: true, Exact: true}
			if _, isVar := obj.(*types.Var); isVar {
				t.Class, t.What = m.errorClassOf(obj), qualified(obj)
			}
			return t
		case mcpsdk.IsFunc(fn, "errors", "As") && len(e.Args) == 2:
			t := ErrTest{Err: v, Failed: true, Exact: true}
			if p, ok := types.Unalias(info.TypeOf(e.Args[1])).(*types.Pointer); ok {
				t.Class, t.What = m.errorTypeClass(p.Elem())
			}
			return t
		case mcpsdk.PkgPath(fn) == "os" && strings.HasPrefix(fn.Name(), "Is"):
			t := ErrTest{Err: v, Failed: true, Exact: true, What: "os." + fn.Name()}
			switch fn.Name() {
			case "IsNotExist":
				t.Class = ClassNotFound
			case "IsExist":
				t.Class = ClassExists
			}
			return t
		case len(e.Args) == 1 && isPredicateName(fn.Name()):
			if class := errorClassByName(fn.Name()[2:]); class != ClassAny {
				return ErrTest{Err: v, Failed: true, Exact: true, Class: class, What: qualified(fn)}
			}
		}
	}
	return ErrTest{}
}

// errorTypeClass classifies an error type (of errors.As, a type switch
// case, a type assertion): the class and how messages name it (*pkg.T).
func (m *Model) errorTypeClass(t types.Type) (ErrorClass, string) {
	base := types.Unalias(t)
	star := ""
	if p, ok := base.(*types.Pointer); ok {
		base, star = types.Unalias(p.Elem()), "*"
	}
	named, ok := base.(*types.Named)
	if !ok {
		return ClassAny, ""
	}
	obj := named.Origin().Obj()
	return m.errorClassOf(obj), star + qualified(obj)
}

// isPredicateName matches IsNotFound, isKindNotFound, is_not_found.
func isPredicateName(name string) bool {
	return len(name) > 2 && (strings.HasPrefix(name, "Is") || strings.HasPrefix(name, "is")) &&
		(unicode.IsUpper(rune(name[2])) || name[2] == '_')
}

func isNilExpr(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

func objectOfExpr(info *types.Info, e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.Uses[x]
	case *ast.SelectorExpr:
		return info.Uses[x.Sel]
	}
	return nil
}

// qualified names obj as messages do: pkg.Name.
func qualified(obj types.Object) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// A FailurePath is the failure path some code lies on.
type FailurePath struct {
	// Node is the branch that tests the error: the *ast.IfStmt whose body
	// or else it is, the *ast.CaseClause, or the `if err == nil { return }`
	// statement the code follows.
	Node ast.Node
	// Start is where the failure path's code begins.
	Start token.Pos
	Test  ErrTest // the error, and its class (refined by a not-found test inside the path)
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
func (m *Model) FailureAt(c astindex.Cursor) *FailurePath {
	fn := flow.EnclosingFunc(c)
	absent := false
	var success *types.Var // the else of err != nil: err is nil there
	found := func(p *FailurePath) *FailurePath {
		if success != nil && p.Test.Err == success {
			return nil
		}
		if absent && p.Test.Class == ClassAny {
			p.Test.Class = ClassNotFound
		}
		if p.Op == nil && p.Test.Err != nil {
			p.Op = m.errOp(p.Node, p.Test.Err, fn)
		}
		return p
	}
	child := c
	for p := c.Parent(); p.Valid(); child, p = p, p.Parent() {
		switch n := p.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		case *ast.IfStmt:
			t := m.TestOf(n.Cond)
			switch {
			case child.Node() == n.Body:
				switch {
				case t.Failed && t.Class == ClassBenign, t.Nil:
					return nil
				case t.Failed:
					return found(&FailurePath{Node: n, Start: n.Body.Pos(), Test: t, Op: m.initOp(n.Init, t.Err)})
				case m.IsRecoverTest(n):
					return &FailurePath{Node: n, Start: n.Body.Pos(), Recover: true}
				case m.absenceCond(n.Cond):
					absent = true
				}
			case n.Else != nil && child.Node() == n.Else:
				switch {
				case t.Nil && t.Exact:
					return found(&FailurePath{Node: n, Start: n.Else.Pos(), Test: ErrTest{Err: t.Err, Failed: true, Exact: true}, Op: m.initOp(n.Init, t.Err)})
				case t.Failed && t.Exact:
					success = t.Err
				}
			}
		case *ast.CaseClause:
			if fp, decided := m.caseFailure(n, p.Parent().Parent()); decided {
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
				if !ok || ifs.Else != nil || !Terminates(ifs.Body) {
					continue
				}
				if t := m.TestOf(ifs.Cond); t.Nil && t.Exact {
					return found(&FailurePath{Node: ifs, Start: ifs.End(), Test: ErrTest{Err: t.Err, Failed: true, Exact: true}, Op: m.initOp(ifs.Init, t.Err)})
				}
			}
		}
	}
	return nil
}

// IfFailure returns the failure path the body of ifs, a statement of the
// function fn, is when its condition tests a failure; nil otherwise.
func (m *Model) IfFailure(ifs *ast.IfStmt, fn ast.Node) *FailurePath {
	t := m.TestOf(ifs.Cond)
	if !t.Failed || t.Class == ClassBenign {
		return nil
	}
	p := &FailurePath{Node: ifs, Start: ifs.Body.Pos(), Test: t, Op: m.initOp(ifs.Init, t.Err)}
	if p.Op == nil {
		p.Op = m.errOp(ifs, t.Err, fn)
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
// (a *FailurePath), not one (nil, true), or says nothing (nil, false).
func (m *Model) caseFailure(cc *ast.CaseClause, sw astindex.Cursor) (*FailurePath, bool) {
	info := m.Pass.TypesInfo
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
					if t := m.TestOf(other.List[0]); t.Nil && t.Exact {
						return &FailurePath{Node: cc, Start: body, Test: ErrTest{Err: t.Err, Failed: true, Exact: true}, Op: m.initOp(s.Init, t.Err)}, true
					}
				}
			}
			return nil, false
		}
		var t ErrTest
		for _, e := range cc.List {
			et := m.TestOf(e)
			if len(cc.List) > 1 {
				et.Exact = false
				if !et.Failed {
					et = ErrTest{}
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
			return &FailurePath{Node: cc, Start: body, Test: t, Op: m.initOp(s.Init, t.Err)}, true
		}
		return nil, false
	}
	v := m.ErrorVar(s.Tag)
	if v == nil {
		return nil, false
	}
	if cc.List == nil {
		for _, stmt := range s.Body.List {
			for _, e := range stmt.(*ast.CaseClause).List {
				if isNilExpr(info, e) {
					return &FailurePath{Node: cc, Start: body, Test: ErrTest{Err: v, Failed: true, Exact: true}, Op: m.initOp(s.Init, v)}, true
				}
			}
		}
		return nil, false
	}
	var t ErrTest
	for _, e := range cc.List {
		et := ErrTest{Err: v, Failed: true, Exact: true}
		if isNilExpr(info, e) {
			et = ErrTest{Err: v, Nil: true, Exact: true}
		} else if obj := objectOfExpr(info, e); obj != nil {
			et.Class, et.What = m.errorClassOf(obj), qualified(obj)
		}
		if t.Err == nil || et.Nil || et.Class == ClassBenign {
			t = et
		}
	}
	if t.Nil || t.Class == ClassBenign {
		return nil, true
	}
	return &FailurePath{Node: cc, Start: body, Test: t, Op: m.initOp(s.Init, v)}, true
}

// initOp returns the call an init statement assigns v from.
func (m *Model) initOp(init ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := init.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	for i, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && flow.ObjOf(m.Pass.TypesInfo, id) == v {
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
func (m *Model) errOp(node ast.Node, v *types.Var, fn ast.Node) *ast.CallExpr {
	var last *flow.Def
	for _, d := range m.Flow.Defs(v) {
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
func (m *Model) absenceCond(e ast.Expr) bool {
	info := m.Pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return m.absenceCond(e.X) || m.absenceCond(e.Y)
		case token.EQL:
			for _, x := range []ast.Expr{e.X, e.Y} {
				if tv, ok := info.Types[x]; ok && tv.Value != nil && tv.Value.ExactString() == "404" {
					return true
				}
				if c, isConst := objectOfExpr(info, x).(*types.Const); isConst && errorClassByName(c.Name()) == ClassNotFound {
					return true
				}
			}
		}
	case *ast.CallExpr:
		if fn := m.callee(e); fn != nil && isPredicateName(fn.Name()) && errorClassByName(fn.Name()[2:]) == ClassNotFound {
			return true
		}
	}
	return false
}

// IsRecoverTest recognises `if r := recover(); r != nil`, `if recover() !=
// nil`, and `if r != nil` after `r := recover()`.
func (m *Model) IsRecoverTest(ifs *ast.IfStmt) bool {
	info := m.Pass.TypesInfo
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x := be.X
	if isNilExpr(info, x) {
		x = be.Y
	} else if !isNilExpr(info, be.Y) {
		return false
	}
	if isRecoverCall(info, x) {
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
	for _, d := range m.Flow.Defs(v) {
		if d.Pos < ifs.Cond.Pos() && d.Rhs != nil && isRecoverCall(info, d.Rhs) {
			return true
		}
	}
	return false
}

// isRecoverCall reports whether e is a call of the recover builtin.
func isRecoverCall(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "recover"
}
