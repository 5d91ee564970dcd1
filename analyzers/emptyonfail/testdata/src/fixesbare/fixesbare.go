// Package fixesbare holds a finding the fix of package fixes would mend,
// in a project with no boundary in sight: returning the error would send
// its text to the model as it is, so no fix is offered.
package fixesbare

import (
	"context"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

func read(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, err := os.ReadFile("x")
	if err != nil {
		return mcp.NewToolResultText(""), nil // want `failure of os.ReadFile returns`
	}
	return mcp.NewToolResultText(string(b)), nil
}
