package driver

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/toolcheck/toolcheck/internal/config"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// Exit codes, the same in every output format.
const (
	ExitClean    = 0 // no findings (or -exit-zero)
	ExitError    = 1 // an error: bad flags or configuration, a package that does not load, an analyzer failure
	ExitFindings = 3 // findings
)

// Program is a command built on the driver: its name, version, home page
// and analyzers, configured by Config.
type Program struct {
	Name      string
	Version   Version
	URI       string
	Analyzers []*analysis.Analyzer
	Config    *config.Config
	Stdout    io.Writer
	Stderr    io.Writer
	// Dir is the working directory; Env the environment of the build
	// system (nil: the process's).
	Dir string
	Env []string

	gcRestore func() // undoes collectLess (gc.go)
}

// Options are the standalone driver's flags beyond the configuration.
type Options struct {
	Format   string // text, json or sarif
	Fix      bool   // apply the suggested fixes
	Diff     bool   // print the fixes as a diff instead of applying them
	ExitZero bool   // exit 0 on findings
	// DeprecatedTest says -test, the deprecated name of -tests, was given.
	DeprecatedTest bool

	Baseline      string // report only the findings this baseline file does not record
	WriteBaseline bool   // record the findings in the Baseline file instead
	Summary       bool   // print counts of the findings on standard error after them
}

// errorf prints one error line, prefixed with the program's name.
func (p *Program) errorf(format string, args ...any) {
	fmt.Fprintf(p.Stderr, "%s: %s\n", p.Name, fmt.Sprintf(format, args...))
}

// FlagSet returns the standalone driver's flags, bound to opts, p.Config
// and the analyzers' own flags ("-NAME.FLAG"), with the analyzer
// selection flags ("-NAME", "-NAME=false") recorded in enable.
func (p *Program) FlagSet(opts *Options, enable map[string]*triState) *flag.FlagSet {
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	p.Config.RegisterFlags(fs)
	fs.StringVar(&opts.Format, "format", "text", "output format: text, json or sarif")
	fs.Var(jsonFlag{&opts.Format}, "json", "the same as -format=json")
	fs.BoolVar(&opts.Fix, "fix", false, "apply the suggested fixes, then report the findings left")
	fs.BoolVar(&opts.Diff, "diff", false, "print the suggested fixes as a unified diff instead of applying them")
	fs.BoolVar(&opts.ExitZero, "exit-zero", false, "exit 0 when there are findings (errors still exit 1)")
	fs.StringVar(&opts.Baseline, "baseline", "", "report, fix and count only the findings not recorded in this baseline `file`; recorded ones that no longer occur are listed on standard error")
	fs.BoolVar(&opts.WriteBaseline, "write-baseline", false, "record the findings in the -baseline file (or the one the baseline key of .toolcheck.json names) instead of reporting them, and exit 0")
	fs.BoolVar(&opts.Summary, "summary", false, "after the findings, print their counts per analyzer, package, function and helper on standard error")
	fs.Var(&aliasFlag{fs.Lookup("tests").Value, &opts.DeprecatedTest}, "test", "deprecated: the old name of -tests")
	for _, a := range p.Analyzers {
		t := &triState{}
		enable[a.Name] = t
		fs.Var(t, a.Name, "run only the named analyzers (-"+a.Name+"), or all but these (-"+a.Name+"=false)")
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return fs
}

// triState is an analyzer selection flag: unset, true or false.
type triState struct{ set, value bool }

func (t *triState) String() string {
	if t == nil || !t.set {
		return "unset"
	}
	return fmt.Sprint(t.value)
}
func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) Set(s string) error {
	switch s {
	case "true", "1":
		t.set, t.value = true, true
	case "false", "0":
		t.set, t.value = true, false
	default:
		return fmt.Errorf("want true or false, got %q", s)
	}
	return nil
}

// aliasFlag is a deprecated name of another flag, which records that it
// was used.
type aliasFlag struct {
	flag.Value
	used *bool
}

func (f *aliasFlag) String() string {
	if f == nil || f.Value == nil {
		return ""
	}
	return f.Value.String()
}
func (f *aliasFlag) IsBoolFlag() bool { return true }
func (f *aliasFlag) Set(s string) error {
	*f.used = true
	return f.Value.Set(s)
}

type jsonFlag struct{ format *string }

func (f jsonFlag) String() string {
	if f.format == nil {
		return "false"
	}
	return fmt.Sprint(*f.format == "json")
}
func (f jsonFlag) IsBoolFlag() bool { return true }
func (f jsonFlag) Set(s string) error {
	switch s {
	case "true", "1":
		*f.format = "json"
	case "false", "0":
	default:
		return fmt.Errorf("want true or false, got %q", s)
	}
	return nil
}

// load loads the packages matching patterns, with their test variants
// only when the tests setting is on for one of them (Config.TestsIn): for
// the current directory, or else for a loaded package's directory, when
// they are loaded again with them. With the setting off, _test.go files
// draw no findings and a test variant would repeat its package's (the
// model gives it nothing to analyse), so type-checking them is waste:
// about a third of loading a server with thorough tests.
func (p *Program) load(patterns []string) ([]*packages.Package, error) {
	tests := p.Config.TestsIn(p.Dir)
	pkgs, err := Load(p.Dir, patterns, tests, p.Env)
	if err != nil || tests {
		return pkgs, err
	}
	var dirs []string
	for _, pkg := range pkgs {
		if dir := packageDir(pkg); dir != "" {
			dirs = append(dirs, dir)
		}
	}
	if !p.Config.TestsIn(dirs...) {
		return pkgs, nil
	}
	return Load(p.Dir, patterns, true, p.Env)
}

// Select returns the analyzers the selection flags ask for: the ones set
// true if any is, else all but the ones set false.
func Select(all []*analysis.Analyzer, enable map[string]*triState) []*analysis.Analyzer {
	var only, except []*analysis.Analyzer
	for _, a := range all {
		if t := enable[a.Name]; t != nil && t.set {
			if t.value {
				only = append(only, a)
			}
			continue
		}
		except = append(except, a)
	}
	if len(only) > 0 {
		return only
	}
	return except
}

// Names returns the names of analyzers: the ones a run reports, for
// config.Config.SetReporting.
func Names(analyzers []*analysis.Analyzer) []string {
	names := make([]string, len(analyzers))
	for i, a := range analyzers {
		names[i] = a.Name
	}
	return names
}

// FlagError rewords a flag package error as one sentence naming the flag.
func FlagError(err error) string {
	msg := err.Error()
	if strings.HasPrefix(msg, "flag provided but not defined: ") {
		name := strings.TrimPrefix(msg, "flag provided but not defined: ")
		return "unknown flag " + name + "; toolcheck help lists the flags"
	}
	return msg
}

// Main runs the standalone driver on the command-line arguments (without
// the program name) and returns the exit code.
func (p *Program) Main(args []string) int {
	var opts Options
	enable := map[string]*triState{}
	fs := p.FlagSet(&opts, enable)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			p.Help(nil)
			return ExitClean
		}
		p.errorf("%s", FlagError(err))
		return ExitError
	}
	switch opts.Format {
	case "text", "json", "sarif":
	default:
		p.errorf("-format=%s: want text, json or sarif", opts.Format)
		return ExitError
	}
	if opts.WriteBaseline && (opts.Fix || opts.Diff) {
		p.errorf("-write-baseline records the findings as they are; it cannot be combined with -fix or -diff")
		return ExitError
	}
	if opts.Diff {
		opts.Fix = true
	}
	if opts.DeprecatedTest {
		fmt.Fprintf(p.Stderr, "%s: warning: -test is deprecated; use -tests, which it now means (report findings in _test.go files; -tests=false leaves test files out)\n", p.Name)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		fmt.Fprintf(p.Stderr, "%s: warning: no packages given; run %s ./... to check the module in the current directory\n", p.Name, p.Name)
		return ExitClean
	}
	analyzers := Select(p.Analyzers, enable)
	return p.run(patterns, analyzers, opts)
}

// reanalyse loads and analyses the packages again, after -fix wrote its
// fixes, and returns the findings the baseline does not record.
func (p *Program) reanalyse(patterns []string, analyzers []*analysis.Analyzer, opts Options, bls *Baselines) ([]Finding, error) {
	p.collectMore()
	pkgs, err := p.load(patterns)
	if err != nil {
		return nil, err
	}
	ok, broken, blocked := Partition(pkgs)
	p.analysing(ok)
	if len(broken) > 0 || len(blocked) > 0 {
		return nil, fmt.Errorf("%s no longer %s", plural(len(broken)+len(blocked), "package", "packages"), pick(len(broken)+len(blocked), "builds", "build"))
	}
	p.collectLess()
	res, err := Analyze(analyzers, ok)
	if err != nil {
		return nil, err
	}
	findings, _, err := bls.Apply(res.Findings, analyzers, ok)
	return findings, err
}

func (p *Program) run(patterns []string, analyzers []*analysis.Analyzer, opts Options) int {
	p.Config.SetReporting(Names(analyzers))
	// Text shows no suggested fix: without -fix the analyzers build none.
	p.Config.SetFixes(opts.Fix || opts.Format != "text")
	// The configuration first, once: the flags, the -config file and the
	// file that applies to the current directory.
	if err := p.Config.Check(p.Dir); err != nil {
		p.errorf("%v", err)
		return ExitError
	}
	// The -baseline file before loading, so that a missing file fails at
	// once; the baseline key of each package's configuration once the
	// packages are known.
	bls := &Baselines{Flag: opts.Baseline, Config: p.Config, Dir: p.Dir}
	if opts.Baseline != "" {
		bls.FlagAbs = opts.Baseline
		if !filepath.IsAbs(bls.FlagAbs) {
			bls.FlagAbs = filepath.Join(p.Dir, bls.FlagAbs)
		}
		if !opts.WriteBaseline {
			if _, err := bls.get(bls.FlagAbs); err != nil {
				p.errorf("%v", err)
				return ExitError
			}
		}
	}
	pkgs, err := p.load(patterns)
	if err != nil {
		p.errorf("%v", err)
		return ExitError
	}
	if len(pkgs) == 0 {
		fmt.Fprintf(p.Stderr, "%s: warning: %s matched no packages\n", p.Name, strings.Join(patterns, " "))
		return ExitClean
	}
	// The configuration of every package's directory, each error once.
	var cfgErrs []string
	for _, pkg := range pkgs {
		dir := packageDir(pkg)
		if dir == "" {
			continue
		}
		if err := p.Config.Check(dir); err != nil && !slices.Contains(cfgErrs, err.Error()) {
			cfgErrs = append(cfgErrs, err.Error())
		}
	}
	if len(cfgErrs) > 0 {
		for _, e := range cfgErrs {
			p.errorf("%s", e)
		}
		return ExitError
	}
	if !opts.WriteBaseline {
		if err := bls.Check(pkgs); err != nil {
			p.errorf("%v", err)
			return ExitError
		}
	}

	ok, broken, blocked := Partition(pkgs)
	failed := len(broken) > 0 || len(blocked) > 0
	var runErrors []string // for SARIF's notifications
	for _, b := range broken {
		msg := b.Describe(p.Dir)
		p.errorf("%s", msg)
		runErrors = append(runErrors, msg)
	}
	if len(blocked) > 0 {
		var ids []string
		for _, b := range blocked {
			ids = append(ids, b.ID)
		}
		msg := fmt.Sprintf("%s not analysed because %s a package with errors: %s",
			plural(len(blocked), "package was", "packages were"),
			pick(len(blocked), "it imports", "they import"), strings.Join(ids, ", "))
		p.errorf("%s", msg)
		runErrors = append(runErrors, msg)
	}

	var findings []Finding
	if len(ok) > 0 {
		p.analysing(ok)
		p.collectLess()
		defer p.collectMore()
		var start phaseMark
		if measurePhases {
			start = markPhase()
		}
		res, err := Analyze(analyzers, ok)
		if measurePhases {
			writePhases(p.Stderr, p.Name, start, markPhase())
		}
		if err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		for _, e := range res.Errors {
			p.errorf("%v", e)
			runErrors = append(runErrors, e.Error())
			failed = true
		}
		findings = res.Findings
	}

	if opts.WriteBaseline {
		return p.writeBaseline(opts, bls, findings, ok, failed)
	}
	// The baseline filters what is reported, fixed and counted.
	findings, stale, err := bls.Apply(findings, analyzers, ok)
	if err != nil {
		p.errorf("%v", err)
		return ExitError
	}

	if opts.Fix {
		fixes, err := ComputeFixes(findings)
		if err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		if err := fixes.RouteTests(findings, p.Env); err != nil {
			fmt.Fprintf(p.Stderr, "%s: warning: the tests that call converted handlers were not routed through the boundary: %v\n", p.Name, err)
		}
		if opts.Diff {
			if err := fixes.WriteDiff(p.Stdout, p.Dir); err != nil {
				p.errorf("%v", err)
				return ExitError
			}
		} else if err := fixes.Write(); err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		if fixes.Conflicts > 0 {
			msg := fmt.Sprintf("%s not applied because %s with one applied before; run %s -fix again",
				plural(fixes.Conflicts, "fix was", "fixes were"), pick(fixes.Conflicts, "it conflicts", "they conflict"), p.Name)
			p.errorf("%s", msg)
			runErrors = append(runErrors, msg)
			failed = true
		}
		if opts.Diff {
			// As the other formats: the findings the diff fixes (or
			// not) are findings.
			switch {
			case failed:
				return ExitError
			case len(findings) > 0 && !opts.ExitZero:
				return ExitFindings
			}
			return ExitClean
		}
		// What is left: the findings of the fixed files, analysed again
		// (a fix also removes or moves the findings of other analyzers at
		// its site), or, when nothing changed, those without a fix.
		var left []Finding
		for i := range findings {
			if !fixes.Fixed[&findings[i]] {
				left = append(left, findings[i])
			}
		}
		if len(fixes.Files) > 0 {
			if again, err := p.reanalyse(patterns, analyzers, opts, bls); err != nil {
				fmt.Fprintf(p.Stderr, "%s: warning: the fixed packages could not be analysed again, so the findings left are those the first run found without a fix: %v\n", p.Name, err)
			} else {
				left = again
			}
		}
		fixes.Incomplete, fixes.Analysed = failed, len(ok)
		if err := fixes.Report(p.Stderr, p.Name, p.Dir, findings, left); err != nil {
			p.errorf("%v", err)
			return ExitError
		}
		findings = left
	}

	var werr error
	switch opts.Format {
	case "text":
		werr = WriteText(p.Stdout, p.Dir, findings)
	case "json":
		werr = WriteJSON(p.Stdout, findings)
	case "sarif":
		werr = WriteSARIF(p.Stdout, p.Dir, Tool{Name: p.Name, Version: p.Version.SemVer(), URI: p.URI}, analyzers, findings, !failed, runErrors)
	}
	if werr == nil && opts.Summary {
		werr = WriteSummary(p.Stderr, findings)
	}
	if werr != nil {
		p.errorf("writing the findings: %v", werr)
		return ExitError
	}
	p.reportStale(patterns, stale)
	switch {
	case failed:
		return ExitError
	case len(findings) > 0 && !opts.ExitZero:
		return ExitFindings
	}
	return ExitClean
}

// plural returns "1 singular" or "n plural".
func plural(n int, singular, plural string) string {
	return fmt.Sprintf("%d %s", n, pick(n, singular, plural))
}

// pick returns singular when n is 1, plural otherwise.
func pick(n int, singular, plural string) string {
	if n == 1 {
		return singular
	}
	return plural
}

// Getwd returns the working directory, or "" when it cannot be found.
func Getwd() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	return dir
}

// Command runs the program on its command-line arguments (without the
// program name): go vet's protocol (which exits), the help and version
// subcommands, or the standalone driver. It returns the exit code.
func (p *Program) Command(args []string) int {
	if IsVet(args) {
		p.Vet(args)
	}
	if len(args) > 0 {
		switch args[0] {
		case "help", "-help", "--help", "-h":
			return p.Help(args[1:])
		case "version", "-version", "--version":
			fmt.Fprintf(p.Stdout, "%s %s\n", p.Name, p.Version)
			return ExitClean
		}
	}
	return p.Main(args)
}
