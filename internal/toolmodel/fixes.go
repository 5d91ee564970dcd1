package toolmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/toolcheck/toolcheck/internal/fixes"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// Fixes returns the package's fix builder, made on first use (after the
// model is built: it reads the registrations without the boundary).
func (m *Model) Fixes() *fixes.Builder {
	m.fixesOnce.Do(func() {
		var sites []*ast.CallExpr
		for _, reg := range m.Unwrapped {
			sites = append(sites, InstallSite(reg))
		}
		m.fixes = fixes.New(fixes.Inputs{
			Pass: m.Pass, Flow: m.Flow, Syntax: m.Syntax, ToolErrors: m.ToolErrors,
			GoMods: m.Config.GoModCache(), Relevant: m.Relevant, InstallSites: sites,
			IsBoundary: m.IsBoundary, MayDeclareBoundary: m.mayDeclareBoundary, RelevantPackage: m.relevantPackage,
			FileOf: m.FileOf, ServerStore: m.serverStore,
		})
	})
	return m.fixes
}

// mayDeclareBoundary reports whether pkg can declare a tool boundary: a
// boundary takes or returns handlers or middleware of an SDK, so its
// package reaches one, unless the configuration names it; an SDK itself
// declares none (isBoundary), so its large scopes are not read.
func (m *Model) mayDeclareBoundary(pkg *types.Package) bool {
	if mcpsdk.IsSDKPath(pkg.Path()) {
		return false
	}
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
