// Package setup passes its server parameter on to a registrar: the // want package:"reaches an MCP SDK"
// registrar's fact travels up to this function.
package setup

import (
	"github.com/mark3labs/mcp-go/server"

	"registrar"
)

func Setup(s *server.MCPServer) { // want Setup:"toolmodel\\(registers unwrapped registrar.search as \"search\" on param 0\\)"
	registrar.Register(s)
}

func Bare() { // no fact: the registration is decided here
	registrar.Register(server.NewMCPServer("x", "1"))
}
