package driver

import (
	"fmt"
	"slices"
	"strings"
)

// contextLines is how many unchanged lines a diff hunk shows around a
// change.
const contextLines = 3

// unifiedDiff returns the unified diff from a to b, line by line, or ""
// when they are equal.
func unifiedDiff(oldName, newName, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", oldName, newName)
	// Group the operations into hunks: runs of changes with up to
	// 2*contextLines equal lines between them.
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-contextLines, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*contextLines {
				end = min(end+contextLines, len(ops))
				break
			}
			end = run
		}
		hunk := ops[start:end]
		ax, bx := hunk[0].x, hunk[0].y
		an, bn := 0, 0
		for _, op := range hunk {
			if op.kind != '+' {
				an++
			}
			if op.kind != '-' {
				bn++
			}
		}
		fmt.Fprintf(&sb, "@@ -%s +%s @@\n", hunkRange(ax, an), hunkRange(bx, bn))
		for _, op := range hunk {
			var line string
			if op.kind == '+' {
				line = y[op.y]
			} else {
				line = x[op.x]
			}
			sb.WriteByte(op.kind)
			sb.WriteString(line)
			if !strings.HasSuffix(line, "\n") {
				sb.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return sb.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// A diffOp keeps (' '), deletes ('-') or inserts ('+') one line; x and y
// are the line's index in the old and new text (for an insertion, x is
// where it goes; for a deletion, y is).
type diffOp struct {
	kind byte
	x, y int
}

// diffLines computes a shortest edit script from x to y with Myers'
// algorithm.
func diffLines(x, y []string) []diffOp {
	n, m := len(x), len(y)
	maxD := n + m
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	// trace[d] keeps the diagonals step d reads, -d-1 to d+1, not all of
	// v: a copy of v per step was quadratic in the file's length (a
	// thousand fixes in a file of 60,000 lines copied gigabytes).
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				i = v[off+k+1]
			} else {
				i = v[off+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i, j = i+1, j+1
			}
			v[off+k] = i
			if i >= n && j >= m {
				return backtrack(trace, x, y, d)
			}
		}
	}
	return nil
}

func backtrack(trace [][]int, x, y []string, d int) []diffOp {
	var ops []diffOp
	i, j := len(x), len(y)
	for ; d > 0; d-- {
		// The furthest points after d-1 edits, by diagonal.
		v := func(k int) int { return trace[d][k+d+1] }
		k := i - j
		pk := k - 1
		if k == -d || (k != d && v(k-1) < v(k+1)) {
			pk = k + 1
		}
		pi := v(pk)
		pj := pi - pk
		for i > pi && j > pj {
			i, j = i-1, j-1
			ops = append(ops, diffOp{' ', i, j})
		}
		if pk == k+1 {
			ops = append(ops, diffOp{'+', pi, pj})
		} else {
			ops = append(ops, diffOp{'-', pi, pj})
		}
		i, j = pi, pj
	}
	for i > 0 && j > 0 {
		i, j = i-1, j-1
		ops = append(ops, diffOp{' ', i, j})
	}
	slices.Reverse(ops)
	return ops
}
