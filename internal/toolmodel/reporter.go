package toolmodel

import (
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports one analyzer's diagnostics through the package's
// filters: test and generated files, and suppression directives.
type Reporter struct {
	m       *Model
	pass    *analysis.Pass
	name    string
	used    map[*Directive]bool
	pending []analysis.Diagnostic
	// about holds, by index in pending, the place a finding is about
	// when it is not the finding's own range (ReportAbout): the
	// construct that hands a text to the model.
	about map[int]span
	err   error // the error of a hosted analysis, returned by its analyzer
	// counted: the analyzer was attached before the model ran, so the
	// model waits for its Finish before releasing its tables.
	counted bool
}

// reporter returns the reporter of the analyzer called name for pass.
func (m *Model) reporter(pass *analysis.Pass, name string) *Reporter {
	return &Reporter{m: m, pass: pass, name: name, used: map[*Directive]bool{}}
}

func (r *Reporter) filtered(pos token.Pos) bool {
	if r.m.isGenerated(pos) {
		return true
	}
	return !r.m.Config.Tests && r.m.isTestFile(pos)
}

// Suppressed reports whether a finding at pos would be dropped: in a test
// or generated file, or named by a directive on its line or the line
// above, which then counts as used. An analyzer that folds several places
// into one finding asks it of each place.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	if r.filtered(pos) {
		return true
	}
	if r.m.Directives != nil {
		p := r.pass.Fset.Position(pos)
		for _, dir := range r.m.Directives.list {
			if dir.Problem == "" && dir.names(r.name) && dir.File == p.Filename && (dir.Line == p.Line || dir.Line == p.Line-1) {
				r.used[dir] = true
				return true
			}
		}
	}
	return false
}

// Report reports d unless a filter or a directive drops it. Findings are
// held until Finish, which reports them in source order.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Suppressed(d.Pos) {
		return
	}
	if d.Category == "" {
		d.Category = r.name
	}
	r.pending = append(r.pending, d)
}

// ReportAbout reports d, like Report, as a finding about the place n
// (the construct that hands a text to the model), which may lie outside
// d's range: where an analyzer that subsumes this one (Subsume) reports
// a finding whose range holds n, that finding stands for d.
func (r *Reporter) ReportAbout(d analysis.Diagnostic, n ast.Node) {
	k := len(r.pending)
	r.Report(d)
	if len(r.pending) > k && n != nil {
		if r.about == nil {
			r.about = map[int]span{}
		}
		r.about[k] = span{n.Pos(), n.End()}
	}
}

// A span is a range of source positions.
type span struct{ pos, end token.Pos }

// place is the range pending finding i is about.
func (r *Reporter) place(i int) span {
	if s, ok := r.about[i]; ok {
		return s
	}
	d := r.pending[i]
	return span{d.Pos, max(d.End, d.Pos)}
}

// absorb moves into r's findings the findings of other about a place
// inside the place one of r's is about, each as related information of
// the first finding of r that holds it: one finding per place to fix.
func (r *Reporter) absorb(other *Reporter) {
	if len(r.pending) == 0 || len(other.pending) == 0 {
		return
	}
	var kept []analysis.Diagnostic
	about := map[int]span{}
	for i, d := range other.pending {
		p := other.place(i)
		holder := -1
		for j := range r.pending {
			if q := r.place(j); q.end.IsValid() && q.pos <= p.pos && p.end <= q.end {
				holder = j
				break
			}
		}
		if holder < 0 {
			if s, ok := other.about[i]; ok {
				about[len(kept)] = s
			}
			kept = append(kept, d)
			continue
		}
		h := &r.pending[holder]
		h.Related = append(h.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: d.Message + " (" + other.name + ")"})
		sort.SliceStable(h.Related, func(i, j int) bool { return h.Related[i].Pos < h.Related[j].Pos })
	}
	other.pending, other.about = kept, about
}

// finish reports this analyzer's malformed directives and the ones that
// suppressed nothing. Directives naming no known analyzer are reported by
// the first analyzer of the suite, unwrapped.
//
// finish also tells the model this analyzer is done with it (see
// Attach); the analyzer must not use the model afterwards.
func (r *Reporter) finish() {
	if r.counted {
		defer r.m.finished()
	}
	// Findings leave in source order, whatever order the analyzer found
	// them in, so that every driver prints the same output run after run.
	sort.SliceStable(r.pending, func(i, j int) bool {
		a, b := r.pass.Fset.Position(r.pending[i].Pos), r.pass.Fset.Position(r.pending[j].Pos)
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return r.pending[i].Message < r.pending[j].Message
	})
	for _, d := range r.pending {
		r.pass.Report(d)
	}
	r.pending, r.about = nil, nil
	if r.m.Directives == nil {
		return
	}
	for _, dir := range r.m.Directives.list {
		if r.filtered(dir.Pos) {
			continue
		}
		mine := dir.names(r.name)
		switch {
		case dir.Problem != "" && (mine || (r.name == r.m.Directives.first && !r.m.Directives.namesKnown(dir))):
			r.pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: "directive",
				Message: "malformed toolcheck:ignore directive " + dir.Problem + ": write //toolcheck:ignore <analyzer> <reason>"})
		case dir.Problem == "" && mine && !r.used[dir]:
			r.pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: "directive",
				Message: "toolcheck:ignore directive suppresses no " + r.name + " finding: remove it"})
		}
	}
}
