package driver

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestWriteTextRelated checks that the text format prints the related
// information of a finding up to maxTextRelated pieces and then says how
// many it left out, while a finding with fewer prints them all.
func TestWriteTextRelated(t *testing.T) {
	for _, n := range []int{3, maxTextRelated, maxTextRelated + 5} {
		fs, _ := fixture(t, "package a\n\nvar x int\n", []edit{{10, 11, "y"}})
		for i := range n {
			fs[0].Related = append(fs[0].Related, analysis.RelatedInformation{Pos: fs[0].Pos, Message: fmt.Sprintf("tool %d", i)})
		}
		var b bytes.Buffer
		if err := WriteText(&b, "", fs); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		shown := min(n, maxTextRelated)
		want := 1 + shown
		if n > maxTextRelated {
			want++
		}
		if len(lines) != want {
			t.Fatalf("%d related: got %d lines, want %d:\n%s", n, len(lines), want, b.String())
		}
		if !strings.HasSuffix(lines[shown], fmt.Sprintf("tool %d", shown-1)) {
			t.Errorf("%d related: line %d is %q, want tool %d", n, shown, lines[shown], shown-1)
		}
		if n > maxTextRelated && lines[len(lines)-1] != fmt.Sprintf("\t... and %d more (-json lists them all)", n-maxTextRelated) {
			t.Errorf("%d related: last line %q", n, lines[len(lines)-1])
		}
	}
}
