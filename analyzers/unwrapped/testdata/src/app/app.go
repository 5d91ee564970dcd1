// Package app builds servers and hands them to registrars in another
// package: the findings are reported here, where the server is built.
package app

import (
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"registrar"
	"toolerr"
)

func bare() {
	s := server.NewMCPServer("app", "1") // want `tool "search" \(handler registrar\.search\) is registered on this server without the tool boundary`
	registrar.Register(s)
	registrar.RegisterWrapped(s)
	registrar.Add(s, toolerr.Boundary(nil))
	s.AddTools(registrar.Tools()...)
	s.AddTool(mcp.NewTool("h"), registrar.Handler())

	g := gosdk.NewServer(&gosdk.Implementation{Name: "a"}, nil) // want `tool "search" \(handler registrar\.goSearch\) is registered on this server without the tool boundary`
	registrar.RegisterGo(g)
}

func equipped() {
	s := server.NewMCPServer("app", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))
	registrar.Register(s)
	s.AddTools(registrar.Tools()...)

	s2 := registrar.NewServer()
	registrar.Register(s2)

	s3 := server.NewMCPServer("app", "1", registrar.Option())
	registrar.Register(s3)

	s4 := server.NewMCPServer("app", "1")
	registrar.Install(s4)
	registrar.Register(s4)

	g := gosdk.NewServer(&gosdk.Implementation{Name: "a"}, nil)
	g.AddReceivingMiddleware(toolerr.ReceivingBoundary())
	registrar.RegisterGo(g)
}

func fromConstructor() error {
	s, err := registrar.NewBare()
	if err != nil {
		return err
	}
	registrar.Register(s) // want `registrar\.Register registers tool "search" \(handler registrar\.search\) without the tool boundary`
	return nil
}

func registry() {
	r := registrar.NewRegistry()
	r.AddTool(mcp.NewTool("x"), search)                   // want `\(\*registrar\.Registry\)\.AddTool registers tool "x" \(handler app\.search\) without the tool boundary`
	r.AddTool(mcp.NewTool("y"), toolerr.Boundary(search)) // wrapped
}

// Passing the server on: the registrar's fact travels up to this
// function's callers.
func Setup(s *server.MCPServer) {
	registrar.Register(s)
}

func callSetup() {
	Setup(server.NewMCPServer("app", "1")) // want `tool "search" \(handler registrar\.search\) is registered on this server without the tool boundary`
	Setup(registrar.NewServer())
}

// A table of registrar functions, called through a field.
type entry struct {
	adder    func(*server.MCPServer)
	category string
}

func entries() []entry {
	return []entry{
		{registrar.Register, "search"},
		{func(s *server.MCPServer) { registrar.RegisterWrapped(s) }, "wrapped"},
	}
}

func table() {
	s := server.NewMCPServer("app", "1") // want `tool "search" \(handler registrar\.search\) is registered on this server without the tool boundary`
	for _, e := range entries() {
		e.adder(s)
	}
	s2 := server.NewMCPServer("app", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))
	for _, e := range entries() {
		e.adder(s2)
	}
}

// The Handler of a ServerTool value from a toolset helper.
func fieldOfTool() {
	s := server.NewMCPServer("app", "1") // want `tool "search" \(handler registrar\.search\) is registered on this server without the tool boundary`
	for _, t := range registrar.Tools() {
		s.AddTool(t.Tool, t.Handler)
	}
	s2 := server.NewMCPServer("app", "1", server.WithToolHandlerMiddleware(toolerr.Boundary))
	for _, t := range registrar.Tools() {
		s2.AddTool(t.Tool, t.Handler)
	}
}
