// Package toolset declares the interface every toolset implements.
package toolset

import "github.com/modelcontextprotocol/go-sdk/mcp"

type Toolset interface {
	RegisterTools(s *mcp.Server)
}
