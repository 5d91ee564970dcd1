// Package fixes builds what the analyzers' suggested fixes share: how a
// file names a package and the edit that imports one (imports.go), the
// boundary a file can install and where it goes on a server so that it
// runs outermost (boundary.go, install.go), and the ToolError constructors
// a fix calls for each outcome (api.go). It reads the package's model
// through Inputs; the model makes one Builder per package, on first use.
package fixes

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/memo"
	"github.com/toolcheck/toolcheck/internal/toolerror"
)

// Inputs is what the fix builders read of a package's model.
type Inputs struct {
	Pass       *analysis.Pass
	Flow       *flow.Info
	Syntax     *astindex.Index
	ToolErrors *toolerror.Index
	// GoMods is the run's cache of go.mod requirements (config.GoModCache).
	GoMods *sync.Map
	// Relevant says whether the package holds tools the model follows;
	// InstallSites are the calls where unwrapped's fix installs the
	// boundary for the package's registrations without it.
	Relevant     bool
	InstallSites []*ast.CallExpr
	// The model's answers: whether fn is a tool boundary; whether pkg may
	// declare one (it reaches an SDK, or the configuration names one of
	// its functions); whether pkg can declare ToolError constructors.
	IsBoundary         func(fn *types.Func) bool
	MayDeclareBoundary func(pkg *types.Package) bool
	RelevantPackage    func(pkg *types.Package) bool
	// FileOf returns the syntax tree holding pos; ServerStore where the
	// go-sdk server a call builds or returns is stored (the statement, how
	// the code names the storage, and the storage), or nil.
	FileOf      func(pos token.Pos) *ast.File
	ServerStore func(call *ast.CallExpr) (ast.Stmt, string, types.Object)
}

// A Builder builds the suggested fixes' shared edits for one package. Its
// methods may be called concurrently.
type Builder struct {
	Inputs
	mu          sync.Mutex
	bounded     map[*ast.File]bool                      // memoizes BehindBoundary (guarded by mu)
	installable *bool                                   // memoizes allInstallable (guarded by mu)
	funcs       memo.Map[*types.Package, []*types.Func] // scopeFuncs' answers
}

// New returns the fix builder of the package in.
func New(in Inputs) *Builder { return &Builder{Inputs: in} }

// visibleFuncs iterates over the functions a file can name, each with the
// expression that names it: the package's own (Name), and the exported
// functions of the packages the file imports by name (pkg.Name) that keep
// reaches, if given.
func (fb *Builder) visibleFuncs(file *ast.File, keep func(*types.Package) bool) iter.Seq2[string, *types.Func] {
	return func(yield func(string, *types.Func) bool) {
		for _, fn := range fb.scopeFuncs(fb.Pass.Pkg) {
			if !yield(fn.Name(), fn) {
				return
			}
		}
		for _, imp := range file.Imports {
			pn := fb.Pass.TypesInfo.PkgNameOf(imp)
			if pn == nil || pn.Name() == "_" || pn.Name() == "." {
				continue
			}
			if keep != nil && !keep(pn.Imported()) {
				continue
			}
			for _, fn := range fb.scopeFuncs(pn.Imported()) {
				if !yield(pn.Name()+"."+fn.Name(), fn) {
					return
				}
			}
		}
	}
}

// scopeFuncs lists, in the order of their names, the package-level
// functions of pkg the package can call: all of its own, the exported
// ones of another. Each package's list is made once.
func (fb *Builder) scopeFuncs(pkg *types.Package) []*types.Func {
	return fb.funcs.Get(pkg, func(pkg *types.Package) []*types.Func {
		var fns []*types.Func
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			if fn, ok := scope.Lookup(name).(*types.Func); ok && (pkg == fb.Pass.Pkg || fn.Exported()) {
				fns = append(fns, fn)
			}
		}
		return fns
	})
}

// Qualifier returns the prefix that names the package path (whose name is
// name) in file ("slog."), with the edit that imports it when the file
// does not yet; false when the name is taken.
func (fb *Builder) Qualifier(file *ast.File, path, name string) (string, []analysis.TextEdit, bool) {
	if path == fb.Pass.Pkg.Path() {
		return "", nil, true
	}
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || mcpsdk.Unvendor(p) != path {
			continue
		}
		if imp.Name != nil {
			switch imp.Name.Name {
			case "_":
				continue
			case ".":
				return "", nil, true
			}
			return imp.Name.Name + ".", nil, true
		}
		if pn := fb.Pass.TypesInfo.PkgNameOf(imp); pn != nil {
			return pn.Name() + ".", nil, true
		}
		return name + ".", nil, true
	}
	// Not imported: import it, unless the name is taken.
	if fb.Pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false
	}
	if sc := fb.Pass.TypesInfo.Scopes[file]; sc != nil && sc.Lookup(name) != nil {
		return "", nil, false
	}
	return name + ".", []analysis.TextEdit{ImportEdit(file, path)}, true
}

// ImportEdit adds path to file's imports.
func ImportEdit(file *ast.File, path string) analysis.TextEdit {
	spec := strconv.Quote(path)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + spec)}
		}
		return analysis.TextEdit{Pos: gd.Pos(), End: gd.Pos(), NewText: []byte("import " + spec + "\n")}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + spec)}
}

// MergeImports appends the import edits of b not already in a.
func MergeImports(a, b []analysis.TextEdit) []analysis.TextEdit {
	for _, e := range b {
		dup := false
		for _, x := range a {
			if x.Pos == e.Pos && string(x.NewText) == string(e.NewText) {
				dup = true
			}
		}
		if !dup {
			a = append(a, e)
		}
	}
	sort.SliceStable(a, func(i, j int) bool { return a[i].Pos < a[j].Pos })
	return a
}

// ToolerrModule is the module path of toolcheck's runtime half.
const ToolerrModule = "github.com/toolcheck/toolcheck/toolerr"

// ModuleRequires reports whether the go.mod governing file (found from its
// directory upward) requires the module path, or is it. The cache holds,
// under each directory's go.mod path, the requirements of the go.mod that
// governs that directory (nil when none does), so a directory without one
// is looked up once a run; and under the module's path, when the driver
// names the package's module, those of the go.mod of the first of its
// files asked about, so the module's other packages look up none.
func (fb *Builder) ModuleRequires(file *ast.File, path string) bool {
	tf := fb.Pass.Fset.File(file.Pos())
	if tf == nil {
		return false
	}
	requires := fb.GoMods
	var below []string // the go.mod paths of the directories without one
	if mod := fb.Pass.Module; mod != nil && mod.Path != "" {
		key := "module " + mod.Path
		if v, ok := requires.Load(key); ok {
			return v.(map[string]bool)[path]
		}
		below = append(below, key)
	}
	found := func(reqs map[string]bool) bool {
		for _, gomod := range below {
			requires.Store(gomod, reqs)
		}
		return reqs[path]
	}
	for dir := filepath.Dir(tf.Name()); ; {
		gomod := filepath.Join(dir, "go.mod")
		if v, ok := requires.Load(gomod); ok {
			return found(v.(map[string]bool))
		}
		if data, err := os.ReadFile(gomod); err == nil {
			reqs := map[string]bool{}
			if f, err := modfile.ParseLax(gomod, data, nil); err == nil {
				if f.Module != nil {
					reqs[f.Module.Mod.Path] = true
				}
				for _, r := range f.Require {
					reqs[r.Mod.Path] = true
				}
			}
			requires.Store(gomod, reqs)
			return found(reqs)
		}
		below = append(below, gomod)
		parent := filepath.Dir(dir)
		if parent == dir {
			return found(nil)
		}
		dir = parent
	}
}
