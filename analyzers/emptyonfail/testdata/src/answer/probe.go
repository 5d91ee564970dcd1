package answer

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"example.com/metrics"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func queryMetric(ctx context.Context, q string) (map[string]float64, error) {
	return nil, errors.New("metrics store down")
}

// exporterUp tells whether the exporter reports: false when the query
// fails too, which the tool then tells the model as "not installed".
func exporterUp(ctx context.Context) bool {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false // want `failure of queryMetric makes answer.exporterUp return false, which the tool tells the model as a fact \(probe.go:\d+\)`
	}
	return len(vals) > 0
}

func metricsSummaryTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if !exporterUp(ctx) {
		return mcp.NewToolResultText("no metrics found; check that the exporter runs"), nil
	}
	return mcp.NewToolResultText("exporter up"), nil
}

// exporterSeen is the same probe, stored in the answer's field.
func exporterSeen(ctx context.Context) bool {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false // want `failure of queryMetric makes answer.exporterSeen return false`
	}
	return len(vals) > 0
}

type Status struct {
	Available bool `json:"available"`
}

func statusTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	up := exporterSeen(ctx)
	return mcp.NewToolResultStructuredOnly(Status{Available: up}), nil
}

// exporterUpErr is the twin whose failure is returned.
func exporterUpErr(ctx context.Context) (bool, error) {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false, err
	}
	return len(vals) > 0, nil
}

func metricsSummaryErrTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	up, err := exporterUpErr(ctx)
	if err != nil {
		return nil, err
	}
	if !up {
		return mcp.NewToolResultText("no metrics found; check that the exporter runs"), nil
	}
	return mcp.NewToolResultText("exporter up"), nil
}

// isDir is a probe only control flow reads: false sends the call on to
// reading a file, whose own failure is returned.
func isDir(p string) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	return fi.IsDir()
}

func listDir(p string) (*mcp.CallToolResult, error) {
	entries, err := os.ReadDir(p)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprint(len(entries))), nil
}

func openTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.GetString("path", "")
	if isDir(p) {
		return listDir(p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(data)), nil
}

// fetchInto fills the caller's map, and leaves it empty when the query
// fails: the error rate then reads 0.
func fetchInto(ctx context.Context, q string, out map[string]float64) {
	vals, err := queryMetric(ctx, q)
	if err != nil {
		log.Printf("fetch %s: %v", q, err)
		return // want `failure of queryMetric leaves out unfilled and answer.fetchInto returns as if it succeeded, so the tool answers from the empty value \(probe.go:\d+\)`
	}
	for k, v := range vals {
		out[k] = v
	}
}

func errorRateTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	counts := map[string]float64{}
	fetchInto(ctx, "requests", counts)
	rate := 0.0
	if counts["total"] > 0 {
		rate = counts["errors"] / counts["total"]
	}
	return mcp.NewToolResultText(fmt.Sprintf("error rate %.2f", rate)), nil
}

// fetchIntoErr is the twin that reports its failure.
func fetchIntoErr(ctx context.Context, q string, out map[string]float64) error {
	vals, err := queryMetric(ctx, q)
	if err != nil {
		return fmt.Errorf("fetch %s: %w", q, err)
	}
	for k, v := range vals {
		out[k] = v
	}
	return nil
}

func errorRateErrTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	counts := map[string]float64{}
	if err := fetchIntoErr(ctx, "requests", counts); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("error rate %.2f", counts["errors"])), nil
}

func installedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(fmt.Sprintf("installed: %t", metrics.Installed(ctx))), nil // want `metrics.Installed returns false on the failure of query \(metrics.go:\d+\), which this tool tells the model as a fact`
}

func samplesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := metrics.Samples(ctx, req.GetString("q", ""))
	if n > 100 {
		n = 100 // control flow on the count, not the answer: still 0
	}
	return mcp.NewToolResultText("samples"), nil
}

// allowed is a probe whose false the caller turns into an error, which
// the model reads: the failure is disclosed, not hidden.
func allowed(p string) bool {
	if _, err := os.Stat(p); err != nil {
		return false
	}
	return true
}

func checked(p string) (string, error) {
	if !allowed(p) {
		return "", fmt.Errorf("access denied: %s", p)
	}
	return p, nil
}

func checkedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p, err := checked(req.GetString("path", ""))
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(p), nil
}

func RegisterProbes(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("checked"), checkedTool)
	s.AddTool(mcp.NewTool("installed"), installedTool)
	s.AddTool(mcp.NewTool("samples"), samplesTool)
	s.AddTool(mcp.NewTool("metrics_summary"), metricsSummaryTool)
	s.AddTool(mcp.NewTool("status"), statusTool)
	s.AddTool(mcp.NewTool("metrics_summary_err"), metricsSummaryErrTool)
	s.AddTool(mcp.NewTool("open"), openTool)
	s.AddTool(mcp.NewTool("error_rate"), errorRateTool)
	s.AddTool(mcp.NewTool("error_rate_err"), errorRateErrTool)
	s.AddTool(mcp.NewTool("health"), healthTool)
	s.AddTool(mcp.NewTool("latency"), latencyTool)
	s.AddTool(mcp.NewTool("latency_err"), latencyErrTool)
	s.AddTool(mcp.NewTool("health_map"), healthMapTool)
	c := &cache{}
	s.AddTool(mcp.NewTool("health_cached"), c.healthCachedTool)
}

// exporterLive is the probe again, stored in a field of a value the tool
// fills and then serialises.
func exporterLive(ctx context.Context) bool {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false // want `failure of queryMetric makes answer.exporterLive return false, which the tool tells the model as a fact \(probe.go:\d+\)`
	}
	return len(vals) > 0
}

type Health struct {
	Name      string `json:"name"`
	Available bool   `json:"available"`
}

func healthTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var h Health
	h.Name = "exporter"
	h.Available = exporterLive(ctx)
	return mcp.NewToolResultStructuredOnly(h), nil
}

// exporterListed is stored in a map the tool serialises.
func exporterListed(ctx context.Context) bool {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false // want `failure of queryMetric makes answer.exporterListed return false`
	}
	return len(vals) > 0
}

func healthMapTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	out := map[string]any{"name": "exporter"}
	out["available"] = exporterListed(ctx)
	return mcp.NewToolResultStructuredOnly(out), nil
}

// exporterPolled is stored in the server's own cache, not in the answer:
// the tool reports the cache's age and nothing of the probe.
func exporterPolled(ctx context.Context) bool {
	vals, err := queryMetric(ctx, "up")
	if err != nil {
		return false
	}
	return len(vals) > 0
}

type cache struct {
	up    bool
	polls int
}

func (c *cache) healthCachedTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	c.up = exporterPolled(ctx)
	c.polls++
	return mcp.NewToolResultText(fmt.Sprintf("polled %d times", c.polls)), nil
}

// latencyTool passes its map to another package's filler, which leaves it
// empty on a failure: the answer reads 0.
func latencyTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	lat := map[string]float64{}
	metrics.Into(ctx, "latency", lat) // want `metrics.Into leaves lat unfilled on the failure of query \(metrics.go:\d+\) and returns as if it succeeded, so this tool answers from the empty value \(probe.go:\d+\)`
	return mcp.NewToolResultText(fmt.Sprintf("p99 %.2f", lat["latencya"])), nil
}

// latencyErrTool's filler reports its failure, which the tool returns.
func latencyErrTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	lat := map[string]float64{}
	if err := metrics.IntoErr(ctx, "latency", lat); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(fmt.Sprintf("p99 %.2f", lat["latencya"])), nil
}
