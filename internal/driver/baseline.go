package driver

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/toolcheck/toolcheck/internal/config"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// baselineVersion is the version of the baseline file format: 2 added
// the lines of an entry's findings; a file of version 1 is read as one
// without them.
const baselineVersion = 2

// A BaselineEntry is one finding a baseline records, keyed on what an
// unrelated edit leaves alone: the analyzer, the file (slash-separated,
// relative to the baseline file's directory), the enclosing function
// (FuncOf) and the message, with how many findings share the key. Lines
// and columns are not part of it. Lines identifies the source line of
// each of those findings by its text (lineID), so that a finding added
// beside recorded ones with the same key is the one reported, wherever
// it stands; the lines' positions are not recorded.
type BaselineEntry struct {
	Analyzer string   `json:"analyzer"`
	File     string   `json:"file"`
	Func     string   `json:"func"`
	Message  string   `json:"message"`
	Count    int      `json:"count"`
	Lines    []string `json:"lines,omitempty"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

type baselineKey struct{ analyzer, file, fn, message string }

func (e BaselineEntry) key() baselineKey {
	return baselineKey{e.Analyzer, e.File, e.Func, e.Message}
}

// A StaleEntry is a baseline entry some of whose findings no longer
// occur: Stale of its Count.
type StaleEntry struct {
	BaselineEntry
	Stale int
}

// String spells the entry as the stale report names it.
func (e StaleEntry) String() string {
	s := e.Analyzer + " " + e.File
	if e.Func != "" {
		s += " " + e.Func
	}
	s += ": " + e.Message
	if e.Count > 1 {
		s += fmt.Sprintf(" (%d of %d no longer %s)", e.Stale, e.Count, pick(e.Stale, "occurs", "occur"))
	}
	return s
}

// A Baseline is the findings a baseline file records, by key.
type Baseline struct {
	dir    string // the absolute directory the entries' files are relative to
	counts map[baselineKey]int
	lines  map[baselineKey]map[string]int // the lines' IDs of each key, with their counts
}

// ReadBaseline reads the baseline file at path (as the user named it;
// abs is its absolute path). A missing or malformed file is an error
// naming it.
func ReadBaseline(path, abs string) (*Baseline, error) {
	data, err := os.ReadFile(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("baseline file %s does not exist; write it with -baseline=%s -write-baseline", path, path)
	}
	if err != nil {
		return nil, fmt.Errorf("reading baseline file %s: %v", path, err)
	}
	var bf baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&bf); err != nil {
		return nil, fmt.Errorf("baseline file %s is not a toolcheck baseline: %v", path, err)
	}
	if bf.Version != baselineVersion && bf.Version != 1 {
		return nil, fmt.Errorf("baseline file %s has version %d, want %d", path, bf.Version, baselineVersion)
	}
	b := &Baseline{dir: filepath.Dir(abs), counts: map[baselineKey]int{}, lines: map[baselineKey]map[string]int{}}
	for i, e := range bf.Findings {
		if e.Analyzer == "" || e.Count < 1 {
			return nil, fmt.Errorf("baseline file %s: finding %d needs an analyzer and a count of at least 1", path, i+1)
		}
		b.counts[e.key()] += e.Count
		for _, id := range e.Lines {
			if b.lines[e.key()] == nil {
				b.lines[e.key()] = map[string]int{}
			}
			b.lines[e.key()][id]++
		}
	}
	return b, nil
}

// WriteBaseline records the findings in the baseline file at abs, sorted
// by file, function, analyzer and message, one field a line, and returns
// how many it recorded.
func WriteBaseline(abs string, findings []Finding) (int, error) {
	dir := filepath.Dir(abs)
	counts := map[baselineKey]int{}
	lines := map[baselineKey][]string{}
	src := &sources{}
	for _, f := range findings {
		k := findingKey(dir, f, src)
		counts[k]++
		if id := src.lineID(f); id != "" {
			lines[k] = append(lines[k], id)
		}
	}
	bf := baselineFile{Version: baselineVersion, Findings: []BaselineEntry{}}
	for k, n := range counts {
		slices.Sort(lines[k])
		bf.Findings = append(bf.Findings, BaselineEntry{k.analyzer, k.file, k.fn, k.message, n, lines[k]})
	}
	slices.SortFunc(bf.Findings, compareEntries)
	data, err := json.MarshalIndent(bf, "", "\t")
	if err != nil {
		return 0, err
	}
	return len(findings), os.WriteFile(abs, append(data, '\n'), 0o644)
}

func compareEntries(a, b BaselineEntry) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Func, b.Func),
		cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Message, b.Message))
}

// filter says for each finding whether the baseline leaves it (does not
// record it): of the findings sharing a key, those on a line the entry
// records (by its text, src's lineID) are recorded first, then the first
// in order up to Count, and the rest are left. stale is what the
// baseline records and no longer occurs, limited to the analyzers that
// ran and the files of the packages analysed, so that a run on fewer
// packages or analyzers does not call the others' entries stale.
func (b *Baseline) filter(findings []Finding, analyzers []*analysis.Analyzer, pkgs []*packages.Package, src *sources) (keep []bool, stale []StaleEntry) {
	remaining := maps.Clone(b.counts)
	keep = make([]bool, len(findings))
	keys := make([]baselineKey, len(findings))
	recorded := make([]bool, len(findings))
	// Those on a recorded line first, then the others in order.
	lines := map[baselineKey]map[string]int{}
	for i, f := range findings {
		keys[i] = findingKey(b.dir, f, src)
		k := keys[i]
		if b.lines[k] == nil || remaining[k] == 0 {
			continue
		}
		if lines[k] == nil {
			lines[k] = maps.Clone(b.lines[k])
		}
		if id := src.lineID(f); lines[k][id] > 0 {
			lines[k][id]--
			remaining[k]--
			recorded[i] = true
		}
	}
	for i := range findings {
		if recorded[i] {
			continue
		}
		if remaining[keys[i]] > 0 {
			remaining[keys[i]]--
			continue
		}
		keep[i] = true
	}
	ran := map[string]bool{}
	for _, a := range analyzers {
		ran[a.Name] = true
	}
	files := map[string]bool{}
	for _, p := range pkgs {
		for _, name := range p.GoFiles {
			files[relSlash(b.dir, name)] = true
		}
	}
	for k, n := range remaining {
		if n > 0 && ran[k.analyzer] && files[k.file] {
			stale = append(stale, StaleEntry{BaselineEntry{Analyzer: k.analyzer, File: k.file, Func: k.fn, Message: k.message, Count: b.counts[k]}, n})
		}
	}
	slices.SortFunc(stale, func(a, b StaleEntry) int { return compareEntries(a.BaselineEntry, b.BaselineEntry) })
	return keep, stale
}

// Baselines are the baseline files a run filters its findings with: the
// file the -baseline flag names for every package, or else the one the
// configuration that applies to each package names (the baseline key of
// .toolcheck.json). Every driver filters through it, so that the command,
// go vet and the language server leave out the same findings.
type Baselines struct {
	// Flag is the -baseline file as the user named it and FlagAbs its
	// absolute path; both empty when the flag is not given.
	Flag, FlagAbs string
	// Config is the run's configuration, which names the baseline of a
	// package's directory when Flag is empty.
	Config *config.Config
	// Dir is the working directory, which the files' names in messages
	// are relative to.
	Dir string
	// Source, if set, returns the content a file was analysed with when
	// it is not the disk's (a language server's unsaved buffer).
	Source func(file string) ([]byte, bool)

	read map[string]*Baseline
	src  *sources
}

// sources reads the files findings are in, once each, for their lines.
type sources struct {
	override func(file string) ([]byte, bool)
	lines    map[string][]string
	names    funcNamer
}

// funcOf is FuncOf(f), with the function literals of each declaration
// listed once.
func (s *sources) funcOf(f Finding) string {
	if s == nil {
		return FuncOf(f)
	}
	return s.names.funcOf(f)
}

// lineID identifies the source line of a finding by its text, trimmed
// of surrounding space: the first 8 hex digits of its SHA-256, "" when
// the file cannot be read.
func (s *sources) lineID(f Finding) string {
	if s == nil || f.Posn.Filename == "" || f.Posn.Line < 1 {
		return ""
	}
	lines, ok := s.lines[f.Posn.Filename]
	if !ok {
		data, found := []byte(nil), false
		if s.override != nil {
			data, found = s.override(f.Posn.Filename)
		}
		if !found {
			data, _ = os.ReadFile(f.Posn.Filename)
		}
		if data != nil {
			lines = strings.Split(string(data), "\n")
		}
		if s.lines == nil {
			s.lines = map[string][]string{}
		}
		s.lines[f.Posn.Filename] = lines
	}
	if f.Posn.Line > len(lines) {
		return ""
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(lines[f.Posn.Line-1])))
	return hex.EncodeToString(sum[:4])
}

// A StaleReport is the stale entries of one baseline file.
type StaleReport struct {
	Path    string // as messages name it
	Flag    bool   // named by the -baseline flag, not the configuration
	Entries []StaleEntry
}

// PathFor returns the absolute path of the baseline file that applies to
// a package in dir, or "" when none does.
func (s *Baselines) PathFor(dir string) (string, error) {
	if s.FlagAbs != "" {
		return s.FlagAbs, nil
	}
	if s.Config == nil {
		return "", nil
	}
	return s.Config.BaselineFile(dir)
}

// Name returns how messages name the baseline file at abs: as the flag
// gave it, or relative to the working directory.
func (s *Baselines) Name(abs string) string {
	if s.Flag != "" && abs == s.FlagAbs {
		return s.Flag
	}
	if s.Dir != "" {
		if rel, err := filepath.Rel(s.Dir, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return abs
}

// get reads the baseline file at abs, once a run.
func (s *Baselines) get(abs string) (*Baseline, error) {
	if b, ok := s.read[abs]; ok {
		return b, nil
	}
	b, err := ReadBaseline(s.Name(abs), abs)
	if err != nil {
		if s.Flag == "" {
			err = fmt.Errorf("%v (the baseline key of %s names it)", err, config.FileName)
		}
		return nil, err
	}
	if s.read == nil {
		s.read = map[string]*Baseline{}
	}
	s.read[abs] = b
	return b, nil
}

// Check reads the baseline files that apply to the packages, so that a
// missing or malformed one fails before any analysis.
func (s *Baselines) Check(pkgs []*packages.Package) error {
	for _, p := range pkgs {
		abs, err := s.PathFor(packageDir(p))
		if err != nil {
			return err
		}
		if abs != "" {
			if _, err := s.get(abs); err != nil {
				return err
			}
		}
	}
	return nil
}

// Apply returns the findings that no baseline records, in order (findings
// itself when that is all of them, nil when none), and the stale entries
// of each baseline file that applies to the packages (see Filter), sorted
// by file.
func (s *Baselines) Apply(findings []Finding, analyzers []*analysis.Analyzer, pkgs []*packages.Package) ([]Finding, []StaleReport, error) {
	keep, stale, err := s.Keep(findings, analyzers, pkgs)
	if err != nil {
		return nil, nil, err
	}
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	switch n {
	case 0:
		return nil, stale, nil
	case len(findings):
		return findings, stale, nil
	}
	left := make([]Finding, 0, n)
	for i, f := range findings {
		if keep[i] {
			left = append(left, f)
		}
	}
	return left, stale, nil
}

// Keep is Apply, saying for each finding whether it is left.
func (s *Baselines) Keep(findings []Finding, analyzers []*analysis.Analyzer, pkgs []*packages.Package) ([]bool, []StaleReport, error) {
	type group struct {
		pkgs []*packages.Package
		idx  []int
	}
	groups := map[string]*group{}
	pathOf := map[*packages.Package]string{}
	at := func(p *packages.Package) (*group, error) {
		abs, ok := pathOf[p]
		if !ok {
			var err error
			if abs, err = s.PathFor(packageDir(p)); err != nil {
				return nil, err
			}
			pathOf[p] = abs
		}
		if abs == "" {
			return nil, nil
		}
		g := groups[abs]
		if g == nil {
			g = &group{}
			groups[abs] = g
		}
		return g, nil
	}
	for _, p := range pkgs {
		g, err := at(p)
		if err != nil {
			return nil, nil, err
		}
		if g != nil {
			g.pkgs = append(g.pkgs, p)
		}
	}
	keep := make([]bool, len(findings))
	for i, f := range findings {
		g, err := at(f.Package)
		if err != nil {
			return nil, nil, err
		}
		if g == nil {
			keep[i] = true
		} else {
			g.idx = append(g.idx, i)
		}
	}
	var stale []StaleReport
	for _, abs := range slices.Sorted(maps.Keys(groups)) {
		g := groups[abs]
		b, err := s.get(abs)
		if err != nil {
			return nil, nil, err
		}
		fs := make([]Finding, len(g.idx))
		for j, i := range g.idx {
			fs[j] = findings[i]
		}
		if s.src == nil {
			s.src = &sources{override: s.Source}
		}
		k, st := b.filter(fs, analyzers, g.pkgs, s.src)
		for j, i := range g.idx {
			keep[i] = k[j]
		}
		if len(st) > 0 {
			stale = append(stale, StaleReport{Path: s.Name(abs), Flag: s.Flag != "", Entries: st})
		}
	}
	return keep, stale, nil
}

// findingKey is the baseline key of a finding, its file relative to dir.
func findingKey(dir string, f Finding, src *sources) baselineKey {
	file := ""
	if f.Posn.Filename != "" {
		file = relSlash(dir, f.Posn.Filename)
	}
	return baselineKey{f.Analyzer.Name, file, src.funcOf(f), f.Message}
}

// relSlash returns file relative to dir, slash-separated; file itself
// when it has no relative path.
func relSlash(dir, file string) string {
	if rel, err := filepath.Rel(dir, file); err == nil {
		file = rel
	}
	return filepath.ToSlash(file)
}

// FuncOf names the function enclosing a finding, from the syntax of its
// file (see EnclosingFunc); "" when the finding is at package level or
// its file is not among its package's.
func FuncOf(f Finding) string { return new(funcNamer).funcOf(f) }

// EnclosingFunc names the innermost function declaration of file that
// contains pos as toolmodel.FuncName spells it (pkg.Func, (*pkg.T).Method,
// (pkg.T).Method), and a function literal in it as the go command's stack
// traces do, pkg.Func.funcN, its literals numbered from 1 in source order
// (nested ones included). At package level, it is "".
func EnclosingFunc(file *ast.File, pos token.Pos) string {
	return new(funcNamer).name(file, pos)
}

// A funcNamer names the functions around findings (EnclosingFunc),
// listing each declaration's function literals once for every finding in
// it: a baseline of thousands of findings in one function (a table of
// tool literals) was quadratic in that function's size.
type funcNamer struct {
	lits map[*ast.FuncDecl]*funcLits
}

// funcLits are the function literals of a declaration's body in source
// order (the order in which they are numbered), with the furthest end
// among each one and those before it.
type funcLits struct {
	spans [][2]token.Pos
	reach []token.Pos
}

func (fn *funcNamer) funcOf(f Finding) string {
	if !f.Pos.IsValid() {
		return ""
	}
	tf := f.Fset.File(f.Pos)
	for _, file := range f.Package.Syntax {
		if f.Fset.File(file.FileStart) == tf {
			return fn.name(file, f.Pos)
		}
	}
	return ""
}

func (fn *funcNamer) name(file *ast.File, pos token.Pos) string {
	// Declarations are in source order and do not overlap: the only one
	// that can hold pos is the first that ends after it.
	decls := file.Decls
	i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > pos })
	if i == len(decls) {
		return ""
	}
	fd, ok := decls[i].(*ast.FuncDecl)
	if !ok || pos < fd.Pos() || pos >= fd.End() {
		return ""
	}
	name := file.Name.Name + "." + fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		name = "(" + recvName(file.Name.Name, fd.Recv.List[0].Type) + ")." + fd.Name.Name
	}
	if k := fn.litsOf(fd).innermost(pos); k >= 0 {
		name += fmt.Sprintf(".func%d", k+1)
	}
	return name
}

func (fn *funcNamer) litsOf(fd *ast.FuncDecl) *funcLits {
	if l, ok := fn.lits[fd]; ok {
		return l
	}
	l := &funcLits{}
	if fd.Body != nil {
		// Preorder is source order for function literals: a literal's
		// enclosing ones start before it, and the others end before it.
		ast.Inspect(fd.Body, func(node ast.Node) bool {
			if fl, ok := node.(*ast.FuncLit); ok {
				l.spans = append(l.spans, [2]token.Pos{fl.Pos(), fl.End()})
				reach := fl.End()
				if k := len(l.reach); k > 0 {
					reach = max(reach, l.reach[k-1])
				}
				l.reach = append(l.reach, reach)
			}
			return true
		})
	}
	if fn.lits == nil {
		fn.lits = map[*ast.FuncDecl]*funcLits{}
	}
	fn.lits[fd] = l
	return l
}

// innermost returns the index of the innermost literal that holds pos, or
// -1: of the literals that start at or before pos, the last that ends
// after it.
func (l *funcLits) innermost(pos token.Pos) int {
	k := sort.Search(len(l.spans), func(k int) bool { return l.spans[k][0] > pos }) - 1
	for ; k >= 0 && l.reach[k] > pos; k-- {
		if pos < l.spans[k][1] {
			return k
		}
	}
	return -1
}

// recvName spells a receiver type as pkg.T or *pkg.T, without type
// parameters.
func recvName(pkg string, t ast.Expr) string {
	ptr := ""
	if star, ok := ast.Unparen(t).(*ast.StarExpr); ok {
		t, ptr = star.X, "*"
	}
	switch x := ast.Unparen(t).(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := ast.Unparen(t).(*ast.Ident); ok {
		return ptr + pkg + "." + id.Name
	}
	return ptr + pkg + ".?"
}

// writeBaseline records the findings of a run in the baseline files
// that apply to the packages (the -baseline file, or the baseline key of
// each package's configuration), unless the run failed and so left
// findings out, and prints how many it recorded in each.
func (p *Program) writeBaseline(opts Options, bls *Baselines, findings []Finding, pkgs []*packages.Package, failed bool) int {
	byPath := map[string][]Finding{}
	for _, pkg := range pkgs {
		abs, err := bls.PathFor(packageDir(pkg))
		if err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		if _, ok := byPath[abs]; abs != "" && !ok {
			byPath[abs] = nil
		}
	}
	if len(byPath) == 0 {
		p.errorf("-write-baseline needs a file to write: -baseline=FILE, or a baseline key in %s", config.FileName)
		return ExitError
	}
	if failed {
		for _, abs := range slices.Sorted(maps.Keys(byPath)) {
			p.errorf("baseline file %s not written: the errors above leave findings out", bls.Name(abs))
		}
		return ExitError
	}
	unrecorded := 0
	for _, f := range findings {
		abs, err := bls.PathFor(packageDir(f.Package))
		if err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		if abs == "" {
			unrecorded++
			continue
		}
		byPath[abs] = append(byPath[abs], f)
	}
	for _, abs := range slices.Sorted(maps.Keys(byPath)) {
		n, err := WriteBaseline(abs, byPath[abs])
		if err != nil {
			p.errorf("writing baseline file %s: %v", bls.Name(abs), err)
			return ExitError
		}
		p.errorf("baseline: recorded %s in %s", plural(n, "finding", "findings"), bls.Name(abs))
	}
	if unrecorded > 0 {
		fmt.Fprintf(p.Stderr, "%s: warning: %s not recorded: the configuration of %s package names no baseline\n",
			p.Name, plural(unrecorded, "finding", "findings"), pick(unrecorded, "its", "their"))
	}
	if opts.Summary {
		if err := WriteSummary(p.Stderr, findings); err != nil {
			p.errorf("writing the summary: %v", err)
			return ExitError
		}
	}
	return ExitClean
}

// reportStale lists the baselines' stale entries, one a line, and how to
// shrink each baseline. Stale entries do not change the exit status.
func (p *Program) reportStale(patterns []string, stale []StaleReport) {
	for _, r := range stale {
		for _, e := range r.Entries {
			p.errorf("baseline: stale entry: %s", e)
		}
		flag := ""
		if r.Flag {
			flag = " -baseline=" + r.Path
		}
		p.errorf("baseline: %s of %s no longer %s; rewrite it with %s%s -write-baseline %s",
			plural(len(r.Entries), "entry", "entries"), r.Path, pick(len(r.Entries), "occurs", "occur"), p.Name, flag, strings.Join(patterns, " "))
	}
}
