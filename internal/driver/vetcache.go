package driver

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"
)

// The standard library's vetx files (see vetStd) are kept in a cache of
// toolcheck's own, by their inputs: go vet keys its cache by the tool's
// -V=full answer, which changes with the configuration and the baseline
// (vetVersion), so each edit of .toolcheck.json re-runs every unit, the
// standard library's included; theirs hold no facts, only types, which
// depend on the executable, the package's files and its imports' types,
// never on the configuration. The cache is TOOLCHECK_CACHE/vetstd (an
// absolute path; a relative one turns it off), or toolcheck/vetstd in the
// user's cache directory; TOOLCHECK_CACHE=off turns it off. Entries
// unused for five days are removed, at most once a day.

// stdCacheDir returns the cache's directory, or "" for none.
func stdCacheDir() string {
	switch d := os.Getenv("TOOLCHECK_CACHE"); d {
	case "off":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "toolcheck", "vetstd")
	default:
		if !filepath.IsAbs(d) {
			return "" // go vet runs the tool in each package's directory
		}
		return filepath.Join(d, "vetstd")
	}
}

// exeBuildID returns the Go build ID of the running executable, which
// changes with anything that went into it, or "" if it cannot be read.
var exeBuildID = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	// In an ELF file, a note; elsewhere, at the start of the text
	// segment (as cmd/internal/buildid reads them).
	if ef, err := elf.Open(exe); err == nil {
		defer ef.Close()
		if sec := ef.Section(".note.go.buildid"); sec != nil {
			note, err := sec.Data()
			// namesz, descsz, type, "Go\x00\x00", the ID
			if err == nil && len(note) > 16 && string(note[12:16]) == "Go\x00\x00" {
				n := ef.ByteOrder.Uint32(note[4:8])
				if uint64(16)+uint64(n) <= uint64(len(note)) {
					return string(note[16 : 16+n])
				}
			}
		}
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	i := bytes.Index(head, []byte(prefix))
	if i < 0 {
		return ""
	}
	id := head[i+len(prefix):]
	j := bytes.Index(id, []byte(suffix))
	if j <= 0 {
		return ""
	}
	return string(id[:j])
})

// stdCacheKey returns the key of a unit's vetx file, from the unit and
// its files' contents, or "" if the unit cannot be cached.
func stdCacheKey(u *vetUnit, srcs [][]byte) string {
	id := exeBuildID()
	if id == "" {
		return ""
	}
	h := sha256.New()
	write := func(s string) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	write("toolcheck vetstd 1")
	write(id)
	write(u.ImportPath)
	write(u.GoVersion)
	write(build.Default.GOARCH)
	for i, name := range u.GoFiles {
		write(name)
		write(string(srcs[i]))
	}
	paths := make([]string, 0, len(u.ImportMap))
	for p := range u.ImportMap {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		write(p)
		write(u.ImportMap[p])
		if vetx, ok := u.PackageVetx[u.ImportMap[p]]; ok {
			data, err := os.ReadFile(vetx)
			if err != nil {
				return ""
			}
			sum := sha256.Sum256(data)
			write(string(sum[:]))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// stdCacheGet returns the cached vetx file for key, if any.
func stdCacheGet(dir, key string) ([]byte, bool) {
	if dir == "" || key == "" {
		return nil, false
	}
	path := filepath.Join(dir, key[:2], key)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	if fi, err := os.Stat(path); err == nil && time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(path, now, now) // in use: not trimmed
	}
	return data, true
}

// stdCachePut stores a vetx file under key. A failure leaves the cache as
// it was: it is an optimisation.
func stdCachePut(dir, key string, data []byte) {
	if dir == "" || key == "" {
		return
	}
	sub := filepath.Join(dir, key[:2])
	if err := os.MkdirAll(sub, 0o777); err != nil {
		return
	}
	f, err := os.CreateTemp(sub, key+".tmp*")
	if err != nil {
		return
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(sub, key))
	}
	if err != nil {
		os.Remove(f.Name())
		return
	}
	stdCacheTrim(dir, time.Now())
}

// stdCacheTrim removes the entries unused for five days, if the last trim
// was a day ago or more.
func stdCacheTrim(dir string, now time.Time) {
	stamp := filepath.Join(dir, "trim.txt")
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < 24*time.Hour {
		return
	}
	if err := os.WriteFile(stamp, []byte(now.Format(time.RFC3339)+"\n"), 0o666); err != nil {
		return
	}
	subs, _ := os.ReadDir(dir)
	for _, sub := range subs {
		if !sub.IsDir() {
			continue
		}
		entries, _ := os.ReadDir(filepath.Join(dir, sub.Name()))
		for _, e := range entries {
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > 5*24*time.Hour {
				os.Remove(filepath.Join(dir, sub.Name(), e.Name()))
			}
		}
	}
}
