// Package loops holds failures skipped while building a collection,
// reported with -emptyonfail.loops.
package loops

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
)

func readAll(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var texts []string
	for _, p := range []string{"a", "b"} {
		b, err := os.ReadFile(p)
		if err != nil {
			log.Printf("skip %s: %v", p, err)
			continue // want `failure of os.ReadFile is skipped with continue while building texts, and the result does not say so; return the error, or record the skipped item in the result`
		}
		texts = append(texts, string(b))
	}
	return mcp.NewToolResultText(fmt.Sprint(texts)), nil
}

func sizes(paths []string) (map[string]int64, error) {
	out := map[string]int64{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			continue // want `failure of os.Stat is skipped with continue while building out`
		}
		out[p] = fi.Size()
	}
	return out, nil
}

func sizesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	s, err := sizes(nil)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(s)), nil
}

// --- clean twins ---

// The skip is recorded in the result.
func readRecorded(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var texts, skipped []string
	for _, p := range []string{"a", "b"} {
		b, err := os.ReadFile(p)
		if err != nil {
			skipped = append(skipped, p)
			continue
		}
		texts = append(texts, string(b))
	}
	return mcp.NewToolResultText(fmt.Sprint(texts, skipped)), nil
}

// A retry loop.
func retry(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		b, err := os.ReadFile("x")
		if err != nil {
			lastErr = err
			continue
		}
		return mcp.NewToolResultText(string(b)), nil
	}
	return nil, lastErr
}

// Missing files are not part of a listing.
func readExisting(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var texts []string
	for _, p := range []string{"a", "b"} {
		b, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		texts = append(texts, string(b))
	}
	return mcp.NewToolResultText(fmt.Sprint(texts)), nil
}

// The collection is not returned.
func count(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var texts []string
	for _, p := range []string{"a", "b"} {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		texts = append(texts, string(b))
	}
	log.Print(texts)
	return mcp.NewToolResultText("done"), nil
}
