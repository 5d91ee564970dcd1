package messagetext

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// A part is a piece of model-facing text: literal text the code spells
// out, or a hole, a value the evaluator could not reduce to text.
type part struct {
	lit  string
	hole ast.Expr // nil for literal text
	verb string   // the fmt verb interpolating a hole ("v", "+v", "T"...), "" when concatenated or via Error()
	node ast.Node // where the part appears in the package, for reports
}

// A text is model-facing text as the evaluator sees it.
type text []part

// maxTextDepth bounds how deeply the evaluator descends into one text's
// parts (a format's arguments, a concatenation's operands); calls into
// helpers are bounded by the frames' depth, flow.MaxDepth.
const maxTextDepth = 6

// placeholder stands for a hole in joined text.
const placeholder = "\uFFFC"

// joined returns the text with holes as placeholders.
func (t text) joined() string {
	if len(t) == 1 && t[0].hole == nil {
		return t[0].lit
	}
	var b strings.Builder
	b.Grow(t.width())
	for _, p := range t {
		if p.hole != nil {
			b.WriteString(placeholder)
		} else {
			b.WriteString(p.lit)
		}
	}
	return b.String()
}

// width returns the length of the joined text.
func (t text) width() int {
	n := 0
	for _, p := range t {
		n += p.width()
	}
	return n
}

// width returns the length of the part in joined text.
func (p part) width() int {
	if p.hole != nil {
		return len(placeholder)
	}
	return len(p.lit)
}

// joinedAt returns the text joined, and a function that returns the node
// of the part the byte at an offset comes from.
func (t text) joinedAt() (string, func(int) ast.Node) {
	at := func(off int) ast.Node {
		// The last part that starts at or before off (empty parts share
		// their start with the next one, which owns the byte).
		last, start := 0, 0
		for i, p := range t {
			if start > off {
				break
			}
			last, start = i, start+p.width()
		}
		return t[last].node
	}
	return t.joined(), at
}

func lit(s string, n ast.Node) text { return text{{lit: s, node: n}} }

func hole(e ast.Expr, verb string) text { return text{{hole: e, verb: verb, node: e}} }

// eval evaluates a string or error expression to text. verb is the fmt
// verb that interpolates e ("" for concatenation and Error()).
func (c *checker) eval(e ast.Expr, verb string, depth int) text {
	e = ast.Unparen(e)
	if depth > maxTextDepth || verb == "T" {
		return hole(e, verb)
	}
	info := c.info
	tv := info.Types[e]
	if tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			s := constant.StringVal(tv.Value)
			if verb == "q" {
				s = `"` + s + `"`
			}
			return lit(s, e)
		}
		return lit(tv.Value.ExactString(), e)
	}
	if verb == "+v" || verb == "#v" {
		return hole(e, verb)
	}
	if c.isToolError(tv.Type) {
		return nil // a ToolError's message is checked where it is built
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD && isString(tv.Type) {
			return append(c.eval(x.X, "", depth+1), c.eval(x.Y, "", depth+1)...)
		}
	case *ast.CallExpr:
		if t, ok := c.evalCall(x, verb, depth); ok {
			return t
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			if d, ok := c.reach(v, x); ok && d != nil && d.rhs != nil && d.tuple < 0 && !d.elem {
				t := c.eval(d.rhs, verb, depth+1)
				if len(t) == 1 && t[0].hole == ast.Unparen(d.rhs) {
					return hole(e, verb) // keep the variable: its uses say more than its value
				}
				return t
			}
		}
	}
	return hole(e, verb)
}

func (c *checker) evalCall(call *ast.CallExpr, verb string, depth int) (text, bool) {
	info := c.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.eval(call.Args[0], verb, depth+1), true // string(b), []byte(s)
	}
	if c.isToolError(info.TypeOf(call)) {
		return nil, true
	}
	fn := c.callee(call)
	if fn == nil {
		return nil, false
	}
	if c.isToolErrorCtor(fn) {
		return nil, true // a ToolError's message is checked where it is built
	}
	switch {
	case mcpsdk.IsFunc(fn, "fmt", "Sprintf"), mcpsdk.IsFunc(fn, "fmt", "Errorf"):
		if len(call.Args) > 0 {
			return c.format(call.Args[0], call.Args[1:], depth), true
		}
	case mcpsdk.IsFunc(fn, "fmt", "Sprint"), mcpsdk.IsFunc(fn, "fmt", "Sprintln"):
		var t text
		for i, a := range call.Args {
			if i > 0 && fn.Name() == "Sprintln" {
				t = append(t, lit(" ", a)...)
			}
			t = append(t, c.eval(a, "v", depth+1)...)
		}
		return t, true
	case mcpsdk.IsFunc(fn, "errors", "New"):
		if len(call.Args) == 1 {
			return c.eval(call.Args[0], "", depth+1), true
		}
	case mcpsdk.IsFunc(fn, "strings", "Join"):
		if len(call.Args) == 2 {
			if cl, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit); ok {
				var t text
				for i, elt := range cl.Elts {
					if i > 0 {
						t = append(t, c.eval(call.Args[1], "", depth+1)...)
					}
					t = append(t, c.eval(elt, "", depth+1)...)
				}
				return t, true
			}
		}
	case isErrorMethod(fn):
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(call.Args) == 0 {
			return c.eval(sel.X, verb, depth+1), true
		}
	}
	return nil, false
}

// format evaluates a printf-style format and its arguments.
func (c *checker) format(f ast.Expr, args []ast.Expr, depth int) text {
	tv := c.info.Types[ast.Unparen(f)]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		t := hole(f, "")
		for _, a := range args {
			t = append(t, c.eval(a, "v", depth+1)...)
		}
		return t
	}
	fs := constant.StringVal(tv.Value)
	// Room for a literal run and a hole per verb, and the run after the
	// last. A text of no part is nil, as eval's are (callers test it).
	t := make(text, 0, 2*strings.Count(fs, "%")+1)
	done := func() text {
		if len(t) == 0 {
			return nil
		}
		return t
	}
	// The literal text before a verb is fs[start:end], a slice of fs,
	// after acc: what a "%%" or a verb without an argument, which print
	// no part of their own, split from it.
	start, acc := 0, ""
	flush := func(end int) {
		if lit := acc + fs[start:end]; lit != "" {
			t = append(t, part{lit: lit, node: f})
		}
		acc = ""
	}
	argi := 0
	next := func() ast.Expr {
		if argi < len(args) {
			argi++
			return args[argi-1]
		}
		return nil
	}
	for i := 0; i < len(fs); i++ {
		if fs[i] != '%' {
			continue
		}
		pct := i
		i++
		if i >= len(fs) {
			flush(pct)
			return done()
		}
		if fs[i] == '%' {
			acc += fs[start:i] // the run with one '%'
			start = i + 1
			continue
		}
		plus, sharp := false, false
		for i < len(fs) && strings.IndexByte("+-# 0", fs[i]) >= 0 {
			plus = plus || fs[i] == '+'
			sharp = sharp || fs[i] == '#'
			i++
		}
		for i < len(fs) && (fs[i] >= '0' && fs[i] <= '9' || fs[i] == '.' || fs[i] == '*') {
			if fs[i] == '*' {
				next()
			}
			i++
		}
		if i >= len(fs) {
			flush(pct)
			return done()
		}
		if fs[i] == '[' {
			// Explicit argument indexes: give up on the rest.
			flush(pct)
			for a := next(); a != nil; a = next() {
				t = append(t, hole(a, "v")...)
			}
			return done()
		}
		verb := string(fs[i])
		switch {
		case verb == "v" && plus:
			verb = "+v"
		case verb == "v" && sharp:
			verb = "#v"
		}
		a := next()
		if a == nil {
			acc += fs[start:pct]
			start = i + 1
			continue
		}
		flush(pct)
		start = i + 1
		t = append(t, c.eval(a, verb, depth+1)...)
	}
	flush(len(fs))
	return done()
}

// isErrorMethod reports whether fn is an Error() string method.
func isErrorMethod(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	return fn.Name() == "Error" && sig.Recv() != nil && sig.Params().Len() == 0 &&
		sig.Results().Len() == 1 && isString(sig.Results().At(0).Type())
}

func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isErrorType(t types.Type) bool {
	return t != nil && types.Implements(t, errorType)
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
