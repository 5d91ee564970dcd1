package flow

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// Strings returns the constant strings e may hold in frame f, and the
// parameters no frame binds that it may come from: constants, and names
// built from them by concatenation (prefix + "list"), by fmt.Sprintf with
// %s and %v verbs only, and by the functions a call may reach (name("get")).
// A value of any other kind adds nothing.
func (t *Tracer) Strings(e ast.Expr, f *Frame) ([]string, []*types.Var) {
	return t.stringsAt(e, f, 0)
}

// maxStrings bounds the names one expression is taken to hold.
const maxStrings = 64

func (t *Tracer) stringsAt(e ast.Expr, f *Frame, depth int) ([]string, []*types.Var) {
	return t.stringsOfOrigins(t.Origins(e, f, nil), depth)
}

func (t *Tracer) stringsOfOrigins(origins []Origin, depth int) ([]string, []*types.Var) {
	info := t.Info.Types
	var out []string
	var params []*types.Var
	for _, o := range origins {
		switch o.Kind {
		case FreeParam:
			params = append(params, o.Param)
		case Made:
			if tv, ok := info.Types[o.Expr]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				out = append(out, constant.StringVal(tv.Value))
				continue
			}
			if depth >= MaxDepth {
				continue
			}
			// A name built from constants: prefix + "list", or
			// fmt.Sprintf("%s_list", prefix).
			var parts []ast.Expr
			format := ""
			switch x := o.Expr.(type) {
			case *ast.BinaryExpr:
				parts = []ast.Expr{x.X, x.Y}
			case *ast.CallExpr:
				if fn := t.Info.Callee(x); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" {
					// name("get"): what the function returns
					if rs, ok := t.Results(x, o.Frame, o.Tuple, nil); ok {
						vals, ps := t.stringsOfOrigins(rs, depth+1)
						out, params = append(out, vals...), append(params, ps...)
					}
					continue
				}
				if len(x.Args) < 2 {
					continue
				}
				tv, ok := info.Types[x.Args[0]]
				if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
					continue
				}
				format, parts = constant.StringVal(tv.Value), x.Args[1:]
			}
			if len(parts) == 0 {
				continue
			}
			combos := []string{""}
			for _, p := range parts {
				vals, ps := t.stringsAt(p, o.Frame, depth+1)
				params = append(params, ps...)
				if len(vals) == 0 || len(combos)*len(vals) > maxStrings {
					combos = nil
					break
				}
				var next []string
				for _, c := range combos {
					for _, v := range vals {
						if format != "" {
							v = c + "\x00" + v
						} else {
							v = c + v
						}
						next = append(next, v)
					}
				}
				combos = next
			}
			for _, c := range combos {
				if format != "" {
					s, ok := sprintfStrings(format, strings.Split(c, "\x00")[1:])
					if !ok {
						continue
					}
					c = s
				}
				out = append(out, c)
			}
		}
	}
	return out, params
}

// sprintfStrings formats args, strings, with a format whose only verbs
// are %s, %v and %%.
func sprintfStrings(format string, args []string) (string, bool) {
	var b strings.Builder
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		if i+1 >= len(format) {
			return "", false
		}
		i++
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v':
			if n >= len(args) {
				return "", false
			}
			b.WriteString(args[n])
			n++
		default:
			return "", false
		}
	}
	return b.String(), n == len(args)
}
