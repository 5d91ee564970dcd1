package lsp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
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
}

// analysedPackage is one package of a result. complete says whether every
// analyzer ran on it; one with errors is skipped, and its files keep the
// diagnostics they had.
type analysedPackage struct {
	id       string
	files    []string
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
// golang.org/x/tools/go/analysis/checker, as the command does.
type packagesBackend struct {
	opts *options
}

func (b *packagesBackend) analyze(ctx context.Context, req *request) (*result, error) {
	analyzers := b.opts.prepare()
	res := &result{contents: map[string][]byte{}}
	var mu sync.Mutex
	under := filepath.Clean(req.dir) + string(filepath.Separator)
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax | packages.NeedModule,
		Context: ctx,
		Dir:     req.dir,
		Tests:   b.opts.tests,
		Overlay: req.overlay,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			if err := ctx.Err(); err != nil {
				return nil, err // a superseded run: stop parsing
			}
			if strings.HasPrefix(filename, under) {
				mu.Lock()
				res.contents[filename] = src
				mu.Unlock()
			}
			return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
		},
	}
	patterns := make([]string, len(req.files))
	for i, f := range req.files {
		patterns[i] = "file=" + f
	}
	t0 := time.Now()
	pkgs, err := packages.Load(cfg, patterns...)
	res.load = time.Since(t0)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}

	var roots []*packages.Package
	for _, p := range pkgs {
		if isTestMain(p) {
			continue
		}
		roots = append(roots, p)
	}
	seenErr := map[string]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
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
	if len(roots) == 0 {
		return res, nil
	}

	t1 := time.Now()
	graph, err := checker.Analyze(analyzers, roots, nil)
	res.analysis = time.Since(t1)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

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
	seenErr = map[string]bool{}
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
		res.packages = append(res.packages, analysedPackage{id: p.ID, files: p.GoFiles, complete: complete[p]})
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
	return res, nil
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
