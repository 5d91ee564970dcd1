package shapes

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"shapes/cfgmw"
)

// Tool middleware in a config struct (shape 1 with the middleware carried
// by the server's config).
func cfgServer() *mcp.Server {
	return cfgmw.NewServer(&cfgmw.Config{Name: "gh", ToolMiddleware: []cfgmw.Middleware{Logging}}) // want `cfgmw\.NewServer registers 2 tools without the tool boundary \("get_repo", "list_repos"\)`
}

func cfgServerWrapped() *mcp.Server {
	cfg := cfgmw.Config{Name: "gh"}
	cfg.ToolMiddleware = append(cfg.ToolMiddleware, Logging, ToolBoundary)
	return cfgmw.NewServer(&cfg)
}

func cfgServerWrappedLit() *mcp.Server {
	mws := []cfgmw.Middleware{ToolBoundary}
	return cfgmw.NewServer(&cfgmw.Config{Name: "gh", ToolMiddleware: mws})
}
