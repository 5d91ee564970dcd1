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

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/toolcheck/toolcheck/internal/toolmodel"
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
// unit's directory, so that an error names its file and key, once per
// package, instead of failing every analyzer. The -V=full answer carries
// a digest of the configuration, which go vet puts in its cache key.
func (p *Program) Vet(args []string) {
	if len(args) == 1 && args[0] == "-V=full" {
		os.Exit(p.vetVersion())
	}
	if !(len(args) == 1 && args[0] == "-flags") {
		pre := &toolmodel.Config{}
		if err := preparse(pre, args[:len(args)-1]); err != nil {
			p.errorf("%s", FlagError(err))
			os.Exit(ExitError)
		}
		dir, err := unitDir(args[len(args)-1])
		if err != nil {
			p.errorf("%v", err)
			os.Exit(ExitError)
		}
		if err := pre.Check(dir); err != nil {
			p.errorf("%v", err)
			os.Exit(ExitError)
		}
	}
	// go vet renders the findings itself, from the JSON it asks for.
	p.Config.RegisterFlags(flag.CommandLine)
	unitchecker.Main(p.Analyzers...)
}

// preparse sets the configuration flags found in args on cfg, ignoring
// the others: go vet passes every flag as -name=value or, for a boolean,
// -name.
func preparse(cfg *toolmodel.Config, args []string) error {
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

// unitDir returns the directory of the package a go vet unit describes.
func unitDir(cfgFile string) (string, error) {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return "", err
	}
	var unit struct {
		Dir     string
		GoFiles []string
	}
	if err := json.Unmarshal(data, &unit); err != nil {
		return "", fmt.Errorf("cannot decode go vet's unit %s: %v", cfgFile, err)
	}
	if unit.Dir != "" {
		return unit.Dir, nil
	}
	if len(unit.GoFiles) > 0 {
		return filepath.Dir(unit.GoFiles[0]), nil
	}
	return "", nil
}

// vetVersion answers go vet's -V=full query: the program's version and an
// ID that changes with the executable and with the configuration a run
// from here can read (see toolmodel.Config.Fingerprint), including a
// -config file given to go vet, which it finds in the go command's
// arguments. go vet keys its cache by this answer, so an edited
// .toolcheck.json is never answered from the cache. A malformed
// configuration flag given to go vet, or an invalid configuration for the
// current directory, fails the query, so go vet stops at once with the
// error.
func (p *Program) vetVersion() int {
	// The configuration flags given to go vet: go vet passes them to every
	// unit, so a bad one is reported here once instead of once a package.
	cfg := &toolmodel.Config{}
	if err := preparse(cfg, parentArgs()); err != nil {
		p.errorf("%s", FlagError(err))
		return ExitError
	}
	if cfg.File != "" && !filepath.IsAbs(cfg.File) {
		cfg.File = filepath.Join(p.Dir, cfg.File)
	}
	if err := cfg.Check(p.Dir); err != nil {
		p.errorf("%v", err)
		return ExitError
	}
	h := sha256.New()
	if exe, err := os.Executable(); err == nil {
		if f, err := os.Open(exe); err == nil {
			io.Copy(h, f)
			f.Close()
		}
	}
	exeID := hex.EncodeToString(h.Sum(nil))[:32]
	cfgID := cfg.Fingerprint(p.Dir)[:32]
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
