package driver

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the
// subset code-scanning services read: one run, one rule per analyzer,
// results with their locations, related locations and fixes.

// SARIFSchema is the schema URI the log names.
const SARIFSchema = "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json"

type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		Invocations        []sarifInvocation           `json:"invocations,omitempty"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		Results            []sarifResult               `json:"results"`
		ColumnKind         string                      `json:"columnKind"`
	}
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level   string       `json:"level"`
		Message sarifMessage `json:"message"`
	}
	sarifTool struct {
		Driver sarifComponent `json:"driver"`
	}
	sarifComponent struct {
		Name            string      `json:"name"`
		Version         string      `json:"version,omitempty"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri,omitempty"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string               `json:"id"`
		ShortDescription     sarifMultiformat     `json:"shortDescription"`
		FullDescription      sarifMultiformat     `json:"fullDescription"`
		Help                 sarifMultiformat     `json:"help"`
		HelpURI              string               `json:"helpUri,omitempty"`
		DefaultConfiguration sarifReportingConfig `json:"defaultConfiguration"`
	}
	sarifReportingConfig struct {
		Level string `json:"level"`
	}
	sarifMultiformat struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID           string            `json:"ruleId"`
		RuleIndex        int               `json:"ruleIndex"`
		Level            string            `json:"level"`
		Message          sarifMessage      `json:"message"`
		Locations        []sarifLocation   `json:"locations"`
		RelatedLocations []sarifLocation   `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix        `json:"fixes,omitempty"`
		Properties       map[string]string `json:"properties,omitempty"`
	}
	sarifLocation struct {
		ID               *int             `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLoc `json:"physicalLocation"`
		Message          *sarifMessage    `json:"message,omitempty"`
	}
	sarifPhysicalLoc struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           sarifRegion      `json:"region"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion   `json:"deletedRegion"`
		InsertedContent *sarifContent `json:"insertedContent,omitempty"`
	}
	sarifContent struct {
		Text string `json:"text"`
	}
)

// srcRoot is the base URI id for files under the working directory.
const srcRoot = "%SRCROOT%"

// Tool describes the program for reports: its name, version (a semantic
// version, Version.SemVer) and home page.
type Tool struct {
	Name, Version, URI string
}

// WriteSARIF writes the findings as a SARIF 2.1.0 log with one rule per
// analyzer (all of analyzers, whether or not they reported), its help
// text and URL. Files under cwd are named relative to it (the %SRCROOT%
// base), others by absolute file URI. Columns count UTF-16 code units, as
// SARIF's default column kind says. ok says whether the run had no
// errors; errors are the run's errors (a package that did not load, an
// analyzer that failed), each a tool-execution notification.
func WriteSARIF(w io.Writer, cwd string, tool Tool, analyzers []*analysis.Analyzer, fs []Finding, ok bool, errors []string) error {
	inv := sarifInvocation{ExecutionSuccessful: ok}
	for _, e := range errors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "error", Message: sarifMessage{Text: e}})
	}
	run := sarifRun{
		Tool: sarifTool{Driver: sarifComponent{
			Name:            tool.Name,
			Version:         tool.Version,
			SemanticVersion: tool.Version,
			InformationURI:  tool.URI,
			Rules:           []sarifRule{},
		}},
		Invocations: []sarifInvocation{inv},
		Results:     []sarifResult{},
		ColumnKind:  "utf16CodeUnits",
	}
	if cwd != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(cwd) + "/"}}
	}
	index := map[string]int{}
	for i, a := range analyzers {
		index[a.Name] = i
		title, _, _ := strings.Cut(a.Doc, "\n\n")
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRule{
			ID:                   a.Name,
			ShortDescription:     sarifMultiformat{Text: strings.Join(strings.Fields(title), " ")},
			FullDescription:      sarifMultiformat{Text: a.Doc},
			Help:                 sarifMultiformat{Text: a.Doc},
			HelpURI:              a.URL,
			DefaultConfiguration: sarifReportingConfig{Level: "warning"},
		})
	}
	files := &fileCache{}
	for _, f := range fs {
		i, ok := index[f.Analyzer.Name]
		if !ok {
			return fmt.Errorf("finding of analyzer %s, which is not in the run", f.Analyzer.Name)
		}
		r := sarifResult{
			RuleID:    f.Analyzer.Name,
			RuleIndex: i,
			Level:     "warning",
			Message:   sarifMessage{Text: f.Message},
			Locations: []sarifLocation{{PhysicalLocation: files.physical(cwd, f.Posn, f.End)}},
		}
		if f.Category != "" {
			r.Properties = map[string]string{"category": f.Category}
		}
		for j, rel := range f.Related {
			id := j + 1
			end := rel.End
			if !end.IsValid() {
				end = rel.Pos
			}
			r.RelatedLocations = append(r.RelatedLocations, sarifLocation{
				ID:               &id,
				PhysicalLocation: files.physical(cwd, f.Fset.Position(rel.Pos), f.Fset.Position(end)),
				Message:          &sarifMessage{Text: rel.Message},
			})
		}
		for _, fix := range f.SuggestedFixes {
			sf := sarifFix{Description: sarifMessage{Text: fix.Message}}
			byFile := map[string]int{}
			for _, e := range fix.TextEdits {
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				start, stop := f.Fset.Position(e.Pos), f.Fset.Position(end)
				loc := files.physical(cwd, start, stop)
				k, ok := byFile[start.Filename]
				if !ok {
					k = len(sf.ArtifactChanges)
					byFile[start.Filename] = k
					sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: loc.ArtifactLocation})
				}
				sf.ArtifactChanges[k].Replacements = append(sf.ArtifactChanges[k].Replacements, sarifReplacement{
					DeletedRegion:   loc.Region,
					InsertedContent: &sarifContent{Text: string(e.NewText)},
				})
			}
			if len(sf.ArtifactChanges) > 0 {
				r.Fixes = append(r.Fixes, sf)
			}
		}
		run.Results = append(run.Results, r)
	}
	data, err := json.MarshalIndent(sarifLog{Schema: SARIFSchema, Version: "2.1.0", Runs: []sarifRun{run}}, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// fileURI returns the file URI of an absolute path.
func fileURI(path string) string {
	path = filepath.ToSlash(path)
	if !strings.HasPrefix(path, "/") {
		path = "/" + path // a Windows drive
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// fileCache reads source files on demand to count columns in UTF-16 code
// units.
type fileCache map[string][]byte

func (c *fileCache) content(name string) []byte {
	if *c == nil {
		*c = fileCache{}
	}
	data, ok := (*c)[name]
	if !ok {
		data, _ = os.ReadFile(name) // a file we cannot read keeps byte columns
		(*c)[name] = data
	}
	return data
}

// column converts p's byte column to UTF-16 code units, plus one.
func (c *fileCache) column(p token.Position) int {
	data := c.content(p.Filename)
	lineStart := p.Offset - (p.Column - 1)
	if data == nil || lineStart < 0 || p.Offset > len(data) {
		return p.Column
	}
	n := 0
	for b := data[lineStart:p.Offset]; len(b) > 0; {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n += utf16.RuneLen(r) // an invalid byte decodes as U+FFFD: one unit
	}
	return n + 1
}

func (c *fileCache) physical(cwd string, start, end token.Position) sarifPhysicalLoc {
	loc := sarifArtifactLoc{URI: fileURI(start.Filename)}
	if rel := RelPath(cwd, start.Filename); rel != start.Filename {
		loc = sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
	}
	if !end.IsValid() || end.Filename != start.Filename {
		end = start
	}
	return sarifPhysicalLoc{
		ArtifactLocation: loc,
		Region: sarifRegion{
			StartLine:   start.Line,
			StartColumn: c.column(start),
			EndLine:     end.Line,
			EndColumn:   c.column(end),
		},
	}
}
