// Package toolsets is the warehouse server's tool groups, each with the
// closure that registers it.
package toolsets

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Client is the in-memory warehouse the tools query.
type Client struct {
	tables map[string][]string // table -> columns
}

// NewClient returns a warehouse with two tables.
func NewClient() *Client {
	return &Client{tables: map[string][]string{
		"orders":    {"id", "customer_id", "total"},
		"customers": {"id", "name"},
	}}
}

type QueryIn struct {
	SQL string `json:"sql" jsonschema:"a read-only SELECT statement"`
}

type QueryOut struct {
	Rows int `json:"rows"`
}

type TableIn struct {
	Table string `json:"table"`
}

type TableOut struct {
	Columns []string `json:"columns"`
}

type ListIn struct{}

type ListOut struct {
	Tables []string `json:"tables"`
}

// Query runs a read-only query.
func (c *Client) Query(ctx context.Context, req *mcp.CallToolRequest, in QueryIn) (*mcp.CallToolResult, QueryOut, error) {
	if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(in.SQL)), "SELECT") {
		return nil, QueryOut{}, fmt.Errorf("only SELECT statements run here; rewrite the query as a SELECT")
	}
	return nil, QueryOut{Rows: 42}, nil
}

// DescribeTable lists a table's columns.
func (c *Client) DescribeTable(ctx context.Context, req *mcp.CallToolRequest, in TableIn) (*mcp.CallToolResult, TableOut, error) {
	cols, ok := c.tables[in.Table]
	if !ok {
		return nil, TableOut{}, fmt.Errorf("no table '%s'; list the tables with list_tables", in.Table)
	}
	return nil, TableOut{Columns: cols}, nil
}

// ListTables lists the tables.
func (c *Client) ListTables(ctx context.Context, req *mcp.CallToolRequest, in ListIn) (*mcp.CallToolResult, ListOut, error) {
	names := make([]string, 0, len(c.tables))
	for t := range c.tables {
		names = append(names, t)
	}
	sort.Strings(names)
	return nil, ListOut{Tables: names}, nil
}

type toolsetReg struct {
	description string
	register    func(s *mcp.Server, c *Client)
}

var toolsets = map[string]toolsetReg{
	"query": {
		description: "run read-only SQL",
		register: func(s *mcp.Server, c *Client) {
			mcp.AddTool(s, &mcp.Tool{Name: "run_query", Description: "Run a read-only SQL query."}, c.Query)
		},
	},
	"schema": {
		description: "inspect tables",
		register: func(s *mcp.Server, c *Client) {
			mcp.AddTool(s, &mcp.Tool{Name: "describe_table", Description: "List a table's columns."}, c.DescribeTable)
			mcp.AddTool(s, &mcp.Tool{Name: "list_tables", Description: "List the tables."}, c.ListTables)
		},
	},
}

// Register registers the named toolsets on server; it returns the names it
// does not know.
func Register(server *mcp.Server, c *Client, enabled []string) []string {
	var unknown []string
	for _, name := range enabled {
		t, ok := toolsets[name]
		if !ok {
			unknown = append(unknown, name)
			continue
		}
		t.register(server, c)
	}
	return unknown
}
