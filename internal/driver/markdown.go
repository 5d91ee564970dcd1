package driver

import (
	"flag"
	"fmt"
	"go/doc/comment"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Markdown renders an analyzer's reference page from its documentation
// (the package comment of its doc.go, which is its Doc): the page title is
// the analyzer's name, so that its URL's fragment "#NAME" (a diagnostic's
// default category) lands on it; each heading of the doc becomes a section,
// whose anchor is its text (so a messagetext category's heading is the
// category's anchor); the analyzer's own flags follow, with their real
// names, and a section on suppression directives, anchored "directive"
// (the category of directive findings). Text between backticks is code, as
// in Markdown; other Markdown syntax in plain text is escaped.
func Markdown(a *analysis.Analyzer, source string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- Code generated from %s by TestAnalyzerDocs (TOOLCHECK_UPDATE_DOCS=1 go test ./cmd/toolcheck -run TestAnalyzerDocs). DO NOT EDIT. -->\n\n", source)
	fmt.Fprintf(&b, "# %s\n\n**%s**\n\n", a.Name, mdText(Title(a)))
	var p comment.Parser
	doc := p.Parse(Body(a))
	writeBlocks(&b, doc.Content, "")
	b.WriteString("## Flags\n\n")
	n := 0
	a.Flags.VisitAll(func(f *flag.Flag) {
		n++
		fmt.Fprintf(&b, "- `-%s.%s`: %s.\n", a.Name, f.Name, mdText(f.Usage))
	})
	if n == 0 {
		b.WriteString("None of its own.")
	} else {
		b.WriteString("\nOff by default; under golangci-lint, use the standalone command or go vet for these.")
	}
	b.WriteString(" The shared configuration keys apply (flags, `.toolcheck.json`, golangci-lint settings): see [Configuration](../../README.md#configuration).\n\n")
	fmt.Fprintf(&b, "<a id=\"directive\"></a>\n\n## Suppressing a finding\n\n")
	fmt.Fprintf(&b, "`//toolcheck:ignore %s <reason>` on the finding's line or the line above suppresses it; the reason is required. A directive without a reason, naming an unknown analyzer, or suppressing nothing is itself reported, in the category `directive`.\n", a.Name)
	return b.String()
}

func writeBlocks(b *strings.Builder, blocks []comment.Block, indent string) {
	for _, blk := range blocks {
		switch blk := blk.(type) {
		case *comment.Heading:
			fmt.Fprintf(b, "## %s\n\n", mdInline(blk.Text))
		case *comment.Paragraph:
			writeLines(b, mdInline(blk.Text), indent)
			b.WriteString("\n")
		case *comment.Code:
			lang := "go"
			switch t := strings.TrimSpace(blk.Text); {
			case strings.HasPrefix(t, "{"):
				lang = "json"
			case strings.HasPrefix(t, "$ "), strings.HasPrefix(t, "go "), strings.HasPrefix(t, "toolcheck "):
				lang = "sh"
			}
			fmt.Fprintf(b, "%s```%s\n", indent, lang)
			writeLines(b, strings.TrimSuffix(blk.Text, "\n"), indent)
			fmt.Fprintf(b, "%s```\n\n", indent)
		case *comment.List:
			for i, item := range blk.Items {
				marker := "- "
				if blk.Items[0].Number != "" {
					marker = fmt.Sprintf("%d. ", i+1)
				}
				var ib strings.Builder
				writeBlocks(&ib, item.Content, "")
				text := strings.TrimRight(ib.String(), "\n")
				lines := strings.Split(text, "\n")
				for j, l := range lines {
					switch {
					case j == 0:
						fmt.Fprintf(b, "%s%s%s\n", indent, marker, l)
					case l == "":
						b.WriteString("\n")
					default:
						fmt.Fprintf(b, "%s%s%s\n", indent, strings.Repeat(" ", len(marker)), l)
					}
				}
				if blk.BlankBetween() && i < len(blk.Items)-1 {
					b.WriteString("\n")
				}
			}
			b.WriteString("\n")
		}
	}
}

func writeLines(b *strings.Builder, text, indent string) {
	for _, l := range strings.Split(text, "\n") {
		if l == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(indent + l + "\n")
	}
}

func mdInline(texts []comment.Text) string {
	var b strings.Builder
	for _, t := range texts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(mdText(string(t)))
		case comment.Italic:
			b.WriteString("*" + mdText(string(t)) + "*")
		case *comment.Link:
			fmt.Fprintf(&b, "[%s](%s)", mdInline(t.Text), t.URL)
		case *comment.DocLink:
			b.WriteString(mdInline(t.Text))
		}
	}
	return b.String()
}

// mdText escapes Markdown syntax in plain text outside backtick spans.
func mdText(s string) string {
	var b strings.Builder
	inCode := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '`' {
			inCode = !inCode
			b.WriteByte(c)
			continue
		}
		if !inCode && strings.IndexByte(`\*_[]<>|`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}
