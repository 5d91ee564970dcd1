package lsp

import (
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"unicode/utf8"
)

// A mapper converts between byte offsets in a file's content and LSP
// positions: lines end at "\n", "\r\n" or "\r", and characters count
// UTF-16 code units.
type mapper struct {
	content []byte
	lines   []int // byte offset of the start of each line
}

func newMapper(content []byte) *mapper {
	m := &mapper{content: content, lines: []int{0}}
	for i := 0; i < len(content); i++ {
		switch content[i] {
		case '\n':
			m.lines = append(m.lines, i+1)
		case '\r':
			if i+1 < len(content) && content[i+1] == '\n' {
				i++
			}
			m.lines = append(m.lines, i+1)
		}
	}
	return m
}

// lineEnd returns the offset of the end of line i, before its line ending.
func (m *mapper) lineEnd(i int) int {
	if i+1 >= len(m.lines) {
		return len(m.content)
	}
	end := m.lines[i+1] - 1
	if end > m.lines[i] && m.content[end] == '\n' && m.content[end-1] == '\r' {
		end--
	}
	return end
}

// position converts a byte offset (clamped to the content) to a position.
// An offset inside a line ending or a multi-byte rune maps to the start
// of it.
func (m *mapper) position(off int) Position {
	off = max(0, min(off, len(m.content)))
	line := sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > off }) - 1
	start := m.lines[line]
	off = min(off, m.lineEnd(line))
	var units uint32
	for i := start; i < off; {
		r, size := utf8.DecodeRune(m.content[i:])
		if i+size > off {
			break
		}
		units += uint32(utf16Len(r))
		i += size
	}
	return Position{Line: uint32(line), Character: units}
}

// offset converts a position to a byte offset. A line past the end maps
// to the end of the content, a character past the end of its line to the
// end of the line, and a character inside a surrogate pair to the start
// of its rune.
func (m *mapper) offset(p Position) int {
	if int(p.Line) >= len(m.lines) {
		return len(m.content)
	}
	i, end := m.lines[p.Line], m.lineEnd(int(p.Line))
	var units uint32
	for i < end {
		r, size := utf8.DecodeRune(m.content[i:])
		n := uint32(utf16Len(r))
		if units+n > p.Character {
			break
		}
		units += n
		i += size
	}
	return i
}

func (m *mapper) rangeOf(start, end int) Range {
	return Range{Start: m.position(start), End: m.position(end)}
}

// utf16Len is the number of UTF-16 code units of r; an invalid byte,
// decoded as utf8.RuneError, counts as one.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// applyChanges applies content changes, in order, to text.
func applyChanges(text []byte, changes []TextDocumentContentChangeEvent) ([]byte, error) {
	for _, c := range changes {
		if c.Range == nil {
			text = []byte(c.Text)
			continue
		}
		m := newMapper(text)
		start, end := m.offset(c.Range.Start), m.offset(c.Range.End)
		if start > end {
			return nil, fmt.Errorf("change range ends before it starts (%d:%d-%d:%d)",
				c.Range.Start.Line, c.Range.Start.Character, c.Range.End.Line, c.Range.End.Character)
		}
		next := make([]byte, 0, len(text)-(end-start)+len(c.Text))
		next = append(next, text[:start]...)
		next = append(next, c.Text...)
		next = append(next, text[end:]...)
		text = next
	}
	return text, nil
}

// uriToPath converts a file URI to a clean absolute path.
func uriToPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("malformed URI %q: %v", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %q", uri)
	}
	if u.Host != "" && u.Host != "localhost" {
		return "", fmt.Errorf("file URI with a host: %q", uri)
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		// file:///C:/dir/x.go
		p = strings.TrimPrefix(p, "/")
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("file URI without an absolute path: %q", uri)
	}
	return filepath.Clean(p), nil
}

// pathToURI converts an absolute path to a file URI.
func pathToURI(path string) string {
	p := filepath.ToSlash(path)
	if runtime.GOOS == "windows" {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
