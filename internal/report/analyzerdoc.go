package report

import "strings"

// DocOf extracts an analyzer's documentation from its doc.go source: the
// text after the "# Analyzer name" heading, with the "name: " prefix of the
// title line removed.
func DocOf(src string) string {
	start := strings.Index(src, "// # Analyzer ")
	end := strings.Index(src, "\npackage ")
	if start < 0 || end < start {
		return src
	}
	var lines []string
	for _, l := range strings.Split(src[start:end], "\n")[1:] {
		l = strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ")
		lines = append(lines, l)
	}
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	if i := strings.Index(text, ": "); i >= 0 && i < strings.Index(text+"\n", "\n") {
		text = text[i+2:]
	}
	return text
}
