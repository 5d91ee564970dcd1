package fuzz_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/memcheck"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/synth"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// env holds what every fuzz call shares: one loader per source tree (tree
// 0 is the SDK stubs alone; the others add one analyzer's fixtures, so
// that a seed from them finds the packages it imports), and the analyzers.
type env struct {
	stubs string
	trees []string

	mu        sync.Mutex
	loaders   []*memcheck.Loader
	calls     int
	analyzers []*analysis.Analyzer
	despite   bool // some analyzer runs despite type errors
	counter   int
}

// A seed is one file of handler-shaped source and the tree it belongs to.
type seed struct {
	name string
	tree uint8
	src  string
}

// fixtureTrees lists the testdata/src directories of every analyzer and of
// the tool model, sorted.
func fixtureTrees(tb testing.TB, root string) []string {
	dirs, err := filepath.Glob(filepath.Join(root, "analyzers", "*", "testdata", "src"))
	if err != nil {
		tb.Fatal(err)
	}
	dirs = append(dirs, filepath.Join(root, "internal", "toolmodel", "testdata", "src"))
	sort.Strings(dirs)
	return dirs
}

func newEnv(tb testing.TB) *env {
	root := testkit.Root(tb)
	e := &env{stubs: filepath.Join(root, "testdata", "sdkstubs", "src")}
	e.trees = append([]string{""}, fixtureTrees(tb, root)...)
	e.reset()
	e.analyzers = suite.New(&config.Config{})
	memcheck.Guard(e.analyzers)
	var walk func([]*analysis.Analyzer)
	walk = func(as []*analysis.Analyzer) {
		for _, a := range as {
			e.despite = e.despite || a.RunDespiteErrors
			walk(a.Requires)
		}
	}
	walk(e.analyzers)
	return e
}

// reset starts fresh loaders: their file set grows with every call.
func (e *env) reset() {
	e.loaders = nil
	for _, t := range e.trees {
		roots := []string{e.stubs}
		if t != "" {
			roots = append(roots, t)
		}
		e.loaders = append(e.loaders, memcheck.NewLoader(roots...))
	}
	e.calls = 0
}

// seeds returns the hand-written seeds, generated packages, and every
// single-file package of the fixture trees.
func (e *env) seeds(tb testing.TB) []seed {
	var out []seed
	names := make([]string, 0, len(handwritten))
	for n := range handwritten {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, seed{name: n, src: handwritten[n]})
	}
	for _, sdk := range []synth.SDK{synth.MCPGo, synth.GoSDK} {
		src, err := synth.Package{Name: "gen", Tools: synth.Kinds, SDK: sdk}.Source()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, seed{name: fmt.Sprintf("synth%d", sdk), src: string(src)})
	}
	for i, t := range e.trees {
		if t == "" {
			continue
		}
		err := filepath.WalkDir(t, func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			files, _ := filepath.Glob(filepath.Join(path, "*.go"))
			var src []string
			for _, f := range files {
				if !strings.HasSuffix(f, "_test.go") {
					src = append(src, f)
				}
			}
			if len(src) != 1 {
				return nil
			}
			data, err := os.ReadFile(src[0])
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(filepath.Dir(filepath.Dir(filepath.Dir(t))), src[0])
			out = append(out, seed{name: filepath.ToSlash(rel), tree: uint8(i), src: string(data)})
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// outcome says what check did with a source.
type outcome int

const (
	unparsable outcome = iota
	illTyped
	analyzed
)

// load type-checks src as a package of a fresh path (the model caches
// answers by package path) in the given tree.
func (e *env) load(tree uint8, src []byte) (*packages.Package, outcome) {
	e.mu.Lock()
	if e.calls++; e.calls > 2000 {
		e.reset()
	}
	e.counter++
	l := e.loaders[int(tree)%len(e.loaders)]
	path := fmt.Sprintf("fuzz.example/p%d", e.counter)
	e.mu.Unlock()

	file := filepath.Join(os.TempDir(), "toolcheck-fuzz", "p.go")
	pkg, err := l.Package(path, map[string][]byte{file: src})
	switch {
	case err != nil || pkg.Types == nil:
		return nil, unparsable
	case pkg.IllTyped:
		return pkg, illTyped
	}
	return pkg, analyzed
}

// check loads src and runs every analyzer on it. An analyzer error or
// panic on a well-typed package fails t.
func (e *env) check(t *testing.T, tree uint8, src []byte) outcome {
	pkg, got := e.load(tree, src)
	if got == unparsable || got == illTyped && !e.despite {
		return got
	}
	res, err := memcheck.Run(e.analyzers, pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range res.Errors {
		if pkg.IllTyped && (strings.Contains(msg, "analysis skipped due to errors") || strings.Contains(msg, "failed prerequisites")) {
			continue
		}
		t.Errorf("%s\n--- source:\n%s", msg, src)
	}
	return got
}

// FuzzSuite runs every analyzer on handler-shaped source and on a mutation
// of its syntax (chosen by mut): no panic, no analyzer error, ever. Byte
// mutations seldom leave Go source parsable, so for an input that does not
// parse the syntax of a seed (chosen by mut too) is mutated instead.
func FuzzSuite(f *testing.F) {
	e := newEnv(f)
	seeds := e.seeds(f)
	for i, s := range seeds {
		f.Add(s.tree, s.src, uint64(i+1))
	}
	f.Fuzz(func(t *testing.T, tree uint8, src string, mut uint64) {
		if e.check(t, tree, []byte(src)) == unparsable {
			s := seeds[mut%uint64(len(seeds))]
			tree, src = s.tree, s.src
		}
		if m, ok := mutate([]byte(src), mut); ok {
			e.check(t, tree, m)
		}
	})
}

// TestSeedsTypeCheck keeps the seeds useful: every hand-written and
// generated seed type-checks, and most fixture seeds do. (FuzzSuite runs
// the analyzers on them.)
func TestSeedsTypeCheck(t *testing.T) {
	e := newEnv(t)
	seeds := e.seeds(t)
	var fixtures, typed int
	for _, s := range seeds {
		pkg, got := e.load(s.tree, []byte(s.src))
		if s.tree == 0 {
			if got != analyzed {
				var errs []packages.Error
				if pkg != nil {
					errs = pkg.Errors
				}
				t.Errorf("seed %s does not type-check: %v", s.name, errs)
			}
			continue
		}
		fixtures++
		if got == analyzed {
			typed++
		}
	}
	if fixtures > 0 && typed*2 < fixtures {
		t.Errorf("only %d of %d fixture seeds type-check", typed, fixtures)
	}
	t.Logf("%d seeds: %d fixture files, %d of them well-typed", len(seeds), fixtures, typed)
}

// TestMutate checks that mutations change the source and keep it parsable.
func TestMutate(t *testing.T) {
	src := []byte(handwritten["odd_registrations"])
	changed := 0
	for i := uint64(0); i < 50; i++ {
		m, ok := mutate(src, i)
		if !ok {
			continue
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "m.go", m, 0); err != nil {
			t.Fatalf("mutation %d does not parse: %v\n%s", i, err, m)
		}
		if !bytes.Equal(m, src) {
			changed++
		}
	}
	if changed < 40 {
		t.Errorf("only %d of 50 mutations changed the source", changed)
	}
}

var stringPool = []string{"", "%v", "see the docs", "/etc/passwd", "Call list_items with a 'path'.", "ERROR", "{}", "[]", "no results", "API_TOKEN"}

// mutate applies one to three type-agnostic mutations to src, chosen by
// seed, and returns the formatted result; false if src does not parse or
// nothing applied. Many mutations keep the code well-typed (negated and
// swapped branches, other strings, panicking bodies, statements wrapped in
// closures); others do not, and those inputs are skipped like any
// ill-typed package.
func mutate(src []byte, seed uint64) ([]byte, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "m.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	changed := false
	for n := 1 + r.IntN(3); n > 0; n-- {
		if mutateOnce(f, r) {
			changed = true
		}
	}
	if !changed {
		return nil, false
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, false
	}
	return buf.Bytes(), true
}

const nMutations = 10

func applies(kind int, n ast.Node) bool {
	switch kind {
	case 0: // negate a condition
		s, ok := n.(*ast.IfStmt)
		return ok && s.Cond != nil
	case 1: // swap then and else
		s, ok := n.(*ast.IfStmt)
		if ok {
			_, ok = s.Else.(*ast.BlockStmt)
		}
		return ok
	case 2: // another string
		l, ok := n.(*ast.BasicLit)
		return ok && l.Kind == token.STRING
	case 3: // a body that panics
		switch n := n.(type) {
		case *ast.FuncDecl:
			return n.Body != nil
		case *ast.FuncLit:
			return true
		}
	case 4, 5, 6: // delete, duplicate, swap statements
		b, ok := n.(*ast.BlockStmt)
		return ok && len(b.List) > 0
	case 7: // nil for an argument
		c, ok := n.(*ast.CallExpr)
		return ok && len(c.Args) > 0
	case 8: // unwrap a call: f(x) becomes x
		c, ok := n.(*ast.CallExpr)
		return ok && len(c.Args) == 1
	case 9: // run a call statement in a closure
		s, ok := n.(*ast.ExprStmt)
		if ok {
			_, ok = s.X.(*ast.CallExpr)
		}
		return ok
	}
	return false
}

func mutateOnce(f *ast.File, r *rand.Rand) bool {
	kind := r.IntN(nMutations)
	count := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if n != nil && applies(kind, n) {
			count++
		}
		return true
	})
	if count == 0 {
		return false
	}
	target := r.IntN(count)
	i := 0
	done := false
	astutil.Apply(f, nil, func(c *astutil.Cursor) bool {
		n := c.Node()
		if done || n == nil || !applies(kind, n) {
			return true
		}
		if i != target {
			i++
			return true
		}
		done = true
		switch kind {
		case 0:
			s := n.(*ast.IfStmt)
			s.Cond = &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: s.Cond}}
		case 1:
			s := n.(*ast.IfStmt)
			e := s.Else.(*ast.BlockStmt)
			s.Else, s.Body = s.Body, e
		case 2:
			n.(*ast.BasicLit).Value = strconv.Quote(stringPool[r.IntN(len(stringPool))])
		case 3:
			body := &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{
				Fun:  ast.NewIdent("panic"),
				Args: []ast.Expr{&ast.BasicLit{Kind: token.STRING, Value: `"fuzz"`}},
			}}}}
			switch n := n.(type) {
			case *ast.FuncDecl:
				n.Body = body
			case *ast.FuncLit:
				n.Body = body
			}
		case 4:
			b := n.(*ast.BlockStmt)
			j := r.IntN(len(b.List))
			b.List = append(b.List[:j:j], b.List[j+1:]...)
		case 5:
			b := n.(*ast.BlockStmt)
			j := r.IntN(len(b.List))
			b.List = append(b.List[:j+1:j+1], b.List[j:]...)
		case 6:
			b := n.(*ast.BlockStmt)
			j, k := r.IntN(len(b.List)), r.IntN(len(b.List))
			b.List[j], b.List[k] = b.List[k], b.List[j]
		case 7:
			call := n.(*ast.CallExpr)
			call.Args[r.IntN(len(call.Args))] = ast.NewIdent("nil")
		case 8:
			c.Replace(n.(*ast.CallExpr).Args[0])
		case 9:
			s := n.(*ast.ExprStmt)
			s.X = &ast.CallExpr{Fun: &ast.FuncLit{
				Type: &ast.FuncType{Params: &ast.FieldList{}},
				Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: s.X}}},
			}}
		}
		return true
	})
	return done
}
