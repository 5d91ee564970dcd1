// Package goapi holds what toolcheck knows about Go APIs (the standard
// library's, and a few common ones such as google/uuid), apart from any MCP
// SDK: which calls cannot fail (marshal.go), which parse a value, decode a
// document or compute from their arguments alone (parse.go), which types
// are loggers (logger.go). It keeps no state between packages (a Marshal
// remembers its answers for the package whose model holds it); every
// analyzer that asks one of its questions gets the same answer.
package goapi

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/memo"
)

// A Marshal answers CannotFail for the calls of one package, remembering
// the answer for each type it judged (a server marshals the same API types
// in many tools, and judging a large type walks all of its fields). The
// zero Marshal is ready to use; its methods may be called concurrently.
type Marshal struct {
	canFail memo.Map[types.Type, bool] // MarshalCanFail's answers
}

// CannotFail reports whether call is an encoding/json marshal
// (json.Marshal, json.MarshalIndent, (*json.Encoder).Encode) of a value
// that cannot fail to marshal: its error is never non-nil, so a branch
// that tests it is no failure path and its text leaks nothing. every, the
// flow layer's answer, reports whether ok holds for the type of every
// value an expression may hold (a helper's data any, called with a struct
// of strings); nil judges by the static type alone.
func (m *Marshal) CannotFail(info *types.Info, call *ast.CallExpr, every func(e ast.Expr, ok func(types.Type) bool) bool) bool {
	if !IsMarshal(typeutil.StaticCallee(info, call)) || len(call.Args) == 0 {
		return false
	}
	cannot := func(t types.Type) bool { return !m.canFail.Get(t, MarshalCanFail) }
	if every == nil {
		return cannot(info.TypeOf(call.Args[0]))
	}
	return every(call.Args[0], cannot)
}

// IsMarshal reports whether fn marshals its first argument to JSON:
// json.Marshal, json.MarshalIndent or (*json.Encoder).Encode.
func IsMarshal(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "encoding/json" {
		return false
	}
	switch fn.Name() {
	case "Marshal", "MarshalIndent", "Encode":
		return true
	}
	return false
}

// MarshalCanFail reports whether encoding/json may fail to marshal a value
// of type t: it holds floats (NaN), interfaces, custom marshalers, channels,
// functions, complex numbers or maps with unsupported keys.
func MarshalCanFail(t types.Type) bool {
	return marshalCanFail(t, map[types.Type]bool{})
}

func marshalCanFail(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := types.Unalias(t).(*types.Named); ok {
		for i := 0; i < n.NumMethods(); i++ {
			switch n.Method(i).Name() {
			case "MarshalJSON", "MarshalText":
				return true
			}
		}
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		if n, ok := types.Unalias(p.Elem()).(*types.Named); ok {
			ms := types.NewMethodSet(types.NewPointer(n))
			for i := 0; i < ms.Len(); i++ {
				switch ms.At(i).Obj().Name() {
				case "MarshalJSON", "MarshalText":
					return true
				}
			}
		}
		return marshalCanFail(p.Elem(), seen)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsFloat|types.IsComplex) != 0 || u.Kind() == types.UnsafePointer
	case *types.Slice:
		return marshalCanFail(u.Elem(), seen)
	case *types.Array:
		return marshalCanFail(u.Elem(), seen)
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		if !ok || k.Info()&(types.IsString|types.IsInteger) == 0 {
			return true
		}
		return marshalCanFail(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if !f.Exported() && !f.Embedded() {
				continue
			}
			if tag := reflect.StructTag(u.Tag(i)).Get("json"); tag == "-" {
				continue
			}
			if marshalCanFail(f.Type(), seen) {
				return true
			}
		}
		return false
	}
	return true // interfaces, channels, functions
}
