package driver

import "bytes"

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
func blankBodies(src []byte) []byte {
	out := append([]byte(nil), src...)
	depth := 0        // open parentheses, brackets and braces outside bodies
	sig := false      // in the signature of a top-level function
	semi := false     // a newline here would end the statement
	declStart := true // the next token starts a top-level declaration
	var word []byte   // the previous token, if an identifier or keyword
	newline := func() {
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
