package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/toolcheck/toolcheck/internal/config"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// IsVet reports whether args (without the program name) follow go vet's
// protocol for a -vettool, as unitchecker and multichecker detect it: the
// -V=full and -flags queries, or flags followed by one *.cfg file.
func IsVet(args []string) bool {
	if len(args) == 1 && (args[0] == "-V=full" || args[0] == "-flags") {
		return true
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// Vet runs the driver as go vet's -vettool and exits. Before handing the
// unit to unitchecker it checks the configuration that applies to the
// unit's directory, so that an error names its file and key instead of
// failing every analyzer, and it reads the baseline the configuration
// names (the baseline key), whose findings it leaves out (WithBaseline).
// The -V=full answer carries a digest of the configuration and of the
// baselines, which go vet puts in its cache key.
func (p *Program) Vet(args []string) {
	if len(args) == 1 && args[0] == "-V=full" {
		os.Exit(p.vetVersion())
	}
	analyzers := p.Analyzers
	if !(len(args) == 1 && args[0] == "-flags") {
		cfgFile := args[len(args)-1]
		pre := &config.Config{}
		if err := preparse(pre, args[:len(args)-1]); err != nil {
			p.vetFail(cfgFile, FlagError(err))
		}
		unit, err := readUnit(cfgFile)
		if err != nil {
			p.errorf("%v", err)
			os.Exit(ExitError)
		}
		if err := pre.Check(unit.dir()); err != nil {
			p.vetFail(cfgFile, err.Error())
		}
		bls := &Baselines{Config: pre, Dir: p.Dir}
		abs, err := bls.PathFor(unit.dir())
		if err != nil {
			p.vetFail(cfgFile, err.Error())
		}
		if unit.VetxOnly && vetStd(unit) {
			os.Exit(ExitClean)
		}
		// A unit go vet runs only for the facts of a dependency reports
		// nothing, so it has no findings to leave out.
		if abs != "" && !unit.VetxOnly {
			if _, err := bls.get(abs); err != nil {
				p.vetFail(cfgFile, err.Error())
			}
			analyzers = WithBaseline(analyzers, bls, p.vetStale)
		}
	}
	// unitchecker runs the analyzers the selection flags ask for, as the
	// command does; the analyzers learn which report.
	p.Config.SetReporting(Names(Select(analyzers, vetSelection(args, analyzers))))
	// go vet renders the findings itself, from the JSON it asks for.
	p.Config.RegisterFlags(flag.CommandLine)
	unitchecker.Main(analyzers...)
}

// vetFail reports an error of the configuration under go vet and exits 1.
// go vet runs the program once for each package, in parallel, and each
// would print the same error, so the error is printed, with exit status
// 1, by the first unit of the go command's run to meet it (a marker file
// in the go command's work directory, which it removes when it exits,
// says which), and that fails the run. The others exit 0 without a word
// and without analysing: go vet would print "exit status 1" for each, and
// as they write no facts and no findings, it caches nothing for them.
// When the work directory is not go vet's, the error is printed.
func (p *Program) vetFail(cfgFile, msg string) {
	if work := vetWorkDir(cfgFile); work != "" {
		sum := sha256.Sum256([]byte(msg))
		marker := filepath.Join(work, "toolcheck-error-"+hex.EncodeToString(sum[:8]))
		f, err := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err != nil && os.IsExist(err) {
			os.Exit(ExitClean)
		}
		if err == nil {
			f.Close()
		}
	}
	p.errorf("%s", msg)
	os.Exit(ExitError)
}

// vetWorkDir returns the go command's work directory when cfgFile is a
// unit it wrote there ($WORK/b001/vet.cfg), else "".
func vetWorkDir(cfgFile string) string {
	abs, err := filepath.Abs(cfgFile)
	if err != nil || filepath.Base(abs) != "vet.cfg" {
		return ""
	}
	action := filepath.Base(filepath.Dir(abs))
	work := filepath.Dir(filepath.Dir(abs))
	if len(action) < 2 || action[0] != 'b' || strings.Trim(action[1:], "0123456789") != "" || !strings.HasPrefix(filepath.Base(work), "go-build") {
		return ""
	}
	return work
}

// vetStale prints a baseline's stale entries under go vet, which shows
// them above the package's findings.
func (p *Program) vetStale(r StaleReport) {
	vetStaleMu.Lock()
	defer vetStaleMu.Unlock()
	for _, e := range r.Entries {
		p.errorf("baseline: stale entry: %s", e)
	}
	p.errorf("baseline: %s of %s no longer %s; rewrite it with %s -write-baseline on the packages it records",
		plural(len(r.Entries), "entry", "entries"), r.Path, pick(len(r.Entries), "occurs", "occur"), p.Name)
}

var vetStaleMu sync.Mutex

// preparse sets the configuration flags found in args on cfg, ignoring
// the others: go vet passes every flag as -name=value or, for a boolean,
// -name.
func preparse(cfg *config.Config, args []string) error {
	fs := flag.NewFlagSet("toolcheck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg.RegisterFlags(fs)
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if !hasValue {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				value = "true"
			} else if i+1 < len(args) {
				i++
				value = args[i]
			}
		}
		if err := fs.Set(name, value); err != nil {
			return fmt.Errorf("invalid value %q for flag -%s: %v", value, name, err)
		}
	}
	return nil
}

// vetSelection reads the analyzer selection flags (-NAME, -NAME=false)
// among go vet's arguments.
func vetSelection(args []string, analyzers []*analysis.Analyzer) map[string]*triState {
	enable := map[string]*triState{}
	fs := flag.NewFlagSet("toolcheck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, a := range analyzers {
		t := &triState{}
		enable[a.Name] = t
		fs.Var(t, a.Name, "")
	}
	for _, arg := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") || fs.Lookup(name) == nil {
			continue
		}
		if !hasValue {
			value = "true"
		}
		_ = fs.Set(name, value) // unitchecker reports a bad value
	}
	return enable
}

// vetUnit is what the driver reads of a go vet unit, as unitchecker's
// Config names it.
type vetUnit struct {
	Dir         string
	ModulePath  string
	ImportPath  string
	GoVersion   string
	GoFiles     []string
	ImportMap   map[string]string
	PackageVetx map[string]string
	VetxOnly    bool
	VetxOutput  string
}

// dir is the directory of the unit's package.
func (u *vetUnit) dir() string {
	if u.Dir != "" {
		return u.Dir
	}
	if len(u.GoFiles) > 0 {
		return filepath.Dir(u.GoFiles[0])
	}
	return ""
}

// readUnit reads the go vet unit in cfgFile.
func readUnit(cfgFile string) (*vetUnit, error) {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return nil, err
	}
	var unit vetUnit
	if err := json.Unmarshal(data, &unit); err != nil {
		return nil, fmt.Errorf("cannot decode go vet's unit %s: %v", cfgFile, err)
	}
	return &unit, nil
}

// vetVersion answers go vet's -V=full query: the program's version and an
// ID that changes with the executable and with the configuration a run
// from here can read (see config.Config.Fingerprint), including a
// -config file given to go vet, which it finds in the go command's
// arguments. go vet keys its cache by this answer, so an edited
// .toolcheck.json or baseline is never answered from the cache.
//
// The query never fails: go vet asks it while it builds, and a failure
// makes the go command exit at once ("error obtaining buildID"), racing
// the builds it started and leaving its work directory behind. A
// malformed configuration flag or file goes into the ID, and each unit
// meets it and reports it (once a run: see vetFail).
func (p *Program) vetVersion() int {
	cfg := &config.Config{}
	flagErr := ""
	if err := preparse(cfg, parentArgs()); err != nil {
		flagErr = err.Error()
	}
	if cfg.File != "" && !filepath.IsAbs(cfg.File) {
		cfg.File = filepath.Join(p.Dir, cfg.File)
	}
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			io.Copy(h, f)
			f.Close()
		}
	}
	exeID := hex.EncodeToString(h.Sum(nil))[:32]
	cfgSum := sha256.Sum256([]byte(cfg.Fingerprint(p.Dir) + "\n" + flagErr))
	cfgID := hex.EncodeToString(cfgSum[:])[:32]
	fmt.Fprintf(p.Stdout, "%s version %s buildID=%s-%s\n", p.Name, p.Version.ID(), exeID, cfgID)
	return ExitClean
}

// parentArgs returns the command-line arguments of the parent process
// (the go command, under go vet) where the system shows them, else nil.
func parentArgs() []string {
	if runtime.GOOS != "linux" {
		return nil
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil || len(data) == 0 {
		return nil
	}
	return strings.Split(string(bytes.TrimSuffix(data, []byte{0})), "\x00")
}
