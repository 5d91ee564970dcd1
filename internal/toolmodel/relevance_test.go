package toolmodel

import (
	"go/types"
	"testing"

	"github.com/toolcheck/toolcheck/internal/mcpsdk"
)

// TestRelevanceByPackage checks that relevance is decided per package, not
// per path: a test variant shares its package's path and may be the only
// one to import an SDK.
func TestRelevanceByPackage(t *testing.T) {
	sdk := types.NewPackage(mcpsdk.MCPGoMCP, "mcp")
	plain := types.NewPackage("example.com/relevance", "relevance")
	withTests := types.NewPackage("example.com/relevance", "relevance")
	withTests.SetImports([]*types.Package{sdk})
	m := &Model{}
	if m.reachesSDK(plain) {
		t.Error("a package importing nothing reaches the SDK")
	}
	if !m.reachesSDK(withTests) {
		t.Error("the test variant importing the SDK does not reach it after its package was decided")
	}
	if m.reachesSDK(plain) {
		t.Error("the package's answer changed after its test variant's")
	}
}
