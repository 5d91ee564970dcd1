// Package catalog serves a schema catalog over the go-sdk, behind the
// boundary installed as receiving middleware.
package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/notes/failshapes/catalog/directory"
	"example.com/notes/failshapes/edge"
	"example.com/notes/failshapes/toolerr"
)

// Kind is a registered schema kind.
type Kind struct {
	Name   string
	Fields []string
}

// Stats summarises the catalog.
type Stats struct {
	Kinds   int
	Largest string
}

// KindAPI is the catalog service.
type KindAPI interface {
	Get(ctx context.Context, name string) (*Kind, error)
	Create(ctx context.Context, k Kind) error
	Stats(ctx context.Context) (Stats, error)
}

// APIError is an error status from the catalog service.
type APIError struct {
	Code int
	Msg  string
}

func (e *APIError) Error() string { return fmt.Sprintf("catalog: %d %s", e.Code, e.Msg) }

// NotFoundError says no kind has the name.
type NotFoundError struct{ Name string }

func (e *NotFoundError) Error() string { return "no kind " + e.Name }

func isKindNotFound(err error) bool {
	var e *APIError
	return errors.As(err, &e) && e.Code == http.StatusNotFound
}

// Catalog holds the tools.
type Catalog struct {
	api KindAPI
	dir *directory.Directory
}

// NameIn names a kind.
type NameIn struct {
	Name string `json:"name"`
}

// DescribeOut is what describe_kind returns.
type DescribeOut struct {
	Name   string   `json:"name"`
	Fields []string `json:"fields"`
}

// CreateIn is the input of create_kind.
type CreateIn struct {
	Name   string   `json:"name"`
	Fields []string `json:"fields"`
}

// CreateOut is what create_kind returns.
type CreateOut struct {
	Created string `json:"created"`
}

// StatsIn is the (empty) input of kind_stats.
type StatsIn struct{}

// StatsOut is what kind_stats returns.
type StatsOut struct {
	Kinds   int    `json:"kinds"`
	Largest string `json:"largest"`
}

// OwnersOut is what kind_owners returns.
type OwnersOut struct {
	Kind   string   `json:"kind"`
	Owners []string `json:"owners"`
}

// NewServer builds the server with the boundary as receiving middleware.
func NewServer(api KindAPI, dir *directory.Directory) *mcp.Server {
	c := &Catalog{api: api, dir: dir}
	s := mcp.NewServer(&mcp.Implementation{Name: "catalog", Version: "1.0.0"}, nil)
	s.AddReceivingMiddleware(edge.ReceivingBoundary())
	mcp.AddTool(s, &mcp.Tool{Name: "describe_kind"}, c.describe)
	mcp.AddTool(s, &mcp.Tool{Name: "create_kind"}, c.create)
	mcp.AddTool(s, &mcp.Tool{Name: "kind_stats"}, c.stats)
	mcp.AddTool(s, &mcp.Tool{Name: "kind_owners"}, c.owners)
	return s
}

// --- traps: an absence that is the answer ---

// kindOf returns the kind registered under name, or nil when there is none.
func (c *Catalog) kindOf(ctx context.Context, name string) (*Kind, error) {
	k, err := c.api.Get(ctx, name)
	var nf *NotFoundError
	if errors.As(err, &nf) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return k, nil
}

// checkNameFree returns nil when no kind is registered under name: the
// lookup ran, and its answer is "none".
func (c *Catalog) checkNameFree(ctx context.Context, name string) error {
	_, err := c.api.Get(ctx, name)
	if isKindNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	return toolerr.CallerError(fmt.Sprintf("A kind named %q exists already. Call describe_kind to see it.", name))
}

func (c *Catalog) describe(ctx context.Context, req *mcp.CallToolRequest, in NameIn) (*mcp.CallToolResult, DescribeOut, error) {
	k, err := c.kindOf(ctx, in.Name)
	if err != nil {
		return nil, DescribeOut{}, err
	}
	if k == nil {
		return nil, DescribeOut{}, toolerr.CallerError(fmt.Sprintf("There is no kind named %q. Call create_kind to register it.", in.Name))
	}
	return nil, DescribeOut{Name: k.Name, Fields: k.Fields}, nil
}

func (c *Catalog) create(ctx context.Context, req *mcp.CallToolRequest, in CreateIn) (*mcp.CallToolResult, CreateOut, error) {
	if err := c.checkNameFree(ctx, in.Name); err != nil {
		return nil, CreateOut{}, err
	}
	if err := c.api.Create(ctx, Kind{Name: in.Name, Fields: in.Fields}); err != nil {
		return nil, CreateOut{}, fmt.Errorf("create kind %q: %w", in.Name, err)
	}
	return nil, CreateOut{Created: in.Name}, nil
}

// --- true cases ---

func (c *Catalog) stats(ctx context.Context, req *mcp.CallToolRequest, in StatsIn) (*mcp.CallToolResult, StatsOut, error) {
	st, err := c.api.Stats(ctx)
	if err != nil {
		return nil, StatsOut{}, nil // want emptyonfail "failure of c.api.Stats returns nil and (an empty catalog.StatsOut|catalog.StatsOut\\{\\}) with a nil error"
	}
	return nil, StatsOut{Kinds: st.Kinds, Largest: st.Largest}, nil
}

func (c *Catalog) owners(ctx context.Context, req *mcp.CallToolRequest, in NameIn) (*mcp.CallToolResult, OwnersOut, error) {
	return nil, OwnersOut{Kind: in.Name, Owners: c.dir.Owners(in.Name)}, nil // want emptyonfail "\\(\\*directory.Directory\\).Owners returns nil.* on the failure of os.ReadFile \\(directory.go:\\d+\\)"
}
