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
