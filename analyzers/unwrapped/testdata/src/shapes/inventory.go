package shapes

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"shapes/inv"
)

// Tools of an inventory whose handlers are built from dependencies at
// registration (shape 1).

type searchIn struct{ Query string }

func getMe() inv.ServerTool {
	return inv.NewServerTool(mcp.Tool{Name: "get_me"}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
}

func searchCode() inv.ServerTool {
	return inv.NewTypedTool(mcp.Tool{Name: "search_code"}, searchHandler)
}

func searchHandler(ctx context.Context, req *mcp.CallToolRequest, in searchIn) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{}, nil, nil
}

func allTools() []inv.ServerTool { return []inv.ServerTool{getMe(), searchCode()} }

// newInventoryServer builds the server and registers the inventory on it,
// with the middleware the caller hands in: a boundary only when a boundary
// is what the callers pass.
func newInventoryServer(i *inv.Inventory, mw ...inv.Middleware) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gh"}, nil)
	i.RegisterAll(s, nil, mw...)
	return s
}

// ToolBoundary is a boundary around one go-sdk handler.
func ToolBoundary(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

// Logging is middleware, not a boundary.
func Logging(h mcp.ToolHandler) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return h(ctx, req)
	}
}

func inventoryMain() {
	i := inv.NewBuilder().SetTools(allTools()).Build()
	newInventoryServer(i)          // want `shapes.newInventoryServer registers 2 tools without the tool boundary \("get_me", "search_code"\)`
	newInventoryServer(i, Logging) // want `shapes.newInventoryServer registers 2 tools without the tool boundary \("get_me", "search_code"\)`
	newInventoryServer(i, Logging, ToolBoundary)
}

// The twin: the server carries the boundary as receiving middleware.
func newInventoryServerWrapped(i *inv.Inventory) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "gh"}, nil)
	s.AddReceivingMiddleware(ReceivingBoundary())
	i.RegisterAll(s, nil)
	return s
}
