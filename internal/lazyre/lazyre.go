// Package lazyre holds regular expressions compiled on first use.
//
// go vet starts the tool once per package, dependencies included, and most
// of those packages never reach the code that needs toolcheck's patterns:
// compiling them all at start-up cost every process about two
// milliseconds, a measurable share of the go vet path. A Regexp compiles
// its pattern the first time one of its methods is called.
package lazyre

import (
	"regexp"
	"sync"
)

// A Regexp is a regular expression compiled on first use.
type Regexp struct {
	expr string
	re   func() *regexp.Regexp
}

// New returns a Regexp for expr; an invalid expr panics on first use, as
// regexp.MustCompile would at start-up (the package's tests use them all).
func New(expr string) *Regexp {
	return &Regexp{expr: expr, re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

// Compiled returns the compiled expression.
func (r *Regexp) Compiled() *regexp.Regexp { return r.re() }

// String returns the source text.
func (r *Regexp) String() string { return r.expr }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.re().MatchString(s) }

// FindString is regexp.Regexp.FindString.
func (r *Regexp) FindString(s string) string { return r.re().FindString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }

// FindAllString is regexp.Regexp.FindAllString.
func (r *Regexp) FindAllString(s string, n int) []string { return r.re().FindAllString(s, n) }

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex.
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.re().FindAllStringIndex(s, n) }

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }
