package lsp

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
	"github.com/toolcheck/toolcheck/internal/suite"
)

// options is what the command's flags say about a run: the configuration
// (config.Config), each analyzer's own flags, which analyzers run
// (-NAME, -NAME=false), and whether test files are loaded (-test). The
// server takes the same flags as the command, on its command line and in
// initializationOptions.flags.
type options struct {
	cfg       *config.Config       // bound into the analyzers; reset before each run
	settings  []setting            // the configuration flags as given, replayed into cfg
	analyzers []*analysis.Analyzer // the enabled analyzers
	// releaseAfter is how long the server keeps its loaded packages
	// without an analysis (-release-after); 0 keeps them.
	releaseAfter time.Duration
}

// releaseUsage documents -release-after.
const releaseUsage = "drop the loaded packages after this long without an analysis, to free their memory; the next analysis then loads them again (0, the default, keeps them for the session)"

// setting is one configuration flag as set.
type setting struct{ name, value string }

// parseOptions parses the command's flags. A relative -config is taken
// relative to base.
func parseOptions(args []string, base string) (*options, error) {
	o := &options{cfg: &config.Config{}}
	all := suite.New(o.cfg)

	fs := flag.NewFlagSet("toolcheck lsp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfgFlags := flag.NewFlagSet("", flag.ContinueOnError)
	o.cfg.RegisterFlags(cfgFlags)
	cfgFlags.VisitAll(func(f *flag.Flag) {
		fs.Var(&recorder{Value: f.Value, name: f.Name, base: base, o: o}, f.Name, f.Usage)
	})
	enabled := map[*analysis.Analyzer]*triState{}
	for _, a := range all {
		enabled[a] = new(triState)
		fs.Var(enabled[a], a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Var(&alias{fs.Lookup("tests").Value}, "test", "deprecated: the old name of -tests")
	fs.DurationVar(&o.releaseAfter, "release-after", 0, releaseUsage)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q: toolcheck lsp takes flags only", fs.Arg(0))
	}

	// As in the command: if any -NAME is true, run only those; otherwise,
	// if any -NAME is false, run all but those.
	var hasTrue, hasFalse bool
	for _, ts := range enabled {
		hasTrue = hasTrue || *ts == setTrue
		hasFalse = hasFalse || *ts == setFalse
	}
	for _, a := range all {
		switch {
		case hasTrue && *enabled[a] != setTrue:
		case !hasTrue && hasFalse && *enabled[a] == setFalse:
		default:
			o.analyzers = append(o.analyzers, a)
		}
	}
	guard(o.analyzers)
	return o, nil
}

// usage returns the flags' documentation.
func usage() string {
	var buf bytes.Buffer
	fs := flag.NewFlagSet("toolcheck lsp", flag.ContinueOnError)
	fs.SetOutput(&buf)
	cfg := &config.Config{}
	cfg.RegisterFlags(fs)
	for _, a := range suite.New(cfg) {
		fs.Var(new(triState), a.Name, fmt.Sprintf("enable %q analysis", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	fs.Var(&alias{fs.Lookup("tests").Value}, "test", "deprecated: the old name of -tests")
	fs.Duration("release-after", 0, releaseUsage)
	fs.PrintDefaults()
	return buf.String()
}

// prepare resets the configuration to the flags, so that each run reads
// .toolcheck.json afresh, and returns the analyzers to run. It must not be
// called while a run is in progress.
func (o *options) prepare() []*analysis.Analyzer {
	*o.cfg = config.Config{}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	o.cfg.RegisterFlags(fs)
	for _, s := range o.settings {
		// Each value was accepted by the same flag when it was parsed.
		_ = fs.Set(s.name, s.value)
	}
	o.cfg.SetReporting(driver.Names(o.analyzers))
	return o.analyzers
}

// recorder passes a configuration flag through and records it.
type recorder struct {
	flag.Value
	name string
	base string
	o    *options
}

func (r *recorder) Set(s string) error {
	if r.name == "config" && s != "" && !filepath.IsAbs(s) && r.base != "" {
		s = filepath.Join(r.base, s)
	}
	if err := r.Value.Set(s); err != nil {
		return err
	}
	r.o.settings = append(r.o.settings, setting{r.name, s})
	return nil
}

func (r *recorder) IsBoolFlag() bool {
	b, ok := r.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// alias is a deprecated name of another flag.
type alias struct{ flag.Value }

func (a *alias) IsBoolFlag() bool { return true }
func (a *alias) String() string {
	if a == nil || a.Value == nil {
		return ""
	}
	return a.Value.String()
}

// triState is an analyzer's -NAME flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return ""
}

func (ts *triState) Set(s string) error {
	switch strings.ToLower(s) {
	case "true", "1", "t":
		*ts = setTrue
	case "false", "0", "f":
		*ts = setFalse
	default:
		return fmt.Errorf("want true or false, got %q", s)
	}
	return nil
}

func (ts *triState) IsBoolFlag() bool { return true }

// guard makes every analyzer in the graph of analyzers turn a panic into an
// error of its run: the checker runs analyzers on goroutines of its own,
// where a panic would end the server and with it the editor's session.
func guard(analyzers []*analysis.Analyzer) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		run := a.Run
		name := a.Name
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%s panicked on %s: %v", name, pass.Pkg.Path(), r)
				}
			}()
			return run(pass)
		}
	}
	for _, a := range analyzers {
		visit(a)
	}
}

// initOptions are the server's initializationOptions.
type initOptions struct {
	// Flags are the command's flags, after those on the server's command
	// line.
	Flags []string `json:"flags"`
	// OnChange analyses unsaved buffers as they change (default true).
	OnChange *bool `json:"onChange"`
	// Debounce is how long, in milliseconds, a buffer must stay unchanged
	// before it is analysed (default 500).
	Debounce *int `json:"debounce"`
}

// parseInitOptions decodes initializationOptions strictly.
func parseInitOptions(raw json.RawMessage) (*initOptions, error) {
	var v initOptions
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return &v, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("initializationOptions: %v (known keys: flags, onChange, debounce)", err)
	}
	if v.Debounce != nil && *v.Debounce < 0 {
		return nil, fmt.Errorf("initializationOptions: debounce: want milliseconds >= 0, got %d", *v.Debounce)
	}
	return &v, nil
}
