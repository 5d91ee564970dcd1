package lsp

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
)

// A backend analyses the packages that contain some files and returns
// toolcheck's findings in them. The server runs one analysis at a time.
type backend interface {
	analyze(ctx context.Context, req *request) (*result, error)
}

// request asks for the packages that contain files, in the module (or
// workspace) whose root is dir.
type request struct {
	dir     string            // where the go command runs
	files   []string          // absolute paths
	overlay map[string][]byte // contents of unsaved buffers, by absolute path
}

// result is one analysis.
type result struct {
	// packages are the packages analysed (test variants included).
	packages []analysedPackage
	// findings are the diagnostics of every analysed package, without
	// duplicates (a package and its test variant report alike).
	findings []finding
	// contents holds the content each file under dir was analysed with:
	// positions in findings are byte offsets into it.
	contents map[string][]byte
	// errors are configuration and analysis errors, for the user.
	errors []string
	// loadErrors are errors of the go command, for the user.
	loadErrors []string
	// packageErrors are syntax and type errors, which gopls reports.
	packageErrors []string
	// configError is an error of the configuration (or of the baseline
	// it names) that applies to the packages, which stops the analysis;
	// configFile is the configuration file it is in, "" when the error is
	// in the server's flags.
	configError, configFile string
	load, analysis          time.Duration
	// fullLoad says why the run loaded the packages afresh; empty when it
	// reused the last load and checked again rechecked packages.
	fullLoad  string
	rechecked int
	// testsOff says that the run left _test.go files out (the tests
	// setting is off): none has diagnostics.
	testsOff bool
}

// analysedPackage is one package of a result. complete says whether every
// analyzer ran on it; one with errors is skipped, and its files keep the
// diagnostics they had.
type analysedPackage struct {
	id       string
	files    []string
	ignored  []string // files of its directory that build constraints exclude
	complete bool
}

// finding is one diagnostic of an analyzer, with byte offsets.
type finding struct {
	analyzer string
	url      string
	message  string
	file     string
	start    int
	end      int
	related  []related
	fixes    []fix
}

type related struct {
	file       string
	start, end int
	message    string
}

type fix struct {
	message string
	edits   []edit
	// prepared is the fix as the analysis left it, and src the files'
	// contents as analysed: edits are worked out from them on first use
	// (resolve), since gofmt of a whole file for every finding's fix,
	// when the diagnostics were published, made a file of many findings
	// wait for minutes.
	prepared *driver.PreparedFix
	src      func(name string) ([]byte, bool)
}

// resolve works out fx's edits, the edits -fix would make to the files as
// analysed (the fix's own, the imports it adds placed in their group,
// gofmt; driver.PreparedFix.Apply), as one edit a file over the lines that
// change. It reports whether the fix changes anything.
func (fx *fix) resolve() bool {
	if fx.prepared != nil {
		files, err := fx.prepared.Apply(fx.src)
		if err == nil {
			for _, name := range slices.Sorted(maps.Keys(files)) {
				old, _ := fx.src(name)
				start, end, text := lineDiff(old, files[name])
				fx.edits = append(fx.edits, edit{name, start, end, text})
			}
		}
		fx.prepared, fx.src = nil, nil
	}
	return len(fx.edits) > 0
}

type edit struct {
	file       string
	start, end int
	text       string
}

// packagesBackend loads packages with go/packages, unsaved buffers as
// overlays, and runs toolcheck's analyzers on them with
// golang.org/x/tools/go/analysis/checker, as the command does. It keeps
// each module's last load (loadCache) and, when only file contents
// changed, checks again just the packages they affect.
type packagesBackend struct {
	opts    *options
	noCache bool // load afresh every run (tests compare the two)
	envs    map[string]*goEnv
	caches  map[string]*loadCache
}

func (b *packagesBackend) analyze(ctx context.Context, req *request) (*result, error) {
	analyzers := b.opts.prepare()
	if b.envs == nil {
		b.envs, b.caches = map[string]*goEnv{}, map[string]*loadCache{}
	}
	env := b.envs[req.dir]
	if env == nil {
		var err error
		if env, err = readGoEnv(ctx, req.dir); err != nil {
			return nil, err
		}
		b.envs[req.dir] = env
	}
	res := &result{}
	// With the tests setting off, as the command: no test variant is
	// loaded, and a _test.go file is not analysed.
	tests := b.testsFor(req.files)
	if !tests {
		res.testsOff = true
		var files []string
		for _, f := range req.files {
			if !isTestFile(f) {
				files = append(files, f)
			}
		}
		if len(files) == 0 {
			return res, nil
		}
		r := *req
		r.files = files
		req = &r
	}
	t0 := time.Now()
	var roots []*packages.Package
	c := b.caches[req.dir]
	if c != nil && !b.noCache && c.tests != tests {
		res.fullLoad = "the tests setting changed"
	} else if c != nil && !b.noCache {
		var err error
		roots, res.rechecked, err = c.recheck(ctx, req.files, req.overlay)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var syntax *errSyntax
		if errors.As(err, &syntax) {
			// Not analysable until it parses, as in a full load.
			res.packageErrors = append(res.packageErrors, syntax.Error())
			for _, p := range roots {
				if !isTestMain(p) {
					res.packages = append(res.packages, analysedPackage{id: p.ID, files: p.GoFiles, ignored: p.IgnoredFiles})
				}
			}
			res.load = time.Since(t0)
			return res, nil
		}
		if err != nil {
			res.fullLoad = err.Error()
			roots = nil
		}
	}
	if roots == nil {
		var files []string
		if c != nil {
			files = c.files
		}
		var err error
		if c, err = b.load(ctx, env, req, files, tests); err != nil {
			return nil, err
		}
		b.caches[req.dir] = c
		roots = c.rootsOf(req.files)
		if res.fullLoad == "" {
			res.fullLoad = "first run"
		}
	}
	res.load = time.Since(t0)
	res.contents = maps.Clone(c.src)
	if res.contents == nil {
		res.contents = map[string][]byte{}
	}

	var analysed []*packages.Package
	for _, p := range roots {
		if !isTestMain(p) {
			analysed = append(analysed, p)
		}
	}
	seenErr := map[string]bool{}
	packages.Visit(analysed, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msg := e.Error()
			if seenErr[msg] {
				continue
			}
			seenErr[msg] = true
			if e.Kind == packages.ListError {
				res.loadErrors = append(res.loadErrors, msg)
			} else {
				res.packageErrors = append(res.packageErrors, msg)
			}
		}
	})
	if len(analysed) == 0 {
		return res, nil
	}

	// A broken configuration stops the analysis, as in the command: the
	// packages' files lose their diagnostics, which the server replaces by
	// one on the configuration file.
	if msg, file := b.configError(analysed); msg != "" {
		res.configError, res.configFile = msg, file
		res.errors = append(res.errors, msg)
		for _, p := range analysed {
			res.packages = append(res.packages, analysedPackage{id: p.ID, files: p.GoFiles, ignored: p.IgnoredFiles, complete: true})
		}
		return res, nil
	}

	b.opts.cfg.SetAnalysedAlone(driver.AnalysedAlone(analysed))
	t1 := time.Now()
	graph, err := checker.Analyze(analyzers, analysed, nil)
	res.analysis = time.Since(t1)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	collect(res, graph, analysed, &driver.Baselines{Config: b.opts.cfg, Dir: req.dir, Source: func(file string) ([]byte, bool) {
		c, ok := res.contents[file] // unsaved buffers as analysed
		return c, ok
	}})
	return res, nil
}

// configError returns the first error of the configuration that applies
// to the packages, or of the baseline it names, and the configuration
// file the error is in ("" for the server's flags).
func (b *packagesBackend) configError(pkgs []*packages.Package) (msg, file string) {
	cfg := b.opts.cfg
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		dir := filepath.Dir(p.GoFiles[0])
		err := cfg.Check(dir)
		if err == nil {
			err = (&driver.Baselines{Config: cfg}).Check([]*packages.Package{p})
		}
		if err != nil {
			return err.Error(), configFileFor(cfg, dir)
		}
	}
	return "", ""
}

// configFileFor returns the configuration file that applies to dir: the
// -config file, else the nearest .toolcheck.json at or above dir.
func configFileFor(cfg *config.Config, dir string) string {
	if cfg.File != "" {
		return cfg.File
	}
	for {
		if p := filepath.Join(dir, config.FileName); exists(p) {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// release drops the loads kept between runs, for the memory.
func (b *packagesBackend) release() {
	b.caches = nil
	b.envs = nil
	debug.FreeOSMemory()
}

// testsFor says whether a run on files loads test variants and analyses
// _test.go files (Config.TestsIn their directories).
func (b *packagesBackend) testsFor(files []string) bool {
	dirs := make([]string, len(files))
	for i, f := range files {
		dirs[i] = filepath.Dir(f)
	}
	return b.opts.cfg.TestsIn(dirs...)
}

func isTestFile(path string) bool { return strings.HasSuffix(path, "_test.go") }

// load loads the packages of req's files and of the files an earlier load
// asked for, with their test variants if tests is set, and returns them
// as a new cache.
func (b *packagesBackend) load(ctx context.Context, env *goEnv, req *request, earlier []string, tests bool) (*loadCache, error) {
	files := append([]string(nil), req.files...)
	for i := len(earlier) - 1; i >= 0 && len(files) < maxCachedFiles; i-- {
		if !tests && isTestFile(earlier[i]) {
			continue
		}
		if !slices.Contains(files, earlier[i]) && exists(earlier[i]) {
			files = append(files, earlier[i])
		}
	}
	patterns := loadPatterns(req.dir, files)
	// The standard library and the SDKs from their declarations alone,
	// as the command loads them (driver.Load), and whole should that
	// break them.
	trim := driver.Trim{GOROOT: env.GOROOT, GOMODCACHE: env.GOMODCACHE}
	for {
		var mu sync.Mutex
		src := map[string][]byte{}
		fset := token.NewFileSet()
		parse := driver.ParseFile(trim)
		cfg := &packages.Config{
			Mode:    packages.LoadAllSyntax | packages.NeedModule,
			Context: ctx,
			Dir:     req.dir,
			Tests:   tests,
			Overlay: req.overlay,
			Fset:    fset,
			ParseFile: func(fset *token.FileSet, filename string, data []byte) (*ast.File, error) {
				if err := ctx.Err(); err != nil {
					return nil, err // a superseded run: stop parsing
				}
				if env.workspace(filename) {
					mu.Lock()
					src[filename] = data
					mu.Unlock()
				}
				return parse(fset, filename, data)
			},
		}
		initial, err := packages.Load(cfg, patterns...)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return nil, err
		}
		if trim.Broken(initial) {
			trim = driver.Trim{}
			continue
		}
		c := newLoadCache(env, req.dir, files, fset, initial, src)
		c.tests = tests
		return c, nil
	}
}

// loadPatterns returns the patterns that load the packages of files, all
// in the module at dir: the directory of each (go list takes an absolute
// directory as the package in it), once per directory. go/packages
// answers each file= pattern with a go list run of its own (one per file,
// not per directory, at x/tools v0.52.0), which made a load of the 80
// packages of testdata/e2e with its 86 files open take 27 s rather than
// 1.5 s. A file its build constraints may exclude keeps its file=
// pattern, whose answer is not its directory's package (none, or the file
// alone when the directory has no package for this build); so does a
// file outside dir, or whose directory's path go list would read as a
// wildcard (...).
func loadPatterns(dir string, files []string) []string {
	var patterns []string
	seen := map[string]bool{}
	for _, f := range files {
		p := "file=" + f
		d := filepath.Dir(f)
		if strings.HasPrefix(d+string(filepath.Separator), filepath.Clean(dir)+string(filepath.Separator)) && !strings.Contains(d, "...") {
			if match, err := build.Default.MatchFile(d, filepath.Base(f)); err == nil && match {
				p = d
			}
		}
		if !seen[p] {
			seen[p] = true
			patterns = append(patterns, p)
		}
	}
	return patterns
}

// rootsOf returns the loaded root packages that contain files; for a file
// in none (a file its build constraints exclude), those of its directory.
func (c *loadCache) rootsOf(files []string) []*packages.Package {
	seen := map[*packages.Package]bool{}
	var roots []*packages.Package
	add := func(p *packages.Package) {
		if !seen[p] {
			seen[p] = true
			roots = append(roots, p)
		}
	}
	for _, f := range files {
		if ps := c.roots[f]; len(ps) > 0 {
			for _, p := range ps {
				add(p)
			}
			continue
		}
		for _, ps := range c.roots {
			for _, p := range ps {
				if len(p.GoFiles) > 0 && filepath.Dir(p.GoFiles[0]) == filepath.Dir(f) {
					add(p)
				}
			}
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].ID < roots[j].ID })
	return roots
}

// collect turns the actions of an analysis into findings and errors,
// leaving out those the baselines record (the baseline key of the
// configuration that applies to each package), as the command does.
func collect(res *result, graph *checker.Graph, roots []*packages.Package, bls *driver.Baselines) {
	complete := map[*packages.Package]bool{}
	for _, p := range roots {
		complete[p] = true
	}
	type key struct {
		file       string
		start, end int
		analyzer   string
		message    string
	}
	seen := map[key]bool{}
	var found []driver.Finding
	ran := map[*analysis.Analyzer]bool{}
	var analyzers []*analysis.Analyzer
	for _, act := range graph.Roots {
		if !ran[act.Analyzer] {
			ran[act.Analyzer] = true
			analyzers = append(analyzers, act.Analyzer)
		}
		if act.Err != nil {
			complete[act.Package] = false
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := convertDiagnostic(fset, act.Analyzer, d, act.Package, res.contents)
			k := key{f.file, f.start, f.end, f.analyzer, f.message}
			if f.file == "" || seen[k] {
				continue
			}
			seen[k] = true
			res.findings = append(res.findings, f)
			found = append(found, driver.Finding{Analyzer: act.Analyzer, Package: act.Package, Fset: fset, Diagnostic: d, Posn: fset.Position(d.Pos)})
		}
	}
	// In source order, as the command filters them: of the findings
	// sharing a baseline entry, the first ones are the recorded ones.
	order := make([]int, len(found))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := res.findings[order[i]], res.findings[order[j]]
		if a.file != b.file {
			return a.file < b.file
		}
		return a.start < b.start
	})
	sorted := make([]driver.Finding, len(order))
	for i, o := range order {
		sorted[i] = found[o]
	}
	keep, _, err := bls.Keep(sorted, analyzers, roots)
	if err != nil {
		res.errors = append(res.errors, err.Error())
		res.findings = nil
	} else {
		var left []finding
		for i, o := range order {
			if keep[i] {
				left = append(left, res.findings[o])
			}
		}
		res.findings = left
	}
	seenErr := map[string]bool{}
	for act := range graph.All() {
		if act.Err == nil || seenErr[act.Err.Error()] {
			continue
		}
		msg := act.Err.Error()
		seenErr[msg] = true
		if strings.HasPrefix(msg, "failed prerequisites") || strings.HasPrefix(msg, "analysis skipped due to errors in package") {
			continue // the cause is reported on its own
		}
		res.errors = append(res.errors, msg)
	}
	for _, p := range roots {
		res.packages = append(res.packages, analysedPackage{id: p.ID, files: p.GoFiles, ignored: p.IgnoredFiles, complete: complete[p]})
	}
	sort.Slice(res.findings, func(i, j int) bool {
		a, b := res.findings[i], res.findings[j]
		if a.file != b.file {
			return a.file < b.file
		}
		if a.start != b.start {
			return a.start < b.start
		}
		return a.analyzer < b.analyzer
	})
}

// isTestMain reports whether p is the generated main package of a test
// binary, whose only file lives in the build cache.
func isTestMain(p *packages.Package) bool {
	return p.Name == "main" && strings.HasSuffix(p.ID, ".test") && p.ForTest == ""
}

// convertDiagnostic converts a diagnostic's positions to files and byte
// offsets. Its fixes become the edits -fix would make to the files as
// analysed (contents, else the disk), when they are first asked for
// (fix.resolve).
func convertDiagnostic(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic, pkg *packages.Package, contents map[string][]byte) finding {
	// The checker resolves a diagnostic's URL against its analyzer's
	// (the #anchor of the finding's section), as the command's -json has it.
	f := finding{analyzer: a.Name, url: cmp.Or(d.URL, a.URL), message: d.Message}
	f.file, f.start, f.end = span(fset, d.Pos, d.End)
	for _, r := range d.Related {
		file, start, end := span(fset, r.Pos, r.End)
		if file != "" {
			f.related = append(f.related, related{file, start, end, r.Message})
		}
	}
	src := func(name string) ([]byte, bool) {
		if c, ok := contents[name]; ok {
			return c, true
		}
		c, err := os.ReadFile(name)
		return c, err == nil
	}
	for _, sf := range d.SuggestedFixes {
		pf, err := driver.PrepareFix(pkg, fset, sf)
		if err != nil {
			continue
		}
		f.fixes = append(f.fixes, fix{message: sf.Message, prepared: pf, src: src})
	}
	return f
}

// lineDiff returns the one edit that turns old into new: the lines
// between their common first and last lines, [start, end) of old
// replaced by text.
func lineDiff(old, new []byte) (start, end int, text string) {
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	p = bytes.LastIndexByte(old[:p], '\n') + 1
	s := 0
	for s < len(old)-p && s < len(new)-p && old[len(old)-1-s] == new[len(new)-1-s] {
		s++
	}
	// Back to the start of a line: the suffix begins after a newline.
	for s > 0 && old[len(old)-s-1] != '\n' {
		s--
	}
	return p, len(old) - s, string(new[p : len(new)-s])
}

// span returns the file and byte offsets of [pos, end); an invalid end is
// pos.
func span(fset *token.FileSet, pos, end token.Pos) (string, int, int) {
	tf := fset.File(pos)
	if tf == nil {
		return "", 0, 0
	}
	start := tf.Offset(pos)
	stop := start
	if end.IsValid() && end >= pos && int(end) <= tf.Base()+tf.Size() {
		stop = tf.Offset(end)
	}
	return tf.Name(), start, stop
}

// errNoModule reports a file outside any module.
var errNoModule = errors.New("not in a module")

// moduleRoot returns the directory of the nearest go.mod above the file
// (the go command finds a go.work above that on its own).
func moduleRoot(file string, exists func(string) bool) (string, error) {
	dir := filepath.Dir(file)
	for {
		if exists(filepath.Join(dir, "go.mod")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s: %w", file, errNoModule)
		}
		dir = parent
	}
}
