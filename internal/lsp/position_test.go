package lsp

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Position is a reference conversion: the line is the number of line
// endings before off, the character the UTF-16 length of the rest.
func utf16Position(content string, off int) Position {
	prefix := strings.ReplaceAll(strings.ReplaceAll(content[:off], "\r\n", "\n"), "\r", "\n")
	line := strings.Count(prefix, "\n")
	last := prefix[strings.LastIndex(prefix, "\n")+1:]
	return Position{uint32(line), uint32(len(utf16.Encode([]rune(last))))}
}

func TestMapperRoundTrip(t *testing.T) {
	for _, content := range []string{
		"",
		"package a\n",
		"package a\n\nfunc f() {}",
		"é\nx😀y\n\tz",
		"a\r\nb\r\n\r\nc",
		"a\rb\r\rc",
		"😀😀\n😀",
		"\n\n",
	} {
		m := newMapper([]byte(content))
		for off := 0; off <= len(content); off++ {
			if off < len(content) && !isBoundary(content, off) {
				continue
			}
			want := utf16Position(content, off)
			if got := m.position(off); got != want {
				t.Errorf("%q: position(%d) = %v, want %v", content, off, got, want)
			}
			if got := m.offset(want); got != off {
				t.Errorf("%q: offset(%v) = %d, want %d", content, want, got, off)
			}
		}
	}
}

// isBoundary reports whether off starts a rune and is not between "\r"
// and "\n".
func isBoundary(s string, off int) bool {
	if off > 0 && s[off-1] == '\r' && s[off] == '\n' {
		return false
	}
	return s[off]&0xC0 != 0x80
}

func TestMapperClamps(t *testing.T) {
	content := "ab\nx😀y\n"
	m := newMapper([]byte(content))
	for _, tc := range []struct {
		p    Position
		want int
	}{
		{Position{0, 99}, 2},                    // past the end of the line: its end
		{Position{1, 2}, 4},                     // inside the surrogate pair: the rune's start
		{Position{1, 3}, 3 + 1 + 4},             // after the emoji
		{Position{5, 0}, len(content)},          // past the last line
		{Position{2, 0}, len(content)},          // the empty last line
		{Position{1, 4}, 3 + 1 + 4 + 1},         // end of line 1
		{Position{1, 5}, 3 + 1 + 4 + 1},         // past it
		{Position{0, 0}, 0},                     // start
		{Position{0, 1}, 1},                     // plain ASCII
		{Position{1, 1}, 4},                     // before the emoji
		{Position{1, 0}, 3},                     // line start
		{Position{0, 2}, 2},                     // before "\n"
		{Position{0, 3}, 2},                     // not onto the next line
		{Position{4294967295, 0}, len(content)}, // absurd
	} {
		if got := m.offset(tc.p); got != tc.want {
			t.Errorf("offset(%v) = %d, want %d", tc.p, got, tc.want)
		}
	}
	if got, want := m.position(5), (Position{1, 1}); got != want { // inside the emoji's bytes
		t.Errorf("position(5) = %v, want %v", got, want)
	}
	if got, want := m.position(1000), (Position{2, 0}); got != want {
		t.Errorf("position(1000) = %v, want %v", got, want)
	}
	if got, want := m.position(-1), (Position{0, 0}); got != want {
		t.Errorf("position(-1) = %v, want %v", got, want)
	}
}

func TestApplyChanges(t *testing.T) {
	text := []byte("package a\n\nvar s = \"😀\"\n")
	got, err := applyChanges(text, []TextDocumentContentChangeEvent{
		// after the emoji (2 UTF-16 units): insert "é"
		{Range: &Range{Position{2, 11}, Position{2, 11}}, Text: "é"},
		// replace "a" on line 0
		{Range: &Range{Position{0, 8}, Position{0, 9}}, Text: "b"},
		// delete the blank line
		{Range: &Range{Position{1, 0}, Position{2, 0}}, Text: ""},
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := "package b\nvar s = \"😀é\"\n"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	got, err = applyChanges(got, []TextDocumentContentChangeEvent{{Text: "package c\n"}})
	if err != nil || string(got) != "package c\n" {
		t.Errorf("full change: %q, %v", got, err)
	}
	if _, err := applyChanges(got, []TextDocumentContentChangeEvent{{Range: &Range{Position{0, 5}, Position{0, 1}}}}); err == nil {
		t.Error("a reversed range is not an error")
	}
}

func TestURIs(t *testing.T) {
	for _, path := range []string{"/tmp/a.go", "/tmp/with space/ä😀.go", "/tmp/100%/#x?.go"} {
		uri := pathToURI(path)
		got, err := uriToPath(uri)
		if err != nil || got != filepath.Clean(path) {
			t.Errorf("%s -> %s -> %s, %v", path, uri, got, err)
		}
	}
	if got, want := pathToURI("/tmp/with space/a.go"), "file:///tmp/with%20space/a.go"; got != want {
		t.Errorf("pathToURI: %s, want %s", got, want)
	}
	// Clients spell URIs differently; all name the same file.
	for _, uri := range []string{"file:///tmp/a%2Eb/c.go", "file://localhost/tmp/a.b/c.go", "file:///tmp/a.b/./c.go"} {
		if got, err := uriToPath(uri); err != nil || got != "/tmp/a.b/c.go" {
			t.Errorf("uriToPath(%s) = %s, %v", uri, got, err)
		}
	}
	for _, uri := range []string{"untitled:Untitled-1", "http://x/a.go", "file://host/a.go", "file:a.go", "%zz", ""} {
		if got, err := uriToPath(uri); err == nil {
			t.Errorf("uriToPath(%q) = %q, want an error", uri, got)
		}
	}
}
