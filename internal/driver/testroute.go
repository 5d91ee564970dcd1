package driver

import (
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"golang.org/x/tools/go/packages"
)

// Tests routed through the boundary. A test that calls a handler whose
// IsError results the fixes turned into returned errors (a caller error,
// a fault) sees an error where it asserted an IsError result. The model
// does not see that error: the boundary renders it. RouteTests makes the
// test call the handler as the model's calls reach it, through toolerr's
// boundary for the handler's SDK (`res, err := handler(ctx, req)` becomes
// `res, err := gosdk.ToolBoundary(handler)(ctx, req)`), so that a caller
// error reads as the IsError result with its text it was, and a fault as
// the boundary's text: what the test asserted of a caller error holds
// again, and what it asserted of the raw text of a fault fails, named by
// the report. A call whose returned error the test asserts
// (require.Error(t, err), err == nil) checks the handler's own contract,
// which the boundary changes: it is left as it is.

// routeWrappers are toolerr's boundary for each handler shape a test may
// call, and the package that declares it.
var routeWrappers = map[mcpsdk.HandlerKind][2]string{
	mcpsdk.MCPGoHandler: {"mcpgo", "Boundary"},
	mcpsdk.GoSDKHandler: {"gosdk", "ToolBoundary"},
	mcpsdk.GoSDKTyped:   {"gosdk", "TypedBoundary"},
}

// RouteTests sends the handler calls of the tests that reach a converted
// handler (convertedTests), and of the test helpers between, through
// toolerr's boundary, adding the edits to r. It does nothing unless the
// fixes used toolerr: a project's own ToolError API comes with its own
// boundary, which the tests would have to name. The test packages are
// loaded from dir with env, types from export data.
func (r *FixResult) RouteTests(fs []Finding, env []string) error {
	r.tests, r.testsFound = convertedTests(fs, r.Fixed), true // (before the routed calls hide them)
	if requires, _ := toolerrInGoMod(fs); !requires {
		return nil
	}
	var dirs []string
	for _, td := range r.tests {
		dirs = append(dirs, td.dir)
	}
	byDir, err := loadTestPackages(dirs, env)
	if err != nil {
		return err
	}
	for _, td := range r.tests {
		pkgs := byDir[td.dir]
		tests := map[string]bool{}
		for _, t := range td.tests {
			tests[t.name] = true
		}
		routed := map[string]bool{} // functions with a call routed
		for _, p := range pkgs {
			if p.TypesInfo == nil || len(p.Errors) > 0 {
				continue
			}
			for _, f := range p.Syntax {
				path := p.Fset.File(f.FileStart).Name()
				if !strings.HasSuffix(path, "_test.go") {
					continue
				}
				var edits []edit
				imports := map[string]bool{}
				for _, d := range f.Decls {
					fd, ok := d.(*ast.FuncDecl)
					if !ok || fd.Body == nil || !(isTestFunc(fd) && tests[fd.Name.Name] || td.via[fd.Name.Name] != "") {
						continue
					}
					assigned := map[*ast.CallExpr]*ast.AssignStmt{}
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
							if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
								assigned[call] = as
							}
						}
						return true
					})
					ast.Inspect(fd.Body, func(n ast.Node) bool {
						call, ok := n.(*ast.CallExpr)
						if !ok {
							return true
						}
						w, ok := routeWrapper(p.TypesInfo, f, call)
						if !ok || assertsError(p.TypesInfo, fd.Body, assigned[call]) {
							return true
						}
						start, end := p.Fset.Position(call.Fun.Pos()).Offset, p.Fset.Position(call.Fun.End()).Offset
						edits = append(edits, edit{start, start, w[0] + "." + w[1] + "("}, edit{end, end, ")"})
						imports[toolerrModule+"/"+w[0]] = true
						routed[fd.Name.Name] = true
						return true
					})
				}
				if len(edits) == 0 {
					continue
				}
				changed, err := r.editFile(path, edits, slices.Sorted(maps.Keys(imports)))
				if err != nil {
					return err
				}
				if changed {
					if r.RoutedFiles == nil {
						r.RoutedFiles = map[string]bool{}
					}
					r.RoutedFiles[path] = true
					r.RoutedCalls += len(edits) / 2
				}
			}
		}
		for _, t := range td.tests {
			reached := routed[t.name]
			for _, c := range t.calls {
				reached = reached || routed[c]
			}
			if reached {
				if r.Routed == nil {
					r.Routed = map[string]bool{}
				}
				r.Routed[t.path+":"+t.name] = true
			}
		}
	}
	return nil
}

// assertsError reports whether the test asserts that the error the
// assignment as takes from a handler call is not nil (require.Error(t,
// err), assert.ErrorContains, err == nil): it checks the handler's own
// contract, which the boundary changes (it answers every error as a
// result), so the call is not routed.
func assertsError(info *types.Info, body *ast.BlockStmt, as *ast.AssignStmt) bool {
	if as == nil {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return false
	}
	obj := info.ObjectOf(id)
	if obj == nil || !types.Identical(obj.Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	is := func(e ast.Expr) bool {
		x, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.ObjectOf(x) == obj
	}
	asserts := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fid := calledIdent(n); fid != nil && (strings.HasPrefix(fid.Name, "Error") || fid.Name == "EqualError") {
				asserts = asserts || slices.ContainsFunc(n.Args, is)
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL && (is(n.X) && info.Types[n.Y].IsNil() || is(n.Y) && info.Types[n.X].IsNil()) {
				asserts = true
			}
		}
		return !asserts
	})
	return asserts
}

// loadTestPackages loads the packages of dirs with their tests (types of
// the others from export data), by directory: in one go list, and the
// directories that did not load there (another module's) one by one.
func loadTestPackages(dirs []string, env []string) (map[string][]*packages.Package, error) {
	load := func(dir string, patterns []string) ([]*packages.Package, error) {
		cfg := &packages.Config{
			Mode:  packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
			Dir:   dir,
			Tests: true,
			Env:   env,
		}
		return packages.Load(cfg, patterns...)
	}
	out := map[string][]*packages.Package{}
	add := func(pkgs []*packages.Package) {
		for _, p := range pkgs {
			if len(p.GoFiles) > 0 {
				dir := filepath.Dir(p.GoFiles[0])
				out[dir] = append(out[dir], p)
			}
		}
	}
	if len(dirs) == 0 {
		return out, nil
	}
	if pkgs, err := load(dirs[0], dirs); err == nil {
		add(pkgs)
	}
	for _, dir := range dirs {
		if slices.ContainsFunc(out[dir], func(p *packages.Package) bool { return len(p.Errors) == 0 }) {
			continue
		}
		pkgs, err := load(dir, []string{"."}) // (another module's directory)
		if err != nil {
			return nil, err
		}
		out[dir] = nil
		add(pkgs)
	}
	return out, nil
}

// routeWrapper returns toolerr's boundary package and function for a
// call of a handler value in file f, when the call is one to route: not
// a function literal called in place, not already a boundary's, and the
// package name free in the file or naming toolerr's package.
func routeWrapper(info *types.Info, f *ast.File, call *ast.CallExpr) ([2]string, bool) {
	fun := ast.Unparen(call.Fun)
	if _, lit := fun.(*ast.FuncLit); lit {
		return [2]string{}, false
	}
	if tv, ok := info.Types[fun]; !ok || !tv.IsValue() {
		return [2]string{}, false // a conversion
	}
	w, ok := routeWrappers[mcpsdk.HandlerKindOf(info.TypeOf(fun))]
	if !ok {
		return w, false
	}
	if inner, isCall := fun.(*ast.CallExpr); isCall {
		if fn, isFn := calleeOf(info, inner); isFn && strings.HasPrefix(mcpsdk.PkgPath(fn), toolerrModule) {
			return w, false // routed already
		}
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if name == w[0] && path != toolerrModule+"/"+w[0] {
			return w, false
		}
	}
	return w, true
}

// calledIdent returns the identifier a call names its function by (f,
// x.f, x.f[T]), or nil.
func calledIdent(call *ast.CallExpr) *ast.Ident {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok { // an instantiation: TypedBoundary[In, Out]
		fun = ix.X
	}
	switch fun := fun.(type) {
	case *ast.Ident:
		return fun
	case *ast.SelectorExpr:
		return fun.Sel
	}
	return nil
}

// calleeOf returns the function a call calls statically.
func calleeOf(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	id := calledIdent(call)
	if id == nil {
		return nil, false
	}
	fn, ok := info.Uses[id].(*types.Func)
	return fn, ok
}

// editFile applies edits to path, adds imports, formats it, and records
// the result in r, reporting whether it did; a file the fixes changed
// already is left as it is.
func (r *FixResult) editFile(path string, edits []edit, imports []string) (bool, error) {
	if _, ok := r.Files[path]; ok {
		return false, nil // the edits' offsets are the file's on disk
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	out, err := fixImports(applyEdits(old, edits), imports, nil, old)
	if err != nil {
		return false, err
	}
	if out, err = format.Source(out); err != nil {
		return false, err
	}
	r.Files[path], r.Old[path] = out, old
	return true, nil
}
