package driver

import (
	"bytes"
	"strconv"
)

// blankBodies returns a copy of a Go source file in which the contents of
// each top-level function's body are spaces (its newlines kept, so every
// position stays where it was), or src itself if it cannot follow the file
// (an unbalanced bracket, an unterminated literal). The parser then reads
// the declarations alone, and never builds what declarationsOnly would
// drop. It reads the file as the scanner does, comments, strings and runes
// included, and knows a function declaration by its func keyword at the
// start of a top-level declaration and its body by the first brace after
// the signature, at the signature's level, that opens no struct or
// interface type; a newline where the scanner would end the declaration
// (a function without a body) ends the signature.
//
// It blanks, the same way, the elements of a composite literal that is the
// whole initializer of a package-level variable (var x = T{...} or
// &T{...}), which declarationsOnly would drop: the standard library's
// Unicode, IDNA, normalization and elliptic-curve tables, a third of the
// time it takes to parse its declarations. The literal's type must be
// written with names, selectors, brackets, ..., * and map alone: nothing
// (a func, struct or interface type, a call, an operator) whose braces
// could be another's. A [...]T literal, whose length its elements give,
// keeps its last element (see blankElements).
func blankBodies(src []byte) []byte {
	out := append([]byte(nil), src...)
	depth := 0        // open parentheses, brackets and braces outside bodies
	sig := false      // in the signature of a top-level function
	semi := false     // a newline here would end the statement
	declStart := true // the next token starts a top-level declaration
	var word []byte   // the previous token, if an identifier or keyword
	// A package-level var declaration: its specs are at depth specs (1
	// when grouped); init is set from a spec's = up to a composite
	// literal's brace while each token can be part of the literal's type
	// (named names types counts them).
	inVar, varOpen := false, false
	specs, init, named, ellipsis := 0, false, 0, false
	newline := func() {
		if semi {
			init = false // the end of a spec
		}
		if semi && depth == 0 {
			sig = false // a function without a body
			declStart = true
		}
		semi = false
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			newline()
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end := skipLiteral(src, i)
			if end < 0 {
				return src
			}
			if bytes.IndexByte(src[i:end], '\n') >= 0 {
				newline() // a general comment across lines acts as a newline
			}
			i = end
			continue
		}
		tokStart := declStart
		declStart = false
		prevWord := word
		word = nil
		if tokStart {
			inVar, init = false, false
		}
		if varOpen {
			varOpen = false
			if c == '(' {
				specs = 1
			}
		}
		if init {
			switch {
			case c == '{' && depth == specs && named > 0:
				if end := matchingBrace(src, i); end >= 0 && specEnds(src, end+1) && blankElements(src, out, i, end, ellipsis) {
					init = false
					semi = true
					i = end + 1
					continue
				}
				init = false
			case isWordByte(c):
				named++
			case c == '.' && bytes.HasPrefix(src[i:], []byte("...")):
				ellipsis = true
			case c == '.' || c == '[' || c == ']' || c == '*' || c == '&' || '0' <= c && c <= '9':
			default:
				init = false
			}
		}
		switch {
		case c == '"' || c == '`' || c == '\'':
			end := skipLiteral(src, i)
			if end < 0 {
				return src
			}
			i = end
			semi = true
		case isWordByte(c):
			j := i
			for j < len(src) && (isWordByte(src[j]) || '0' <= src[j] && src[j] <= '9') {
				j++
			}
			word = src[i:j]
			if string(word) == "func" && tokStart && depth == 0 {
				sig = true
			}
			if string(word) == "var" && tokStart && depth == 0 {
				inVar, varOpen, specs = true, true, 0
			}
			if init && isKeyword(string(word)) && string(word) != "map" {
				init = false
			}
			switch string(word) {
			case "break", "continue", "fallthrough", "return":
				semi = true
			default:
				semi = !isKeyword(string(word))
			}
			i = j
		case '0' <= c && c <= '9' || c == '.' && i+1 < len(src) && '0' <= src[i+1] && src[i+1] <= '9':
			for i < len(src) && (isWordByte(src[i]) || '0' <= src[i] && src[i] <= '9' || src[i] == '.') {
				i++
			}
			semi = true
		case c == '(' || c == '[':
			depth++
			semi = false
			i++
		case c == ')' || c == ']':
			depth--
			semi = true
			i++
		case c == '{':
			if sig && depth == 0 && string(prevWord) != "struct" && string(prevWord) != "interface" {
				end := matchingBrace(src, i)
				if end < 0 {
					return src
				}
				for k := i + 1; k < end; k++ {
					if out[k] != '\n' {
						out[k] = ' '
					}
				}
				sig = false
				semi = true
				i = end + 1
				continue
			}
			depth++
			semi = false
			i++
		case c == '}':
			depth--
			semi = true
			i++
		case c == ';':
			if depth == 0 {
				sig = false
				declStart = true
			}
			init = false
			semi = false
			i++
		case c == '=' && inVar && depth == specs && (i+1 == len(src) || src[i+1] != '=') && (i == 0 || !bytes.ContainsRune([]byte("=!<>:+-*/%&|^"), rune(src[i-1]))):
			init, named, ellipsis = true, 0, false
			semi = false
			i++
		case (c == '+' || c == '-') && i+1 < len(src) && src[i+1] == c:
			semi = true
			i += 2
		default:
			semi = false
			i++
		}
		if depth < 0 {
			return src
		}
	}
	if depth != 0 {
		return src
	}
	return out
}

// blankElements blanks in out the elements of the composite literal
// whose braces are src[open] and src[end], and reports whether it did.
// When its type is [...]T, whose length its elements give, it keeps the
// last element, keyed by its index ({N-1: last}, the key written over the
// first elements), so that the length stays what it was; it does not
// blank an array literal of that type whose elements have keys, or that
// has no room for the key before its last element.
func blankElements(src, out []byte, open, end int, ellipsis bool) bool {
	last := end // where the kept part starts
	key := ""
	if ellipsis {
		n, keyed, lastStart := elements(src, open, end)
		if keyed || n == 0 {
			return false
		}
		last, key = lastStart, strconv.Itoa(n-1)+":"
	}
	at := -1 // where the key goes: a run of bytes on one line
	if key != "" {
		run := 0
		for k := open + 1; k < last; k++ {
			if src[k] == '\n' {
				run = 0
				continue
			}
			if run++; run == len(key) {
				at = k + 1 - len(key)
				break
			}
		}
		if at < 0 {
			return false
		}
	}
	for k := open + 1; k < last; k++ {
		if out[k] != '\n' {
			out[k] = ' '
		}
	}
	if at >= 0 {
		copy(out[at:], key)
	}
	return true
}

// elements counts the elements of the composite literal whose braces are
// src[open] and src[end], says whether any has a key, and returns where
// the last one starts.
func elements(src []byte, open, end int) (n int, keyed bool, last int) {
	depth := 0
	want := true // the next token starts an element
	for i := open + 1; i < end; {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
			continue
		case c == '/' && i+1 < end && (src[i+1] == '/' || src[i+1] == '*'):
			if i = skipLiteral(src, i); i < 0 {
				return 0, true, 0
			}
			continue
		}
		if want && depth == 0 {
			n++
			last = i
			want = false
		}
		switch {
		case c == '"' || c == '`' || c == '\'':
			if i = skipLiteral(src, i); i < 0 {
				return 0, true, 0
			}
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			want = true
		case c == ':' && depth == 0:
			keyed = true
		}
		i++
	}
	return n, keyed, last
}

// specEnds reports whether a spec of a var declaration ends at src[i]:
// nothing but space and comments before the end of the line, a semicolon
// or the parenthesis that closes the group.
func specEnds(src []byte, i int) bool {
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			return true
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := skipLiteral(src, i)
			if end < 0 {
				return false
			}
			i = end
		default:
			return c == '\n' || c == ';' || c == ')'
		}
	}
	return true
}

// skipLiteral returns the end of the comment, string, raw string or rune
// that starts at src[i], or -1 if it does not end.
func skipLiteral(src []byte, i int) int {
	switch c := src[i]; {
	case c == '/' && src[i+1] == '/':
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i
	case c == '/':
		for j := i + 2; j+1 < len(src); j++ {
			if src[j] == '*' && src[j+1] == '/' {
				return j + 2
			}
		}
		return -1
	case c == '`':
		for j := i + 1; j < len(src); j++ {
			if src[j] == '`' {
				return j + 1
			}
		}
		return -1
	default: // "..." or '...'
		for j := i + 1; j < len(src) && src[j] != '\n'; j++ {
			switch src[j] {
			case '\\':
				j++
			case c:
				return j + 1
			}
		}
		return -1
	}
}

// matchingBrace returns the index of the brace that closes the one at
// src[open], or -1.
func matchingBrace(src []byte, open int) int {
	depth := 0
	for i := open; i < len(src); {
		switch c := src[i]; {
		case c == '"' || c == '`' || c == '\'' || c == '/' && i+1 < len(src) && (src[i+1] == '/' || src[i+1] == '*'):
			end := skipLiteral(src, i)
			if end < 0 {
				return -1
			}
			i = end
			continue
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return -1
}

// isWordByte reports whether c can start an identifier (a letter, an
// underscore, or a byte of a multi-byte UTF-8 letter).
func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c >= 0x80
}

func isKeyword(w string) bool {
	switch w {
	case "break", "case", "chan", "const", "continue", "default", "defer", "else",
		"fallthrough", "for", "func", "go", "goto", "if", "import", "interface",
		"map", "package", "range", "return", "select", "struct", "switch", "type", "var":
		return true
	}
	return false
}
