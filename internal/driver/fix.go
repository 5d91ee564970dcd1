package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/mod/modfile"
)

// An edit replaces the bytes [start, end) of a file with text.
type edit struct {
	start, end int
	text       string
}

// conflicts reports whether two different edits of one file cannot both
// be applied: their ranges overlap, or both insert at the same place (the
// order of the insertions would be a guess), or one inserts inside the
// range the other replaces.
func (a edit) conflicts(b edit) bool {
	if a == b {
		return false
	}
	if a.start < b.end && b.start < a.end {
		return true
	}
	if a.start == a.end && b.start == b.end {
		return a.start == b.start
	}
	inside := func(ins, r edit) bool { return ins.start == ins.end && r.start < ins.start && ins.start < r.end }
	return inside(a, b) || inside(b, a)
}

// FixResult is what applying fixes did.
type FixResult struct {
	// Fixed holds the findings whose first suggested fix was applied (or
	// was identical to one that was).
	Fixed map[*Finding]bool
	// Files holds the new content of each changed file, by name.
	Files map[string][]byte
	// Old holds the content each changed file had.
	Old map[string][]byte
	// Conflicts counts the fixes left out because they conflict with a
	// fix applied before them; running again applies them if they still
	// apply.
	Conflicts int
	// Generated counts the fixes left out because they edit a generated
	// file.
	Generated int
	// Incomplete is set when some packages did not load or were not
	// analysed: what is left is then not known for them.
	Incomplete bool
	// Analysed counts the packages that loaded and were analysed.
	Analysed int
	// Routed holds the tests (file:TestName) whose calls of converted
	// handlers RouteTests sent through the boundary, RoutedFiles the test
	// files it changed, and RoutedCalls how many calls.
	Routed      map[string]bool
	RoutedFiles map[string]bool
	RoutedCalls int
	// tests are the tests that call converted handlers, found before the
	// files were written (testsFound).
	tests      []*testDir
	testsFound bool
}

// ComputeFixes merges the first suggested fix of each finding, in the
// findings' order: a fix is applied whole or not at all, identical edits
// (from a package and its test variant) are merged, and a fix that
// conflicts with one already taken is left out. Each changed file is then
// formatted with gofmt; a file that no longer parses is an error, and
// nothing is written. It reads the files but writes nothing.
func ComputeFixes(fs []Finding) (*FixResult, error) {
	res := &FixResult{Fixed: map[*Finding]bool{}, Files: map[string][]byte{}, Old: map[string][]byte{}}
	generated := map[string]bool{}
	for i := range fs {
		for _, f := range fs[i].Package.Syntax {
			name := fs[i].Fset.File(f.FileStart).Name()
			if _, ok := generated[name]; !ok {
				generated[name] = ast.IsGenerated(f)
			}
		}
	}
	taken := map[string][]edit{}
	sizes := map[string]int{}
	imports := map[string][]string{}              // by file: the paths the applied fixes import
	importNames := map[string]map[string]string{} // by file: import path -> the name the file uses
	for i := range fs {
		p := fs[i].Package
		if p == nil || p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			name := fs[i].Fset.File(f.FileStart).Name()
			if _, ok := importNames[name]; ok {
				continue
			}
			names := map[string]string{}
			for _, imp := range f.Imports {
				if pn := p.TypesInfo.PkgNameOf(imp); pn != nil {
					names[pn.Imported().Path()] = pn.Name()
				}
			}
			importNames[name] = names
		}
	}
	for i := range fs {
		f := &fs[i]
		if len(f.SuggestedFixes) == 0 {
			continue
		}
		fix := f.SuggestedFixes[0]
		byFile := map[string][]edit{}
		adds := map[string][]string{}
		gen := false
		for _, e := range fix.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			tf := f.Fset.File(e.Pos)
			name := tf.Name()
			gen = gen || generated[name]
			sizes[name] = tf.Size()
			ed := edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)}
			if paths, ok := importOnly(ed); ok && strings.HasSuffix(name, ".go") {
				adds[name] = append(adds[name], paths...)
				continue
			}
			byFile[name] = append(byFile[name], ed)
		}
		if gen {
			res.Generated++
			continue
		}
		ok := true
	check:
		for name, edits := range byFile {
			for _, e := range edits {
				for _, t := range taken[name] {
					if e.conflicts(t) {
						ok = false
						break check
					}
				}
			}
		}
		if !ok {
			res.Conflicts++
			continue
		}
		for name, edits := range byFile {
			for _, e := range edits {
				if !slices.Contains(taken[name], e) {
					taken[name] = append(taken[name], e)
				}
			}
		}
		for name, paths := range adds {
			imports[name] = append(imports[name], paths...)
			if _, ok := taken[name]; !ok {
				taken[name] = nil
			}
		}
		res.Fixed[f] = true
	}
	names := make([]string, 0, len(taken))
	for name := range taken {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		old, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if len(old) != sizes[name] {
			return nil, fmt.Errorf("%s changed while it was analysed; no fix applied", name)
		}
		out := applyEdits(old, taken[name])
		if strings.HasSuffix(name, ".go") {
			fixed, err := fixImports(out, imports[name], importNames[name], old)
			if err != nil {
				return nil, fmt.Errorf("the fixes to %s leave it unparsable (%v); no fix applied", name, err)
			}
			formatted, err := format.Source(fixed)
			if err != nil {
				return nil, fmt.Errorf("the fixes to %s leave it unparsable (%v); no fix applied", name, err)
			}
			out = formatted
		}
		if !bytes.Equal(out, old) {
			res.Files[name] = out
			res.Old[name] = old
		}
	}
	return res, nil
}

// applyEdits applies edits that do not conflict to src, in the order of
// their positions (insertions at one place in the order given).
func applyEdits(src []byte, edits []edit) []byte {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	var buf bytes.Buffer
	last := 0
	for _, e := range edits {
		buf.Write(src[last:e.start])
		buf.WriteString(e.text)
		last = e.end
	}
	buf.Write(src[last:])
	return buf.Bytes()
}

// Write writes the changed files, keeping their permissions.
func (r *FixResult) Write() error {
	for _, name := range slices.Sorted(maps.Keys(r.Files)) {
		mode := os.FileMode(0o644)
		if st, err := os.Stat(name); err == nil {
			mode = st.Mode().Perm()
		}
		if err := os.WriteFile(name, r.Files[name], mode); err != nil {
			return err
		}
	}
	return nil
}

// WriteDiff writes a unified diff of the changes, file names relative to
// cwd under a/ and b/, as git does.
func (r *FixResult) WriteDiff(w io.Writer, cwd string) error {
	for _, name := range slices.Sorted(maps.Keys(r.Files)) {
		rel := RelPath(cwd, name)
		d := unifiedDiff("a/"+rel, "b/"+rel, string(r.Old[name]), string(r.Files[name]))
		if _, err := io.WriteString(w, d); err != nil {
			return err
		}
	}
	return nil
}

// Report writes what -fix did, on two lines: the fixes applied, per
// analyzer, and the files they changed; then the findings left and why
// (no suggested fix, a fix in a generated file, a fix that conflicted).
// When the boundary was installed, a line between them suggests the
// runtime check (toolerr's mcpgotest and gosdktest).
// When iserror's fixes were applied but servers are left without the
// boundary, a third line names them (positions relative to cwd): the
// errors the fixes return need it.
func (r *FixResult) Report(w io.Writer, name, cwd string, fs, left []Finding) error {
	applied := map[string]int{}
	var names []string
	n := 0
	for i := range fs {
		if r.Fixed[&fs[i]] {
			a := fs[i].Analyzer.Name
			if applied[a] == 0 {
				names = append(names, a)
			}
			applied[a]++
			n++
		}
	}
	slices.Sort(names)
	var per []string
	for _, a := range names {
		per = append(per, fmt.Sprintf("%s %d", a, applied[a]))
	}
	line := fmt.Sprintf("%s: fix: applied %s", name, plural(n, "fix", "fixes"))
	if n > 0 {
		line += fmt.Sprintf(" (%s) in %s", strings.Join(per, ", "), plural(len(r.Files)-len(r.RoutedFiles), "file", "files"))
	}
	if _, err := fmt.Fprintln(w, line); err != nil {
		return err
	}
	if r.RoutedCalls > 0 {
		if _, err := fmt.Fprintf(w, "%s: fix: routed %s in %s through the boundary, as the model's calls reach them (the tests are named below)\n",
			name, plural(r.RoutedCalls, "handler call", "handler calls"), plural(len(r.RoutedFiles), "test file", "test files")); err != nil {
			return err
		}
	}
	if applied["unwrapped"] > 0 {
		// The static half is done where it could see the registrations;
		// the runtime check covers what it could not.
		if _, err := fmt.Fprintf(w, "%s: fix: the boundary is installed; add a test that fails for any tool a client can call without it: mcpgotest.Check(t, s) or gosdktest.Check(t, s) on the server as production builds it (README: add this test)\n", name); err != nil {
			return err
		}
	}
	if replacesToolerrOnly(fs) {
		// go mod tidy drops a require nothing imports yet, and without it
		// no fix can see toolerr.
		if _, err := fmt.Fprintf(w, "%s: fix: go.mod replaces %s but does not require it; run go get %s@v0.0.0, then %s -fix again, then go mod tidy\n", name, toolerrModule, toolerrModule, name); err != nil {
			return err
		}
	}
	if len(left) == 0 && r.Incomplete && r.Analysed == 0 {
		_, err := fmt.Fprintf(w, "%s: fix: nothing was analysed: every package has the errors above; fix them and run -fix again\n", name)
		return err
	}
	if len(left) == 0 && r.Incomplete {
		_, err := fmt.Fprintf(w, "%s: fix: no finding left in the packages analysed; the packages with errors above were not analysed: fix them and run -fix again\n", name)
		return err
	}
	if len(left) == 0 {
		_, err := fmt.Fprintf(w, "%s: fix: no finding left\n", name)
		return err
	}
	noFix := 0
	for i := range left {
		if len(left[i].SuggestedFixes) == 0 {
			noFix++
		}
	}
	var why []string
	if noFix > 0 {
		why = append(why, fmt.Sprintf("%d with no suggested fix", noFix))
	}
	if r.Generated > 0 {
		why = append(why, fmt.Sprintf("%d in generated files", r.Generated))
	}
	if rest := len(left) - noFix - r.Generated; rest > 0 {
		why = append(why, fmt.Sprintf("%d whose fix conflicted", rest))
	}
	if _, err := fmt.Fprintf(w, "%s: fix: %s left: %s\n", name, plural(len(left), "finding", "findings"), strings.Join(why, ", ")); err != nil {
		return err
	}
	if applied["iserror"] > 0 {
		var at []string
		for i := range left {
			if left[i].Analyzer.Name == "unwrapped" {
				at = append(at, fmt.Sprintf("%s:%d", RelPath(cwd, left[i].Posn.Filename), left[i].Posn.Line))
			}
		}
		if len(at) > 0 {
			if _, err := fmt.Fprintf(w, "%s: fix: no boundary was installed at %s (%s): install it there by hand, or the errors the fixes return reach the model unclassified\n",
				name, plural(len(at), "unwrapped finding", "unwrapped findings"), strings.Join(at, ", ")); err != nil {
				return err
			}
		}
	}
	// The project's tests that call a handler directly see the errors the
	// fixes return where they saw IsError results, unless -fix routed
	// their calls through the boundary: named, one a line.
	if !r.testsFound {
		r.tests, r.testsFound = convertedTests(fs, r.Fixed), true
	}
	for _, td := range r.tests {
		for _, t := range td.tests {
			calls := slices.Clone(t.calls)
			for i, c := range calls {
				if v := td.via[c]; v != "" {
					calls[i] = c + " (which calls " + v + ")"
				}
			}
			what := "the test now sees an error where it saw an IsError result"
			if r.Routed[t.path+":"+t.name] {
				what = "-fix routed its handler calls through the boundary, so a caller error reads as before and a fault as the boundary's text"
			}
			if _, err := fmt.Fprintf(w, "%s: fix: %s (%s:%d) calls %s, whose IsError results the fixes turned into returned errors: %s\n",
				name, t.name, RelPath(cwd, t.path), t.line, strings.Join(calls, ", "), what); err != nil {
				return err
			}
		}
	}
	// Once, not per finding: iserror offers no fix at all without a
	// ToolError API in sight.
	isErr, withFix := 0, 0
	for i := range fs {
		if fs[i].Analyzer.Name == "iserror" {
			isErr++
			if len(fs[i].SuggestedFixes) > 0 {
				withFix++
			}
		}
	}
	if isErr > 0 && withFix == 0 && !requiresToolerr(fs) && !replacesToolerrOnly(fs) {
		_, err := fmt.Fprintf(w, "%s: fix: no iserror finding has a fix: its fix returns a ToolError of an API the code can see, behind a boundary; require %s (or name your ToolError type in tool-errors) and run -fix again\n", name, toolerrModule)
		return err
	}
	return nil
}

const toolerrModule = "github.com/toolcheck/toolcheck/toolerr"

// requiresToolerr reports whether the module of a finding's package
// requires toolerr.
func requiresToolerr(fs []Finding) bool {
	req, _ := toolerrInGoMod(fs)
	return req
}

// replacesToolerrOnly reports whether the module of a finding's package
// replaces toolerr without requiring it: the README's recipe after a go
// mod tidy run too early.
func replacesToolerrOnly(fs []Finding) bool {
	req, repl := toolerrInGoMod(fs)
	return repl && !req
}

// toolerrInGoMod reports whether the modules of the findings' packages
// require toolerr, and whether one replaces it without requiring it.
func toolerrInGoMod(fs []Finding) (requires, replacesOnly bool) {
	seen := map[string]bool{}
	for i := range fs {
		p := fs[i].Package
		if p == nil || p.Module == nil || p.Module.GoMod == "" || seen[p.Module.GoMod] {
			continue
		}
		seen[p.Module.GoMod] = true
		data, err := os.ReadFile(p.Module.GoMod)
		if err != nil {
			continue
		}
		f, err := modfile.Parse(p.Module.GoMod, data, nil) // ParseLax skips replace directives
		if err != nil {
			continue
		}
		req := false
		for _, r := range f.Require {
			if r.Mod.Path == toolerrModule {
				req = true
			}
		}
		if req {
			requires = true
			continue
		}
		for _, r := range f.Replace {
			if r.Old.Path == toolerrModule {
				replacesOnly = true
			}
		}
	}
	return requires, replacesOnly
}

// isTestFunc reports whether fd is a top-level test: func TestX(...).
func isTestFunc(fd *ast.FuncDecl) bool {
	return fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test")
}

// callsOf returns the names among names that the nodes call, by the
// called identifier (f(...), x.f(...)), each once, in order.
func callsOf(nodes []ast.Node, names map[string]bool) []string {
	var calls []string
	for _, node := range nodes {
		ast.Inspect(node, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if id := calledIdent(call); id != nil && names[id.Name] && !slices.Contains(calls, id.Name) {
				calls = append(calls, id.Name)
			}
			return true
		})
	}
	return calls
}

// lits returns the function literals in body, the outermost ones.
func lits(body *ast.BlockStmt) []ast.Node {
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			out = append(out, l)
			return false
		}
		return true
	})
	return out
}

// A testDir is a directory of fixed packages and the functions of its
// test files that call a function holding an applied iserror fix.
type testDir struct {
	dir string
	// reach holds the names of the functions holding a fix and of the
	// test files' helpers that call one (runWriteTests calling the
	// handler's factory for each case); via says what such a helper
	// reaches.
	reach map[string]bool
	via   map[string]string
	tests []testUse
}

// A testUse is a test that calls one of them.
type testUse struct {
	name, path string
	line       int
	calls      []string
}

// convertedTests finds the test functions (in the _test.go files of the
// fixed packages' directories) that call a function holding an applied
// iserror fix, a handler or the factory that builds it, directly or
// through a helper of the test files or of the package (a factory whose
// handler calls the converted function): each now sees a returned error
// where it saw an IsError result, and its assertions on that result (IsError,
// the text) fail unless the call goes through the boundary.
func convertedTests(fs []Finding, fixed map[*Finding]bool) []*testDir {
	changed := map[string]map[string]bool{} // directory -> function names
	for i := range fs {
		f := &fs[i]
		if !fixed[f] || f.Analyzer == nil || f.Analyzer.Name != "iserror" || f.Package == nil {
			continue
		}
		for _, file := range f.Package.Syntax {
			if f.Pos < file.FileStart || f.Pos >= file.FileEnd {
				continue
			}
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= f.Pos && f.Pos < fd.End() {
					dir := filepath.Dir(f.Posn.Filename)
					if changed[dir] == nil {
						changed[dir] = map[string]bool{}
					}
					changed[dir][fd.Name.Name] = true
				}
			}
		}
	}
	var out []*testDir
	fset := token.NewFileSet()
	for _, dir := range slices.Sorted(maps.Keys(changed)) {
		td := &testDir{dir: dir, reach: changed[dir], via: map[string]string{}}
		type testFunc struct {
			fd   *ast.FuncDecl
			path string
		}
		var funcs []testFunc
		// The package's own functions too: a factory whose handler
		// literal calls a converted helper reaches it as well.
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, path := range files {
			file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				continue
			}
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					funcs = append(funcs, testFunc{fd, path})
				}
			}
		}
		for grew := true; grew; {
			grew = false
			for _, tf := range funcs {
				name := tf.fd.Name.Name
				if isTestFunc(tf.fd) || td.reach[name] {
					continue
				}
				in := []ast.Node{tf.fd.Body}
				if !strings.HasSuffix(tf.path, "_test.go") {
					// A function of the package reaches what the handler
					// literals it builds call (a factory), not what its
					// body calls: New registering the tools hands no
					// handler to its caller.
					in = lits(tf.fd.Body)
				}
				if called := callsOf(in, td.reach); len(called) > 0 {
					td.reach[name], grew = true, true
					td.via[name] = called[0]
					if v := td.via[called[0]]; v != "" {
						td.via[name] = v
					}
				}
			}
		}
		for _, tf := range funcs {
			if !isTestFunc(tf.fd) || !strings.HasSuffix(tf.path, "_test.go") {
				continue
			}
			if calls := callsOf([]ast.Node{tf.fd.Body}, td.reach); len(calls) > 0 {
				td.tests = append(td.tests, testUse{tf.fd.Name.Name, tf.path, fset.Position(tf.fd.Pos()).Line, calls})
			}
		}
		if len(td.tests) > 0 {
			out = append(out, td)
		}
	}
	return out
}
