package driver

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// applyDiff applies a unified diff made by unifiedDiff to a, for the test.
func applyDiff(t *testing.T, a, d string) string {
	t.Helper()
	x := splitLines(a)
	var out []string
	next := 0
	lines := splitLines(d)
	for i := 2; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "@@ ") {
			var as, an, bs, bn int
			hdr := strings.Fields(l)
			parse := func(s string, start, n *int) {
				s = s[1:]
				if strings.Contains(s, ",") {
					parts := strings.SplitN(s, ",", 2)
					*start, *n = atoi(parts[0]), atoi(parts[1])
				} else {
					*start, *n = atoi(s), 1
				}
			}
			parse(hdr[1], &as, &an)
			parse(hdr[2], &bs, &bn)
			from := as - 1
			if an == 0 {
				from = as
			}
			out = append(out, x[next:from]...)
			next = from
			continue
		}
		if l == "\\ No newline at end of file\n" {
			out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\n")
			continue
		}
		switch l[0] {
		case ' ':
			out = append(out, x[next])
			next++
		case '-':
			next++
		case '+':
			out = append(out, l[1:])
		}
	}
	out = append(out, x[next:]...)
	return strings.Join(out, "")
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// TestUnifiedDiff checks, on random line edits, that the diff turns the
// old text into the new one, and that patch(1) agrees when it is there.
func TestUnifiedDiff(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	words := []string{"a\n", "b\n", "c\n", "d\n", "e\n", "f\n"}
	patch, _ := exec.LookPath("patch")
	for n := 0; n < 300; n++ {
		var a, b []string
		for range rng.Intn(30) {
			a = append(a, words[rng.Intn(len(words))])
		}
		for _, l := range a {
			switch rng.Intn(6) {
			case 0: // delete
			case 1:
				b = append(b, words[rng.Intn(len(words))], l)
			default:
				b = append(b, l)
			}
		}
		if rng.Intn(3) == 0 {
			b = append(b, "tail\n")
		}
		as, bs := strings.Join(a, ""), strings.Join(b, "")
		if rng.Intn(4) == 0 && len(bs) > 0 {
			bs = strings.TrimSuffix(bs, "\n")
		}
		d := unifiedDiff("a/f", "b/f", as, bs)
		if as == bs {
			if d != "" {
				t.Fatalf("diff of equal texts: %q", d)
			}
			continue
		}
		if got := applyDiff(t, as, d); got != bs {
			t.Fatalf("diff does not apply:\nold %q\nnew %q\ndiff:\n%s\ngot %q", as, bs, d, got)
		}
		if patch != "" && n%20 == 0 {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "f"), []byte(as), 0o644)
			cmd := exec.Command(patch, "-s", "-p1")
			cmd.Dir = dir
			cmd.Stdin = strings.NewReader(d)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("patch: %v\n%s\ndiff:\n%s", err, out, d)
			}
			got, _ := os.ReadFile(filepath.Join(dir, "f"))
			if string(got) != bs {
				t.Fatalf("patch result %q, want %q", got, bs)
			}
		}
	}
}
