// Package flow is toolcheck's value-flow layer: for one package, it answers
// "which values can reach this point" once, for every analyzer.
//
// An Info indexes the package in one walk of its syntax index: the
// functions (declarations and literals), their parameters, returns and
// calls, and every value stored into a variable or a field (assignments,
// declarations, range clauses, composite-literal fields). Reaching gives
// the definitions of a variable that may reach a use.
//
// A Tracer follows a value back to its origins: through variables and
// their reaching definitions, fields, conversions, append and slices of
// values, composite literals of slices, arrays and maps, and, with a
// Frame binding a callee's parameters to a call's arguments, through the
// package's own functions and closures (Results, ReturnsOf, Bind). An
// origin (an Origin, its Kind) is an expression that makes the value
// (Made: a call, a function or composite literal, a constant), a reference
// to a declared function or method (FuncRef), a parameter no frame binds
// (FreeParam), or Opaque: the value comes through reflection or an unknown
// implementation, and clients stay silent.
//
// The layer judges nothing: each client plugs in its own judgement of an
// origin (a handler, a server, an IsError result, an origin class of text)
// and decides what a call of another package means from its own facts.
//
// The layer is built on the package's syntax and types rather than on
// go/ssa: SSA built only for the packages that reach an MCP SDK cost 1.55×
// the type-checking floor in CPU on github/github-mcp-server (1.43× on
// grafana/mcp-grafana), above toolcheck's whole budget of 1.10×.
package flow
