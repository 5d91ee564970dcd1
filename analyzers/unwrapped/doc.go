// Package unwrapped defines an analyzer that reports MCP tools registered
// without the tool boundary.
//
// # Analyzer unwrapped
//
// unwrapped: report tools registered without the tool boundary
//
// Every tool must be wrapped in the tool boundary: the one place where an
// error becomes what the model reads and the one log line at the right level.
// Without it, an mcp-go handler's error becomes a JSON-RPC -32603 internal
// error the model never reads, and a go-sdk typed handler's error text goes to
// the model verbatim and is logged nowhere.
//
// Bad: the server carries no boundary, and the handler is not wrapped.
//
//	s := server.NewMCPServer("notes", "1.0.0", server.WithRecovery()) // tool "read_note" (handler (*notes.Notes).read) is registered on this server without the tool boundary; install the boundary as server middleware here
//	s.AddTool(mcp.NewTool("read_note"), n.read)
//
// Good: the boundary installed once per server (toolerr/mcpgo and
// toolerr/gosdk, or the project's own).
//
//	s := server.NewMCPServer("notes", "1.0.0", server.WithToolHandlerMiddleware(mcpgo.Boundary))
//	s.AddTool(mcp.NewTool("read_note"), n.read)
//
//	g := mcp.NewServer(&mcp.Implementation{Name: "notes"}, nil)
//	g.AddReceivingMiddleware(gosdk.ReceivingBoundary())
//	mcp.AddTool(g, &mcp.Tool{Name: "search_notes"}, search)
//
// # Reported
//
// Each registration whose handler is not wrapped, on a server that does not
// carry the boundary:
//
//   - mark3labs/mcp-go: `(*MCPServer).AddTool`, `AddTools`, `SetTools`,
//     `AddSessionTool`, `AddSessionTools`, `AddTaskTool`, `AddTaskTools`, and the
//     `Handler` of `server.ServerTool` / `server.ServerTaskTool` literals (keyed
//     or positional) that reach one of them, wherever they are built: a toolset
//     helper, a slice filtered in a loop, a package in another module path;
//   - modelcontextprotocol/go-sdk: `mcp.AddTool[In, Out]` and
//     `(*mcp.Server).AddTool`;
//   - conditional and hidden registrations alike.
//
// Handlers and servers are followed through the shapes real servers are
// built from (the flow layer answers "which values can reach here" once,
// for every analyzer):
//
//   - function declarations, literals, method values, local variables,
//     struct fields (every store the base may hold), slices, maps, and
//     struct literals kept in them, including package-level tables;
//   - handler factories: a tool type whose field builds the handler at
//     registration (`HandlerFunc func(deps) mcp.ToolHandler`), adapters that
//     call the handler they were given, `mcp.NewTypedToolHandler` /
//     `NewStructuredToolHandler`, generic tool factories;
//   - registrars: installer slices, maps and struct fields of registrar
//     closures called on a server parameter, a registrar passed into a helper
//     that calls it, the SDK's `AddTool` method value passed as `add`, a
//     tool definition whose `Register` field registers it, generic
//     registrars (`add func(M, H)`);
//   - a server kept in a registry (a struct field set from a parameter):
//     the tools registered on it later belong to the function that stored it;
//   - options assembled in steps (`opts := append(defaultOpts, extra...)`,
//     further appends, helpers returning options), and options or
//     middleware that arrive as a parameter: decided by each caller;
//   - middleware applied to the handler: a `mw ...Middleware` parameter, a
//     chain applied in a loop over a slice, a middleware kept in a config
//     struct's field; each wraps the handler only when the caller passes a
//     boundary.
//
// # Not reported
//
// A handler is wrapped when:
//
//   - the boundary is applied to it at registration (`Boundary(h)`,
//     `NewBoundary(log)(h)`, a variable holding a boundary middleware), or by
//     middleware the caller passes (above);
//   - it comes from a variable or field only ever assigned wrapped values;
//   - the server carries the boundary as middleware:
//     `server.WithToolHandlerMiddleware(b)` (through any of the option
//     shapes above), `(*MCPServer).Use(b)`, or go-sdk
//     `(*mcp.Server).AddReceivingMiddleware(b)`, including when a function that
//     installs it is given the server;
//   - it is registered through a funnel that wraps everything it registers.
//
// A boundary is a function or method whose name, or whose receiver type's
// name, contains `Boundary` (any case) and that takes a handler and returns
// one, or returns a middleware; a function named in `boundaries`; or a
// function learned to be one (it returns only boundary-wrapped handlers).
// `server.WithRecovery()`, logging, auth and rate-limit middleware are not
// boundaries, nor is a go-sdk *sending* middleware.
//
// # The project's own interfaces
//
// An interface whose implementations are the project's types is not
// opaque. A call of its method calls the method of each value it may hold:
// `for _, t := range all { s.AddTool(t.Definition(), t.Handler(mgr)) }` over
// a slice of tool types, `tool.Install(s)` on tools that register
// themselves, `ts.RegisterTools(s)` on the toolsets a wrapper of the SDK is
// given. Where the values come from decides how far it sees them:
//
//   - traced to where they are built (literals, constructors, even one of
//     another package that returns the interface, slices and maps of them,
//     struct fields): the methods of their types, with the receiver each
//     value is;
//   - a parameter: decided where it is bound, as every other parameter, in
//     the package and across packages (the fact "calls method M of the
//     values of parameter N on a server ..."), so the finding is at the call
//     that passes the values;
//   - not visible (a registry another package fills in `init`, a value of
//     unknown origin): the implementations declared in the package and in
//     the packages it imports that use an MCP SDK. An implementation in a
//     package the call cannot see counts where its value is passed to a
//     function that calls the method, through that function's fact.
//
// A tool and a handler taken from one interface value
// (`s.AddTool(t.Definition(), t.Handler())`) pair by implementation: a tool
// type that wraps its own handler is not named because another type in the
// slice does not. A type another package hides (`func All() []Tool {
// return []Tool{&list{}} }` with `list` unexported) is seen through the
// fact of the function that returns it, so go vet, which reads other
// packages from export data, names the same tools as the standalone driver.
//
// The project's own SDK wrapper is followed the same way: a `Server`
// interface whose implementation builds the SDK's server from the wrapper's
// options (handed to a setter, even as `interface{}` values it asserts back
// to server options) and whose `AddTools` converts the project's tool type
// into the SDK's (`t.toServerTool()` returning a `server.ServerTool`);
// toolsets that keep the tools they are given (`AddReadTools`) and register
// them later through the interface (`s.AddTools(tool)`). A value of the
// project's tool type whose origin is out of sight (kept in a field, a map,
// another package's toolset) is any value of that type the program builds.
// The boundary given through the wrapper's option
// (`mcpkit.WithToolMiddleware(boundary)`), its middleware method
// (`s.Use(boundary)`) or the SDK server it exposes
// (`s.MCP().Use(boundary)`) silences the finding; without it, the finding
// is where the wrapper is built, the place to give it the boundary.
//
// A registrar object keeps the server, and maybe a middleware, in fields:
// `r := registry.New(s, wrap)` in one package, `r.Add(tool, h)` in another.
// Facts say which parameter a constructor keeps in which field and that a
// method registers on its receiver's field, so the tools are named at `s`'s
// construction, and a boundary given as the registrar's middleware silences
// them. An optional middleware (`if r.wrap != nil { h = r.wrap(h) }`)
// wraps the handler when a boundary is what the caller sets.
//
// Tool names are resolved through constants, concatenations and
// `fmt.Sprintf("%s…", …)` of them, functions that return them, and
// package-level variables of other packages (`var ExportTool =
// mcp.NewTool("export_items")`, through a fact).
//
// Opaque code draws nothing: reflection, plugins, an interface of the
// standard library or of a package that uses no MCP SDK, a server whose
// field is assigned both with and without the boundary, and a middleware
// chain whose slice may be empty on one path and hold a boundary on
// another (precision first: the path with the boundary wins). A server reached through a method of another package's interface
// (`s.MCP().AddTool(...)` on a `Server` interface the tools are given) is
// what that method's implementations in the interface's package return:
// when they build it without the boundary, the tools registered on it are
// one finding, at the first of them; when one of them may carry it, none.
//
// # Across packages
//
// A function that registers on a server it is given is decided where the
// server is built. The model exports facts: "registers tool handler X on
// parameter N", "registers its parameter N on an unequipped server", "returns
// an equipped server", "returns tools whose handler is X", "installs the
// boundary on parameter N", "is a boundary". The finding is reported at the
// call that passes a server without the boundary:
//
//	// package tools
//	func Register(s *server.MCPServer) { s.AddTool(mcp.NewTool("stats"), stats) } // no finding here
//
//	// package main
//	s := server.NewMCPServer("notes", "1.0.0")
//	tools.Register(s) // tools.Register registers tool "stats" (handler tools.stats) without the tool boundary; install the boundary where the server is built
//
// # One finding per place to fix
//
// The tools registered without the boundary on one server are one finding,
// reported where the server is built when that construction is in the
// package (the fix goes there: one line of middleware), or else at the call
// that registers them on a server built elsewhere. A registrar object, a
// generic one-tool helper or a tool that installs itself passes on only the
// server and the tools, so what it registers is decided where the server is
// built; a call that passes options or middleware too is where its
// registrations are decided. Calls of one registrar method on one variable
// (`srv.RegisterToolset(a)`, `srv.RegisterToolset(b)`) are one finding, at
// the first. The message names the
// tools as the user does (`tool "read_note"`, or by handler when the name is
// not a constant) and how many there are; each tool has a related entry at
// its registration. A `//toolcheck:ignore unwrapped` directive at a tool's
// registration (or at the call that leads to it) drops that tool; one at
// the server's construction drops the whole finding.
//
// # Suggested fix
//
// When exactly one server-level boundary is in sight (a boundary of the
// package or of a package the file imports, or, when the module requires
// github.com/toolcheck/toolcheck/toolerr, `mcpgo.Boundary` and
// `gosdk.ReceivingBoundary()`), the finding at a server's construction
// installs it where it runs outermost, so that it sees what every other
// tool middleware returns: `server.WithToolHandlerMiddleware(mcpgo.Boundary)`
// becomes the first of `server.NewMCPServer`'s options (mcp-go runs the
// first tool middleware outermost), the first element of the slice literal
// the options are spread from, or is prepended to the spread options by
// `opts = append([]server.ServerOption{...}, opts...)` before the
// construction; `s.AddReceivingMiddleware(gosdk.ReceivingBoundary())`
// follows `s := mcp.NewServer(...)` and the AddReceivingMiddleware calls
// on s after it (go-sdk runs the last added outermost); each with the
// import the file needs. go-sdk servers take
// middleware at any time, so the finding at a call that returns the server
// its callee registered the tools on gets the same line after the call
// (`s, err := newServer(...)`, after the `if err != nil { return ... }`
// that follows it), and a server given the boundary that way is wrapped.
// An mcp-go server built elsewhere has no fix: it takes middleware only
// where it is built.
package unwrapped
