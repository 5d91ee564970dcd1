package fixes

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
	"github.com/toolcheck/toolcheck/internal/outcome"
	"github.com/toolcheck/toolcheck/internal/toolerror"
)

// messageCtor reports whether fn is a ToolError constructor that takes a
// message, optionally followed by options: func(msg string) T or
// func(msg string, opts ...O) T, where O is not an empty interface (a
// format's arguments). A fix can call it with the message alone.
func (fb *Builder) messageCtor(fn *types.Func) bool {
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
	return fb.ToolErrors.Ctor(fn) != nil
}

// OutcomeCtor returns the constructor among cands that builds a ToolError
// of outcome k: one whose default level is the outcome's (INFO for a
// caller error and stale state, WARN for unavailable, ERROR for a fault)
// and whose name says it (Caller, Stale, Unavailable, Fault); for a caller
// error, when no name says, the only INFO constructor whose name does not
// say Stale. Nil when none qualifies, or several do.
func (fb *Builder) OutcomeCtor(cands []*types.Func, k outcome.Kind) *types.Func {
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
	lv := fb.ToolErrors.Levels()
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
func (fb *Builder) ToolErrorAPI(file *ast.File) (ToolErrorAPI, bool) {
	byPkg := map[string][]string{}
	fns := map[string]*types.Func{}
	// An SDK declares no ToolError constructor: its scopes are not read.
	keep := func(p *types.Package) bool { return !mcpsdk.IsSDKPath(p.Path()) && fb.RelevantPackage(p) }
	for qual, fn := range fb.visibleFuncs(file, keep) {
		if fn.Exported() && fb.messageCtor(fn) {
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
				if fn := fb.OutcomeCtor(cands, k); fn != nil {
					api.Ctors[k] = qualOf[fn]
				}
			}
		}
	case len(byPkg) == 0 && fb.ModuleRequires(file, ToolerrModule):
		q, edits, ok := fb.Qualifier(file, ToolerrModule, "toolerr")
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
