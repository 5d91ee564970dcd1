package messagetext

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// envFact lists the environment variables a package reads.
type envFact struct{ Names []string }

func (*envFact) AFact() {}

func (f *envFact) String() string { return "env(" + strings.Join(f.Names, ", ") + ")" }

// textFact says which parameters of a function reach model-facing text,
// and with which fmt verb.
type textFact struct{ Params []paramUse }

type paramUse struct {
	Index int
	Verb  string
}

func (*textFact) AFact() {}

func (f *textFact) String() string {
	var parts []string
	for _, p := range f.Params {
		s := fmt.Sprint(p.Index)
		if p.Verb != "" {
			s += " %" + p.Verb
		}
		parts = append(parts, s)
	}
	return "modelText(" + strings.Join(parts, ", ") + ")"
}

// errFact says what the error result of a function may carry: the raw
// errors of operations on server resources, and the errors its
// parameters hold.
type errFact struct {
	Ops    []string
	Params []int
}

func (*errFact) AFact() {}

func (f *errFact) String() string {
	parts := append([]string(nil), f.Ops...)
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprintf("param %d", p))
	}
	return "rawError(" + strings.Join(parts, ", ") + ")"
}

// exportErrFacts summarises, for the packages that import this one, the
// error result of each function: which raw server errors and which
// parameters' errors it may return.
func (c *checker) exportErrFacts() {
	fns := make([]*types.Func, 0, len(c.decls))
	for fn := range c.decls {
		fns = append(fns, fn)
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].Pos() < fns[j].Pos() })
	for _, fn := range fns {
		d := c.decls[fn]
		if !fn.Exported() {
			continue // only this package can call it
		}
		sig := fn.Type().(*types.Signature)
		res := sig.Results()
		if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		f := &errFact{}
		seenOp, seenParam := map[string]bool{}, map[int]bool{}
		for _, l := range c.returnLeaves(d, nil, res.Len()-1, nil) {
			switch l.kind {
			case lServer:
				if !seenOp[l.what] {
					seenOp[l.what] = true
					f.Ops = append(f.Ops, l.what)
				}
			case lParam:
				if ref, ok := c.defs.params[l.param]; ok && ref.fn == d && ref.index >= 0 && !seenParam[ref.index] && isErrorType(l.param.Type()) {
					seenParam[ref.index] = true
					f.Params = append(f.Params, ref.index)
				}
			}
		}
		if len(f.Ops) > 0 || len(f.Params) > 0 {
			sort.Strings(f.Ops)
			sort.Ints(f.Params)
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// errFactLeaves classifies the error of a call to another package's
// function by its fact.
func (c *checker) errFactLeaves(ef *errFact, fn *types.Func, call *ast.CallExpr, f *frame) []leaf {
	var out []leaf
	for _, op := range ef.Ops {
		out = append(out, leaf{kind: lServer, what: op, via: toolmodel.FuncName(fn)})
	}
	for _, i := range ef.Params {
		if i < len(call.Args) {
			out = append(out, c.leaves(call.Args[i], -1, f)...)
		}
	}
	return out
}

// envReads returns the names of the environment variables the package
// reads with os.Getenv, os.LookupEnv, syscall.Getenv or os.ExpandEnv.
// Standard-library packages and packages that import neither os nor
// syscall are skipped.
func envReads(pass *analysis.Pass, syntax *astindex.Index) []string {
	imports := false
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() == "os" || imp.Path() == "syscall" {
			imports = true
		}
	}
	if !imports || len(pass.Files) == 0 {
		return nil
	}
	if toolmodel.InGOROOT(pass) {
		return nil
	}
	seen := map[string]bool{}
	visit := func(call *ast.CallExpr) {
		if len(call.Args) == 0 {
			return
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil {
			return
		}
		path, name := fn.Pkg().Path(), fn.Name()
		if path != "os" && path != "syscall" {
			return
		}
		tv := pass.TypesInfo.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		s := constant.StringVal(tv.Value)
		switch {
		case name == "Getenv" || name == "LookupEnv":
			seen[s] = true
		case path == "os" && name == "ExpandEnv":
			for _, m := range dollarVar.FindAllStringSubmatch(s, -1) {
				seen[m[1]] = true
			}
		}
	}
	if syntax != nil {
		for c := range syntax.Root().Preorder((*ast.CallExpr)(nil)) {
			visit(c.Node().(*ast.CallExpr))
		}
	} else {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					visit(call)
				}
				return true
			})
		}
	}
	var names []string
	for n := range seen {
		if n != "" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}
