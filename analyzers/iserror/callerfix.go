package iserror

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/failpath"
	"github.com/toolcheck/toolcheck/internal/fixes"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/outcome"
)

// Caller mistakes carried by raw errors. A message that renders a raw
// error (fmt.Sprintf("failed to get %s: %v", name, err)) becomes a fault
// only where nothing says the model's argument was wrong: a fault tells
// the model the request was fine. Where the site shows it was wrong (a
// status such as 404 or a sentinel such as fs.ErrNotExist tested on the
// failure path, or the project's own text saying not found or denied), the
// fix returns a caller error whose text is the project's without the raw
// error, which it keeps for the log (toolerr.WithCause). Where the error
// comes from a call that also returns an upstream response with a status
// (go-github's *github.Response), the upstream may have said the argument
// names nothing, and the site cannot tell: with toolerr, the fix hands the
// error to toolerr.Upstream, which reads the status the error carries at
// run time; otherwise the finding keeps no fix, as it does for a call
// given the model's arguments that answers with no status.

// callerWords are what a project's own text says when the model's
// argument was wrong.
var callerWords = []string{
	"not found", "could not resolve", "access denied", "permission denied",
	"does not exist", "doesn't exist", "no such", "already exists", "not allowed",
}

// hasCallerWord reports whether text says one of the callerWords.
func hasCallerWord(text string) bool {
	text = strings.ToLower(text)
	for _, w := range callerWords {
		if strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// constText returns the value of e when it is a string constant.
func (cv *converter) constText(e ast.Expr) (string, bool) {
	tv, ok := cv.c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// callerEvidence reports whether the site shows the model's argument was
// wrong although the message renders a raw error, and the reason the
// caller error's text gives when the project's text does not say it
// ("not found"; empty when it does).
func (cv *converter) callerEvidence(msg message, o outcome.Outcome) (string, bool) {
	if cv.saysCaller(msg) {
		return "", true
	}
	reason := ""
	if fp := cv.c.m.Failures.At(cv.at); fp != nil && fp.Test.Failed {
		switch fp.Test.Class {
		case failpath.ClassNotFound:
			reason = "not found"
		case failpath.ClassExists:
			reason = "already exists"
		case failpath.ClassInvalid:
			reason = "invalid"
		case failpath.ClassConflict:
			reason = "conflicts with the current state"
		}
	}
	if reason == "" && o.Kind == outcome.Caller {
		for code, r := range map[string]string{"400": "rejected as invalid", "403": "access denied", "404": "not found",
			"409": "conflicts with the current state", "410": "not found", "422": "rejected as invalid"} {
			if strings.Contains(o.Why, "HTTP "+code+" ") {
				reason = r
			}
		}
	}
	return reason, reason != ""
}

// saysCaller reports whether the project's own text in msg says the
// model's argument was wrong: not found, denied, already exists.
func (cv *converter) saysCaller(msg message) bool {
	parts, ok := cv.messageParts(msg)
	if !ok {
		return false
	}
	var lit strings.Builder
	for _, p := range parts {
		lit.WriteString(p.lit)
	}
	return hasCallerWord(lit.String())
}

// ownCaller writes the caller error of a message with no raw error whose
// own text says the model's argument was wrong ("provider not found:
// %s/%s - verify the namespace and provider name"), where the evidence
// shows only that something failed: the text as it is, and with toolerr
// the failed error kept as the cause for the log.
func (cv *converter) ownCaller(msg message, api fixes.ToolErrorAPI) (string, string, bool) {
	ctor := api.Ctors[outcome.Caller]
	text, ok := cv.ctorText(ctor, msg, api)
	if !ok {
		return "", "", false
	}
	why := "return a ToolError from " + ctor + " with a message that says the model's argument was wrong"
	if fp := cv.c.m.Failures.At(cv.at); api.Pkg == fixes.ToolerrModule && fp != nil && fp.Test.Err != nil && fp.Test.Failed && cv.names(fp.Test.Err) {
		q := strings.TrimSuffix(ctor, "CallerError")
		return ctor + "(" + text + ", " + q + "WithCause(" + fp.Test.Err.Name() + "))", why + ", the failed error kept as the cause for the log", true
	}
	return ctor + "(" + text + ")", why, true
}

// callerWithCause writes the caller error of a message that renders the
// raw error in raw: the message's own text without it, followed by reason
// when reason is not empty, and the error kept as the ToolError's cause.
// False when the API has no caller constructor or no way to keep the
// cause, or the text cannot be written without the error.
func (cv *converter) callerWithCause(msg message, api fixes.ToolErrorAPI, raw []ast.Expr, reason string, o outcome.Outcome) (string, string, bool) {
	kind := outcome.Caller
	if o.Kind == outcome.Stale && api.Ctors[outcome.Stale] != "" {
		kind = outcome.Stale
	}
	ctor := api.Ctors[kind]
	cause, kept, ok := cv.causeAndParts(ctor, api, raw, msg)
	if !ok {
		return "", "", false
	}
	if reason != "" {
		kept = append(kept, part{lit: ": " + reason})
	}
	text, ok := cv.sprintfOf(kept)
	if !ok {
		return "", "", false
	}
	q := strings.TrimSuffix(ctor, "CallerError")
	q = strings.TrimSuffix(q, "Stale")
	cv.imports = fixes.MergeImports(cv.imports, api.Imports)
	why := o.Why
	if why == "" || !o.CallerActs() {
		why = "where the site shows the argument was wrong"
	}
	return ctor + "(" + text + ", " + q + "WithCause(" + cause + "))",
		"return a ToolError from " + ctor + " " + why + ", its raw error kept as the cause for the log", true
}

// causeAndParts returns, for a fix by toolerr's constructor ctor, the
// source of msg's one raw error and the parts of its text without it;
// false when the API is not toolerr or has no such constructor, or either
// cannot be written.
func (cv *converter) causeAndParts(ctor string, api fixes.ToolErrorAPI, raw []ast.Expr, msg message) (string, []part, bool) {
	if ctor == "" || api.Pkg != fixes.ToolerrModule || len(raw) != 1 {
		return "", nil, false
	}
	cause, ok := cv.src(raw[0])
	if !ok {
		return "", nil, false
	}
	kept, ok := cv.partsWithout(msg)
	return cause, kept, ok
}

// partsWithout returns the parts of msg's text without the raw error it
// renders (%w) and the separator before it; false when an error is
// rendered another way.
func (cv *converter) partsWithout(msg message) ([]part, bool) {
	parts, ok := cv.messageParts(msg)
	if !ok {
		return nil, false
	}
	var kept []part
	for _, p := range parts {
		if p.verb == "%w" {
			if n := len(kept); n > 0 && kept[n-1].verb == "" {
				kept[n-1].lit = strings.TrimRight(kept[n-1].lit, " :-–,(")
			}
			continue
		}
		if p.arg != nil && mcpsdk.IsErrorType(cv.c.info.TypeOf(p.arg)) {
			return nil, false // the error rendered another way
		}
		kept = append(kept, p)
	}
	return kept, true
}

// upstreamFix writes the error of a site whose raw error comes from a
// call that also returns the upstream's response: toolerr.Upstream, which
// decides by the status the error carries whether the model named
// something wrong (a caller error) or the server failed (the boundary's
// rules), with the message's own text as the context. False when the API
// is not toolerr, or the text cannot be written without the error.
func (cv *converter) upstreamFix(msg message, api fixes.ToolErrorAPI, raw []ast.Expr) (string, string, bool) {
	ctor := api.Ctors[outcome.Caller]
	cause, kept, ok := cv.causeAndParts(ctor, api, raw, msg)
	if !ok {
		return "", "", false
	}
	text := `""`
	if len(kept) > 0 {
		if text, ok = cv.sprintfOf(kept); !ok {
			return "", "", false
		}
	}
	q := strings.TrimSuffix(ctor, "CallerError")
	cv.imports = fixes.MergeImports(cv.imports, api.Imports)
	return q + "Upstream(" + cause + ", " + text + ")",
		"return the error through " + q + "Upstream: the status the upstream answered decides whether the model named something wrong (a caller error) or the server failed (a fault for the boundary)", true
}

// sprintfOf writes parts as one string expression: a literal when no part
// has a verb, else fmt.Sprintf of one format. An error still among the
// parts is rendered with %v, as the model reads it.
func (cv *converter) sprintfOf(parts []part) (string, bool) {
	var f strings.Builder
	var args []string
	for _, p := range parts {
		if p.verb == "" {
			f.WriteString(p.lit)
			continue
		}
		s, ok := cv.src(p.arg)
		if !ok {
			return "", false
		}
		f.WriteString("\x00" + p.verb)
		args = append(args, s)
	}
	text := strings.TrimSpace(f.String())
	if text == "" {
		return "", false
	}
	if len(args) == 0 {
		return strconv.Quote(text), true
	}
	if len(parts) == 1 && (parts[0].verb == "%s" || parts[0].verb == "%v") {
		if t, ok := cv.c.info.TypeOf(parts[0].arg).(*types.Basic); ok && t.Info()&types.IsString != 0 {
			return args[0], true // the string itself, not fmt.Sprintf("%s", s)
		}
	}
	q, edits, ok := cv.c.m.Fixes().Qualifier(cv.file, "fmt", "fmt")
	if !ok {
		return "", false
	}
	cv.imports = fixes.MergeImports(cv.imports, edits)
	// Escape the literal text's percent signs, not the verbs'.
	var format strings.Builder
	for i, seg := range strings.Split(text, "\x00") {
		if i > 0 {
			end := verbEnd(seg)
			verb := seg[:end]
			if verb == "%w" {
				verb = "%v"
			}
			format.WriteString(verb)
			seg = seg[end:]
		}
		format.WriteString(strings.ReplaceAll(seg, "%", "%%"))
	}
	return q + "Sprintf(" + strconv.Quote(format.String()) + ", " + strings.Join(args, ", ") + ")", true
}

// verbEnd returns the length of the verb seg begins with (%-5d).
func verbEnd(seg string) int {
	j := 1
	for j < len(seg) && strings.IndexByte("+-# 0123456789.", seg[j]) >= 0 {
		j++
	}
	return min(j+1, len(seg))
}

// upstreamStatus reports whether one of the raw errors was set by a call
// that also returns an upstream response with a status the model's
// argument may have caused (a value with a StatusCode field or method:
// *http.Response, go-github's *github.Response), so that the error may be
// a 404 for what the model named.
func (cv *converter) upstreamStatus(raw []ast.Expr) bool {
	fp := cv.rawOp(raw)
	if fp == nil {
		return false
	}
	tup, ok := cv.c.info.TypeOf(fp.Op).(*types.Tuple)
	if !ok {
		return false
	}
	for i := range tup.Len() {
		if hasStatus(tup.At(i).Type()) {
			return true
		}
	}
	return false
}

// rawOp returns the failure path at the site when the operation that set
// its tested error is known and one of the raw errors is that error, or
// nil.
func (cv *converter) rawOp(raw []ast.Expr) *failpath.Path {
	m := cv.c.m
	fp := m.Failures.At(cv.at)
	if fp == nil || fp.Op == nil || fp.Test.Err == nil {
		return nil
	}
	for _, e := range raw {
		if m.Failures.ErrorVar(e) == fp.Test.Err {
			return fp
		}
	}
	return nil
}

// givenArgument reports whether one of the raw errors was set by an
// operation given a value read from the model's arguments (os.Stat(path),
// a query whose variables hold the owner the model named): its failure
// may be the model's, a path or a node that does not exist. tested: the
// site tested the error for that case first, and the rest are faults.
func (cv *converter) givenArgument(raw []ast.Expr) (given, tested bool) {
	fp := cv.rawOp(raw)
	if fp == nil {
		return false, false
	}
	if fn := typeutil.StaticCallee(cv.c.info, fp.Op); fn != nil && strings.HasPrefix(mcpsdk.PkgPath(fn), "encoding/") {
		return false, false // encoding a value looks nothing up (json.Marshal)
	}
	for _, a := range fp.Op.Args {
		if cv.c.m.Outcomes().MentionsArgument(cv.at, a) {
			return true, cv.callerCaseTested(fp)
		}
	}
	return false, false
}

// callerCaseTested reports whether the code tested the failure path's
// error for what the model can act on (errors.Is(err, fs.ErrNotExist), a
// not-found predicate) after the operation and before the path: the
// path is then the other failures, faults.
func (cv *converter) callerCaseTested(fp *failpath.Path) bool {
	fn := flow.EnclosingFunc(cv.at)
	if fn == nil {
		return false
	}
	from, to := fp.Op.End(), cv.at.Node().Pos()
	tested := false
	check := func(cond ast.Expr) {
		t := cv.c.m.Failures.TestOf(cond)
		tested = tested || t.Err == fp.Test.Err && t.Failed && t.Class.CallerCanAct()
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		if tested || n == nil || n.End() < from || n.Pos() > to {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if n.Pos() > from && n.Body.End() < to {
				check(n.Cond)
			}
		case *ast.CaseClause:
			if n.Pos() > from && n.End() < to {
				for _, e := range n.List {
					check(e)
				}
			}
		}
		return true
	})
	return tested
}

// hasStatus reports whether t, or what it points to, has a StatusCode
// field or method.
func hasStatus(t types.Type) bool {
	if mcpsdk.IsErrorType(t) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "StatusCode")
	return obj != nil
}

// lowerFirst lower-cases the first letter of an error's text, as Go's
// error strings are written (staticcheck ST1005), unless its first word is
// a name or an acronym: a capital after the first letter (GitHub, API).
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if !unicode.IsUpper(r) {
		return s
	}
	word := s[n:]
	if i := strings.IndexFunc(word, func(r rune) bool { return !unicode.IsLetter(r) }); i >= 0 {
		word = word[:i]
	}
	for _, c := range word {
		if unicode.IsUpper(c) {
			return s
		}
	}
	if word == "" {
		return s // "I", "A:": a letter alone
	}
	return string(unicode.ToLower(r)) + s[n:]
}

// trimErrorEnd drops the punctuation and newlines that end an error's
// text, as Go's error strings are written (staticcheck ST1005): the text
// is wrapped and followed by more.
func trimErrorEnd(s string) string {
	if t := strings.TrimRight(s, ".:!\n"); t != "" {
		return t
	}
	return s
}

// ownCheckFix writes the fix of a site whose raw error comes from the
// project's own check (ownCallerCheck), with toolerr: the check's own
// errors that say the model's argument was wrong, fmt.Errorf calls
// returned directly, become caller ToolErrors where they are made
// (toolerr.CallerError(fmt.Sprintf(...)), the call's line breaks kept),
// and the site returns its raw error as a fault wrapping it: the boundary
// finds the ToolError in the chain and answers the caller's mistakes as
// caller errors, the check's other failures as faults. False when the
// check makes such an error another way (errors.New, wrapping with %w, a
// sentinel), makes an error of its own that says something else (which
// may be the model's mistake too), or the API is not toolerr.
func (cv *converter) ownCheckFix(msg message, api fixes.ToolErrorAPI, raw []ast.Expr) (string, string, bool) {
	m := cv.c.m
	ctor := api.Ctors[outcome.Caller]
	fp := cv.rawOp(raw)
	if ctor == "" || api.Pkg != fixes.ToolerrModule || fp == nil {
		return "", "", false
	}
	fn := typeutil.StaticCallee(cv.c.info, fp.Op)
	if fn == nil || fn.Pkg() != cv.c.pass.Pkg {
		return "", "", false
	}
	d := m.Flow.Decl(fn.Origin())
	if d == nil || d.Body == nil {
		return "", "", false
	}
	file := m.FileOf(d.Pos())
	if file == nil {
		return "", "", false
	}
	q, edits, ok := m.Fixes().Qualifier(file, fixes.ToolerrModule, "toolerr")
	if !ok {
		return "", "", false
	}
	says := func(e ast.Expr) bool {
		text, ok := cv.constText(e)
		return ok && hasCallerWord(text) && !strings.Contains(text, "%w")
	}
	// The check's returned values, outside its function literals.
	returned := map[ast.Expr]bool{}
	for _, r := range m.Flow.Returns(d) {
		for _, e := range r.Results {
			returned[ast.Unparen(e)] = true
		}
	}
	converted, bare, other := 0, 0, false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			f := typeutil.StaticCallee(cv.c.info, n)
			if !(mcpsdk.IsFunc(f, "fmt", "Errorf") || mcpsdk.IsFunc(f, "errors", "New")) || len(n.Args) == 0 {
				return true
			}
			text, _ := cv.constText(n.Args[0])
			if !says(n.Args[0]) {
				// Another verdict of the check's own ("does not belong
				// to the requested project") may be the model's too, and
				// the fix would make it a fault; an error wrapping a
				// failure (%w) is one.
				other = other || !strings.Contains(text, "%w")
				return true
			}
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if !ok || f.Name() != "Errorf" || !returned[n] {
				other = true
				return true
			}
			if len(n.Args) == 1 {
				// A constant text needs no Sprintf (staticcheck S1039).
				edits = append(edits, analysis.TextEdit{Pos: n.Fun.Pos(), End: n.Fun.End(), NewText: []byte(q + "CallerError")})
				bare++
			} else {
				edits = append(edits,
					analysis.TextEdit{Pos: n.Pos(), End: n.Pos(), NewText: []byte(q + "CallerError(")},
					analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Sprintf")},
					analysis.TextEdit{Pos: n.End(), End: n.End(), NewText: []byte(")")})
			}
			converted++
		}
		return true
	})
	if converted == 0 || other || bare == converted && cv.fmtUses(file) == bare {
		return "", "", false // fmt would be left imported and unused
	}
	site := "return the error as a fault"
	e, ok := cv.wrapped(msg)
	if cv.upstreamStatus(raw) {
		// The check also hands on an upstream's answer: its status
		// decides the rest (toolerr.Upstream finds the ToolError too).
		site = "return the error through " + q + "Upstream"
		e, _, ok = cv.upstreamFix(msg, api, raw)
	}
	if !ok {
		return "", "", false
	}
	cv.imports = fixes.MergeImports(cv.imports, edits)
	return e, site + ", and make the errors of " + fn.Name() + " that say the model's argument was wrong caller ToolErrors (" + q + "CallerError): the boundary answers those as caller errors and the rest as faults", true
}

// fmtUses counts the references to package fmt in file.
func (cv *converter) fmtUses(file *ast.File) int {
	n := 0
	ast.Inspect(file, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok {
			if pn, ok := cv.c.info.Uses[id].(*types.PkgName); ok && pn.Imported().Path() == "fmt" {
				n++
			}
		}
		return true
	})
	return n
}

// ownCallerCheck reports whether one of the raw errors was set by a call
// of the project's own function that may fail because of what the model
// named: one that returns an error whose text says so (fmt.Errorf("access
// denied - path outside allowed directories: %s", p)), or a sentinel named
// like ErrNotFound. Its other failures may be faults: the site cannot
// tell which.
func (cv *converter) ownCallerCheck(raw []ast.Expr) bool {
	m := cv.c.m
	fp := cv.rawOp(raw)
	if fp == nil {
		return false
	}
	fn := typeutil.StaticCallee(cv.c.info, fp.Op)
	if fn == nil || fn.Pkg() != cv.c.pass.Pkg {
		return false
	}
	d := m.Flow.Decl(fn.Origin())
	if d == nil || d.Body == nil {
		return false
	}
	says := false
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if says {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			f := typeutil.StaticCallee(cv.c.info, n)
			if (mcpsdk.IsFunc(f, "fmt", "Errorf") || mcpsdk.IsFunc(f, "errors", "New")) && len(n.Args) > 0 {
				text, ok := cv.constText(n.Args[0])
				says = says || ok && hasCallerWord(text)
			}
		case *ast.Ident:
			if v, ok := cv.c.info.Uses[n].(*types.Var); ok && mcpsdk.IsErrorType(v.Type()) && v.Parent() == v.Pkg().Scope() {
				name := strings.ToLower(v.Name())
				for _, w := range []string{"notfound", "notexist", "denied", "forbidden", "permission"} {
					says = says || strings.Contains(name, w)
				}
			}
		}
		return !says
	})
	return says
}
