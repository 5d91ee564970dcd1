// Package failpath finds failure paths, as RULES.md defines them, for every
// analyzer: the code that runs when an operation failed. It reads what an
// error is (its Class: the standard library's sentinels and error types,
// the configured ones, and what names say) and what a condition tells
// about one (a Test: err != nil, errors.Is, errors.As, a predicate such as
// os.IsNotExist), and from those tests the Path some code lies on.
package failpath

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
)

// A Finder reads the error tests and failure paths of one package. It is
// safe for concurrent use.
type Finder struct {
	info         *types.Info
	flow         *flow.Info
	callerErrors []string
	tests        memo.Map[ast.Expr, Test] // TestOf's answers
}

// New returns the Finder of the package info describes: fl indexes its
// values (nil: calls are resolved statically, definitions not known), and
// callerErrors are the qualified names of the caller-errors setting.
func New(info *types.Info, fl *flow.Info, callerErrors []string) *Finder {
	f := &Finder{info: info, flow: fl, callerErrors: callerErrors}
	f.tests.Spare = func() map[ast.Expr]Test { return *spareTests.Get() }
	return f
}

// spareTests keeps the emptied tables of recycled Finders (Recycle).
var spareTests = memo.Spare[map[ast.Expr]Test]{New: func() *map[ast.Expr]Test {
	t := map[ast.Expr]Test{}
	return &t
}}

// Recycle empties f and keeps its table of answers for the next package's
// Finder, so that each package does not grow (and the collector reclaim)
// a table of the same size again. Its caller must be the last user of f.
func (f *Finder) Recycle() {
	if f == nil {
		return
	}
	if t := f.tests.Take(); t != nil {
		spareTests.Put(&t)
	}
}

// A Class says what kind of failure an error is.
type Class int

const (
	ClassAny      Class = iota // a failure of no particular kind: a fault unless shown otherwise
	ClassNotFound              // the thing named does not exist (fs.ErrNotExist, sql.ErrNoRows, ErrNotFound, an unknown kind)
	ClassExists                // it exists already
	ClassInvalid               // a value is malformed or out of range (strconv's errors, ErrInvalid...)
	ClassConflict              // a conflict or failed precondition
	ClassStale                 // a version mismatch, an expired handle
	ClassCaller                // named in the caller-errors setting
	ClassBenign                // not a failure: io.EOF, context.Canceled, fs.SkipDir...
)

// CallerCanAct reports whether an error of class c is one the caller can
// act on: outcome 2 or 3 of the design.
func (c Class) CallerCanAct() bool { return c >= ClassNotFound && c <= ClassCaller }

func (c Class) String() string {
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
var knownErrors = map[string]Class{
	"io/fs.ErrNotExist": ClassNotFound, "os.ErrNotExist": ClassNotFound, "database/sql.ErrNoRows": ClassNotFound,
	"io/fs.ErrExist": ClassExists, "os.ErrExist": ClassExists,
	"strconv.ErrSyntax": ClassInvalid, "strconv.ErrRange": ClassInvalid, "strconv.NumError": ClassInvalid,
}

// errorClassOf classifies a sentinel error (a package-level variable) or
// an error type: the standard library's, those named in caller-errors,
// and names that say the kind (ErrNotFound, ErrAlreadyExists,
// InvalidArgumentError, ErrVersionMismatch, ErrUnknownKind...). Names of
// configuration, credentials and the server's own parts say a fault.
func (f *Finder) ClassOf(obj types.Object) Class {
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
	for _, n := range f.callerErrors {
		if n == name {
			return ClassCaller
		}
	}
	return classByName(obj.Name())
}

// errorClassByName reads the class of an error from its name (or a
// predicate's, without its Is): ErrNotFound, NotExistError, ErrNoRows,
// ErrAlreadyExists, ErrInvalidPath, ErrConflict, ErrVersionMismatch,
// ErrUnknownKind.
func classByName(name string) Class {
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

// An Test is what a condition tells about an error when it holds.
type Test struct {
	Err    *types.Var // the local error variable or parameter tested; nil: the condition tests none
	Failed bool       // when the condition holds, Err is a failure (of Class)
	Nil    bool       // when it holds, Err is nil
	Exact  bool       // Failed: Err is certainly non-nil; Nil: certainly nil
	Class  Class      // Failed: the kind of failure
	What   string     // what the test names: "fs.ErrNotExist", "os.IsNotExist", "*strconv.NumError"; "" for err != nil
}

// ErrorVar returns the local error variable (or parameter) e denotes, or
// nil: fields and package variables hold no error of an operation this
// code ran.
func (f *Finder) ErrorVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := flow.ObjOf(f.info, id).(*types.Var)
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
func (f *Finder) TestOf(cond ast.Expr) Test {
	return f.tests.Get(cond, f.testOf) // each return below a test asks about it again
}

func (f *Finder) testOf(cond ast.Expr) Test {
	info := f.info
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			t := f.testOf(e.X)
			switch {
			case t.Nil && t.Exact:
				return Test{Err: t.Err, Failed: true, Exact: true}
			case t.Failed && t.Exact && t.What == "":
				return Test{Err: t.Err, Nil: true, Exact: true}
			}
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			var out Test
			for _, t := range []Test{f.testOf(e.X), f.testOf(e.Y)} {
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
			for _, t := range []Test{f.testOf(e.X), f.testOf(e.Y)} {
				if t.Failed && t.Class != ClassBenign {
					t.Exact = false
					return t
				}
			}
			return Test{}
		case token.NEQ, token.EQL:
			x, y := e.X, e.Y
			if flow.IsNil(info, x) {
				x, y = y, x
			}
			v := f.ErrorVar(x)
			if v == nil {
				return Test{}
			}
			if flow.IsNil(info, y) {
				if e.Op == token.NEQ {
					return Test{Err: v, Failed: true, Exact: true}
				}
				return Test{Err: v, Nil: true, Exact: true}
			}
			if e.Op == token.EQL {
				if obj := flow.ObjectOfExpr(info, y); obj != nil {
					if _, isVar := obj.(*types.Var); isVar {
						return Test{Err: v, Failed: true, Exact: true, Class: f.ClassOf(obj), What: mcpsdk.Qualified(obj)}
					}
				}
			}
		}
	case *ast.CallExpr:
		fn := flow.CalleeOf(f.flow, f.info, e)
		if fn == nil || len(e.Args) == 0 {
			return Test{}
		}
		v := f.ErrorVar(e.Args[0])
		if v == nil {
			return Test{}
		}
		switch {
		case mcpsdk.IsFunc(fn, "errors", "Is") && len(e.Args) == 2:
			obj := flow.ObjectOfExpr(info, e.Args[1])
			t := Test{Err: v, Failed: true, Exact: true}
			if _, isVar := obj.(*types.Var); isVar {
				t.Class, t.What = f.ClassOf(obj), mcpsdk.Qualified(obj)
			}
			return t
		case mcpsdk.IsFunc(fn, "errors", "As") && len(e.Args) == 2:
			t := Test{Err: v, Failed: true, Exact: true}
			if p, ok := types.Unalias(info.TypeOf(e.Args[1])).(*types.Pointer); ok {
				t.Class, t.What = f.TypeClass(p.Elem())
			}
			return t
		case mcpsdk.PkgPath(fn) == "os" && strings.HasPrefix(fn.Name(), "Is"):
			t := Test{Err: v, Failed: true, Exact: true, What: "os." + fn.Name()}
			switch fn.Name() {
			case "IsNotExist":
				t.Class = ClassNotFound
			case "IsExist":
				t.Class = ClassExists
			}
			return t
		case len(e.Args) == 1 && isPredicateName(fn.Name()):
			if class := classByName(fn.Name()[2:]); class != ClassAny {
				return Test{Err: v, Failed: true, Exact: true, Class: class, What: mcpsdk.Qualified(fn)}
			}
		}
	}
	return Test{}
}

// errorTypeClass classifies an error type (of errors.As, a type switch
// case, a type assertion): the class and how messages name it (*pkg.T).
func (f *Finder) TypeClass(t types.Type) (Class, string) {
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
	return f.ClassOf(obj), star + mcpsdk.Qualified(obj)
}

// isPredicateName matches IsNotFound, isKindNotFound, is_not_found.
func isPredicateName(name string) bool {
	return len(name) > 2 && (strings.HasPrefix(name, "Is") || strings.HasPrefix(name, "is")) &&
		(unicode.IsUpper(rune(name[2])) || name[2] == '_')
}
