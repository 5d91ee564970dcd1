package driver

import (
	"flag"
	"fmt"
	"go/doc/comment"
	"io"
	"strings"

	"github.com/toolcheck/toolcheck/internal/config"
	"golang.org/x/tools/go/analysis"
)

// Title returns an analyzer's one-line summary: the first paragraph of
// its Doc.
func Title(a *analysis.Analyzer) string {
	title, _, _ := strings.Cut(a.Doc, "\n\n")
	return strings.Join(strings.Fields(title), " ")
}

// Body returns an analyzer's documentation after the title, in Go doc
// comment syntax.
func Body(a *analysis.Analyzer) string {
	_, body, _ := strings.Cut(a.Doc, "\n\n")
	return body
}

// RenderText formats doc comment text for a terminal.
func RenderText(doc string) string {
	var p comment.Parser
	pr := &comment.Printer{TextWidth: 76}
	return string(pr.Text(p.Parse(doc)))
}

// Help prints the help: the program's own when names is empty, else each
// named analyzer's reference.
func (p *Program) Help(names []string) int {
	w := p.Stdout
	if len(names) == 0 {
		p.usage(w)
		return ExitClean
	}
	code := ExitClean
	for i, name := range names {
		var a *analysis.Analyzer
		for _, x := range p.Analyzers {
			if x.Name == name {
				a = x
			}
		}
		if a == nil {
			p.errorf("no analyzer named %q; %s help lists them", name, p.Name)
			code = ExitError
			continue
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s: %s\n\n%s", a.Name, Title(a), RenderText(Body(a)))
		fmt.Fprintf(w, "\nFlags:\n")
		n := 0
		a.Flags.VisitAll(func(f *flag.Flag) {
			n++
			fmt.Fprintf(w, "  -%s.%s\n    \t%s\n", a.Name, f.Name, f.Usage)
		})
		if n == 0 {
			fmt.Fprintf(w, "  none of its own; the configuration flags (%s help) apply\n", p.Name)
		}
		fmt.Fprintf(w, "\nReference: %s\n", a.URL)
	}
	return code
}

func (p *Program) usage(w io.Writer) {
	name := p.Name
	fmt.Fprintf(w, `%[1]s checks Go MCP servers against the tool-outcome design: every tool
wrapped in the tool boundary, IsError results built only by the boundary,
caller errors logged at INFO, no empty success on a failure path, and error
text the model can act on.

Usage:
  %[1]s [flags] packages         check the packages (go list patterns, e.g. ./...)
  go vet -vettool="$(go env GOPATH)/bin/%[1]s" [flags] packages
                                    the same analyzers through go vet
  %[1]s lsp [flags]              the language server, for editors (the same flags)
  %[1]s help [analyzer]          this help, or one analyzer's reference
  %[1]s version                  the version and VCS revision of this binary

Analyzers (-NAME runs only the named ones, -NAME=false all but those):
`, name)
	for _, a := range p.Analyzers {
		fmt.Fprintf(w, "  %-14s %s\n", a.Name, Title(a))
	}
	fmt.Fprintf(w, `
Configuration: the same keys in .toolcheck.json, found in each package's
directory or the nearest one above it, and in golangci-lint's settings;
list flags are comma-separated and add to the file's lists.
`)
	var opts Options
	fs := p.FlagSet(&opts, map[string]*triState{})
	cfgFlags := flag.NewFlagSet("", flag.ContinueOnError)
	(&config.Config{}).RegisterFlags(cfgFlags)
	isCfg := func(n string) bool { return cfgFlags.Lookup(n) != nil }
	printFlag := func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		if arg == "value" {
			arg = "list" // the configuration's list flags
		}
		if arg != "" {
			arg = " " + arg
		}
		fmt.Fprintf(w, "  -%s%s\n    \t%s\n", f.Name, arg, usage)
	}
	cfgFlags.VisitAll(func(f *flag.Flag) { printFlag(fs.Lookup(f.Name)) })
	fmt.Fprintf(w, "\nAnalyzer flags (%s help NAME says more):\n", name)
	fs.VisitAll(func(f *flag.Flag) {
		if strings.Contains(f.Name, ".") {
			printFlag(f)
		}
	})
	fmt.Fprintf(w, "\nOutput:\n")
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.Contains(f.Name, ".") && !isCfg(f.Name) && !isAnalyzer(p.Analyzers, f.Name) {
			printFlag(f)
		}
	})
	fmt.Fprintf(w, `
Findings go to standard output, one per line: file:line:col: message
(analyzer), with files relative to the current directory. Errors go to
standard error. Exit status: 0 no findings, 3 findings (0 with -exit-zero),
1 errors (bad flags or configuration, packages that do not load, an
analyzer failure). Under go vet, go vet's own output and exit status apply.

On an existing server, -baseline=FILE -write-baseline records today's
findings in FILE, keyed on analyzer, file, enclosing function and message
(not lines); -baseline=FILE then reports only the findings FILE does not
record, and lists on standard error the recorded ones that no longer occur
(without changing the exit status). The baseline key of .toolcheck.json
names the file once for every driver (the command, go vet, golangci-lint,
toolcheck lsp); -write-baseline alone then writes it.

Suppress a finding with a reason, on its line or the line above:
  //toolcheck:ignore ANALYZER reason
`)
	if p.URI != "" {
		fmt.Fprintf(w, "\nDocumentation: %s\n", p.URI)
	}
}

func isAnalyzer(as []*analysis.Analyzer, name string) bool {
	for _, a := range as {
		if a.Name == name {
			return true
		}
	}
	return false
}
