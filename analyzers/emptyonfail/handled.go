package emptyonfail

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/lazyre"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// This file holds the ways a failure branch shows that its empty return
// is a decision, not a forgotten error: the author says so in a comment,
// the branch passes some failures on and lets the rest go on, or every
// caller tests the empty value and takes another path.

// explained reports whether the failure branch of ret says why it returns
// empty: a comment after ret on its line or on the line just above it
// (`return nil //nolint:nilerr // best effort: skip validation`), or a
// `//nolint:nilerr` anywhere in the branch. A marker of unfinished work
// (TODO, FIXME, XXX, HACK, BUG) explains nothing.
func (c *checker) explained(f *failure, ret *ast.ReturnStmt) bool {
	file := c.m.FileOf(ret.Pos())
	if file == nil {
		return false
	}
	// From the start of the block that holds ret.
	from := token.NoPos
	if c.m.Syntax == nil {
		// An SDK's own package, which the model does not index: from the
		// start of the failure branch.
	} else if cur, ok := c.m.Syntax.Root().FindNode(ret); ok {
		if b, ok := cur.Parent().Innermost((*ast.BlockStmt)(nil), (*ast.CaseClause)(nil), (*ast.CommClause)(nil)); ok {
			switch n := b.Node().(type) {
			case *ast.BlockStmt:
				from = n.Lbrace
			case *ast.CaseClause:
				from = n.Colon
			case *ast.CommClause:
				from = n.Colon
			}
		}
	}
	if f.start > from {
		from = f.start
	}
	first, line := c.pass.Fset.Position(ret.Pos()).Line, c.pass.Fset.Position(ret.End()).Line
	for _, cg := range file.Comments {
		if cg.End() <= from {
			continue
		}
		start := c.pass.Fset.Position(cg.Pos()).Line
		if cg.Pos() >= ret.End() && start != line {
			break
		}
		if cg.Pos() > ret.Pos() && cg.Pos() < ret.End() {
			continue // a comment inside the returned expression
		}
		// The comment on the return's line or just above it says why it
		// returns empty; one above another statement is about that one,
		// but nilerr's suppression anywhere in the branch is about this.
		onReturn := cg.Pos() >= ret.End() || c.pass.Fset.Position(cg.End()).Line == first-1
		for _, cm := range cg.List {
			if (onReturn || nilerrDirective(cm.Text)) && !unfinished(cm.Text) {
				return true
			}
		}
	}
	return false
}

// nilerrDirective reports whether a comment suppresses golangci-lint's
// nilerr, the linter for this very case.
func nilerrDirective(text string) bool {
	directive, _, _ := strings.Cut(strings.TrimPrefix(text, "//"), "//")
	linters, ok := strings.CutPrefix(strings.TrimSpace(directive), "nolint:")
	return ok && slices.Contains(strings.Split(strings.TrimSpace(linters), ","), "nilerr")
}

// unfinished reports whether a comment explains nothing: it marks work
// left to do, is empty, or is a test's expectation (`// want "…"`, the
// syntax analyzer tests put on the line of a finding).
func unfinished(text string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(text, "//"), "/*"), "*/"))
	for _, m := range []string{"TODO", "FIXME", "XXX", "HACK", "BUG"} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(t, "want "); ok {
		// analysistest's `want "…"`, or toolcheck's end-to-end
		// `want analyzer "…"`.
		if word, after, ok := strings.Cut(rest, " "); ok && word != "" && !strings.ContainsAny(word, "\"`") {
			rest = after
		}
		if rest != "" && strings.ContainsRune("\"`", rune(rest[0])) {
			return true
		}
	}
	// A directive explains nothing, unless it is nilerr's own suppression
	// (golangci-lint's linter for this very case) or carries a reason
	// after it (`//nolint:errcheck // best effort`).
	if strings.HasPrefix(text, "//") && !strings.HasPrefix(text, "// ") {
		directive, reason, _ := strings.Cut(t, "//")
		if linters, ok := strings.CutPrefix(directive, "nolint:"); ok && slices.Contains(strings.Split(strings.TrimSpace(linters), ","), "nilerr") {
			return false
		}
		if strings.Contains(directive, ":") {
			return strings.TrimSpace(reason) == ""
		}
	}
	return t == ""
}

// decided reports whether the failure branch of ret returns a non-nil
// error or a non-empty value on another path: the code chose which
// failures to pass on (`if cfg.Fallback == "allow" { slog.Warn(…);
// return nil }; return err`, `if errors.Is(err, ErrDeclined) { return
// cancelled() }; return nil`), and the empty return is its choice for
// the rest, a configured or designed fallback. A nested test of the error
// that swallows one kind (`if errors.Is(err, ErrTimeout) { return nil,
// nil }`) is a failure branch of its own, which passes nothing on.
func (c *checker) decided(f *failure, ret *ast.ReturnStmt) bool {
	fi := c.fn
	if f.kind != condFail || !f.start.IsValid() {
		return false
	}
	end := f.end
	if !end.IsValid() {
		end = fi.body.End()
	}
	info := c.pass.TypesInfo
	res := fi.sig.Results()
	found := false
	ast.Inspect(fi.body, func(n ast.Node) bool {
		if found || n == nil || n.End() <= f.start || n.Pos() >= end || n == ret {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if n.Pos() < f.start || len(n.Results) != res.Len() {
				return false
			}
			if fi.errIdx >= 0 {
				found = !isNil(info, n.Results[fi.errIdx])
				return false
			}
			for i, e := range n.Results {
				if !isNil(info, e) && c.judge(e, res.At(i).Type(), f, 0).v != empty {
					found = true
				}
			}
			return false
		}
		return true
	})
	return found
}

// callersTest reports whether fn, a function with no error result whose
// empty value is its only failure signal, is called in this package and
// every call tests the value (`if c == nil { c = defaultClient }`,
// `if r := confirm(ctx); r != nil { return r, nil }`,
// `if s := summary(p); s != "" { … }`): the callers read the empty value
// as "none" and take another path, so the failure is handled there.
func (c *checker) callersTest(fn *types.Func) bool {
	if fn == nil || c.isValueUsed(fn) {
		return false
	}
	n := 0
	for _, call := range c.m.Flow.Calls() {
		if typeutil.StaticCallee(c.pass.TypesInfo, call.Call) != fn {
			continue
		}
		if !c.resultTested(call.Call) {
			return false
		}
		n++
	}
	return n > 0
}

// resultTested reports whether the first result of call is tested for
// emptiness before any other use: compared with nil or "", or its length
// compared, directly or through the variable it is assigned to.
func (c *checker) resultTested(call *ast.CallExpr) bool {
	file := c.m.FileOf(call.Pos())
	if file == nil {
		return false
	}
	path := pathEnclosing(file, call.Pos(), call.End())
	fn := enclosingFunc(path)
	if len(path) < 2 || fn == nil {
		return false
	}
	if c.emptinessTest(call, path[1:]) {
		return true
	}
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return false
	}
	if sel, ok := ast.Unparen(as.Lhs[0]).(*ast.SelectorExpr); ok && len(as.Lhs) == 1 {
		return c.selectorTested(file, fn, as, sel)
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v, _ := c.objOf(id).(*types.Var)
	if v == nil {
		return false
	}
	// The first use of v after the assignment.
	var first *ast.Ident
	ast.Inspect(fn, func(n ast.Node) bool {
		if first != nil {
			return false
		}
		if n != nil && n.End() <= as.End() {
			return false
		}
		if use, ok := n.(*ast.Ident); ok && use != id && c.pass.TypesInfo.Uses[use] == v {
			first = use
		}
		return true
	})
	if first == nil {
		return false
	}
	upath := pathEnclosing(file, first.Pos(), first.End())
	return len(upath) > 1 && c.emptinessTest(first, upath[1:])
}

// selectorTested reports whether the field the assignment as stores into
// (`cfg.Scopes = detect(ctx)`) is next read, as the same expression, by an
// emptiness test (`if cfg.Scopes == nil`).
func (c *checker) selectorTested(file *ast.File, fn ast.Node, as *ast.AssignStmt, sel *ast.SelectorExpr) bool {
	want := types.ExprString(sel)
	var first *ast.SelectorExpr
	ast.Inspect(fn, func(n ast.Node) bool {
		if first != nil || n == nil || n.End() <= as.End() {
			return first == nil && n != nil && n.End() > as.End()
		}
		if s, ok := n.(*ast.SelectorExpr); ok && types.ExprString(s) == want {
			first = s
			return false
		}
		return true
	})
	if first == nil {
		return false
	}
	path := pathEnclosing(file, first.Pos(), first.End())
	for len(path) > 0 && path[0] != ast.Node(first) {
		path = path[1:]
	}
	return len(path) > 1 && c.emptinessTest(first, path[1:])
}

// emptinessTest reports whether e, under its ancestors path, is compared
// with nil or "" (`e != nil`, `e == ""`), or its length is compared
// (`len(e) > 0`), as the condition of an if or switch or a part of one.
func (c *checker) emptinessTest(e ast.Expr, path []ast.Node) bool {
	info := c.pass.TypesInfo
	i := 0
	if call, ok := path[0].(*ast.CallExpr); ok && len(call.Args) == 1 && ast.Unparen(call.Args[0]) == e {
		id, _ := ast.Unparen(call.Fun).(*ast.Ident)
		if b, ok := info.Uses[id].(*types.Builtin); !ok || b.Name() != "len" {
			return false
		}
		e, i = call, 1
	}
	for ; i < len(path); i++ {
		if _, ok := path[i].(*ast.ParenExpr); !ok {
			break
		}
	}
	if i >= len(path) {
		return false
	}
	b, ok := path[i].(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.GTR, token.LSS, token.GEQ, token.LEQ:
	default:
		return false
	}
	other := b.Y
	if ast.Unparen(b.Y) == e || b.Y.Pos() == e.Pos() {
		other = b.X
	}
	if _, isLen := e.(*ast.CallExpr); !isLen {
		if !isNil(info, other) {
			tv, ok := info.Types[other]
			if !ok || tv.Value == nil || tv.Value.ExactString() != `""` {
				return false
			}
		}
	}
	// The comparison decides a branch.
	for _, n := range path[i+1:] {
		switch n := n.(type) {
		case *ast.BinaryExpr, *ast.ParenExpr, *ast.UnaryExpr:
			continue
		case *ast.IfStmt:
			return n.Cond != nil && n.Cond.Pos() <= b.Pos() && b.End() <= n.Cond.End()
		case *ast.CaseClause, *ast.SwitchStmt:
			return true
		}
		return false
	}
	return false
}

// optionalDoc matches a doc comment that calls a function's result
// optional: best effort, degrading, or empty on failure by contract.
var optionalDoc = lazyre.New(`(?i)\bbest[-\s]+effort\b|\bnice[-\s]+to[-\s]+have\b|\bdegrad(e|es|ed|ing)\b` +
	`|\b(is|are|as|an?)\s+optional\b|\boptional\s+(enrichment|extras?|parts?|data|details|metadata|context|hints?)\b` +
	`|\b(returns?|yields?|gives?)\s+(nil|nothing|empty|an empty \w+|false|zero|0)\b[^.]{0,40}\b(on|if|when)\b[^.]{0,40}\b(errors?|fails?|failures?)\b`)

// documentedOptional reports whether fn's doc comment says its result is
// optional or best effort: the function's contract, which its callers
// read, says that an empty value on a failure is the answer.
func (c *checker) documentedOptional(fn *types.Func) bool {
	d := c.declOf[fn]
	return d != nil && d.Doc != nil && optionalDoc.MatchString(d.Doc.Text())
}

// enrichment reports whether fn, with no error result, is an optional
// part by design: every call of it in the package is merged with other
// data, so on a failure the answer keeps that data and leaves the part
// out. Merged: appended to other text (`string(data) + thumbnailNote(p)`),
// appended to another list (`append(hits, extra(q)...)`,
// `append(hits, extra(q))`), copied into another map (`maps.Copy(m,
// labels(x))`), or ranged over into another list.
func (c *checker) enrichment(fn *types.Func) bool {
	if c.isValueUsed(fn) {
		return false
	}
	n := 0
	for _, call := range c.m.Flow.Calls() {
		if typeutil.StaticCallee(c.pass.TypesInfo, call.Call) != fn {
			continue
		}
		if !c.merged(call.Call) {
			return false
		}
		n++
	}
	return n > 0
}

// merged reports whether the value of call is merged with other data.
func (c *checker) merged(call *ast.CallExpr) bool {
	file := c.m.FileOf(call.Pos())
	if file == nil {
		return false
	}
	path := pathEnclosing(file, call.Pos(), call.End())
	i := parentIndex(path)
	if i >= len(path) {
		return false
	}
	info := c.pass.TypesInfo
	switch p := path[i].(type) {
	case *ast.BinaryExpr:
		// Other data in the same text: "file " + path + thumbnail(path),
		// not only a constant header ("Files:\n" + listing(dir)).
		top := i
		for top+1 < len(path) {
			b, ok := path[top+1].(*ast.BinaryExpr)
			if !ok || b.Op != token.ADD {
				break
			}
			top++
		}
		if p.Op != token.ADD || !mcpsdk.IsStringType(info.TypeOf(p)) {
			return false
		}
		other := false
		var operands func(e ast.Expr)
		operands = func(e ast.Expr) {
			e = ast.Unparen(e)
			if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
				operands(b.X)
				operands(b.Y)
				return
			}
			if tv, ok := info.Types[e]; e != ast.Expr(call) && ok && tv.Value == nil {
				other = true
			}
		}
		operands(path[top].(*ast.BinaryExpr))
		return other
	case *ast.CallExpr:
		if len(p.Args) < 2 || ast.Unparen(p.Args[0]) == ast.Expr(call) || emptyLit(info, p.Args[0]) {
			return false // append(nil, extra(q)...): the part is the whole
		}
		if flow.IsBuiltinCall(info, p, "append") {
			return true
		}
		fn := typeutil.StaticCallee(info, p)
		return mcpsdk.IsFunc(fn, "maps", "Copy") && ast.Unparen(p.Args[1]) == ast.Expr(call)
	case *ast.RangeStmt:
		// for _, x := range extra(q) { hits = append(hits, x) }
		if ast.Unparen(p.X) != ast.Expr(call) {
			return false
		}
		found := false
		ast.Inspect(p.Body, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && flow.IsBuiltinCall(info, as.Rhs[0], "append") {
				found = true
			}
			return !found
		})
		return found
	}
	return false
}

// emptyLit reports whether e is nil or a composite literal with no
// elements.
func emptyLit(info *types.Info, e ast.Expr) bool {
	if isNil(info, e) {
		return true
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok && len(lit.Elts) == 0
}

// namesFailure reports whether the text ret returns names the resource
// of the operation that failed, a standard-library one: "no data file
// found for %q" after os.ReadFile(dataPath) tells the model which file is
// missing, not that a search found nothing ("no notes found" after the
// same call names what was in the file, and is reported).
func (c *checker) namesFailure(f *failure, ret *ast.ReturnStmt) bool {
	if f.opCall == nil {
		return false
	}
	info := c.pass.TypesInfo
	fn := typeutil.StaticCallee(info, f.opCall)
	if fn == nil || fn.Pkg() == nil || strings.Contains(strings.Split(fn.Pkg().Path(), "/")[0], ".") {
		return false
	}
	opWords := map[string]bool{}
	add := func(name string) {
		for _, w := range failpath.CamelWords(name) {
			if w = stem(w); len(w) >= 3 && !genericVerbs[w] {
				opWords[w] = true
			}
		}
	}
	add(fn.Name()) // ReadFile: the file, not the notes in it
	named := false
	for _, e := range ret.Results {
		ast.Inspect(e, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || named {
				return !named
			}
			for _, w := range wordRe.FindAllString(strings.ToLower(lit.Value), -1) {
				if opWords[stem(w)] {
					named = true
				}
			}
			return !named
		})
	}
	return named
}

var wordRe = lazyre.New(`[a-z]+`)

// genericVerbs are words of an operation's name that say nothing of what
// it works on.
var genericVerbs = map[string]bool{"get": true, "read": true, "new": true, "open": true, "with": true, "all": true, "ctx": true, "context": true, "err": true, "string": true, "str": true}

// stem drops a plural's s: files is file.
func stem(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}
