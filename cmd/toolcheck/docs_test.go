package main_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/toolcheck/toolcheck/internal/config"
	"github.com/toolcheck/toolcheck/internal/driver"
	"github.com/toolcheck/toolcheck/internal/suite"
	"github.com/toolcheck/toolcheck/internal/testkit"
)

// repoURL is where the repository's files are published; an analyzer's URL
// is its page under docs/analyzers there.
const repoURL = "https://github.com/toolcheck/toolcheck"

// TestAnalyzerDocs checks that each analyzer's reference page,
// docs/analyzers/NAME.md, is what its doc.go says (the one source, which
// "toolcheck help NAME" prints too), and that its URL is that page. With
// TOOLCHECK_UPDATE_DOCS=1 it writes the pages instead.
func TestAnalyzerDocs(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	update := os.Getenv("TOOLCHECK_UPDATE_DOCS") != ""
	for _, a := range suite.New(&config.Config{}) {
		source := "analyzers/" + a.Name + "/doc.go"
		if want := repoURL + "/blob/main/docs/analyzers/" + a.Name + ".md"; a.URL != want {
			t.Errorf("%s: URL %q, want its page %q", a.Name, a.URL, want)
		}
		page := filepath.Join(root, "docs", "analyzers", a.Name+".md")
		want := driver.Markdown(a, source)
		if update {
			if err := os.WriteFile(page, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("docs/analyzers/%s.md is not what %s says; run TOOLCHECK_UPDATE_DOCS=1 go test ./cmd/toolcheck -run TestAnalyzerDocs", a.Name, source)
		}
	}
}

// docFiles returns the Markdown files of the repository that document it:
// README.md and everything under docs/ and examples/.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{filepath.Join(root, "README.md")}
	for _, dir := range []string{"docs", "examples"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

var (
	fenceRe    = regexp.MustCompile("(?ms)^\\s*```.*?^\\s*```")
	codeSpanRe = regexp.MustCompile("`[^`\n]*`")
	linkRe     = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	refDefRe   = regexp.MustCompile(`(?m)^\[[^\]]+\]:\s+(\S+)`)
	headingRe  = regexp.MustCompile(`(?m)^#{1,6}\s+(.+?)\s*#*\s*$`)
	anchorRe   = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
)

// slug is GitHub's anchor for a heading: lower case, punctuation dropped,
// spaces to hyphens.
func slug(heading string) string {
	heading = strings.ReplaceAll(heading, "`", "")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// anchors returns the fragment targets a Markdown file defines.
func anchors(text string) map[string]bool {
	text = fenceRe.ReplaceAllString(text, "")
	set := map[string]bool{}
	count := map[string]int{}
	for _, m := range headingRe.FindAllStringSubmatch(text, -1) {
		s := slug(m[1])
		if n := count[s]; n > 0 {
			set[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			set[s] = true
		}
		count[s]++
	}
	for _, m := range anchorRe.FindAllStringSubmatch(text, -1) {
		set[m[1]] = true
	}
	return set
}

// resolveLink maps a link in file to a file of the repository and a
// fragment; ok is false for a link outside the repository.
func resolveLink(root, file, target string) (path, frag string, ok bool) {
	if rest, found := strings.CutPrefix(target, repoURL); found {
		switch {
		case strings.HasPrefix(rest, "/blob/main/"), strings.HasPrefix(rest, "/tree/main/"):
			rest = rest[len("/blob/main/"):]
		case rest == "" || strings.HasPrefix(rest, "#"):
			rest = "README.md" + rest
		default:
			return "", "", false
		}
		p, f, _ := strings.Cut(rest, "#")
		return filepath.Join(root, filepath.FromSlash(p)), f, true
	}
	if u, err := url.Parse(target); err != nil || u.Scheme != "" {
		return "", "", false
	}
	p, f, _ := strings.Cut(target, "#")
	if p == "" {
		return file, f, true
	}
	return filepath.Join(filepath.Dir(file), filepath.FromSlash(p)), f, true
}

// checkLink reports a link that does not resolve: a missing file, or a
// fragment no heading or anchor of the target defines.
func checkLink(t *testing.T, root, file, target string) {
	t.Helper()
	path, frag, ok := resolveLink(root, file, target)
	if !ok {
		return
	}
	rel, _ := filepath.Rel(root, file)
	st, err := os.Stat(path)
	if err != nil {
		t.Errorf("%s: link %s: no such file", rel, target)
		return
	}
	if frag == "" || st.IsDir() || !strings.HasSuffix(path, ".md") {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !anchors(string(data))[frag] {
		t.Errorf("%s: link %s: no heading or anchor %q in %s", rel, target, frag, filepath.Base(path))
	}
}

// TestDocLinks checks every relative link in README.md, docs/ and
// examples/, and every link to this repository, resolves: the file exists
// and the fragment is one of its headings or anchors. The links of the
// analyzers' doc.go are checked from the page generated beside the others.
func TestDocLinks(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	n := 0
	for _, file := range docFiles(t, root) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := codeSpanRe.ReplaceAllString(fenceRe.ReplaceAllString(string(data), ""), "")
		for _, re := range []*regexp.Regexp{linkRe, refDefRe} {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				n++
				checkLink(t, root, file, m[1])
			}
		}
	}
	for _, a := range suite.New(&config.Config{}) {
		n++
		checkLink(t, root, filepath.Join(root, "README.md"), a.URL)
	}
	if n < 20 {
		t.Errorf("only %d links found: the test is not reading the docs", n)
	}
	// The checker can fail.
	if path, frag, _ := resolveLink(root, filepath.Join(root, "README.md"), "docs/RULES.md#no-such-section"); path == "" || frag == "" {
		t.Error("resolveLink does not split a fragment")
	}
	data, _ := os.ReadFile(filepath.Join(root, "README.md"))
	if anchors(string(data))["no-such-section"] || !anchors(string(data))["configuration"] {
		t.Error("anchors does not find README's headings")
	}
}

// TestFindingURLs checks that every finding's URL (the analyzer's page
// and, for a category, its section) resolves, with every flag on so that
// every category shows.
func TestFindingURLs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary and loads the real SDKs")
	}
	bin := buildTool(t)
	root := testkit.Root(t)
	dir := filepath.Join(root, "testdata", "e2e")
	out, stderr, code := run(t, dir, bin, "-json", "-loglevel.strict", "-emptyonfail.all-functions", "-emptyonfail.loops",
		"-messagetext.long-text", "-messagetext.next-step", "-messagetext.fault-text", "./...")
	if code != 3 {
		t.Fatalf("toolcheck -json: exit %d\n%s", code, stderr)
	}
	var tree map[string]map[string][]struct {
		Category string `json:"category"`
		URL      string `json:"url"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatal(err)
	}
	categories := map[string]bool{}
	for _, byAnalyzer := range tree {
		for a, diags := range byAnalyzer {
			for _, d := range diags {
				if !strings.HasPrefix(d.URL, repoURL+"/blob/main/docs/analyzers/"+a+".md#") {
					t.Errorf("%s finding with URL %q, want its section of the analyzer's page", a, d.URL)
					continue
				}
				if !categories[d.URL] {
					categories[d.URL] = true
					checkLink(t, root, filepath.Join(root, "README.md"), d.URL)
				}
			}
		}
	}
	if len(categories) < 8 {
		t.Errorf("only %d distinct finding URLs: %v", len(categories), categories)
	}
}

// TestDocIdentifiers checks that every identifier of the runtime module
// the docs name (toolerr.X, mcpgo.X, gosdk.X, mcpgotest.X, gosdktest.X,
// and Type.Method) exists, in README.md, docs/, examples/ and the
// analyzers' doc.go.
func TestDocIdentifiers(t *testing.T) {
	t.Parallel()
	root := testkit.Root(t)
	exported := map[string]map[string]bool{}
	for pkg, dir := range map[string]string{"toolerr": "toolerr", "mcpgo": "toolerr/mcpgo", "gosdk": "toolerr/gosdk",
		"mcpgotest": "toolerr/mcpgo/mcpgotest", "gosdktest": "toolerr/gosdk/gosdktest"} {
		names := map[string]bool{}
		fset := token.NewFileSet()
		sources, _ := filepath.Glob(filepath.Join(root, dir, "*.go"))
		for _, src := range sources {
			if strings.HasSuffix(src, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, src, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil {
						names[d.Name.Name] = true
						continue
					}
					typ := d.Recv.List[0].Type
					for {
						if s, ok := typ.(*ast.StarExpr); ok {
							typ = s.X
						} else if ix, ok := typ.(*ast.IndexExpr); ok {
							typ = ix.X
						} else {
							break
						}
					}
					if id, ok := typ.(*ast.Ident); ok {
						names[id.Name+"."+d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							names[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, n := range s.Names {
								names[n.Name] = true
							}
						}
					}
				}
			}
		}
		exported[pkg] = names
	}
	files := docFiles(t, root)
	docs, _ := filepath.Glob(filepath.Join(root, "analyzers", "*", "doc.go"))
	files = append(files, docs...)
	identRe := regexp.MustCompile(`\b(toolerr|mcpgo|gosdk|mcpgotest|gosdktest)\.([A-Z]\w*)(?:\.([A-Z]\w*))?`)
	var missing []string
	n := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		for _, m := range identRe.FindAllStringSubmatch(string(data), -1) {
			n++
			names := exported[m[1]]
			if !names[m[2]] {
				missing = append(missing, fmt.Sprintf("%s: %s.%s", rel, m[1], m[2]))
				continue
			}
			if m[3] != "" && !names[m[2]+"."+m[3]] && !names[m[3]] {
				missing = append(missing, fmt.Sprintf("%s: %s.%s.%s", rel, m[1], m[2], m[3]))
			}
		}
	}
	sort.Strings(missing)
	for _, m := range compact(missing) {
		t.Errorf("%s does not exist", m)
	}
	if n < 20 || !exported["mcpgo"]["Boundary"] || !exported["toolerr"]["ToolError.Level"] {
		t.Errorf("found %d references, and the toolerr packages' names %v: the test is not reading them", n, exported["mcpgo"])
	}
}

func compact(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || s[i-1] != x {
			out = append(out, x)
		}
	}
	return out
}
