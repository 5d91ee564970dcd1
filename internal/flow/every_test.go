package flow_test

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/flow"
)

const everySrc = `package p

type S struct{ A string }

func sink(v any) {}

func format(data any) { sink(data) }

func local() {
	var v any = S{}
	sink(v)
}

func addr() {
	var v any = S{}
	set(&v)
	sink(v)
}

func set(p *any) { *p = 1.5 }

func closure() {
	var v any = S{}
	func() { v = 1.5 }()
	sink(v)
}

func run(f func() any) { sink(f()) }

func use() {
	format(S{})
	format(1.5)
	run(func() any { return "x" })
	run(func() any { return 1.5 })
}
`

// TestEvery asks, of the argument of sink in each function, whether every
// value it may hold is an S or a string: in no frame, and in the frame of
// each call of use.
func TestEvery(t *testing.T) {
	_, file, info, fl := typecheck(t, everySrc)
	decls := map[string]*ast.FuncDecl{}
	sinkArg := map[string]ast.Expr{}
	var uses []*ast.CallExpr // the calls of use, in order
	for _, d := range file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		decls[fd.Name.Name] = fd
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "sink" {
					sinkArg[fd.Name.Name] = c.Args[0]
				}
				if fd.Name.Name == "use" {
					uses = append(uses, c)
				}
			}
			return true
		})
	}
	s := info.Defs[file.Scope.Lookup("S").Decl.(*ast.TypeSpec).Name].Type()
	ok := func(t types.Type) bool {
		return types.Identical(t, s) || types.Identical(t, types.Typ[types.String])
	}
	tr := fl.NewTracer()
	for _, tc := range []struct {
		fn   string
		call int // the call of use binding fn's parameters (from 1), or 0
		want bool
	}{
		{"format", 0, false}, // a parameter no frame binds
		{"format", 1, true},  // format(S{})
		{"format", 2, false}, // format(1.5)
		{"local", 0, true},
		{"addr", 0, false},    // stored through its address
		{"closure", 0, false}, // stored by a closure
		{"run", 0, false},
		{"run", 3, true},  // its callback returns "x"
		{"run", 4, false}, // its callback returns 1.5
	} {
		var f *flow.Frame
		if tc.call > 0 {
			f = tr.Bind(decls[tc.fn], uses[tc.call-1], nil, nil)
		}
		if got := tr.Every(sinkArg[tc.fn], f, ok); got != tc.want {
			t.Errorf("Every(%s in %s, frame of call %d) = %v, want %v", types.ExprString(sinkArg[tc.fn]), tc.fn, tc.call, got, tc.want)
		}
	}
}
