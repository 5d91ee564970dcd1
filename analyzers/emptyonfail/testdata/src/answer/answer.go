// Package answer holds failure paths judged by what the model is told:
// an empty value that becomes the answer is reported; one that does not
// (an optional part merged with other data, a helper documented as best
// effort, an operation that cannot fail, a text that names what failed,
// the model's own argument that does not decode) is not. Each shape has
// its twin.
package answer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Hit struct{ Path, Line string }

func localHits(q string) ([]Hit, error)   { return nil, errors.New("index down") }
func remoteFetch(q string) ([]Hit, error) { return nil, errors.New("remote down") }

// remoteHits adds the hits of the remote mirror. Merged into the local
// hits by every caller: an optional part, left out when the mirror fails.
func remoteHits(q string) []Hit {
	hits, err := remoteFetch(q)
	if err != nil {
		return nil
	}
	return hits
}

// mirrorHits is the same helper; its caller answers with it alone.
func mirrorHits(q string) []Hit {
	hits, err := remoteFetch(q)
	if err != nil {
		return nil // want `failure of remoteFetch returns nil from a function with no error result`
	}
	return hits
}

func render(hits []Hit) string {
	var b strings.Builder
	for _, h := range hits {
		b.WriteString(h.Path + ":" + h.Line + "\n")
	}
	return b.String()
}

func searchTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("query", "")
	hits, err := localHits(q)
	if err != nil {
		return nil, err
	}
	hits = append(hits, remoteHits(q)...)
	return mcp.NewToolResultText(render(hits)), nil
}

func mirrorTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hits := mirrorHits(req.GetString("query", ""))
	return mcp.NewToolResultText(render(hits)), nil
}

func queryRows(ctx context.Context, q string) ([]string, error) { return nil, errors.New("db down") }

// recentRows returns the recent rows and a summary line. It is best
// effort: the rows enrich a report built from the primary store, and on
// any failure it returns none.
func recentRows(ctx context.Context, q string) ([]string, string, error) {
	rows, err := queryRows(ctx, q)
	if err != nil {
		return nil, "", nil
	}
	return rows, fmt.Sprintf("%d rows", len(rows)), nil
}

// latestRows returns the latest rows and a summary line.
func latestRows(ctx context.Context, q string) ([]string, string, error) {
	rows, err := queryRows(ctx, q)
	if err != nil {
		return nil, "", nil // want `failure of queryRows returns nil and "" with a nil error`
	}
	return rows, fmt.Sprintf("%d rows", len(rows)), nil
}

func rowsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	q := req.GetString("q", "")
	a, sa, err := recentRows(ctx, q)
	if err != nil {
		return nil, err
	}
	b, sb, err := latestRows(ctx, q)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(strings.Join(append(a, b...), "\n") + sa + sb), nil
}

// labelsJSON marshals a map of strings, which cannot fail.
func labelsJSON(labels map[string]string) string {
	data, err := json.Marshal(labels)
	if err != nil {
		return ""
	}
	return string(data)
}

// labelJSON marshals an interface value that holds only a map of
// strings, which cannot fail.
func labelJSON(name string) string {
	var v any = map[string]string{"name": name}
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(data)
}

// metricsJSON marshals values that may hold NaN, which fails.
func metricsJSON(values map[string]any) string {
	data, err := json.Marshal(values)
	if err != nil {
		return "" // want `failure of json.Marshal returns "" from a function with no error result`
	}
	return string(data)
}

func labelsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(labelsJSON(map[string]string{"a": "b"})), nil
}

func labelTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(labelJSON(req.GetString("name", ""))), nil
}

func metricsTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(metricsJSON(map[string]any{"x": 1.0})), nil
}

func dataTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name := req.GetString("name", "")
	data, err := os.ReadFile("/var/lib/data/" + name + ".csv")
	if err != nil {
		return mcp.NewToolResultText(fmt.Sprintf("no data file found for %q", name)), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}

func notesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := os.ReadFile("/var/lib/notes.txt")
	if err != nil {
		return mcp.NewToolResultText("No notes found."), nil // want `failure of os.ReadFile returns mcp.NewToolResultText\("No notes found."\)`
	}
	return mcp.NewToolResultText(string(data)), nil
}

type Filter struct{ Owner string }

func fetchBody(ctx context.Context) ([]byte, error) { return nil, errors.New("down") }

func filterTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var f Filter
	if err := json.Unmarshal([]byte(req.GetString("filter", "{}")), &f); err != nil {
		return mcp.NewToolResultText("[]"), nil // the model's filter does not decode: nothing matches it
	}
	return mcp.NewToolResultText("owner " + f.Owner), nil
}

func upstreamTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	body, err := fetchBody(ctx)
	if err != nil {
		return nil, err
	}
	var f []Filter
	if err := json.Unmarshal(body, &f); err != nil {
		return mcp.NewToolResultText("[]"), nil // want `failure of json.Unmarshal returns mcp.NewToolResultText\("\[\]"\)`
	}
	return mcp.NewToolResultText(fmt.Sprint(len(f))), nil
}

func Register(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("search"), searchTool)
	s.AddTool(mcp.NewTool("mirror"), mirrorTool)
	s.AddTool(mcp.NewTool("rows"), rowsTool)
	s.AddTool(mcp.NewTool("labels"), labelsTool)
	s.AddTool(mcp.NewTool("label"), labelTool)
	s.AddTool(mcp.NewTool("metrics"), metricsTool)
	s.AddTool(mcp.NewTool("data"), dataTool)
	s.AddTool(mcp.NewTool("notes"), notesTool)
	s.AddTool(mcp.NewTool("filter"), filterTool)
	s.AddTool(mcp.NewTool("upstream"), upstreamTool)
}
