package lsp

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

func frame(body string) string {
	return "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// readAll reads every message, recording framing errors as "!error".
func readAll(t *testing.T, input string) []string {
	t.Helper()
	fr := newFrameReader(strings.NewReader(input))
	var got []string
	for i := 0; i < 100; i++ {
		body, err := fr.read()
		if err == io.EOF {
			return got
		}
		var fe *errFraming
		switch {
		case errors.As(err, &fe):
			got = append(got, "!framing")
		case errors.Is(err, errTooLarge):
			got = append(got, "!large")
		case err != nil:
			t.Fatalf("read: %v", err)
		default:
			got = append(got, string(body))
		}
	}
	t.Fatal("reader does not reach the end of the input")
	return nil
}

func TestFrameReader(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input string
		want  []string
	}{
		{"two messages", frame(`{"a":1}`) + frame(`{"b":2}`), []string{`{"a":1}`, `{"b":2}`}},
		{"header names in any case, other headers ignored",
			"content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}" + frame("[]"),
			[]string{"{}", "[]"}},
		{"bare newlines", "Content-Length: 2\n\n{}", []string{"{}"}},
		{"space around the value", "Content-Length:   2  \r\n\r\n{}", []string{"{}"}},
		{"empty body", "Content-Length: 0\r\n\r\n" + frame("{}"), []string{"", "{}"}},
		{"no Content-Length, then a good message", "Content-Type: x\r\n\r\n" + frame("{}"), []string{"!framing", "{}"}},
		{"garbage before a message", "hello world\r\nmore garbage\r\n" + frame("{}"), []string{"!framing", "{}"}},
		{"malformed length", "Content-Length: ten\r\n\r\n0123456789" + frame("{}"), []string{"!framing", "{}"}},
		{"negative length", "Content-Length: -5\r\n\r\n" + frame("{}"), []string{"!framing", "{}"}},
		{"a header line too long", strings.Repeat("x", 100<<10) + "\r\n" + frame("{}"), []string{"!framing", "{}"}},
		{"end inside the body", "Content-Length: 10\r\n\r\n{}", nil},
		{"end inside the header", "Content-Len", nil},
		{"empty input", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := readAll(t, tc.input)
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFrameReaderSkipsTooLarge(t *testing.T) {
	n := maxBodyBytes + 1
	input := "Content-Length: " + strconv.Itoa(n) + "\r\n\r\n" + strings.Repeat(" ", n) + frame("{}")
	got := readAll(t, input)
	if strings.Join(got, "|") != "!large|{}" {
		t.Errorf("got %q", got)
	}
}

func TestFrameWriter(t *testing.T) {
	var buf bytes.Buffer
	fw := &frameWriter{w: &buf}
	if err := fw.write(map[string]string{"é": "😀"}); err != nil {
		t.Fatal(err)
	}
	body := `{"é":"😀"}`
	if got, want := buf.String(), frame(body); got != want {
		t.Errorf("got %q, want %q (Content-Length counts bytes)", got, want)
	}
	got := readAll(t, buf.String())
	if len(got) != 1 || got[0] != body {
		t.Errorf("round trip: %q", got)
	}
}

func TestValidID(t *testing.T) {
	for raw, want := range map[string]bool{
		`1`: true, `-3`: true, `1.5`: true, `"abc"`: true, `""`: true,
		`null`: false, `{}`: false, `[1]`: false, `true`: false, ``: false, `"unterminated`: false,
	} {
		if got := validID([]byte(raw)); got != want {
			t.Errorf("validID(%s) = %v, want %v", raw, got, want)
		}
	}
}
