// Package config is toolcheck's one configuration: the keys of
// .toolcheck.json, the flags and golangci-lint settings that fill them, and
// the file found above each package.
package config

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// FileName is the name of the configuration file that toolcheck looks
// for in a package's directory and each directory above it.
const FileName = ".toolcheck.json"

// Config is the one configuration shared by every analyzer and every driver:
// flags, the configuration file and golangci-lint settings all fill it, with
// the same keys.
//
// Names are fully qualified: "import/path.Name" for a function, type or
// variable, "import/path.Type.Method" for a method.
type Config struct {
	// Boundaries names tool-boundary functions or methods beyond those
	// recognised by name and shape.
	Boundaries []string `json:"boundaries,omitempty"`
	// ToolErrors names ToolError types beyond the types called ToolError.
	ToolErrors []string `json:"tool-errors,omitempty"`
	// LevelTypes names log-level types beyond log/slog.Level.
	LevelTypes []string `json:"level-types,omitempty"`
	// CallerErrors names sentinel errors and error types that mean the
	// caller can act (outcome 2 or 3).
	CallerErrors []string `json:"caller-errors,omitempty"`
	// ModelSafeErrors names error types whose text is written for the model.
	ModelSafeErrors []string `json:"model-safe-errors,omitempty"`
	// ResourcePackages names import paths whose errors carry server detail
	// (an upstream API client), beyond the standard library's.
	ResourcePackages []string `json:"resource-packages,omitempty"`
	// Tests reports findings in _test.go files too.
	Tests bool `json:"tests,omitempty"`
	// Baseline is a baseline file (written by -write-baseline) whose
	// findings every driver leaves out, relative to the configuration
	// file's directory; ParseFile makes it absolute.
	Baseline string `json:"baseline,omitempty"`

	// File is an explicit configuration file; when empty, the nearest
	// FileName above each package is used.
	File string `json:"-"`

	testsSet bool // Tests was set by a flag and overrides the file

	// alone holds the import paths of the packages a driver analyses both
	// on their own and as their test variant in one run (SetAnalysedAlone).
	alone atomic.Pointer[map[string]bool]
	// analysed holds the import paths of the packages a driver's run
	// reports on (SetAnalysed); nil when the driver has not said.
	analysed atomic.Pointer[map[string]bool]
	// reporting holds the analyzers whose findings the driver's run
	// reports (SetReporting); nil when the driver has not said.
	reporting atomic.Pointer[map[string]bool]
	// noFixes is set when the driver's run neither shows nor applies a
	// suggested fix (SetFixes).
	noFixes atomic.Bool

	once    sync.Once
	onceErr error
	files   sync.Map // dir -> *fileResult

	// root is the configuration an effective one was merged from, which
	// holds the caches of the run.
	root *Config
	// goMods caches, by a directory's go.mod path, the modules the go.mod
	// governing that directory requires (fixes.ModuleRequires), for as
	// long as the configuration lives: a run of a driver (the language
	// server resets it before each run, so an edited go.mod is read again).
	goMods sync.Map // string -> map[string]bool
}

// GoModCache returns the run's go.mod requirements cache.
func (c *Config) GoModCache() *sync.Map {
	if c == nil {
		return new(sync.Map)
	}
	if c.root != nil {
		return &c.root.goMods
	}
	return &c.goMods
}

// Keys lists the configuration keys, in the order documented.
var Keys = []string{"boundaries", "tool-errors", "level-types", "caller-errors", "model-safe-errors", "resource-packages", "tests", "baseline"}

type fileResult struct {
	cfg  *Config // nil when no file applies
	path string
	err  error
}

// RegisterFlags binds the configuration to flags in fs, using the same keys
// as the configuration file. Lists are comma-separated.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	fs.Var(&listFlag{&c.Boundaries, true}, "boundaries", "comma-separated tool-boundary functions (import/path.Func or import/path.Type.Method)")
	fs.Var(&listFlag{&c.ToolErrors, false}, "tool-errors", "comma-separated ToolError types (import/path.Type)")
	fs.Var(&listFlag{&c.LevelTypes, false}, "level-types", "comma-separated log-level types (import/path.Type)")
	fs.Var(&listFlag{&c.CallerErrors, false}, "caller-errors", "comma-separated caller-error sentinels and types (import/path.Name)")
	fs.Var(&listFlag{&c.ModelSafeErrors, false}, "model-safe-errors", "comma-separated error types whose text is written for the model (import/path.Type)")
	fs.Var(&pathListFlag{&c.ResourcePackages}, "resource-packages", "comma-separated import paths whose errors carry server detail (an upstream API client)")
	fs.Var(&testsFlag{c}, "tests", "report findings in _test.go files too (-tests=false: leave test files out)")
	fs.StringVar(&c.File, "config", "", "configuration file (default: the nearest "+FileName+" above each package)")
}

// listFlag is a comma-separated list of qualified names, checked as it is
// set so that a malformed name fails before any package is loaded.
type listFlag struct {
	dst    *[]string
	method bool
}

func (l *listFlag) String() string {
	if l == nil || l.dst == nil {
		return ""
	}
	return strings.Join(*l.dst, ",")
}

func (l *listFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		if err := validateName(part, l.method); err != nil {
			return fmt.Errorf("%q: %v", part, err)
		}
		*l.dst = append(*l.dst, part)
	}
	return nil
}

// pathListFlag is a comma-separated list of import paths.
type pathListFlag struct{ dst *[]string }

func (l *pathListFlag) String() string {
	if l == nil || l.dst == nil {
		return ""
	}
	return strings.Join(*l.dst, ",")
}

func (l *pathListFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		if err := validatePath(part); err != nil {
			return fmt.Errorf("%q: %v", part, err)
		}
		*l.dst = append(*l.dst, part)
	}
	return nil
}

func validatePath(p string) error {
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || strings.ContainsAny(seg, " \t\"'\\") {
			return errors.New("want an import path such as example.com/api")
		}
	}
	return nil
}

type testsFlag struct{ c *Config }

func (f *testsFlag) String() string {
	if f == nil || f.c == nil {
		return "false"
	}
	return fmt.Sprint(f.c.Tests)
}
func (f *testsFlag) IsBoolFlag() bool { return true }
func (f *testsFlag) Set(s string) error {
	switch s {
	case "true", "1":
		f.c.Tests = true
	case "false", "0":
		f.c.Tests = false
	default:
		return fmt.Errorf("tests: want true or false, got %q", s)
	}
	f.c.testsSet = true
	return nil
}

// TestsFlag returns the tests setting of the flags (or golangci-lint's
// settings) and whether they set it; a driver loads no test files when
// they set it false.
func (c *Config) TestsFlag() (value, set bool) { return c.Tests, c.testsSet }

// Validate checks every name in the configuration; the error names the key
// and the value.
func (c *Config) Validate() error {
	var errs []error
	check := func(key string, names []string, allowMethod bool) {
		for _, n := range names {
			if err := validateName(n, allowMethod); err != nil {
				errs = append(errs, fmt.Errorf("%s: %q: %v", key, n, err))
			}
		}
	}
	check("boundaries", c.Boundaries, true)
	check("tool-errors", c.ToolErrors, false)
	check("level-types", c.LevelTypes, false)
	check("caller-errors", c.CallerErrors, false)
	check("model-safe-errors", c.ModelSafeErrors, false)
	for _, p := range c.ResourcePackages {
		if err := validatePath(p); err != nil {
			errs = append(errs, fmt.Errorf("resource-packages: %q: %v", p, err))
		}
	}
	return errors.Join(errs...)
}

// validateName accepts "path.Name" and, when allowMethod, "path.Type.Method".
func validateName(n string, allowMethod bool) error {
	slash := strings.LastIndex(n, "/")
	rest := n[slash+1:]
	dot := strings.Index(rest, ".")
	if dot <= 0 {
		return errors.New("want a qualified name such as example.com/pkg.Name")
	}
	pkg := n[:slash+1] + rest[:dot]
	for _, seg := range strings.Split(pkg, "/") {
		if seg == "" || strings.ContainsAny(seg, " \t\"'\\") {
			return fmt.Errorf("malformed import path %q", pkg)
		}
	}
	parts := strings.Split(rest[dot+1:], ".")
	if len(parts) > 2 || (len(parts) == 2 && !allowMethod) {
		return errors.New("too many dots after the import path")
	}
	for _, p := range parts {
		if !token.IsIdentifier(p) {
			return fmt.Errorf("%q is not a Go identifier", p)
		}
	}
	return nil
}

// ParseFile decodes a configuration file's contents strictly: unknown keys
// and wrong types are errors naming the file.
func ParseFile(path string, data []byte) (*Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %v (known keys: %s)", path, err, strings.Join(Keys, ", "))
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: trailing data after the JSON object", path)
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if c.Baseline != "" && !filepath.IsAbs(c.Baseline) {
		c.Baseline = filepath.Join(filepath.Dir(path), filepath.FromSlash(c.Baseline))
	}
	return &c, nil
}

// FromSettings builds a configuration from decoded settings (golangci-lint's
// plugin settings), with the same keys and validation as the file.
func FromSettings(settings any) (*Config, error) {
	if settings == nil {
		return &Config{}, nil
	}
	data, err := json.Marshal(settings)
	if err != nil {
		return nil, fmt.Errorf("toolcheck settings: %v", err)
	}
	c, err := ParseFile("toolcheck settings", data)
	if err != nil {
		return nil, err
	}
	// Like a flag, tests overrides the file only when the settings set it.
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) == nil {
		_, c.testsSet = keys["tests"]
	}
	return c, nil
}

// Effective returns the configuration for a package in dir: the flags (or
// settings) merged with the nearest configuration file.
func (c *Config) Effective(dir string) (*Config, error) {
	c.once.Do(func() {
		c.onceErr = c.Validate()
		if c.onceErr != nil {
			c.onceErr = fmt.Errorf("invalid configuration: %v", c.onceErr)
		}
	})
	if c.onceErr != nil {
		return nil, c.onceErr
	}
	var file *Config
	if c.File != "" {
		r := c.load(c.File)
		if r.err != nil {
			return nil, r.err
		}
		file = r.cfg
	} else if dir != "" {
		r := c.find(dir)
		if r.err != nil {
			return nil, r.err
		}
		file = r.cfg
	}
	if file == nil {
		return c, nil
	}
	merged := &Config{
		Boundaries:       union(c.Boundaries, file.Boundaries),
		ToolErrors:       union(c.ToolErrors, file.ToolErrors),
		LevelTypes:       union(c.LevelTypes, file.LevelTypes),
		CallerErrors:     union(c.CallerErrors, file.CallerErrors),
		ModelSafeErrors:  union(c.ModelSafeErrors, file.ModelSafeErrors),
		ResourcePackages: union(c.ResourcePackages, file.ResourcePackages),
		Tests:            file.Tests,
		Baseline:         file.Baseline,
		root:             c,
	}
	if c.testsSet {
		merged.Tests = c.Tests
	}
	return merged, nil
}

func (c *Config) load(path string) *fileResult {
	if v, ok := c.files.Load("file:" + path); ok {
		return v.(*fileResult)
	}
	r := &fileResult{path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		r.err = fmt.Errorf("reading the configuration: %v", err)
	} else {
		r.cfg, r.err = ParseFile(path, data)
	}
	v, _ := c.files.LoadOrStore("file:"+path, r)
	return v.(*fileResult)
}

// find walks up from dir to the nearest configuration file.
func (c *Config) find(dir string) *fileResult {
	if v, ok := c.files.Load(dir); ok {
		return v.(*fileResult)
	}
	var r *fileResult
	path := filepath.Join(dir, FileName)
	if _, err := os.Stat(path); err == nil {
		r = c.load(path)
	} else if parent := filepath.Dir(dir); parent != dir {
		r = c.find(parent)
	} else {
		r = &fileResult{}
	}
	v, _ := c.files.LoadOrStore(dir, r)
	return v.(*fileResult)
}

func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string(nil), a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// TestsIn reports whether a run on packages in dirs loads their test
// files: whether the tests setting (the -tests flag, else the
// configuration that applies) is on in one of them, or a configuration
// there cannot be read (the run then reports the error). With the
// setting off, _test.go files draw no findings.
func (c *Config) TestsIn(dirs ...string) bool {
	for _, dir := range dirs {
		if e, err := c.Effective(dir); err != nil || e.Tests {
			return true
		}
	}
	return false
}

// Check returns the error, if any, that analysing a package in dir would
// meet in the configuration: a malformed flag value, an unreadable or
// invalid -config file, or an invalid configuration file at or above dir.
// The error names the file and the key. Results are cached, so a driver
// can check every package's directory before analysing any of them and
// print each distinct error once.
func (c *Config) Check(dir string) error {
	_, err := c.Effective(dir)
	return err
}

// BaselineFile returns the baseline file the configuration that applies
// to a package in dir names (the baseline key, as an absolute path when
// it comes from a file), or "" when it names none.
func (c *Config) BaselineFile(dir string) (string, error) {
	e, err := c.Effective(dir)
	if err != nil {
		return "", err
	}
	return e.Baseline, nil
}

// Fingerprint returns a digest of every piece of configuration a run from
// dir can read: the settings themselves (flags or golangci-lint settings),
// the -config file, the nearest configuration file at or above dir, and
// every configuration file below dir (except in hidden directories,
// vendor and node_modules). Drivers that cache results (go vet,
// golangci-lint) put it in their cache key, so that editing a
// configuration file invalidates what was computed with the old one. An
// unreadable file contributes its error, not its content.
func (c *Config) Fingerprint(dir string) string {
	h := sha256.New()
	settings, _ := json.Marshal(struct {
		*Config
		TestsSet bool `json:"tests-set"`
	}{c, c.testsSet})
	fmt.Fprintf(h, "settings %s\n", settings)
	var addFile func(what, path string)
	addFile = func(what, path string) {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(h, "%s %s error %v\n", what, path, err)
			return
		}
		fmt.Fprintf(h, "%s %s %d\n", what, path, len(data))
		h.Write(data)
		// The baseline it names is part of what a run reads.
		if what != "baseline" {
			if f, err := ParseFile(path, data); err == nil && f.Baseline != "" {
				addFile("baseline", f.Baseline)
			}
		}
	}
	if c.File != "" {
		addFile("explicit", c.File)
	}
	if dir == "" {
		return hex.EncodeToString(h.Sum(nil))
	}
	for d := dir; ; {
		if p := filepath.Join(d, FileName); fileExists(p) {
			addFile("above", p)
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	var below []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable directories hold no configuration we can use
		}
		if d.IsDir() {
			name := d.Name()
			if path != dir && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == FileName && filepath.Dir(path) != dir {
			below = append(below, path)
		}
		return nil
	})
	sort.Strings(below)
	for _, p := range below {
		addFile("below", p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// SetAnalysedAlone tells the model which packages the driver analyses in
// this run both on their own and as their test variant (import paths).
// With the tests setting off, findings in _test.go files are not
// reported, so such a test variant would repeat its package's findings,
// plus what only its tests make of the package's code (a tool that only a
// test registers): the model skips it. go vet analyses a package only as its test
// variant, so a vet tool never calls this.
func (c *Config) SetAnalysedAlone(paths []string) { c.alone.Store(setOf(paths)) }

// AnalysedAlone reports whether the driver analyses the package path on
// its own too (SetAnalysedAlone).
func (c *Config) AnalysedAlone(path string) bool {
	return in(c.alone.Load(), path)
}

// SetAnalysed tells the model which packages the driver reports on in
// this run (import paths). The driver loads the others, their
// dependencies, only for the facts the model exports there: no analyzer
// reads the model of one of them once its own pass is done, so the model
// releases it then rather than keeping it to the end of the run.
func (c *Config) SetAnalysed(paths []string) { c.analysed.Store(setOf(paths)) }

// AnalysedSaid reports whether the driver said which packages it analyses
// (SetAnalysed). Such a driver, the command, also runs exactly the
// analyzers it says report (SetReporting).
func (c *Config) AnalysedSaid() bool {
	if c == nil {
		return false
	}
	if c.root != nil {
		return c.root.AnalysedSaid()
	}
	return c.analysed.Load() != nil
}

// Analysed reports whether the driver reports on the package path in this
// run; true when it has not said (SetAnalysed).
func (c *Config) Analysed(path string) bool {
	if c == nil {
		return true
	}
	if c.root != nil {
		return c.root.Analysed(path)
	}
	set := c.analysed.Load()
	return set == nil || (*set)[path]
}

// SetReporting tells the analyzers which of them report in this run: the
// analyzers a driver selected. Where two analyzers find the same place to
// fix, the one whose finding stands for both reports it, if both report
// in the run (see toolmodel's Subsume).
func (c *Config) SetReporting(names []string) { c.reporting.Store(setOf(names)) }

// Reports reports whether the analyzer called name reports in this run;
// false when the driver has not said (SetReporting).
func (c *Config) Reports(name string) bool {
	if c == nil {
		return false
	}
	if c.root != nil {
		return c.root.Reports(name)
	}
	return in(c.reporting.Load(), name)
}

// SetFixes tells the analyzers whether this run uses their suggested
// fixes: the command printing text without -fix or -diff does not, so
// they need not build them. A driver that does not say (go vet, the
// language server, a plugin, a test) gets them.
func (c *Config) SetFixes(used bool) { c.noFixes.Store(!used) }

// Fixes reports whether the run may use suggested fixes: true unless the
// driver said otherwise (SetFixes).
func (c *Config) Fixes() bool {
	if c == nil {
		return true
	}
	if c.root != nil {
		return c.root.Fixes()
	}
	return !c.noFixes.Load()
}

// ReportingSaid reports whether the driver said which analyzers report
// in this run (SetReporting).
func (c *Config) ReportingSaid() bool {
	if c == nil {
		return false
	}
	if c.root != nil {
		return c.root.ReportingSaid()
	}
	return c.reporting.Load() != nil
}

// setOf returns the set of names, to store in an atomic.Pointer.
func setOf(names []string) *map[string]bool {
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[n] = true
	}
	return &set
}

// in reports whether name is in set, which may be nil.
func in(set *map[string]bool, name string) bool {
	return set != nil && (*set)[name]
}
