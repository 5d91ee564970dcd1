// Package report reports an analyzer's findings through the filters of
// its package: the files a driver does not report and the suppression
// directives (//toolcheck:ignore <analyzer> <reason>), with the findings
// of one analyzer folded into another's where both are about one place to
// fix (Reporter.Absorb). DocOf reads an analyzer's documentation.
package report

import (
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports one analyzer's diagnostics through the package's
// filters: the places a driver does not report (test and generated
// files), and suppression directives.
type Reporter struct {
	// Pass is the pass findings leave through: the analyzer's own.
	Pass *analysis.Pass
	// Done, if set, is called when Finish has reported.
	Done    func()
	name    string
	dirs    *Directives
	drop    func(token.Pos) bool
	used    map[*Directive]bool
	pending []analysis.Diagnostic
	// about holds, by index in pending, the place a finding is about
	// when it is not the finding's own range (ReportAbout): the
	// construct that hands a text to the model.
	about map[int]span
}

// New returns the reporter of the analyzer called name for pass: drop
// says whether the package's filters drop a finding at a position, dirs
// are the package's suppression directives (nil: none).
func New(pass *analysis.Pass, name string, dirs *Directives, drop func(token.Pos) bool) *Reporter {
	return &Reporter{Pass: pass, name: name, dirs: dirs, drop: drop, used: map[*Directive]bool{}}
}

func (r *Reporter) filtered(pos token.Pos) bool { return r.drop != nil && r.drop(pos) }

// Suppressed reports whether a finding at pos would be dropped: in a test
// or generated file, or named by a directive on its line or the line
// above, which then counts as used. An analyzer that folds several places
// into one finding asks it of each place.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	if r.filtered(pos) {
		return true
	}
	if r.dirs != nil {
		if dir := r.dirs.suppressing(r.name, r.Pass.Fset.Position(pos)); dir != nil {
			r.used[dir] = true
			return true
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

// Absorb moves into r's findings the findings of other about a place
// inside the place one of r's is about, each as related information of
// the first finding of r that holds it: one finding per place to fix.
func (r *Reporter) Absorb(other *Reporter) {
	if len(r.pending) == 0 || len(other.pending) == 0 {
		return
	}
	holders := r.holders()
	var kept []analysis.Diagnostic
	about := map[int]span{}
	grown := map[int]bool{}
	for i, d := range other.pending {
		holder := holders.of(other.place(i))
		if holder < 0 {
			if s, ok := other.about[i]; ok {
				about[len(kept)] = s
			}
			kept = append(kept, d)
			continue
		}
		h := &r.pending[holder]
		h.Related = append(h.Related, analysis.RelatedInformation{Pos: d.Pos, End: d.End, Message: d.Message + " (" + other.name + ")"})
		grown[holder] = true
	}
	for holder := range grown {
		h := &r.pending[holder]
		sort.SliceStable(h.Related, func(i, j int) bool { return h.Related[i].Pos < h.Related[j].Pos })
	}
	other.pending, other.about = kept, about
}

// holders are the places of a reporter's findings sorted by start, with
// the furthest end among each one and those before it: which finding
// holds a place is a binary search and a step or two back, not a look at
// every finding, in a package of thousands.
type holders struct {
	places []span
	index  []int       // the finding of each place
	reach  []token.Pos // the furthest end of places[:k+1]
}

func (r *Reporter) holders() holders {
	var hs holders
	for j := range r.pending {
		if q := r.place(j); q.end.IsValid() {
			hs.places = append(hs.places, q)
			hs.index = append(hs.index, j)
		}
	}
	sort.Stable(byStart(hs))
	hs.reach = make([]token.Pos, len(hs.places))
	for k, q := range hs.places {
		hs.reach[k] = q.end
		if k > 0 {
			hs.reach[k] = max(hs.reach[k], hs.reach[k-1])
		}
	}
	return hs
}

// of returns the first finding, in the order reported, whose place holds
// p, or -1.
func (hs holders) of(p span) int {
	best := -1
	k := sort.Search(len(hs.places), func(k int) bool { return hs.places[k].pos > p.pos }) - 1
	for ; k >= 0 && hs.reach[k] >= p.end; k-- {
		if hs.places[k].end >= p.end && (best < 0 || hs.index[k] < best) {
			best = hs.index[k]
		}
	}
	return best
}

// byStart sorts holders by the start of their places.
type byStart holders

func (b byStart) Len() int           { return len(b.places) }
func (b byStart) Less(i, j int) bool { return b.places[i].pos < b.places[j].pos }
func (b byStart) Swap(i, j int) {
	b.places[i], b.places[j] = b.places[j], b.places[i]
	b.index[i], b.index[j] = b.index[j], b.index[i]
}

// Finish reports the findings held, in source order, then this
// analyzer's malformed directives and the ones that suppressed nothing.
// Directives naming no known analyzer are reported by the first analyzer
// attached, unwrapped in the suite. Done, if set, is called last.
func (r *Reporter) Finish() {
	if r.Done != nil {
		defer r.Done()
	}
	// Findings leave in source order, whatever order the analyzer found
	// them in, so that every driver prints the same output run after run.
	sort.SliceStable(r.pending, func(i, j int) bool {
		a, b := r.Pass.Fset.Position(r.pending[i].Pos), r.Pass.Fset.Position(r.pending[j].Pos)
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return r.pending[i].Message < r.pending[j].Message
	})
	for _, d := range r.pending {
		r.Pass.Report(d)
	}
	r.pending, r.about = nil, nil
	if r.dirs == nil {
		return
	}
	for _, dir := range r.dirs.list {
		if r.filtered(dir.Pos) {
			continue
		}
		mine := dir.names(r.name)
		switch {
		case dir.Problem != "" && (mine || (r.name == r.dirs.first && !r.dirs.namesKnown(dir))):
			r.Pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: "directive",
				Message: "malformed toolcheck:ignore directive " + dir.Problem + ": write //toolcheck:ignore <analyzer> <reason>"})
		case dir.Problem == "" && mine && !r.used[dir]:
			r.Pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: "directive",
				Message: "toolcheck:ignore directive suppresses no " + r.name + " finding: remove it"})
		}
	}
}
