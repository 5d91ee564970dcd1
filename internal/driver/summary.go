package driver

import (
	"cmp"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
)

// summaryTop is how many rows each list of the summary shows.
const summaryTop = 10

// calleeRe matches a message that opens by naming a callee, as the
// analyzers write it: "mcp.NewToolResultError builds …",
// "(*store.Store).Search returns …", "results.Error, the only
// implementation …". A type ("mcp.CallToolResult literal …") or an
// assignment ("res.IsError = true …") is not a callee.
var calleeRe = regexp.MustCompile(`^(\(\*?\w+\.\w+\)\.\w+|\w+\.\w+),? ([a-z]+)\b`)

// Callee returns the function a finding's message opens by naming, or "".
func Callee(message string) string {
	m := calleeRe.FindStringSubmatch(message)
	if m == nil || m[2] == "literal" {
		return ""
	}
	return m[1]
}

// A summaryList is one list of the summary: a title and counts by name.
type summaryList struct {
	title  string
	counts map[string]int
}

// WriteSummary writes counts of the findings: per analyzer, per package
// (import path), per enclosing function (FuncOf) and per helper (the
// callee a message opens by naming, see Callee), the top summaryTop of
// each by count then name, with their share of all the findings.
func WriteSummary(w io.Writer, findings []Finding) error {
	if len(findings) == 0 {
		_, err := fmt.Fprintln(w, "summary: no findings")
		return err
	}
	lists := []summaryList{
		{"by analyzer:", map[string]int{}},
		{"by package:", map[string]int{}},
		{"by function:", map[string]int{}},
		{"by helper (the callee a message names):", map[string]int{}},
	}
	for _, f := range findings {
		lists[0].counts[f.Analyzer.Name]++
		lists[1].counts[f.Package.PkgPath]++
		fn := FuncOf(f)
		if fn == "" {
			fn = "(package level)"
		}
		lists[2].counts[fn]++
		if c := Callee(f.Message); c != "" {
			lists[3].counts[c]++
		}
	}
	type row struct {
		name string
		n    int
	}
	rows := make([][]row, len(lists))
	width := 0
	for i, l := range lists {
		for name, n := range l.counts {
			rows[i] = append(rows[i], row{name, n})
		}
		slices.SortFunc(rows[i], func(a, b row) int { return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(a.name, b.name)) })
		for _, r := range rows[i][:min(len(rows[i]), summaryTop)] {
			width = max(width, len(r.name))
		}
	}
	var b strings.Builder
	total := len(findings)
	fmt.Fprintf(&b, "summary: %s\n", plural(total, "finding", "findings"))
	nw := len(fmt.Sprint(total))
	for i, l := range lists {
		b.WriteString(l.title + "\n")
		if len(rows[i]) == 0 {
			b.WriteString("  none\n")
		}
		for j, r := range rows[i] {
			if j == summaryTop {
				rest := 0
				for _, r := range rows[i][j:] {
					rest += r.n
				}
				fmt.Fprintf(&b, "  ... and %d more (%s)\n", len(rows[i])-j, plural(rest, "finding", "findings"))
				break
			}
			fmt.Fprintf(&b, "  %-*s  %*d  %5.1f%%\n", width, r.name, nw, r.n, 100*float64(r.n)/float64(total))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
