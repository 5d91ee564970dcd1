package messagetext

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/toolcheck/toolcheck/internal/lazyre"
)

// Categories, one per kind of text the model cannot act on.
const (
	catRawError   = "raw-error"
	catUpstream   = "upstream-body"
	catStack      = "stack-trace"
	catServerPath = "server-path"
	catEnvVar     = "env-var"
	catTypeName   = "type-name"
	catElsewhere  = "points-elsewhere"
	catCommand    = "cli-command"
	catLong       = "long-text"
	catNextStep   = "no-next-step"
	catFaultText  = "fault-text"
)

// checkHole reports an interpolated value the model cannot act on, and
// records the parameters of the unit's function that reach the text.
func (c *checker) checkHole(p part, u *unit) {
	t := c.info.TypeOf(p.hole)
	switch {
	case p.verb == "T":
		c.report(p.node, catTypeName, "model-facing text prints a Go type name with %T, which the model cannot act on; say what was wrong in the tool's own terms")
		return
	case (p.verb == "+v" || p.verb == "#v") && isStruct(t) && !isErrorType(t):
		c.report(p.node, catUpstream, fmt.Sprintf("model-facing text dumps a %s value with %%%s; name the one field the model needs, in its own terms", typeString(t), p.verb))
		return
	}
	ls := c.leaves(p.hole, -1, nil)
	done := map[leafKind]bool{}
	var found []holeProblem
	for _, l := range ls {
		if done[l.kind] {
			continue
		}
		var hp holeProblem
		switch l.kind {
		case lParam:
			if u != nil && !isScalar(l.param.Type()) && u.decl != nil {
				if ref, ok := c.defs.param(l.param); ok && ref.fn == u.decl && ref.index >= 0 {
					u.use(ref.index, p.verb)
				}
			}
			continue
		case lServer:
			hp = holeProblem{catRawError, "the raw error of " + ops(ls), via(l), ", with server detail the model cannot act on; log it, and tell the model what to do next or return it as a fault for the tool boundary"}
		case lUpstream:
			hp = holeProblem{catUpstream, l.what, via(l), "; log it, and tell the model in a sentence what failed and what to do next"}
		case lStack:
			hp = holeProblem{catStack, fmt.Sprintf("a stack trace or frame (%s)", l.what), "", "; log it, and send text the model can act on"}
		case lServerPath:
			hp = holeProblem{catServerPath, fmt.Sprintf("a server path (%s)", l.what), via(l), ", which the model cannot open; quote the path the model sent, or leave it out"}
		case lTypeName:
			hp = holeProblem{catTypeName, fmt.Sprintf("a Go type name (%s)", l.what), "", "; say what was wrong in the tool's own terms"}
		default:
			continue
		}
		done[l.kind] = true
		found = append(found, hp)
	}
	switch len(found) {
	case 0:
	case 1:
		c.report(p.node, found[0].cat, "model-facing text includes "+found[0].what+found[0].via+found[0].why)
	default:
		// One value, one place to fix: one finding that names all it
		// carries, and the function it came through once when it is one.
		oneVia := !slices.ContainsFunc(found, func(hp holeProblem) bool { return hp.via != found[0].via })
		whats := make([]string, len(found))
		for i, hp := range found {
			whats[i] = hp.what
			if !oneVia {
				whats[i] += hp.via
			}
		}
		if oneVia {
			whats[len(whats)-1] += found[0].via
		}
		c.report(p.node, found[0].cat, "model-facing text includes "+strings.Join(whats, " and ")+"; log it, and send text the model can act on")
	}
}

// A holeProblem is one thing a value in model-facing text carries that the
// model cannot act on: its category, what it is, the function it came
// through, and the rest of its message when it is the only one.
type holeProblem struct {
	cat, what, via, why string
}

// isScalar reports whether t is a number or a boolean, whose text cannot
// carry anything the model cannot act on.
func isScalar(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsNumeric|types.IsBoolean) != 0
}

// ops names the operations whose raw errors the leaves hold: "os.Stat",
// "filepath.Abs or filepath.EvalSymlinks".
func ops(ls []leaf) string {
	var names []string
	seen := map[string]bool{}
	for _, l := range ls {
		if l.kind == lServer && !seen[l.what] {
			seen[l.what] = true
			names = append(names, l.what)
		}
	}
	if len(names) > 3 {
		names = append(names[:3], "others")
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func via(l leaf) string {
	if l.via == "" {
		return ""
	}
	return ", returned through " + l.via
}

func isStruct(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

var (
	// A server path: an absolute path under a well-known root, a Windows
	// drive path, a home-relative path, or a Go source position.
	literalPath = lazyre.New(`(?:^|[\s'"` + "`" + `(=\[,])(` +
		`/(?:var|etc|usr|home|tmp|opt|root|srv|mnt|proc|sys|dev|private|Users|Library|Applications|Volumes|nix)(?:/[^\s'"` + "`" + `),;]*)?` +
		`|/(?:app|workspace|run|data)/[^\s'"` + "`" + `),;]+` +
		`|[A-Za-z]:\\[^\s'"` + "`" + `]*` +
		`|~/[^\s'"` + "`" + `),;]+)`)
	goSource  = lazyre.New(`\b[\w./-]+\.go:\d+`)
	goroutine = lazyre.New(`goroutine \d+ \[`)

	dollarVar = lazyre.New(`\$\{?([A-Z][A-Z0-9_]*[A-Z0-9])\}?`)
	capsToken = lazyre.New(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z][A-Z0-9]+\b`)
	// Phrases that call a token an environment variable, or tell someone
	// to set it.
	envBefore = lazyre.New(`(?i:\benv(?:ironment)?[ _-]?var(?:iable)?s?\b)[\s:=` + "`" + `'"]*$`)
	envAfter  = lazyre.New(`^[` + "`" + `'"]?\s+(?i:env(?:ironment)?[ _-]?var(?:iable)?\b)`)
	setBefore = lazyre.New(`(?i:\b(?:set|export|define)\s+(?:the\s+)?)[` + "`" + `'"]?$`)
	setAfter  = lazyre.New(`^[` + "`" + `'"]?\s*(?i:(?:is\s+)?(?:not\s+set|unset|must\s+be\s+set|needs\s+to\s+be\s+set|should\s+be\s+set|was\s+not\s+set)\b)`)

	typeName = lazyre.New(`\*?\b[a-z][a-z0-9]*\.(?:[A-Z][A-Za-z0-9]*)?(?:Error|Exception)\b|\b[A-Z][A-Za-z]+Exception\b`)

	elsewhere = lazyre.New(`(?i)\b(?:see|check|consult|refer\s+to|look\s+at|inspect)\s+(?:the\s+)?(?:tool(?:'s)?\s+|server(?:'s)?\s+|api\s+)?(?:description|docs|documentation|readme|manual|wiki|logs?)\b|\bas\s+documented\b|\b(?:see|check)\s+(?:above|below)\b`)
	errorCode = lazyre.New(`\b(?:E|ERR|ERROR|[A-Z]{2,3})[-_]?\d{3,6}\b`)
	codeWord  = lazyre.New(`(?i)\berror\s+code\b`)
	word      = lazyre.New(`[A-Za-z][A-Za-z']{2,}`)

	runCommand = lazyre.New(`(?i:(?:^|[.!?;:,]\s*|\b(?:please|to|then|and|first|try|must|should|can|by|or)\s+)(?:run|execute|running|executing)\s+(?:the\s+)?(?:command\s+|following\s+(?:command\s+)?)?:?\s*)(?:` + "`([^`]+)`" + `|'([^']+)'|"([^"]+)")`)
)

// notCodes are letter-digit tokens that are names, not error codes.
var notCodes = lazyre.New(`^(?:RFC|ISO|SHA|UTF|MD|AES|RSA|HTTP|TLS|IPV|UTC|GMT|CVE|GHSA|ECMA|ES|IEEE|ANSI|X|UCS|CP|PEP|JSR|WIN|INT|FP|UTF)`)

// stopWords do not explain an error code.
var stopWords = map[string]bool{
	"error": true, "code": true, "failed": true, "failure": true, "with": true, "the": true,
	"status": true, "occurred": true, "internal": true, "server": true, "returned": true,
	"request": true, "see": true, "for": true, "details": true, "and": true, "got": true,
}

// checkText reports the literal parts of t the model cannot act on.
func (c *checker) checkText(t text) {
	s, at := t.joinedAt()
	// Each pattern runs only on text holding what it must match: Go's
	// regexp is slow to scan, and most text matches none of them.
	lower := strings.ToLower(s)
	for _, m := range findAllSubmatch(literalPath, s, strings.ContainsAny(s, "/\\~")) {
		p := s[m[2]:m[3]]
		c.report(at(m[2]), catServerPath, fmt.Sprintf("model-facing text includes the server path %q, which the model cannot open; name what the model can pass instead, or leave it out", p))
	}
	for _, m := range findAll(goSource, s, strings.Contains(s, ".go:")) {
		c.report(at(m[0]), catServerPath, fmt.Sprintf("model-facing text includes the source position %q; log it, and send text the model can act on", s[m[0]:m[1]]))
	}
	if m := findAll(goroutine, s, strings.Contains(s, "goroutine ")); m != nil {
		m := m[0]
		c.report(at(m[0]), catStack, "model-facing text includes a goroutine stack trace; log it, and send text the model can act on")
	}
	c.checkEnv(s, at)
	for _, m := range findAll(typeName, s, strings.Contains(s, "Error") || strings.Contains(s, "Exception")) {
		c.report(at(m[0]), catTypeName, fmt.Sprintf("model-facing text names the type %s, which the model cannot catch; say what was wrong in the tool's own terms", s[m[0]:m[1]]))
	}
	for _, m := range findAll(elsewhere, s, containsAny(lower, "see", "check", "consult", "refer", "look", "inspect", "documented")) {
		if c.leadsToTool(s[m[1]:]) {
			continue // "check the logs of the run with get_job_logs": a place the model can reach
		}
		c.report(at(m[0]), catElsewhere, fmt.Sprintf("model-facing text points elsewhere (%q), where the model cannot look; say what was wrong and the next step in the text itself", s[m[0]:m[1]]))
	}
	c.checkCodes(s, lower, at)
	for _, m := range findAllSubmatch(runCommand, s, containsAny(lower, "run", "execut") && strings.ContainsAny(s, "`'\"")) {
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] < 0 {
				continue
			}
			cmd := s[m[g]:m[g+1]]
			if c.isCommand(cmd) {
				c.report(at(m[g]), catCommand, fmt.Sprintf("model-facing text tells the model to run the command %q, which it cannot run; name the tool and parameter to call, or ask the model to tell the user", cmd))
			}
		}
	}
}

// leadsToTool reports whether the rest of a sentence names where the model
// can look: an object's own description or logs ("of ..."), a tool.
func (c *checker) leadsToTool(rest string) bool {
	if i := strings.IndexAny(rest, ".!?;"); i >= 0 {
		rest = rest[:i]
	}
	if strings.HasPrefix(strings.TrimSpace(rest), "of ") {
		return true
	}
	for _, w := range strings.FieldsFunc(rest, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
	}) {
		if c.m.ToolNames[w] || strings.EqualFold(w, "call") || strings.EqualFold(w, "tool") {
			return true
		}
	}
	return false
}

// isCommand reports whether s looks like a command line: a program name
// and arguments, not a tool name or a placeholder.
func (c *checker) isCommand(s string) bool {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "$"))
	if strings.Contains(s, placeholder) {
		return false
	}
	fields := strings.Fields(s)
	if len(fields) < 2 {
		return false
	}
	prog := fields[0]
	if c.m.ToolNames[prog] || c.m.ToolNames[s] {
		return false
	}
	for _, r := range prog {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '/' || r == '_') {
			return false
		}
	}
	return true
}

func (c *checker) checkEnv(s string, at func(int) ast.Node) {
	for _, m := range findAllSubmatch(dollarVar, s, strings.Contains(s, "$")) {
		name := s[m[2]:m[3]]
		c.report(at(m[0]), catEnvVar, envMessage(name))
	}
	for _, m := range findAll(capsToken, s, hasCapsPair(s)) {
		name := s[m[0]:m[1]]
		if m[0] > 0 && s[m[0]-1] == '$' || m[0] > 1 && s[m[0]-2:m[0]] == "${" {
			continue
		}
		before, after := s[:m[0]], s[m[1]:]
		named := envBefore.MatchString(before) || envAfter.MatchString(after)
		known := c.envNames[name]
		set := strings.Contains(name, "_") && (setBefore.MatchString(before) || setAfter.MatchString(after))
		if named || set || known && (strings.Contains(name, "_") || setBefore.MatchString(before) || setAfter.MatchString(after)) {
			c.report(at(m[0]), catEnvVar, envMessage(name))
		}
	}
}

func envMessage(name string) string {
	return fmt.Sprintf("model-facing text names the environment variable %s, which the model cannot set; say the server is not configured for this and ask the model to tell the user", name)
}

// checkCodes reports an error code the model would have to look up: a
// code with no explanation in the same text.
func (c *checker) checkCodes(s, lower string, at func(int) ast.Node) {
	explained := func(without string) bool {
		n := 0
		for _, w := range word.FindAllString(without, -1) {
			if !stopWords[strings.ToLower(w)] {
				n++
			}
		}
		return n >= 2
	}
	for _, m := range findAll(errorCode, s, hasCodeDigits(s)) {
		code := s[m[0]:m[1]]
		if notCodes.MatchString(code) {
			continue
		}
		if !explained(s[:m[0]] + s[m[1]:]) {
			c.report(at(m[0]), catElsewhere, fmt.Sprintf("model-facing text gives the error code %s with no explanation, which the model cannot look up; say what it means and what to do next", code))
		}
	}
	if m := findAll(codeWord, s, strings.Contains(lower, "code")); m != nil {
		m := m[0]
		rest := strings.TrimLeft(s[m[1]:], " :#=")
		n := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		if strings.HasPrefix(rest, placeholder) {
			n = len(placeholder)
		}
		if n > 0 && !explained(s[:m[0]]+rest[n:]) {
			c.report(at(m[0]), catElsewhere, "model-facing text gives an error code with no explanation, which the model cannot look up; say what it means and what to do next")
		}
	}
}

// findAll returns the matches of re in s when may holds: a cheap test
// that s holds something every match must contain.
func findAll(re *lazyre.Regexp, s string, may bool) [][]int {
	if !may {
		return nil
	}
	return re.FindAllStringIndex(s, -1)
}

// findAllSubmatch is findAll with the submatches' indexes.
func findAllSubmatch(re *lazyre.Regexp, s string, may bool) [][]int {
	if !may {
		return nil
	}
	return re.FindAllStringSubmatchIndex(s, -1)
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// hasCodeDigits reports whether s holds what every errorCode match
// holds: an upper-case letter, then perhaps '-' or '_', then three digits.
func hasCodeDigits(s string) bool {
	for i := 1; i+2 < len(s); i++ {
		if !isDigit(s[i]) || !isDigit(s[i+1]) || !isDigit(s[i+2]) {
			continue
		}
		j := i - 1
		if (s[j] == '-' || s[j] == '_') && j > 0 {
			j--
		}
		if 'A' <= s[j] && s[j] <= 'Z' {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// hasCapsPair reports whether s holds an upper-case letter followed by an
// upper-case letter, digit or underscore: the start of every capsToken.
func hasCapsPair(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if c, d := s[i], s[i+1]; 'A' <= c && c <= 'Z' && ('A' <= d && d <= 'Z' || '0' <= d && d <= '9' || d == '_') {
			return true
		}
	}
	return false
}

// sentences counts the sentences of the literal text.
func sentences(s string) int {
	n := 0
	inSentence := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '.' || ch == '!' || ch == '?':
			if inSentence && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
				n++
				inSentence = false
			}
		case ch != ' ' && ch != '\n' && ch != '\t':
			inSentence = true
		}
	}
	if inSentence {
		n++
	}
	return n
}
