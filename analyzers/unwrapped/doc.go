// Package unwrapped defines an analyzer that reports MCP tools registered
// without the tool boundary.
//
// # Analyzer unwrapped
//
// unwrapped: report tools registered without the tool boundary
//
// Every tool must be wrapped in the tool boundary: the one place where an
// error becomes what the model reads and the one log line at the right
// level. An unwrapped mcp-go handler's error becomes a JSON-RPC internal
// error the model never reads; an unwrapped go-sdk handler's error text goes
// to the model verbatim and is logged nowhere.
//
// The analyzer checks every registration form of mark3labs/mcp-go
// (AddTool, AddTools, SetTools, AddSessionTool(s), AddTaskTool(s), and the
// Handler of server.ServerTool literals) and of modelcontextprotocol/go-sdk
// (mcp.AddTool and (*mcp.Server).AddTool). A handler is wrapped when the
// boundary is applied to it, when it comes from a variable or field only ever
// assigned wrapped values, when the server carries the boundary as
// middleware (server.WithToolHandlerMiddleware, (*MCPServer).Use,
// (*mcp.Server).AddReceivingMiddleware), or when it is registered through a
// function that wraps everything it registers. A boundary is a function or
// method whose name (or receiver type's name) contains "Boundary" and that
// takes a handler and returns one, or returns a middleware; or one named
// with -boundaries. server.WithRecovery and logging or auth middleware are
// not boundaries.
//
// A registrar that registers on a server it is given is decided where the
// server is built: the finding is reported at the call that passes a server
// without the boundary.
//
//	s := server.NewMCPServer("notes", "1.0.0")
//	s.AddTool(readNote, n.read) // reported
//
//	s := server.NewMCPServer("notes", "1.0.0",
//		server.WithToolHandlerMiddleware(toolerr.Boundary))
//	s.AddTool(readNote, n.read) // wrapped by the server's middleware
//
// When exactly one boundary function that fits the handler's type is
// visible in the file, a suggested fix wraps the handler in it.
package unwrapped
