// Package archshapes holds held-out end-to-end fixtures for the unwrapped
// analyzer: eleven ways real servers spread tool registration over
// packages, each as an unwrapped server (findings marked with want
// comments) and a wrapped twin (no findings).
//
//  1. factoryfield: a ServerTool whose HandlerFunc field is a handler factory,
//     registered with a middleware list (go-sdk).
//  2. converter: project tool types converted to SDK ones and committed through
//     SDK method values (go-sdk).
//  3. installers: a slice of installer functions called on a server parameter
//     (mcp-go).
//  4. providers: a map of registrar closures on a server parameter (mcp-go).
//  5. warehouse: registrar closures in struct fields of a package-level map
//     (go-sdk).
//  6. dash: registrars in a struct slice called through a function parameter
//     (mcp-go).
//  7. tfe: a tool factory passed as a value, wrapped in an availability
//     adapter, on a server held by a registry in a package-level variable
//     and registered from a callback (mcp-go).
//  8. weather / forecast: server options assembled in steps, and a
//     constructor that leaves the boundary to its callers (mcp-go).
//  9. hidden: tools as unexported types behind the project's interface,
//     listed by an exported function or returned by a constructor of
//     another package, which go vet's export data does not describe
//     (mcp-go).
//  10. ledger: a registrar object of another package holding the server and
//     an optional middleware its constructor is given, passed to the
//     package that registers the tools (mcp-go).
//  11. payments: the project's own SDK wrapper behind an interface, with an
//     unexported implementation, options handed to the SDK through a
//     setter as interface{} values, tools converted by a method and kept
//     by toolsets until registered through the wrapper's interface; the
//     boundary given through the wrapper's option or its middleware
//     method (mcp-go).
package archshapes
