package lsp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
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
	packageErrors  []string
	load, analysis time.Duration
	// fullLoad says why the run loaded the packages afresh; empty when it
	// reused the last load and checked again rechecked packages.
	fullLoad  string
	rechecked int
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
	t0 := time.Now()
	var roots []*packages.Package
	c := b.caches[req.dir]
	if c != nil && !b.noCache {
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
		if c, err = b.load(ctx, env, req, files); err != nil {
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
	collect(res, graph, analysed)
	return res, nil
}

// release drops the loads kept between runs, for the memory.
func (b *packagesBackend) release() {
	b.caches = nil
	b.envs = nil
	debug.FreeOSMemory()
}

// load loads the packages of req's files and of the files an earlier load
// asked for, and returns them as a new cache.
func (b *packagesBackend) load(ctx context.Context, env *goEnv, req *request, earlier []string) (*loadCache, error) {
	files := append([]string(nil), req.files...)
	for i := len(earlier) - 1; i >= 0 && len(files) < maxCachedFiles; i-- {
		if !slices.Contains(files, earlier[i]) && exists(earlier[i]) {
			files = append(files, earlier[i])
		}
	}
	var mu sync.Mutex
	src := map[string][]byte{}
	fset := token.NewFileSet()
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax | packages.NeedModule,
		Context: ctx,
		Dir:     req.dir,
		Tests:   b.opts.tests,
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
			return parser.ParseFile(fset, filename, data, parser.AllErrors|parser.ParseComments)
		},
	}
	patterns := make([]string, len(files))
	for i, f := range files {
		patterns[i] = "file=" + f
	}
	initial, err := packages.Load(cfg, patterns...)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return newLoadCache(env, req.dir, files, fset, initial, src), nil
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

// collect turns the actions of an analysis into findings and errors.
func collect(res *result, graph *checker.Graph, roots []*packages.Package) {
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
	for _, act := range graph.Roots {
		if act.Err != nil {
			complete[act.Package] = false
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := convertDiagnostic(fset, act.Analyzer, d)
			k := key{f.file, f.start, f.end, f.analyzer, f.message}
			if f.file == "" || seen[k] {
				continue
			}
			seen[k] = true
			res.findings = append(res.findings, f)
		}
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
// offsets.
func convertDiagnostic(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic) finding {
	f := finding{analyzer: a.Name, url: a.URL, message: d.Message}
	f.file, f.start, f.end = span(fset, d.Pos, d.End)
	for _, r := range d.Related {
		file, start, end := span(fset, r.Pos, r.End)
		if file != "" {
			f.related = append(f.related, related{file, start, end, r.Message})
		}
	}
	for _, sf := range d.SuggestedFixes {
		fx := fix{message: sf.Message}
		for _, e := range sf.TextEdits {
			file, start, end := span(fset, e.Pos, e.End)
			if file == "" {
				fx = fix{}
				break
			}
			fx.edits = append(fx.edits, edit{file, start, end, string(e.NewText)})
		}
		if len(fx.edits) > 0 {
			f.fixes = append(f.fixes, fx)
		}
	}
	return f
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
