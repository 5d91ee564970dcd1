package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/outcome"
	"github.com/toolcheck/toolcheck/internal/toolerror"
)

// The helpers every analyzer's suggested fixes share: the functions a
// file can name, how it names a package, and the edit that imports one.

// visibleFuncs iterates over the functions a file can name, each with the
// expression that names it: the package's own (Name), and the exported
// functions of the packages the file imports by name (pkg.Name) that keep
// reaches, if given.
func (m *Model) visibleFuncs(file *ast.File, keep func(*types.Package) bool) iter.Seq2[string, *types.Func] {
	return func(yield func(string, *types.Func) bool) {
		scope := m.Pass.Pkg.Scope()
		for _, name := range scope.Names() {
			if fn, ok := scope.Lookup(name).(*types.Func); ok {
				if !yield(fn.Name(), fn) {
					return
				}
			}
		}
		for _, imp := range file.Imports {
			pn := m.Pass.TypesInfo.PkgNameOf(imp)
			if pn == nil || pn.Name() == "_" || pn.Name() == "." {
				continue
			}
			if keep != nil && !keep(pn.Imported()) {
				continue
			}
			ps := pn.Imported().Scope()
			for _, name := range ps.Names() {
				if fn, ok := ps.Lookup(name).(*types.Func); ok && fn.Exported() {
					if !yield(pn.Name()+"."+fn.Name(), fn) {
						return
					}
				}
			}
		}
	}
}

// Qualifier returns the prefix that names the package path (whose name is
// name) in file ("slog."), with the edit that imports it when the file
// does not yet; false when the name is taken.
func (m *Model) Qualifier(file *ast.File, path, name string) (string, []analysis.TextEdit, bool) {
	if path == m.Pass.Pkg.Path() {
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
		if pn := m.Pass.TypesInfo.PkgNameOf(imp); pn != nil {
			return pn.Name() + ".", nil, true
		}
		return name + ".", nil, true
	}
	// Not imported: import it, unless the name is taken.
	if m.Pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false
	}
	if sc := m.Pass.TypesInfo.Scopes[file]; sc != nil && sc.Lookup(name) != nil {
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

// moduleRequires reports whether the go.mod governing file (found from its
// directory upward) requires the module path, or is it.
func (m *Model) moduleRequires(file *ast.File, path string) bool {
	tf := m.Pass.Fset.File(file.Pos())
	if tf == nil {
		return false
	}
	requires := m.Config.GoModCache() // the run's: see Config.goMods
	for dir := filepath.Dir(tf.Name()); ; {
		gomod := filepath.Join(dir, "go.mod")
		if v, ok := requires.Load(gomod); ok {
			return v.(map[string]bool)[path]
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
			return reqs[path]
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// mayDeclareBoundary reports whether pkg can declare a tool boundary: a
// boundary takes or returns handlers or middleware of an SDK, so its
// package reaches one, unless the configuration names it.
func (m *Model) mayDeclareBoundary(pkg *types.Package) bool {
	if m.reachesSDK(pkg) {
		return true
	}
	for n := range m.cfgNames {
		if strings.HasPrefix(n, pkg.Path()+".") {
			return true
		}
	}
	return false
}

// A ServerBoundary is a boundary a fix can install as server middleware.
type ServerBoundary struct {
	Name      string // how messages name it: mcpgo.Boundary
	Expr      string // the middleware value as the file spells it: mcpgo.Boundary, gosdk.ReceivingBoundary()
	ServerPkg string // mcp-go: how the file names the server package ("server")
	Imports   []analysis.TextEdit
}

// serverBoundary returns the one boundary file can see that installs as
// server middleware of the SDK ("mcp-go": a server.ToolHandlerMiddleware
// value for server.WithToolHandlerMiddleware; "go-sdk": an mcp.Middleware
// for AddReceivingMiddleware): a boundary of the package or of a package
// the file imports, or, when the module requires toolcheck's toolerr,
// toolerr/mcpgo.Boundary or toolerr/gosdk.ReceivingBoundary(). False when
// there is none, or more than one.
func (m *Model) serverBoundary(file *ast.File, sdk string) (ServerBoundary, bool) {
	type cand struct {
		pkg, name, expr string // package path, qualified name, expression
	}
	var cands []cand
	seen := map[string]bool{}
	add := func(c cand) {
		if !seen[c.pkg+"."+c.name] {
			seen[c.pkg+"."+c.name] = true
			cands = append(cands, c)
		}
	}
	for qual, fn := range m.visibleFuncs(file, m.mayDeclareBoundary) {
		if !m.IsBoundary(fn) || mcpsdk.IsSDKPath(mcpsdk.PkgPath(fn)) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.TypeParams().Len() > 0 || sig.Results().Len() != 1 {
			continue
		}
		switch {
		case sdkMiddleware(fn.Type(), sdk):
			add(cand{mcpsdk.PkgPath(fn), qual, qual}) // Boundary(next) next: the function is the middleware
		case (sig.Params().Len() == 0 || sig.Params().Len() == 1 && sig.Variadic()) && sdkMiddleware(sig.Results().At(0).Type(), sdk):
			add(cand{mcpsdk.PkgPath(fn), qual, qual + "()"}) // NewBoundary(opts...) middleware: its result is
		}
	}
	// A package whose plain boundary is visible offers no factory besides.
	byPkg := map[string][]cand{}
	for _, c := range cands {
		byPkg[c.pkg] = append(byPkg[c.pkg], c)
	}
	cands = cands[:0]
	for _, cs := range byPkg {
		var plain []cand
		for _, c := range cs {
			if !strings.HasSuffix(c.expr, "()") {
				plain = append(plain, c)
			}
		}
		if len(plain) > 0 {
			cs = plain
		}
		cands = append(cands, cs...)
	}
	var b ServerBoundary
	switch {
	case len(cands) == 1:
		b.Name, b.Expr = cands[0].name, cands[0].expr
	case len(cands) == 0 && m.moduleRequires(file, ToolerrModule):
		path, name, expr := ToolerrModule+"/mcpgo", "mcpgo", "Boundary"
		if sdk == "go-sdk" {
			path, name, expr = ToolerrModule+"/gosdk", "gosdk", "ReceivingBoundary()"
		}
		q, edits, ok := m.Qualifier(file, path, name)
		if !ok {
			return ServerBoundary{}, false
		}
		b.Name, b.Expr, b.Imports = q+strings.TrimSuffix(expr, "()"), q+expr, edits
	default:
		return ServerBoundary{}, false
	}
	if sdk == "mcp-go" {
		q, edits, ok := m.Qualifier(file, mcpsdk.MCPGoServer, "server")
		if !ok {
			return ServerBoundary{}, false
		}
		b.ServerPkg = strings.TrimSuffix(q, ".")
		b.Imports = MergeImports(b.Imports, edits)
	}
	return b, true
}

// sdkMiddleware reports whether t is server middleware of the SDK: a
// server.ToolHandlerMiddleware shape for mcp-go, an mcp.Middleware shape
// for go-sdk.
func sdkMiddleware(t types.Type, sdk string) bool {
	if !mcpsdk.IsMiddlewareType(t) {
		return false
	}
	k := mcpsdk.HandlerKindOf(t.Underlying().(*types.Signature).Params().At(0).Type())
	switch sdk {
	case "mcp-go":
		return k == mcpsdk.MCPGoHandler
	case "go-sdk":
		return k == mcpsdk.GoSDKMethod
	}
	return false
}

// assignedTo returns the statement that stores the value of call in a
// variable or field (s := mcp.NewServer(...), var s = ..., a.srv = ...),
// and how the code names that storage; nil when it stores it in none.
func (m *Model) assignedTo(call *ast.CallExpr) (ast.Stmt, string) {
	c, ok := m.Syntax.Root().FindNode(call)
	if !ok {
		return nil, ""
	}
	p := c.Parent()
	switch n := p.Node().(type) {
	case *ast.AssignStmt:
		if len(n.Lhs) == 1 && len(n.Rhs) == 1 && n.Rhs[0] == call {
			return n, types.ExprString(n.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(n.Names) == 1 && len(n.Values) == 1 && n.Values[0] == call {
			if ds, ok := p.Parent().Parent().Node().(*ast.DeclStmt); ok {
				return ds, n.Names[0].Name
			}
		}
	}
	return nil, ""
}

// InstallBoundary returns the fix that installs the one boundary the file
// can see (ServerBoundary) as server middleware on the server call makes,
// of the SDK its type says, where it runs outermost (install.go): for
// mcp-go (server.NewMCPServer) the first option
// (server.WithToolHandlerMiddleware(b)), first in the slice literal the
// options are spread from (opts...), or prepended to them by a statement
// before the construction; for go-sdk, whose servers take middleware at
// any time, a statement after the one that stores the server call builds
// or returns, or after the test of the error returned with it
// (serverStore), and after the server's other AddReceivingMiddleware
// calls that follow (s.AddReceivingMiddleware(b)). False when there is no
// such boundary or the code has another shape.
func (m *Model) InstallBoundary(call *ast.CallExpr) (analysis.SuggestedFix, bool) {
	sdk := serverSDK(m.Pass.TypesInfo.TypeOf(call))
	file := m.FileOf(call.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	b, ok := m.serverBoundary(file, sdk)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	switch sdk {
	case "mcp-go":
		// server.NewMCPServer(name, version, opts..., server.WithToolHandlerMiddleware(b))
		// Only at the construction: mcp-go takes middleware as an option.
		if !mcpsdk.IsFunc(typeutil.StaticCallee(m.Pass.TypesInfo, call), mcpsdk.MCPGoServer, "NewMCPServer") ||
			len(call.Args) < 3 && call.Ellipsis.IsValid() || len(call.Args) < 2 {
			return analysis.SuggestedFix{}, false
		}
		opt := b.ServerPkg + ".WithToolHandlerMiddleware(" + b.Expr + ")"
		e, ok := m.firstOption(call, opt, b.ServerPkg+".ServerOption")
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e)
	case "go-sdk":
		// s := mcp.NewServer(...)
		// s.AddReceivingMiddleware(other)
		// s.AddReceivingMiddleware(b)
		stmt, name, obj := m.serverStore(call)
		if stmt == nil {
			return analysis.SuggestedFix{}, false
		}
		stmt = m.lastMiddleware(stmt, obj)
		indent, eol := m.lineOf(stmt.Pos(), stmt.End())
		edits = append(edits, analysis.TextEdit{Pos: eol, End: eol,
			NewText: []byte("\n" + indent + name + ".AddReceivingMiddleware(" + b.Expr + ")")})
	default:
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, b.Imports...)
	return analysis.SuggestedFix{Message: "install " + b.Name + " as server middleware", TextEdits: edits}, true
}

// serverStore reads where the go-sdk server call builds or returns is
// stored: s := newServer(...) (the statement, assignedTo), or, with its
// error, s, err := newServer(...) tested right after (if err != nil {
// return ... }: the test, after which the server is certainly built).
// It returns that statement, how the code names the storage, and the
// storage; nil when the code has another shape. go-sdk servers take
// middleware at any time, so middleware added after the statement wraps
// the tools newServer registered.
func (m *Model) serverStore(call *ast.CallExpr) (ast.Stmt, string, types.Object) {
	info := m.Pass.TypesInfo
	if mcpsdk.IsNamed(info.TypeOf(call), mcpsdk.GoSDKMCP, "Server") {
		stmt, name := m.assignedTo(call)
		switch st := stmt.(type) {
		case *ast.AssignStmt:
			return st, name, m.Flow.StorageOf(st.Lhs[0])
		case *ast.DeclStmt:
			spec := st.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
			return st, name, info.Defs[spec.Names[0]]
		}
		return nil, "", nil
	}
	c, ok := m.Syntax.Root().FindNode(call)
	if !ok {
		return nil, "", nil
	}
	as, isAssign := c.Parent().Node().(*ast.AssignStmt)
	if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 || as.Rhs[0] != call {
		return nil, "", nil
	}
	srv, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	errv, _ := ast.Unparen(as.Lhs[1]).(*ast.Ident)
	if srv == nil || errv == nil || srv.Name == "_" || errv.Name == "_" ||
		!mcpsdk.IsNamed(info.TypeOf(srv), mcpsdk.GoSDKMCP, "Server") || !mcpsdk.IsErrorType(info.TypeOf(errv)) {
		return nil, "", nil
	}
	v, _ := info.ObjectOf(srv).(*types.Var)
	var list []ast.Stmt
	switch b := c.Parent().Parent().Node().(type) {
	case *ast.BlockStmt:
		list = b.List
	case *ast.CaseClause:
		list = b.Body
	}
	i := slices.Index(list, ast.Stmt(as))
	if v == nil || i < 0 || i+1 == len(list) {
		return nil, "", nil
	}
	ifs, isIf := list[i+1].(*ast.IfStmt)
	if !isIf || ifs.Init != nil || ifs.Else != nil || !flow.Terminates(ifs.Body) {
		return nil, "", nil
	}
	b, isBin := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !isBin || b.Op != token.NEQ || info.ObjectOf(identOrNil(b.X)) != info.ObjectOf(errv) || !flow.IsNil(info, b.Y) {
		return nil, "", nil
	}
	return ifs, srv.Name, v
}

func identOrNil(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// serverSDK names the SDK of a server type, or of the first result of a
// call's tuple: "mcp-go", "go-sdk", or "".
func serverSDK(t types.Type) string {
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type()
	}
	switch {
	case mcpsdk.IsNamed(t, mcpsdk.MCPGoServer, "MCPServer"):
		return "mcp-go"
	case mcpsdk.IsNamed(t, mcpsdk.GoSDKMCP, "Server"):
		return "go-sdk"
	}
	return ""
}

// enclosingStmt returns the statement of a block or case clause that holds
// n, or nil.
func (m *Model) enclosingStmt(n ast.Node) ast.Stmt {
	c, ok := m.Syntax.Root().FindNode(n)
	if !ok {
		return nil
	}
	for ; c.Valid(); c = c.Parent() {
		stmt, isStmt := c.Node().(ast.Stmt)
		if !isStmt {
			continue
		}
		switch c.Parent().Node().(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			return stmt
		case *ast.FuncDecl, *ast.FuncLit:
			return nil
		}
	}
	return nil
}

// lineOf returns the leading white space of the line holding start, and
// the end of the line holding end (after any comment on it).
func (m *Model) lineOf(start, end token.Pos) (string, token.Pos) {
	tf := m.Pass.Fset.File(start)
	if tf == nil {
		return "\t", end
	}
	src, err := m.Pass.ReadFile(tf.Name())
	if err != nil {
		return "\t", end
	}
	off := tf.Offset(tf.LineStart(tf.Line(start)))
	ws := off
	for ws < len(src) && (src[ws] == ' ' || src[ws] == '\t') {
		ws++
	}
	eol := tf.Offset(end)
	for eol < len(src) && src[eol] != '\n' {
		eol++
	}
	return string(src[off:ws]), tf.Pos(eol)
}

// BehindBoundary reports whether, as far as this package shows, the tools
// whose code holds pos are behind a tool boundary once the fixes of one
// pass are applied, so that a returned error becomes the boundary's fixed
// fault message and a ToolError is rendered and logged: the file can see a
// boundary (the module requires toolerr, or a boundary function of the
// project is in scope), and every tool the package registers without one
// is on a server unwrapped's fix installs it on (InstallBoundary): one
// built in the package, or a go-sdk server a call returns. Tools registered in another package are taken to be
// behind it when the module requires toolerr: that package's own
// constructions get the same fix.
func (m *Model) BehindBoundary(pos token.Pos) bool {
	if !m.Relevant {
		return false
	}
	file := m.FileOf(pos)
	if file == nil {
		return false
	}
	m.mu.Lock()
	v, ok := m.bounded[file]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = m.moduleRequires(file, ToolerrModule)
	if !v {
		for _, fn := range m.visibleFuncs(file, m.mayDeclareBoundary) {
			if m.IsBoundary(fn) {
				v = true
				break
			}
		}
	}
	v = v && m.allInstallable()
	m.mu.Lock()
	if m.bounded == nil {
		m.bounded = map[*ast.File]bool{}
	}
	m.bounded[file] = v
	m.mu.Unlock()
	return v
}

// InstallSite returns the call where unwrapped's fix installs the
// boundary for reg: the construction of its server in this package, or
// else the call that registers it (a go-sdk server that call returns).
// InstallBoundary says whether the fix applies there.
func InstallSite(reg *Registration) *ast.CallExpr {
	if reg.Server != nil {
		return reg.Server
	}
	return reg.Call
}

// allInstallable reports whether unwrapped's fix installs the boundary
// for every registration of the package without it, computed once: it
// does not depend on the file asking.
func (m *Model) allInstallable() bool {
	m.mu.Lock()
	done, v := m.installable != nil, m.installable != nil && *m.installable
	m.mu.Unlock()
	if done {
		return v
	}
	v = true
	seen := map[*ast.CallExpr]bool{}
	for _, reg := range m.Unwrapped {
		at := InstallSite(reg)
		if seen[at] {
			continue
		}
		seen[at] = true
		if _, ok := m.InstallBoundary(at); !ok {
			v = false
			break
		}
	}
	m.mu.Lock()
	m.installable = &v
	m.mu.Unlock()
	return v
}

// messageCtor reports whether fn is a ToolError constructor that takes a
// message, optionally followed by options: func(msg string) T or
// func(msg string, opts ...O) T, where O is not an empty interface (a
// format's arguments). A fix can call it with the message alone.
func (m *Model) messageCtor(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() > 0 || sig.Recv() != nil || sig.Results().Len() != 1 {
		return false
	}
	ps := sig.Params()
	if ps.Len() == 0 || ps.Len() > 2 || !types.Identical(ps.At(0).Type(), types.Typ[types.String]) {
		return false
	}
	if ps.Len() == 2 {
		if !sig.Variadic() {
			return false
		}
		elem := ps.At(1).Type().(*types.Slice).Elem()
		if it, ok := elem.Underlying().(*types.Interface); ok && it.Empty() {
			return false
		}
	}
	return m.ToolErrors.Ctor(fn) != nil
}

// OutcomeCtor returns the constructor among cands that builds a ToolError
// of outcome k: one whose default level is the outcome's (INFO for a
// caller error and stale state, WARN for unavailable, ERROR for a fault)
// and whose name says it (Caller, Stale, Unavailable, Fault); for a caller
// error, when no name says, the only INFO constructor whose name does not
// say Stale. Nil when none qualifies, or several do.
func (m *Model) OutcomeCtor(cands []*types.Func, k outcome.Kind) *types.Func {
	var level toolerror.Level
	var word string
	switch k {
	case outcome.Caller:
		level, word = toolerror.LevelInfo, "Caller"
	case outcome.Stale:
		level, word = toolerror.LevelInfo, "Stale"
	case outcome.Unavailable:
		level, word = toolerror.LevelWarn, "Unavailable"
	case outcome.Fault:
		level, word = toolerror.LevelError, "Fault"
	default:
		return nil
	}
	lv := m.ToolErrors.Levels()
	var named, unnamed []*types.Func
	for _, fn := range cands {
		if lv.CtorDefault(fn) != level {
			continue
		}
		switch {
		case strings.Contains(fn.Name(), word):
			named = append(named, fn)
		case k == outcome.Caller && !strings.Contains(fn.Name(), "Stale"):
			unnamed = append(unnamed, fn)
		}
	}
	switch {
	case len(named) == 1:
		return named[0]
	case len(named) == 0 && len(unnamed) == 1:
		return unnamed[0]
	}
	return nil
}

// A ToolErrorAPI is the ToolError constructors a fix in one file calls,
// one per outcome, as the file spells them, with the edits that import
// their package when the file does not yet.
type ToolErrorAPI struct {
	Pkg     string                  // the package's path
	Ctors   map[outcome.Kind]string // outcome.Caller, outcome.Stale, outcome.Unavailable, outcome.Fault
	Imports []analysis.TextEdit
}

// ToolErrorAPI returns the ToolError API file can call: the one package
// among the package itself and those the file imports whose constructors
// take a message (messageCtor), or, when there is none and the module
// requires toolerr, toolerr. A constructor serves an outcome by its
// default level and its name: CallerError and Stale at INFO, Unavailable
// at WARN, Fault at ERROR. False when no package offers one, or more than
// one does.
func (m *Model) ToolErrorAPI(file *ast.File) (ToolErrorAPI, bool) {
	byPkg := map[string][]string{}
	fns := map[string]*types.Func{}
	// An SDK declares no ToolError constructor: its scopes are not read.
	keep := func(p *types.Package) bool { return !mcpsdk.IsSDKPath(p.Path()) && m.relevantPackage(p) }
	for qual, fn := range m.visibleFuncs(file, keep) {
		if fn.Exported() && m.messageCtor(fn) {
			byPkg[mcpsdk.PkgPath(fn)] = append(byPkg[mcpsdk.PkgPath(fn)], qual)
			fns[qual] = fn
		}
	}
	api := ToolErrorAPI{Ctors: map[outcome.Kind]string{}}
	switch {
	case len(byPkg) == 1:
		for path, quals := range byPkg {
			api.Pkg = path
			cands := make([]*types.Func, len(quals))
			qualOf := map[*types.Func]string{}
			for i, q := range quals {
				cands[i] = fns[q]
				qualOf[fns[q]] = q
			}
			for _, k := range []outcome.Kind{outcome.Caller, outcome.Stale, outcome.Unavailable, outcome.Fault} {
				if fn := m.OutcomeCtor(cands, k); fn != nil {
					api.Ctors[k] = qualOf[fn]
				}
			}
		}
	case len(byPkg) == 0 && m.moduleRequires(file, ToolerrModule):
		q, edits, ok := m.Qualifier(file, ToolerrModule, "toolerr")
		if !ok {
			return ToolErrorAPI{}, false
		}
		api.Pkg, api.Imports = ToolerrModule, edits
		api.Ctors[outcome.Caller] = q + "CallerError"
		api.Ctors[outcome.Stale] = q + "Stale"
		api.Ctors[outcome.Unavailable] = q + "Unavailable"
		api.Ctors[outcome.Fault] = q + "Fault"
	default:
		return ToolErrorAPI{}, false
	}
	return api, true
}
