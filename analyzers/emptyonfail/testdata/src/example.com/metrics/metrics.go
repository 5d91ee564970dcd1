// Package metrics has no MCP import: the fact that its probe answers
// false on a failure travels to the tools that call it.
package metrics

import (
	"context"
	"errors"
)

func query(ctx context.Context, q string) ([]float64, error) { return nil, errors.New("down") }

// Installed reports whether the exporter is installed.
func Installed(ctx context.Context) bool { // want Installed:`emptyonfail\(returns false on the failure of query at metrics.go:16, probe\)`
	vals, err := query(ctx, "up")
	if err != nil {
		return false
	}
	return len(vals) > 0
}

// Samples counts the samples of q.
func Samples(ctx context.Context, q string) int { // want Samples:`emptyonfail\(returns 0 on the failure of query at metrics.go:25, probe\)`
	vals, err := query(ctx, q)
	if err != nil {
		return 0
	}
	return len(vals)
}

// Into fills out with the samples of q, and leaves it empty when the
// query fails.
func Into(ctx context.Context, q string, out map[string]float64) { // want Into:`emptyonfail\(returns nothing in out on the failure of query at metrics.go:\d+, leaves param 2 unfilled\)`
	vals, err := query(ctx, q)
	if err != nil {
		return
	}
	for i, v := range vals {
		out[q+string(rune('a'+i))] = v
	}
}

// IntoErr is Into's twin, which reports its failure.
func IntoErr(ctx context.Context, q string, out map[string]float64) error {
	vals, err := query(ctx, q)
	if err != nil {
		return err
	}
	for i, v := range vals {
		out[q+string(rune('a'+i))] = v
	}
	return nil
}
