package mcpsdk

import (
	"go/types"
	"testing"
)

func named(pkg *types.Package, name string) *types.Named {
	n := types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)
	pkg.Scope().Insert(n.Obj())
	return n
}

func vars(ts ...types.Type) *types.Tuple {
	var vs []*types.Var
	for _, t := range ts {
		vs = append(vs, types.NewParam(0, nil, "", t))
	}
	return types.NewTuple(vs...)
}

func TestHandlerKindOf(t *testing.T) {
	ctxPkg := types.NewPackage("context", "context")
	ctx := types.NewNamed(types.NewTypeName(0, ctxPkg, "Context", nil), types.NewInterfaceType(nil, nil), nil)
	mcp := types.NewPackage("example.com/vendor/"+MCPGoMCP, "mcp") // vendored: the same SDK
	req, res, task := named(mcp, "CallToolRequest"), named(mcp, "CallToolResult"), named(mcp, "CreateTaskResult")
	errType := types.Universe.Lookup("error").Type()
	other := named(types.NewPackage("example.com/notes", "notes"), "Request")

	for _, tc := range []struct {
		name   string
		params *types.Tuple
		result *types.Tuple
		want   HandlerKind
	}{
		{"mcp-go handler", vars(ctx, req), vars(types.NewPointer(res), errType), MCPGoHandler},
		{"mcp-go task handler", vars(ctx, req), vars(types.NewPointer(task), errType), MCPGoTask},
		{"mcp-go typed handler", vars(ctx, req, types.Typ[types.String]), vars(types.NewPointer(res), errType), MCPGoTyped},
		{"request by pointer", vars(ctx, types.NewPointer(req)), vars(types.NewPointer(res), errType), NotHandler},
		{"no context", vars(types.Typ[types.Int], req), vars(types.NewPointer(res), errType), NotHandler},
		{"project request", vars(ctx, other), vars(types.NewPointer(res), errType), NotHandler},
		{"no error", vars(ctx, req), vars(types.NewPointer(res)), NotHandler},
	} {
		sig := types.NewSignatureType(nil, nil, nil, tc.params, tc.result, false)
		if got := HandlerKindOf(sig); got != tc.want {
			t.Errorf("%s: HandlerKindOf = %d, want %d", tc.name, got, tc.want)
		}
	}
	if HandlerKindOf(types.Typ[types.Int]) != NotHandler || HandlerKindOf(nil) != NotHandler {
		t.Error("HandlerKindOf of a non-function is not NotHandler")
	}
}

func TestPaths(t *testing.T) {
	for path, want := range map[string]bool{
		MCPGoServer:                              true,
		"example.com/app/vendor/" + GoSDKMCP:     true,
		"github.com/mark3labs/mcp-go/client":     false,
		"example.com/vendor/notes":               false,
		"github.com/modelcontextprotocol/go-sdk": false,
	} {
		if got := IsSDKPath(path); got != want {
			t.Errorf("IsSDKPath(%q) = %v, want %v", path, got, want)
		}
	}
	if got := Unvendor("example.com/app/vendor/" + MCPGoMCP); got != MCPGoMCP {
		t.Errorf("Unvendor = %q, want %q", got, MCPGoMCP)
	}
}

func TestReach(t *testing.T) {
	sdk := types.NewPackage(GoSDKMCP, "mcp")
	tools := types.NewPackage("example.com/tools", "tools")
	tools.SetImports([]*types.Package{sdk})
	server := types.NewPackage("example.com/server", "server")
	store := types.NewPackage("example.com/store", "store")
	server.SetImports([]*types.Package{store, tools})
	// A cycle (possible among test variants) that reaches no SDK, and one
	// whose member reaches it.
	a, b := types.NewPackage("example.com/a", "a"), types.NewPackage("example.com/b", "b")
	a.SetImports([]*types.Package{b})
	b.SetImports([]*types.Package{a})
	c, d := types.NewPackage("example.com/c", "c"), types.NewPackage("example.com/d", "d")
	c.SetImports([]*types.Package{d})
	d.SetImports([]*types.Package{c, tools})
	var r Reach
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{{sdk, true}, {tools, true}, {server, true}, {store, false}, {a, false}, {b, false}, {c, true}, {d, true}, {a, false}} {
		if got := r.Reaches(tc.pkg); got != tc.want {
			t.Errorf("Reaches(%s) = %v, want %v", tc.pkg.Path(), got, tc.want)
		}
	}

	// What Known settles is taken as it is, without walking the package's
	// imports: here tools is said to reach none, and so do server, c and
	// d, whose only way to an SDK is through it.
	settled := Reach{Known: func(pkg *types.Package) (bool, bool) { return false, pkg == tools }}
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{{sdk, true}, {tools, false}, {server, false}, {c, false}, {d, false}, {a, false}} {
		if got := settled.Reaches(tc.pkg); got != tc.want {
			t.Errorf("with tools settled: Reaches(%s) = %v, want %v", tc.pkg.Path(), got, tc.want)
		}
	}
}
