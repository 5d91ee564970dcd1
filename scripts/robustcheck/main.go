// Command robustcheck reads toolcheck -json output on stdin (one JSON tree
// from the standalone driver, or one per package from go vet -json) and sorts its
// analyzer errors from its findings, for scripts/robustness.sh: it prints
// the number of packages and findings per analyzer, lists the packages
// the driver skipped because they do not type-check, and exits 1 if an
// analyzer failed (an error that is not the driver's "analysis skipped
// due to errors in package", nor a "failed prerequisites" that only
// follows from one).
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	tree := map[string]map[string]json.RawMessage{}
	dec := json.NewDecoder(os.Stdin)
	trees := 0
	for {
		var t map[string]map[string]json.RawMessage
		err := dec.Decode(&t)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "robustcheck: the input is not toolcheck -json output: %v\n", err)
			os.Exit(2)
		}
		trees++
		for pkg, byAnalyzer := range t {
			if tree[pkg] == nil {
				tree[pkg] = map[string]json.RawMessage{}
			}
			for a, raw := range byAnalyzer {
				tree[pkg][a] = raw
			}
		}
	}
	if trees == 0 {
		fmt.Fprintln(os.Stderr, "robustcheck: no toolcheck -json output")
		os.Exit(2)
	}
	findings := map[string]int{}
	seen := map[string]bool{}
	skipped := map[string]bool{}
	var failures []string
	for pkg, byAnalyzer := range tree {
		for analyzer, raw := range byAnalyzer {
			var e struct {
				Error string `json:"error"`
			}
			if json.Unmarshal(raw, &e) == nil && e.Error != "" {
				switch {
				case e.Error == "analysis skipped due to errors in package":
					skipped[pkg] = true
				case strings.HasPrefix(e.Error, "failed prerequisites:"):
					// follows from an error reported on its own
				default:
					failures = append(failures, fmt.Sprintf("%s: %s: %s", pkg, analyzer, e.Error))
				}
				continue
			}
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(raw, &diags); err != nil {
				failures = append(failures, fmt.Sprintf("%s: %s: unreadable result %s", pkg, analyzer, raw))
				continue
			}
			for _, d := range diags {
				// A package and its test variant report alike: count once.
				k := analyzer + "\t" + d.Posn + "\t" + d.Message
				if !seen[k] {
					seen[k] = true
					findings[analyzer]++
				}
			}
		}
	}
	var names []string
	for a := range findings {
		names = append(names, a)
	}
	sort.Strings(names)
	var parts []string
	for _, a := range names {
		parts = append(parts, fmt.Sprintf("%s %d", a, findings[a]))
	}
	fmt.Printf("packages with output: %d; distinct findings: %s\n", len(tree), strings.Join(parts, ", "))
	if list := os.Getenv("ROBUSTCHECK_LIST"); list != "" {
		var keys []string
		for k := range seen {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if err := os.WriteFile(list, []byte(strings.Join(keys, "\n")+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "robustcheck:", err)
		}
	}
	if len(skipped) > 0 {
		var pkgs []string
		for p := range skipped {
			pkgs = append(pkgs, p)
		}
		sort.Strings(pkgs)
		fmt.Printf("not analyzed (the package does not type-check): %d: %s\n", len(pkgs), strings.Join(pkgs, " "))
	}
	sort.Strings(failures)
	for _, f := range failures {
		fmt.Println("ANALYZER ERROR:", f)
	}
	if len(failures) > 0 {
		os.Exit(1)
	}
}
