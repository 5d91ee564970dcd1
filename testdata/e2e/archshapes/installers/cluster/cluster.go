// Package cluster is the operations server's node tools.
package cluster

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/notes/archshapes/installers/config"
)

type nodes struct {
	state map[string]string // node -> "ready" or "cordoned"
}

// Install adds the node tools to s; cordon_node only when writes are allowed.
func Install(ctx context.Context, s *server.MCPServer, cfg config.Config) error {
	n := &nodes{state: map[string]string{"node-a": "ready", "node-b": "ready"}}
	s.AddTool(mcp.NewTool("list_nodes",
		mcp.WithDescription("List the cluster's nodes and their state."),
		mcp.WithReadOnlyHintAnnotation(true),
	), n.list)
	if !cfg.ReadOnly {
		s.AddTool(mcp.NewTool("cordon_node",
			mcp.WithDescription("Stop scheduling new pods on a node."),
			mcp.WithString("node", mcp.Required(), mcp.Description("The node's name, from list_nodes.")),
		), n.cordon)
	}
	return nil
}

func (n *nodes) list(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	lines := make([]string, 0, len(n.state))
	for name, st := range n.state {
		lines = append(lines, name+": "+st)
	}
	sort.Strings(lines)
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

func (n *nodes) cordon(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	node, err := req.RequireString("node")
	if err != nil {
		return nil, fmt.Errorf("cordon_node needs a 'node' argument; find one with list_nodes")
	}
	if _, ok := n.state[node]; !ok {
		return nil, fmt.Errorf("no node '%s'; find one with list_nodes", node)
	}
	n.state[node] = "cordoned"
	return mcp.NewToolResultText(node + " is cordoned."), nil
}
