package messagetext

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/toolcheck/toolcheck/internal/astindex"
	"github.com/toolcheck/toolcheck/internal/flow"
	"github.com/toolcheck/toolcheck/internal/toolmodel"
)

// envFact lists the environment variables a package reads; Helpers says
// it has functions that read the one their parameter names (envParamFact).
type envFact struct {
	Names   []string
	Helpers bool
}

func (*envFact) AFact() {}

func (f *envFact) String() string {
	s := "env(" + strings.Join(f.Names, ", ") + ")"
	if f.Helpers {
		s += "+helpers"
	}
	return s
}

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
				if ref, ok := c.defs.param(l.param); ok && ref.fn == d && ref.index >= 0 && !seenParam[ref.index] && isErrorType(l.param.Type()) {
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
func (c *checker) errFactLeaves(ef *errFact, fn *types.Func, call *ast.CallExpr, f *flow.Frame) []leaf {
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

// envParamFact marks a function that reads the environment variable its
// parameter Index names: `func getEnv(key, def string) string { if v, ok
// := os.LookupEnv(key); ok { return v }; return def }`.
type envParamFact struct{ Index int }

func (*envParamFact) AFact() {}

func (f *envParamFact) String() string { return fmt.Sprintf("envparam(%d)", f.Index) }

// envReads returns the names of the environment variables the package
// reads with os.Getenv, os.LookupEnv, syscall.Getenv or os.ExpandEnv, or
// with a function that passes its parameter to one of them (of this
// package, learned to a fixed point, or of another by envParamFact, which
// it exports for this package's exported such functions, helpers saying
// there are some; helpers are learned in the project's own packages,
// those fl indexes). Standard-library
// packages, and packages that import neither os nor syscall nor a package
// with such a function, are skipped.
func envReads(pass *analysis.Pass, syntax *astindex.Index, fl *flow.Info) (names []string, helpers bool) {
	imports := false
	for _, imp := range pass.Pkg.Imports() {
		var f envFact
		if imp.Path() == "os" || imp.Path() == "syscall" || pass.ImportPackageFact(imp, &f) && f.Helpers {
			imports = true
		}
	}
	if !imports || len(pass.Files) == 0 {
		return nil, false
	}
	if toolmodel.InGOROOT(pass) {
		return nil, false
	}
	learned := map[*types.Func]int{}  // this package's, by the parameter
	imported := map[*types.Func]int{} // other packages', from their facts, once each
	scratch := new(envParamFact)      // receives each imported fact, read at once
	// nameArg returns the index of the argument of a call of fn that names
	// an environment variable, or -1.
	nameArg := func(fn *types.Func) int {
		path, name := fn.Pkg().Path(), fn.Name()
		switch {
		case (path == "os" || path == "syscall") && (name == "Getenv" || name == "LookupEnv"):
			return 0
		case fn.Pkg() == pass.Pkg:
			if i, ok := learned[fn]; ok {
				return i
			}
			return -1
		}
		if i, ok := imported[fn]; ok {
			return i
		}
		i := -1
		*scratch = envParamFact{}
		if pass.ImportObjectFact(fn, scratch) {
			i = scratch.Index
		}
		imported[fn] = i
		return i
	}
	// The calls that may read the environment: their first argument a
	// string constant or a parameter.
	type read struct {
		call *ast.CallExpr
		fn   *types.Func
	}
	var reads []read
	visit := func(call *ast.CallExpr) {
		if len(call.Args) == 0 {
			return
		}
		fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil {
			return
		}
		if fl == nil && fn.Pkg().Path() != "os" && fn.Pkg().Path() != "syscall" {
			return // not the project's own code: no helper of it is learned
		}
		fn = fn.Origin()
		if fn.Pkg() != pass.Pkg && !(fn.Pkg().Path() == "os" && fn.Name() == "ExpandEnv") && nameArg(fn) < 0 {
			return // another package's function that names no variable
		}
		reads = append(reads, read{call, fn})
	}
	if syntax != nil {
		for c := range syntax.Root().Preorder((*ast.CallExpr)(nil)) {
			visit(c.Node().(*ast.CallExpr))
		}
	} else {
		for _, f := range pass.Files {
			if fl == nil && !importsEnv(f) {
				continue // it can call no function visit keeps
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					visit(call)
				}
				return true
			})
		}
	}
	seen := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, r := range reads {
			if r.fn.Pkg().Path() == "os" && r.fn.Name() == "ExpandEnv" {
				if tv := pass.TypesInfo.Types[r.call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
					for _, m := range dollarVar.FindAllStringSubmatch(constant.StringVal(tv.Value), -1) {
						seen[m[1]] = true
					}
				}
				continue
			}
			i := nameArg(r.fn)
			if i < 0 || i >= len(r.call.Args) {
				continue
			}
			arg := r.call.Args[i]
			if tv := pass.TypesInfo.Types[arg]; tv.Value != nil && tv.Value.Kind() == constant.String {
				seen[constant.StringVal(tv.Value)] = true
				continue
			}
			id, ok := ast.Unparen(arg).(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := pass.TypesInfo.Uses[id].(*types.Var)
			if p, ok := fl.ParamOf(v); ok && p.Index >= 0 {
				if fn := fl.FuncOf(p.Func); fn != nil {
					if _, known := learned[fn]; !known {
						learned[fn] = p.Index
						changed = true
					}
				}
			}
		}
	}
	for fn, i := range learned {
		if fn.Exported() { // only this package can call the rest
			pass.ExportObjectFact(fn, &envParamFact{Index: i})
			helpers = true
		}
	}
	for n := range seen {
		if n != "" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, helpers
}

// importsEnv reports whether f imports os or syscall, whose functions
// read the environment.
func importsEnv(f *ast.File) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "os" || p == "syscall" {
			return true
		}
	}
	return false
}
