package emptyonfail

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/isresult"
	"github.com/toolcheck/toolcheck/internal/lazyre"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// verdict says whether a returned value is an empty success.
type verdict int

const (
	notEmpty verdict = iota // a value, or one the analyzer cannot see
	trivial                 // 0, false: not a finding on its own
	empty                   // nil, []T{}, "", an empty result
)

type judgement struct {
	v    verdict
	coll bool   // an empty collection: what a list or search may answer
	desc string // for messages: "nil", "[]Note{}", "an empty text result"
}

var nonEmpty = judgement{}

// placeholderRe matches text that claims there is nothing: "no results",
// "No notes match %q", "[]", "null".
var placeholderRe = lazyre.New(`(?i)^\s*(` +
	`(no|0|zero)\s+(\S+\s+){0,3}?(found|results?|matches|matching|match|matched|available|items?|entries|records|data|hits)\b.*` +
	`|nothing(\s+(found|matched|matches|to show))?\b.*` +
	`|none|null|nil|empty|n/a|\[\s*\]|\{\s*\})\s*[.!]?\s*$`)

// collectionText matches placeholder text that stands for an empty list.
var collectionText = lazyre.New(`(?i)^\s*(\[\s*\]|(no|0|zero)\s|nothing|none)`)

// disclosureRe matches fields that tell the model the result is degraded.
var disclosureRe = lazyre.New(`(?i)warn|err|partial|degrad|incomplete|truncat|stale|status|message|msg|note|reason|skip|fail|unavailable|notice|detail`)

// judge decides whether e, returned as a value of type t on failure path
// f, is an empty success.
func (c *checker) judge(e ast.Expr, t types.Type, f *failure, depth int) judgement {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if depth > 4 {
		return nonEmpty
	}
	if isNil(info, e) {
		return judgement{v: empty, coll: isCollection(t), desc: "nil"}
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return constJudge(tv.Value)
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if lit, ok := ast.Unparen(e.X).(*ast.CompositeLit); ok {
				j := c.compositeJudge(lit, f, depth)
				if j.v == empty && strings.HasSuffix(j.desc, "{}") && !strings.HasPrefix(j.desc, "&") {
					j.desc = "&" + j.desc
				}
				return j
			}
		}
	case *ast.CompositeLit:
		return c.compositeJudge(e, f, depth)
	case *ast.CallExpr:
		return c.callJudge(e, f, depth)
	case *ast.Ident:
		if v, ok := info.Uses[e].(*types.Var); ok {
			return c.varJudge(v, e, e.Pos(), f, depth)
		}
	}
	return nonEmpty
}

func constJudge(v constant.Value) judgement {
	switch v.Kind() {
	case constant.String:
		return textJudge(constant.StringVal(v))
	case constant.Bool:
		if !constant.BoolVal(v) {
			return judgement{v: trivial}
		}
	case constant.Int, constant.Float, constant.Complex:
		if constant.Sign(v) == 0 {
			return judgement{v: trivial}
		}
	}
	return nonEmpty
}

// textJudge decides whether text says "nothing".
func textJudge(s string) judgement {
	switch {
	case s == "":
		return judgement{v: empty, desc: `""`}
	case len(s) <= 80 && placeholderRe.MatchString(s):
		return judgement{v: empty, coll: collectionText.MatchString(s), desc: fmt.Sprintf("%q", s)}
	}
	return nonEmpty
}

// textExprJudge decides whether a string expression says "nothing":
// a constant, or a fmt.Sprintf whose format does.
func (c *checker) textExprJudge(e ast.Expr) judgement {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[ast.Unparen(e)]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return textJudge(constant.StringVal(tv.Value))
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 {
		if fn := typeutil.StaticCallee(info, call); mcpsdk.IsFunc(fn, "fmt", "Sprintf") {
			if tv, ok := info.Types[call.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				format := constant.StringVal(tv.Value)
				if j := textJudge(verbRe.ReplaceAllString(format, "x")); j.v == empty && format != "" {
					j.desc = fmt.Sprintf("%q", format)
					return j
				}
			}
		}
	}
	return nonEmpty
}

var verbRe = lazyre.New(`%[-+# 0-9.*\[\]]*[a-zA-Z%]`)

func isCollection(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan, *types.Signature:
		return true
	}
	return false
}

// zeroJudge judges the zero value of t.
func zeroJudge(t types.Type) judgement {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Chan, *types.Signature:
		return judgement{v: empty, desc: "nil"}
	case *types.Slice, *types.Map:
		return judgement{v: empty, coll: true, desc: "nil"}
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return judgement{v: empty, desc: `""`}
		}
		return judgement{v: trivial}
	case *types.Struct:
		if _, isParam := types.Unalias(t).(*types.TypeParam); isParam {
			return nonEmpty
		}
		return judgement{v: empty, coll: hasCollectionField(u), desc: "a zero " + typeString(t)}
	}
	return nonEmpty
}

func hasCollectionField(st *types.Struct) bool {
	for i := 0; i < st.NumFields(); i++ {
		if isCollection(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// compositeJudge judges a composite literal.
func (c *checker) compositeJudge(lit *ast.CompositeLit, f *failure, depth int) judgement {
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return nonEmpty
	}
	if mcpsdk.IsCallToolResult(t) {
		return c.resultLitJudge(lit, f, depth)
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Map:
		if len(lit.Elts) == 0 {
			return judgement{v: empty, coll: true, desc: typeString(t) + "{}"}
		}
	case *types.Struct:
		return c.structJudge(lit, t, u, f, depth)
	}
	return nonEmpty
}

// structJudge: a struct is empty when its slice and map fields are empty and
// nothing in it discloses the failure; one with no collection fields is
// empty only when zero.
func (c *checker) structJudge(lit *ast.CompositeLit, t types.Type, st *types.Struct, f *failure, depth int) judgement {
	info := c.pass.TypesInfo
	hasColl := hasCollectionField(st)
	for i, elt := range lit.Elts {
		var field *types.Var
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				field, _ = info.Uses[id].(*types.Var)
			}
			val = kv.Value
		} else if i < st.NumFields() {
			field = st.Field(i)
		}
		if field == nil || f != nil && f.err != nil && flow.UsesVar(info, val, f.err) {
			return nonEmpty // the error recorded into the result
		}
		j := c.judge(val, field.Type(), f, depth+1)
		switch {
		case j.v == notEmpty && isCollection(field.Type()):
			return nonEmpty
		case j.v == notEmpty && !hasColl:
			return nonEmpty
		case j.v == notEmpty && (disclosureRe.MatchString(field.Name()) || isBool(field.Type())):
			return nonEmpty // a warning or a flag that discloses the degradation
		}
	}
	desc := typeString(t) + "{}"
	if len(lit.Elts) > 0 {
		desc = "an empty " + typeString(t)
	}
	return judgement{v: empty, coll: hasColl, desc: desc}
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// resultLitJudge judges a CallToolResult literal of either SDK: empty when
// it has no content, or only empty or placeholder text, and no structured
// content. An IsError result is not an empty success.
func (c *checker) resultLitJudge(lit *ast.CompositeLit, f *failure, depth int) judgement {
	info := c.pass.TypesInfo
	out := judgement{v: empty, desc: "an empty CallToolResult"}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nonEmpty
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nonEmpty
		}
		switch id.Name {
		case "IsError":
			if c.m.IsErrors.SetsIsError(kv.Value) {
				return nonEmpty // an IsError result discloses the failure
			}
		case "Content":
			j := c.contentJudge(kv.Value)
			if j.v != empty {
				return nonEmpty
			}
			if j.desc != "" {
				out = j
			}
		case "StructuredContent", "RawStructuredContent":
			j := c.judge(kv.Value, info.TypeOf(kv.Value), f, depth+1)
			if j.v == notEmpty {
				return nonEmpty
			}
			if j.v == empty {
				out.coll = out.coll || j.coll
			}
		}
	}
	return out
}

// contentJudge judges a []Content value: empty when it holds nothing but
// empty or placeholder text.
func (c *checker) contentJudge(e ast.Expr) judgement {
	info := c.pass.TypesInfo
	if isNil(info, e) {
		return judgement{v: empty}
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nonEmpty
	}
	out := judgement{v: empty}
	for _, elt := range lit.Elts {
		text, isText, plain := isresult.ContentText(info, elt)
		if !isText {
			return nonEmpty // an image, a resource: content that is not text
		}
		j := textJudge("") // Text left unset
		switch {
		case text != nil:
			j = c.textExprJudge(text)
		case !plain:
			return nonEmpty // other fields set, or set by position
		}
		if j.v != empty {
			return nonEmpty
		}
		out.coll = j.coll
		out.desc = "a CallToolResult with text " + j.desc
	}
	return out
}

// callJudge judges calls that build empty values.
func (c *checker) callJudge(call *ast.CallExpr, f *failure, depth int) judgement {
	info := c.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.judge(call.Args[0], tv.Type, f, depth+1) // a conversion
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "make" {
		if _, isBuiltin := info.Uses[id].(*types.Builtin); isBuiltin && len(call.Args) >= 1 {
			zeroLen := len(call.Args) == 1
			if len(call.Args) >= 2 {
				if tv, ok := info.Types[call.Args[1]]; ok && tv.Value != nil && constant.Sign(tv.Value) == 0 {
					zeroLen = true
				}
			}
			if zeroLen && isCollection(info.TypeOf(call)) {
				return judgement{v: empty, coll: true, desc: shortExpr(call)}
			}
		}
		return nonEmpty
	}
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return nonEmpty
	}
	if d := c.declOf[fn.Origin()]; d != nil && len(d.Body.List) == 1 {
		// A one-line helper of this package: `func noResults() *T { return X }`.
		if ret, ok := d.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
			saved := c.fn
			c.fn = nil // its variables are not the caller's
			j := c.judge(ret.Results[0], info.TypeOf(call), nil, depth+1)
			c.fn = saved
			if j.v == empty {
				j.desc = shortExpr(call) + ", which returns " + j.desc
			}
			return j
		}
	}
	switch {
	case mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultText") && len(call.Args) == 1:
		j := c.textExprJudge(call.Args[0])
		if j.v == empty {
			j.desc = shortExpr(call.Fun) + "(" + j.desc + ")"
		}
		return j
	case (mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultStructured") || mcpsdk.IsFunc(fn, mcpsdk.MCPGoMCP, "NewToolResultStructuredOnly")) && len(call.Args) >= 1:
		j := c.judge(call.Args[0], info.TypeOf(call.Args[0]), f, depth+1)
		if j.v == empty {
			j.desc = shortExpr(call.Fun) + " of " + j.desc
		}
		if j.v == trivial {
			return nonEmpty
		}
		return j
	}
	return nonEmpty
}

// varJudge judges the value a local variable holds at pos, where use
// reads it (nil: a bare return of a named result): empty when every
// definition that may reach the use (the flow layer's Reaching; for a
// bare return, every one before pos or in a loop around it) is empty, or
// is the result of the failed call itself. A use before pos that may
// change the value (&v, a call or method on it, a store in a closure)
// makes it not empty.
func (c *checker) varJudge(v *types.Var, use ast.Expr, pos token.Pos, f *failure, depth int) judgement {
	fi := c.fn
	if fi == nil || v.Pos() < fi.node.Pos() || v.Pos() >= fi.node.End() {
		return nonEmpty
	}
	if _, ok := c.m.Flow.ParamOf(v); ok {
		return nonEmpty // a parameter (or receiver): what the caller passes
	}
	if use != nil && c.testedFull(v, use) {
		return nonEmpty
	}
	counted := func(p token.Pos) bool {
		if p < pos {
			return true
		}
		for _, l := range c.loops {
			if flow.Within(l, pos) && flow.Within(l, p) && !flow.Within(l, v.Pos()) {
				return true
			}
		}
		return false
	}
	failed := false
	// value judges one definition: false when it is not empty.
	value := func(rhs ast.Expr, tuple int) bool {
		if f != nil && f.opCall != nil && ast.Unparen(rhs) == f.opCall {
			failed = true
			return true
		}
		if tuple >= 0 {
			return false
		}
		return c.judge(rhs, v.Type(), f, depth+1).v != notEmpty
	}
	for _, ev := range fi.eventsOf(v) {
		if ev.pos == pos || !counted(ev.pos) || ev.read {
			continue
		}
		switch {
		case ev.inLit, ev.other:
			return nonEmpty
		case use != nil || ev.zero:
			// with a use, its definitions are the flow layer's, below
		case ev.rhs != nil:
			if !value(ev.rhs, ev.tuple) {
				return nonEmpty
			}
		}
	}
	if use != nil {
		defs, _ := c.m.Flow.Reaching(v, use)
		for _, d := range defs {
			switch {
			case d.Zero:
			case d.Opaque, d.Elem, d.Key, d.Rhs == nil:
				return nonEmpty
			case !value(d.Rhs, d.Tuple):
				return nonEmpty
			}
		}
	}
	j := zeroJudge(v.Type())
	if j.v == notEmpty {
		return j
	}
	if failed {
		return judgement{v: empty, coll: isCollection(v.Type()), desc: v.Name() + " (what the failed call returned)"}
	}
	if j.v == empty {
		j.desc = v.Name() + " (still empty)"
		if nilable(v.Type()) {
			j.desc = v.Name() + " (still nil)"
		}
	}
	return j
}

// testedFull reports whether use sits where a condition has found v not
// empty: in the body of `if v != nil`, `len(v) > 0`, `v != ""` (a term of
// a conjunction), or in the else of their opposites (a term of a
// disjunction). `if res != nil { return res, nil }` returns what is there.
func (c *checker) testedFull(v *types.Var, use ast.Expr) bool {
	file := c.m.FileOf(use.Pos())
	if file == nil {
		return false
	}
	path := pathEnclosing(file, use.Pos(), use.End())
	for i, n := range path {
		if n == c.fn.node {
			break
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok || i == 0 {
			continue
		}
		switch path[i-1] {
		case ifs.Body:
			if c.condFinds(ifs.Cond, v, true) {
				return true
			}
		case ifs.Else:
			if c.condFinds(ifs.Cond, v, false) {
				return true
			}
		}
	}
	return false
}

// condFinds reports whether cond, when it holds (or fails: holds false), says v is not empty.
func (c *checker) condFinds(cond ast.Expr, v *types.Var, holds bool) bool {
	info := c.pass.TypesInfo
	cond = ast.Unparen(cond)
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		return c.condFinds(u.X, v, !holds)
	}
	b, ok := cond.(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch {
	case b.Op == token.LAND && holds, b.Op == token.LOR && !holds:
		return c.condFinds(b.X, v, holds) || c.condFinds(b.Y, v, holds)
	case b.Op == token.LAND, b.Op == token.LOR:
		return false
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	isLen := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !is(call.Args[0]) {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		bi, isBuiltin := info.Uses[id].(*types.Builtin)
		return ok && isBuiltin && bi.Name() == "len"
	}
	empty := func(e ast.Expr) bool { // nil, "", 0
		if isNil(info, e) {
			return true
		}
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil {
			return false
		}
		switch tv.Value.Kind() {
		case constant.String:
			return constant.StringVal(tv.Value) == ""
		case constant.Int, constant.Float:
			return constant.Sign(tv.Value) == 0
		}
		return false
	}
	x, y, op := b.X, b.Y, b.Op
	if !is(x) && !isLen(x) {
		x, y = y, x
		switch op {
		case token.GTR:
			op = token.LSS
		case token.LSS:
			op = token.GTR
		}
	}
	if !(is(x) || isLen(x)) || !empty(y) {
		return false
	}
	switch op {
	case token.NEQ, token.GTR:
		return holds
	case token.EQL:
		return !holds
	}
	return false
}

// shortExpr renders e for a message, shortened.
func shortExpr(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// varIndex records, for the variables of one function, how each use
// touches them.
type event struct {
	pos   token.Pos
	rhs   ast.Expr // the assigned value
	tuple int      // the index in a multi-value rhs, or -1
	zero  bool     // var v T
	read  bool     // returned, compared, measured: the value is unchanged
	ret   bool     // returned
	other bool     // anything else: the value may change
	inLit bool     // in a nested function literal
}

// collectEvents lists the uses of v in the body of fi, in source order.
func collectEvents(info *types.Info, fi *funcInfo, v *types.Var) []event {
	var evs []event
	for _, n := range fi.named {
		if n == v {
			evs = append(evs, event{pos: fi.body.Pos(), zero: true, tuple: -1})
		}
	}
	var stack []ast.Node
	lits := 0
	ast.Inspect(fi.body, func(n ast.Node) bool {
		if n == nil {
			if _, ok := stack[len(stack)-1].(*ast.FuncLit); ok {
				lits--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			lits++
		}
		if id, ok := n.(*ast.Ident); ok && len(stack) > 0 && id.Name == v.Name() {
			if info.Defs[id] == v || info.Uses[id] == v {
				ev := classifyUse(info, stack, id)
				ev.inLit = lits > 0
				evs = append(evs, ev)
			}
		}
		stack = append(stack, n)
		return true
	})
	return evs
}

// classifyUse says how the identifier id, under the nodes on stack, uses
// its variable.
func classifyUse(info *types.Info, stack []ast.Node, id *ast.Ident) event {
	ev := event{pos: id.Pos(), tuple: -1}
	parent := stack[len(stack)-1]
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for i, l := range p.Lhs {
			if l != id {
				continue
			}
			if p.Tok != token.ASSIGN && p.Tok != token.DEFINE {
				ev.other = true
				return ev
			}
			ev.rhs = assignedExpr(p, i)
			if len(p.Lhs) != len(p.Rhs) {
				ev.tuple = i
			}
			return ev
		}
		ev.read = true // on the right-hand side: copied, not changed
		return ev
	case *ast.ValueSpec:
		for i, n := range p.Names {
			if n != id {
				continue
			}
			switch {
			case len(p.Values) == 0:
				ev.zero = true
			case len(p.Values) == len(p.Names):
				ev.rhs = p.Values[i]
			default:
				ev.rhs, ev.tuple = p.Values[0], i
			}
			return ev
		}
		ev.read = true
	case *ast.ReturnStmt:
		ev.read, ev.ret = true, true
	case *ast.KeyValueExpr, *ast.CompositeLit, *ast.IfStmt, *ast.ForStmt, *ast.SwitchStmt, *ast.CaseClause:
		ev.read = true
	case *ast.RangeStmt:
		ev.read = p.X == id
		ev.other = !ev.read
	case *ast.BinaryExpr:
		ev.read = true // comparisons, arithmetic
	case *ast.UnaryExpr:
		ev.read = p.Op != token.AND
		ev.other = !ev.read
	case *ast.CallExpr:
		if fid, ok := ast.Unparen(p.Fun).(*ast.Ident); ok && (fid.Name == "len" || fid.Name == "cap") {
			if _, ok := info.Uses[fid].(*types.Builtin); ok {
				ev.read = true
				return ev
			}
		}
		ev.other = true
	default:
		ev.other = true
	}
	return ev
}
