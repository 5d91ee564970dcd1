// Package toolrecord says which types are tool records: structs that
// carry a tool with its handler, as mcp-go's server.ServerTool does, and
// the project's types that convert into one.
package toolrecord

import (
	"go/types"
	"sync"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// A Record is a tool record type: a struct that carries a tool with its
// handler, mcp-go's
// server.ServerTool and ServerTaskTool, and a project's own type shaped
// like them (a field of an SDK's mcp.Tool type and a handler field, or a
// field of a function returning a handler, which builds the handler from
// dependencies at registration). Tools are followed as records through
// slices, maps, fields and factories, so that each tool stays paired with
// its handler.
type Record struct {
	Tool    *types.Var // the tool field, or nil
	Handler *types.Var // the handler field
	Factory bool       // Handler is a function returning the handler
	// Registrar: Handler is a function that registers the tool on the
	// server it is given as parameter Server (Register func(*mcp.Server)).
	Registrar bool
	Server    int
	Index     [2]int // the fields' positions, for positional literals
	// Convert names the method that makes a value of the type into an
	// SDK record (t.toMCPServerTool() server.ServerTool): a project's
	// own tool type, struct or interface, holding the handler in a type
	// of its own. Its tool and handler are those of the record the
	// method returns for the value.
	Convert string
}

// A Table answers which types are tool records. Keep one for the analysis
// of one package only: a process-wide table would keep every type of
// every package a long-lived process (the language server) ever checked.
// The zero Table is ready to use; its methods may be called concurrently.
type Table struct {
	mu      sync.Mutex
	records map[*types.Named]*Record
}

// Of returns the tool record type t is, or points to, or nil.
func (tb *Table) Of(t types.Type) *Record {
	n := mcpsdk.NamedOf(t)
	if n == nil {
		return nil
	}
	n = n.Origin()
	switch n.Underlying().(type) {
	case *types.Struct:
	case *types.Interface:
		if n.Obj().Pkg() == nil {
			return nil // error
		}
	default:
		return nil // most named types: no cache lookup
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if r, ok := tb.records[n]; ok {
		return r
	}
	if tb.records == nil {
		tb.records = map[*types.Named]*Record{}
	}
	r := compute(n)
	if r == nil {
		r = tb.converted(n)
	}
	tb.records[n] = r
	return r
}

func compute(n *types.Named) *Record {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	r := &Record{}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		t := f.Type()
		switch {
		case mcpsdk.IsToolType(t) && r.Tool == nil:
			r.Tool, r.Index[0] = f, i
		case mcpsdk.HandlerKindOf(t).IsToolHandler() && r.Handler == nil:
			r.Handler, r.Index[1] = f, i
		case r.Handler == nil:
			sig, _ := t.Underlying().(*types.Signature)
			switch {
			case sig == nil:
			case sig.Results().Len() == 1 && mcpsdk.HandlerKindOf(sig.Results().At(0).Type()).IsToolHandler():
				r.Handler, r.Factory, r.Index[1] = f, true, i
			case sig.Results().Len() == 0:
				for j := 0; j < sig.Params().Len(); j++ {
					if mcpsdk.IsServerType(sig.Params().At(j).Type()) {
						r.Handler, r.Registrar, r.Server, r.Index[1] = f, true, j, i
						break
					}
				}
			}
		}
	}
	if r.Handler == nil || r.Tool == nil && !r.Registrar && !(mcpsdk.IsNamed(n, mcpsdk.MCPGoServer, "ServerTool") || mcpsdk.IsNamed(n, mcpsdk.MCPGoServer, "ServerTaskTool")) {
		return nil
	}
	return r
}

// mayConvert reports whether n may have a method of no parameters and one
// result of another named type, the shape of a conversion into a record:
// its own methods (an interface's, embedded ones included) tell, unless
// its struct embeds fields, whose methods it may promote. Most types
// have none, and their method set, which converted would build, is not
// needed (the types of the standard library every package meets).
func mayConvert(n *types.Named) bool {
	switch u := n.Underlying().(type) {
	case *types.Interface:
		for i := 0; i < u.NumMethods(); i++ {
			if convertResult(u.Method(i).Signature()) != nil {
				return true
			}
		}
		return false
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Embedded() {
				return true
			}
		}
	}
	for i := 0; i < n.NumMethods(); i++ {
		if convertResult(n.Method(i).Signature()) != nil {
			return true
		}
	}
	return false
}

// convertResult returns the named type a method of signature sig returns,
// if it has the shape of a conversion (no parameters, one result of a
// named type), or nil.
func convertResult(sig *types.Signature) *types.Named {
	if sig == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return nil
	}
	return mcpsdk.NamedOf(sig.Results().At(0).Type())
}

// converted returns the record of a type that converts its values
// into SDK records by a method of no parameters returning one, or nil.
// The caller holds mu.
func (tb *Table) converted(n *types.Named) *Record {
	if n.Obj().Pkg() == nil || mcpsdk.IsSDKPath(n.Obj().Pkg().Path()) || !mayConvert(n) {
		return nil
	}
	var ms *types.MethodSet
	if types.IsInterface(n) {
		ms = types.NewMethodSet(n)
	} else {
		ms = types.NewMethodSet(types.NewPointer(n))
	}
	for i := 0; i < ms.Len(); i++ {
		sig, _ := ms.At(i).Type().(*types.Signature)
		rn := convertResult(sig)
		if rn == nil || rn.Origin() == n {
			continue
		}
		rn = rn.Origin()
		r, ok := tb.records[rn]
		if !ok {
			r = compute(rn)
			tb.records[rn] = r
		}
		if r != nil && r.Convert == "" {
			return &Record{Convert: ms.At(i).Obj().Name()}
		}
	}
	return nil
}
