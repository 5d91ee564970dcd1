// Package toolfact declares the facts the tool model exports about a
// package's functions and variables for the packages that import it: what
// a function returns, registers and installs (FuncFact, in terms of its
// parameters: Value), the tool records a package builds (PoolFact), and the
// tools a package-level variable holds (ToolVarFact).
package toolfact

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// ValueKind says what a value in a fact is.
type ValueKind int

const (
	WrappedHandler  ValueKind = iota + 1 // a boundary-wrapped handler
	RawHandler                           // a raw handler (Name says which)
	FromParam                            // the function's parameter Param (-1: receiver)
	EquippedServer                       // a server carrying the boundary
	BareServer                           // a server built without it
	NamedTool                            // a tool (Tool names it)
	RecordPool                           // the tool records of type Name the program builds (see PoolFact)
	ServerByOptions                      // a server built without it, unless the options the caller passes as parameter Param install it
)

// A Value is one possible value of a handler, tool or server in a fact.
type Value struct {
	Kind  ValueKind
	Name  string // RawHandler: the handler's name
	Param int    // FromParam: the parameter (-1: the receiver)
	Tool  string // NamedTool, and RawHandler once registered: the tool's name
	Where string // NamedTool, RawHandler: where the tool is registered or defined (file.go:12)
	// ToolArg, for RawHandler, says the tool's name (or mcp.Tool) is
	// the value of parameter ToolArg-1; zero when it is not a parameter's.
	ToolArg int
	// Field, for FromParam, names the parameter's field the value is (a
	// config struct's middleware).
	Field string
}

func (s Value) String() string {
	switch s.Kind {
	case WrappedHandler:
		return "wrapped"
	case RawHandler:
		switch {
		case s.Tool != "":
			return "unwrapped " + s.Name + " as " + strconv.Quote(s.Tool)
		case s.ToolArg > 0:
			return fmt.Sprintf("unwrapped %s as param %d", s.Name, s.ToolArg-1)
		}
		return "unwrapped " + s.Name
	case NamedTool:
		return "tool " + strconv.Quote(s.Tool)
	case RecordPool:
		return "pool " + s.Name
	case FromParam:
		p := fmt.Sprintf("param %d", s.Param)
		if s.Param < 0 {
			p = "receiver"
		}
		if s.Field != "" {
			p += "." + s.Field
		}
		if s.ToolArg > 0 {
			p += fmt.Sprintf(" as param %d", s.ToolArg-1)
		}
		return p
	case EquippedServer:
		return "equipped"
	case BareServer:
		return "unequipped"
	case ServerByOptions:
		return fmt.Sprintf("unequipped but for the options of param %d", s.Param)
	}
	return "?"
}

// ResultValue is a value a function returns, by result index.
type ResultValue struct {
	Result int
	Value  Value
}

// ParamReg is a registration a function performs whose handler, tool or
// server comes from its parameters.
type ParamReg struct {
	Handler Value
	Server  Value
	Tool    Value // the tool, when it comes from a parameter (the handler's Tool names it otherwise)
	// Wrap, a parameter, holds middleware applied to the handler: it is
	// wrapped when a boundary is what the call passes there.
	Wrap Value
	// SDK, Session and Task say what kind of registration it is.
	SDK           string
	Session, Task bool
	// Dispatch, when set, names the method of an interface the function
	// calls on the values of parameter DispatchOn (each element of a slice
	// or variadic one), passing Server as the method's parameter
	// DispatchServer: the registrations are those of the methods of the
	// values the caller passes.
	Dispatch       string
	DispatchOn     int
	DispatchServer int
	// DispatchArg, when set, is the method's parameter (+1) the function
	// passes the tool records Handler describes to: the values of
	// DispatchOn hold the server (a project's s.AddTools(tool)), and the
	// registrations are those of their methods with that parameter bound.
	DispatchArg int
}

// FuncFact is what the model learns about a function for the packages that
// import it.
type FuncFact struct {
	Boundary               bool          // wraps the handler it is given in the boundary
	OptionInstallsBoundary bool          // returns a server option installing the boundary
	InstallsBoundaryOn     []int         // installs boundary middleware on these parameters
	Handlers               []ResultValue // handlers it returns
	Servers                []ResultValue // servers it returns
	Tools                  []ResultValue // handlers inside the server.ServerTool values it returns
	ToolDefs               []ResultValue // tools (mcp.Tool values) it returns
	Registers              []ParamReg    // registrations depending on its parameters
	Concrete               []TypeRef     // the dynamic types of the interface values it returns
	// OptionBoundaryIf lists the parameters whose argument, when a
	// boundary, makes the option it returns install it (a wrapper's
	// WithMiddleware(mw)).
	OptionBoundaryIf []int
	// UsesParam lists the parameters whose middleware the method installs
	// on the server its receiver holds (a wrapper's Use(mw...)).
	UsesParam []int
	// Methods lists the methods of the Concrete types that an importer
	// cannot see, with their facts: an unexported type is absent from
	// the export data go vet's importers read, and so are facts about its
	// methods. A call through the interface reaches them by these.
	Methods []MethodFact
	// Fields lists the fields of the struct it returns that hold one of
	// its parameters: a registrar's constructor keeping the server and
	// the middleware it is given.
	Fields []FieldValue
}

// FieldValue says that the struct result Result (or the struct it points
// to, or the struct an interface result holds) holds parameter Param in
// field Field, or, when Server is set, a server the function builds
// (BareServer, EquippedServer, ServerByOptions).
type FieldValue struct {
	Result int
	Field  string
	Param  int
	Server Value
}

// Field returns the parameter the struct result i holds in field name.
func (f *FuncFact) Field(i int, name string) (int, bool) {
	for _, fs := range f.Fields {
		if fs.Result == i && fs.Field == name && fs.Server.Kind == 0 {
			return fs.Param, true
		}
	}
	return 0, false
}

// FieldServer returns the server the function builds and keeps in field
// name of result i.
func (f *FuncFact) FieldServer(i int, name string) (Value, bool) {
	for _, fs := range f.Fields {
		if fs.Result == i && fs.Field == name && fs.Server.Kind != 0 {
			return fs.Server, true
		}
	}
	return Value{}, false
}

// MethodFact is method Name of type Type (a Concrete type's name), with
// its fact if it has one, carried by the function that returns values of
// that type.
type MethodFact struct {
	Type, Name string
	PtrRecv    bool // declared on the pointer type
	Fact       *FuncFact
}

// TypeRef names a type declared at package level, for a fact: what an
// interface value a function returns may hold.
type TypeRef struct {
	Result int
	Pkg    string // the package path
	Name   string
	Ptr    bool // a pointer to the type
}

// AFact marks FuncFact as an analysis fact.
func (*FuncFact) AFact() {}

func (f *FuncFact) String() string {
	var parts []string
	if f.Boundary {
		parts = append(parts, "boundary")
	}
	if f.OptionInstallsBoundary {
		parts = append(parts, "option installs boundary")
	}
	for _, p := range f.UsesParam {
		parts = append(parts, fmt.Sprintf("installs %s on the receiver's server", Value{Kind: FromParam, Param: p}))
	}
	for _, p := range f.OptionBoundaryIf {
		parts = append(parts, fmt.Sprintf("option installs boundary if %s is one", Value{Kind: FromParam, Param: p}))
	}
	for _, p := range f.InstallsBoundaryOn {
		parts = append(parts, fmt.Sprintf("installs boundary on %s", Value{Kind: FromParam, Param: p}))
	}
	for _, r := range f.Handlers {
		parts = append(parts, fmt.Sprintf("returns handler %s", r.Value))
	}
	for _, r := range f.Servers {
		parts = append(parts, fmt.Sprintf("returns %s server", r.Value))
	}
	for _, r := range f.Tools {
		parts = append(parts, fmt.Sprintf("returns tool %s", r.Value))
	}
	for _, r := range f.ToolDefs {
		parts = append(parts, fmt.Sprintf("returns %s", r.Value))
	}
	for _, c := range f.Concrete {
		ptr := ""
		if c.Ptr {
			ptr = "*"
		}
		parts = append(parts, fmt.Sprintf("returns %s%s.%s as %d", ptr, c.Pkg, c.Name, c.Result))
	}
	for _, mf := range f.Methods {
		parts = append(parts, fmt.Sprintf("method %s.%s: %v", mf.Type, mf.Name, mf.Fact))
	}
	for _, fs := range f.Fields {
		if fs.Server.Kind != 0 {
			parts = append(parts, fmt.Sprintf("returns %s server in field %s of %d", fs.Server, fs.Field, fs.Result))
			continue
		}
		parts = append(parts, fmt.Sprintf("returns param %d in field %s of %d", fs.Param, fs.Field, fs.Result))
	}
	for _, r := range f.Registers {
		if r.Dispatch != "" && r.DispatchArg > 0 {
			parts = append(parts, fmt.Sprintf("calls %s of param %d with %s as its param %d", r.Dispatch, r.DispatchOn, r.Handler, r.DispatchArg-1))
			continue
		}
		if r.Dispatch != "" {
			parts = append(parts, fmt.Sprintf("calls %s of param %d on %s", r.Dispatch, r.DispatchOn, r.Server))
			continue
		}
		if r.Wrap.Kind != 0 {
			parts = append(parts, fmt.Sprintf("registers %s on %s unless %s is a boundary", r.Handler, r.Server, r.Wrap))
			continue
		}
		if r.Tool.Kind != 0 {
			parts = append(parts, fmt.Sprintf("registers %s as %s on %s", r.Handler, r.Tool, r.Server))
			continue
		}
		parts = append(parts, fmt.Sprintf("registers %s on %s", r.Handler, r.Server))
	}
	sort.Strings(parts)
	return "toolmodel(" + strings.Join(parts, "; ") + ")"
}

// Empty reports whether f says nothing.
func (f *FuncFact) Empty() bool {
	return !f.Boundary && !f.OptionInstallsBoundary && len(f.OptionBoundaryIf) == 0 && len(f.InstallsBoundaryOn) == 0 && len(f.UsesParam) == 0 &&
		len(f.Handlers) == 0 && len(f.Servers) == 0 && len(f.Tools) == 0 && len(f.ToolDefs) == 0 && len(f.Registers) == 0 &&
		len(f.Concrete) == 0 && len(f.Fields) == 0
}

// Method returns what f carries of method name of type typ.
func (f *FuncFact) Method(typ, name string) (MethodFact, bool) {
	for _, mf := range f.Methods {
		if mf.Type == typ && mf.Name == name {
			return mf, true
		}
	}
	return MethodFact{}, false
}

// PoolFact lists, for the packages that import a package, the tool
// records it builds, by record type.
type PoolFact struct {
	Pools []Pool
}

// A Pool is the records of one type a package builds.
type Pool struct {
	Type    string  // the record type: pkgpath.Name
	Records []Value // RawHandler (a raw handler, Tool naming the tool) or WrappedHandler
}

// AFact marks PoolFact as an analysis fact.
func (*PoolFact) AFact() {}

func (f *PoolFact) String() string {
	var parts []string
	for _, p := range f.Pools {
		var rs []string
		for _, r := range p.Records {
			rs = append(rs, r.String())
		}
		parts = append(parts, fmt.Sprintf("%s: %s", p.Type, strings.Join(rs, ", ")))
	}
	return "pools(" + strings.Join(parts, "; ") + ")"
}

// ToolVarFact names the tools a package-level variable of tool type holds
// (var ExportTool = mcp.NewTool("export_items")), for the packages that
// register it.
type ToolVarFact struct {
	Names []string
	Where string // the definition (file.go:12)
}

// AFact marks ToolVarFact as an analysis fact.
func (*ToolVarFact) AFact() {}

func (f *ToolVarFact) String() string { return fmt.Sprintf("tools %q", f.Names) }

// ReachFact marks a package that imports an MCP SDK, directly or not, for
// the packages that import it: each learns whether it reaches an SDK from
// its direct imports, rather than by walking its whole import graph again
// (which, package after package, was quadratic in the graph's size).
type ReachFact struct {
	Reaches bool // always true: a package that reaches no SDK has no fact
}

// AFact marks ReachFact as an analysis fact.
func (*ReachFact) AFact() {}

func (f *ReachFact) String() string { return "reaches an MCP SDK" }
