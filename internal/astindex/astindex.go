// Package astindex is a compact, read-only index of a package's syntax
// trees with the cursor navigation toolcheck needs: preorder traversal
// filtered by node type, the parent and enclosing nodes of a node, the
// previous sibling, and the innermost node at a position.
//
// It answers those questions as golang.org/x/tools/go/ast/inspector does,
// and its Cursor has the same methods with the same meaning, but for the
// leaves toolcheck never navigates from: identifiers, basic literals and
// comments are not indexed. FindByPos on one returns its parent, and
// PrevSibling skips them. The rest costs one 24-byte record per node
// (and four bytes a child for the nodes with many, which FindByPos
// searches by halves), in a buffer that passes from one package's index
// to the next (Recycle), where the inspector keeps two 32-byte events per
// node (leaves included) in a new slice for each package that grows by
// doubling when its size estimate falls short, as it does on dense code.
// toolcheck builds
// an index for every package that reaches an MCP SDK; on a module of tool
// handlers the inspector was the largest single allocation of a run; the
// index's first buffer is smaller, and the packages after it reuse it.
package astindex

import (
	"go/ast"
	"go/token"
	"iter"
	"maps"
	"slices"
	"sort"
)

// An Index holds every node of some files in the order of ast.Inspect.
type Index struct {
	nodes  []entry
	kinds  []uint8   // the kind of each node, for type filters
	counts [64]int32 // how many nodes of each kind
	// The children of the nodes that have many (wideKids or more), for
	// FindByPos: wideOf maps such a node to the offset in wide of their
	// count, which their indices follow, in order.
	wide   []int32
	wideOf map[int32]int32
	b      *builder // whose buffers nodes, kinds and wide are, for Recycle
}

// wideKids is how many children make a node wide: FindByPos finds the
// child that holds a position among them by binary search, not one by
// one (a file of a thousand declarations, a table of a thousand tools).
const wideKids = 16

type entry struct {
	node   ast.Node
	parent int32 // index of the parent node; -1 for a file
	end    int32 // index one past the node's last descendant
}

// New indexes files.
func New(files []*ast.File) *Index {
	// One walk into a buffer taken from an index recycled before, if any:
	// no second walk to count, and no new allocation once the buffers
	// have grown to the size of the packages indexed.
	var b *builder
	select {
	case b = <-scratch:
	default:
		b = new(builder)
	}
	b.nodes, b.kinds, b.kids, b.wide, b.stack = b.nodes[:0], b.kinds[:0], b.kids[:0], b.wide[:0], b.stack[:0]
	if b.wideOf == nil {
		b.wideOf = map[int32]int32{}
	}
	clear(b.wideOf)
	// A buffer too small for the files grows once, to their estimated
	// size, rather than doubling its way there: Go source holds about
	// one indexed node per 16 to 20 bytes.
	size := 0
	for _, f := range files {
		size += int(f.FileEnd-f.FileStart) / 16
	}
	if cap(b.nodes) < size {
		b.nodes, b.kinds = make([]entry, 0, size), make([]uint8, 0, size)
	}
	for _, f := range files {
		b.walk(f)
	}
	var in *Index
	if cap(b.nodes) <= 2*len(b.nodes)+minSlack {
		in = &Index{nodes: b.nodes, kinds: b.kinds, wide: b.wide, wideOf: b.wideOf, b: b}
	} else {
		// A buffer grown by a much larger package: this index gets its
		// own copy, so that an index never recycled (a model kept to the
		// end of the run) does not hold the large buffer, which stays for
		// the packages to come.
		in = &Index{nodes: slices.Clone(b.nodes), kinds: slices.Clone(b.kinds), wide: slices.Clone(b.wide), wideOf: maps.Clone(b.wideOf)}
		clear(b.nodes)
		select {
		case scratch <- b:
		default:
		}
	}
	for _, k := range in.kinds {
		in.counts[k]++
	}
	return in
}

// minSlack is the unused capacity (in nodes) a recycled buffer may keep
// and still be handed to an index as it is.
const minSlack = 4096

// Recycle keeps the index's buffers for the next index built. Its caller
// must be the last user of in and of its cursors.
func (in *Index) Recycle() {
	if in == nil || in.b == nil {
		return
	}
	b := in.b
	in.b, in.nodes, in.kinds, in.wide, in.wideOf = nil, nil, nil, nil, nil
	clear(b.nodes) // hold no syntax between packages
	select {
	case scratch <- b:
	default:
	}
}

// scratch holds the buffers of recycled indexes. Unlike a sync.Pool it is
// not emptied by garbage collection, which would make every index built
// after a collection grow its buffer again.
var scratch = make(chan *builder, 16)

// A builder records nodes in preorder (walk.go).
type builder struct {
	nodes []entry
	kinds []uint8
	kids  []int32 // the children of the nodes being walked, innermost last
	wide  []int32
	stack []int32

	wideOf map[int32]int32
}

// Count returns how many nodes of the types given (all if none) the index
// holds: what a client sizes its tables by; none for a nil index.
func (in *Index) Count(types ...ast.Node) int {
	if in == nil {
		return 0
	}
	if len(types) == 0 {
		return len(in.nodes)
	}
	n := 0
	for _, t := range types {
		n += int(in.counts[kindOf(t)])
	}
	return n
}

// Root returns the cursor of the virtual root above the files.
func (in *Index) Root() Cursor { return Cursor{in, -1} }

// A Cursor is a node of an Index, or its root. The zero Cursor is invalid.
type Cursor struct {
	in    *Index
	index int32
}

// Valid reports whether c is a cursor of an index.
func (c Cursor) Valid() bool { return c.in != nil }

// Node returns c's node, or nil for the root.
func (c Cursor) Node() ast.Node {
	if c.index < 0 {
		return nil
	}
	return c.in.nodes[c.index].node
}

// span returns the half-open range of indices of c's subtree.
func (c Cursor) span() (int32, int32) {
	if c.index < 0 {
		return 0, int32(len(c.in.nodes))
	}
	return c.index, c.in.nodes[c.index].end
}

// Parent returns the cursor of c's parent: the root for a file. It must
// not be called on the root.
func (c Cursor) Parent() Cursor {
	if c.index < 0 {
		panic("astindex: Parent called on the root")
	}
	return Cursor{c.in, c.in.nodes[c.index].parent}
}

// Preorder iterates over c's subtree, c included, in the order of
// ast.Inspect, yielding only nodes of the types given (all if none). It
// never yields the leaves the index leaves out.
func (c Cursor) Preorder(types ...ast.Node) iter.Seq[Cursor] {
	mask := maskOf(types)
	return func(yield func(Cursor) bool) {
		for i, limit := c.span(); i < limit; i++ {
			if mask&(1<<c.in.kinds[i]) != 0 && !yield(Cursor{c.in, i}) {
				return
			}
		}
	}
}

// Enclosing iterates over c and its ancestors, innermost first, yielding
// only nodes of the types given (all if none). It must not be called on
// the root.
func (c Cursor) Enclosing(types ...ast.Node) iter.Seq[Cursor] {
	if c.index < 0 {
		panic("astindex: Enclosing called on the root")
	}
	mask := maskOf(types)
	return func(yield func(Cursor) bool) {
		for i := c.index; i >= 0; i = c.in.nodes[i].parent {
			if mask&(1<<c.in.kinds[i]) != 0 && !yield(Cursor{c.in, i}) {
				return
			}
		}
	}
}

// Innermost returns the first node Enclosing would yield: c or its
// nearest ancestor of the types given. It allocates nothing.
func (c Cursor) Innermost(types ...ast.Node) (Cursor, bool) {
	if c.index < 0 {
		panic("astindex: Innermost called on the root")
	}
	mask := maskOf(types)
	for i := c.index; i >= 0; i = c.in.nodes[i].parent {
		if mask&(1<<c.in.kinds[i]) != 0 {
			return Cursor{c.in, i}, true
		}
	}
	return Cursor{}, false
}

// PrevSibling returns the indexed node before c among its parent's
// children.
func (c Cursor) PrevSibling() (Cursor, bool) {
	if c.index < 0 {
		panic("astindex: PrevSibling called on the root")
	}
	parent := c.in.nodes[c.index].parent
	for i := c.index - 1; i > parent; i = c.in.nodes[i].parent {
		if c.in.nodes[i].parent == parent {
			return Cursor{c.in, i}, true
		}
	}
	return Cursor{}, false
}

// Contains reports whether c2 is c or lies beneath it.
func (c Cursor) Contains(c2 Cursor) bool {
	if c.in != c2.in {
		panic("astindex: cursors of different indexes")
	}
	start, end := c.span()
	return start <= c2.index && c2.index < end
}

// FindNode returns the cursor of n if n lies in c's subtree. It looks
// only in the file that holds n's position.
func (c Cursor) FindNode(n ast.Node) (Cursor, bool) {
	k := kindOf(n)
	pos := n.Pos()
	// n is the innermost node of its own range or one of its ancestors
	// (an expression statement and its call share a range): found there
	// by position, without walking the file.
	if end := n.End(); pos.IsValid() && pos <= end {
		if inner, ok := c.FindByPos(pos, end); ok {
			for i := inner.index; i >= 0 && c.Contains(Cursor{c.in, i}); i = c.in.nodes[i].parent {
				if c.in.kinds[i] == k && c.in.nodes[i].node == n {
					return Cursor{c.in, i}, true
				}
			}
		}
	}
	for i, limit := c.span(); i < limit; i++ {
		kind := c.in.kinds[i]
		if kind == kFile && k != kFile && pos.IsValid() {
			if f := c.in.nodes[i].node.(*ast.File); pos < f.FileStart || pos > f.FileEnd {
				i = c.in.nodes[i].end - 1 // another file
				continue
			}
		}
		if kind == k && c.in.nodes[i].node == n {
			return Cursor{c.in, i}, true
		}
	}
	return Cursor{}, false
}

// FindByPos returns the innermost indexed node of c's subtree that
// contains the range [start, end]: of two nodes that adjoin an empty range,
// the first. (Where the inspector would return a left-out leaf, it returns
// the leaf's parent, except for an empty range at the leaf's end, where it
// may return the sibling that starts there.)
func (c Cursor) FindByPos(start, end token.Pos) (Cursor, bool) {
	if end < start {
		panic("astindex: end < start")
	}
	nodes := c.in.nodes
	best := int32(-1)
	for i, limit := c.span(); i < limit; i++ {
		e := nodes[i]
		var nodeEnd token.Pos
		if file, ok := e.node.(*ast.File); ok {
			nodeEnd = file.FileEnd
			if file.FileStart > start {
				i = e.end - 1 // files may be out of order: skip this one
				continue
			}
		} else {
			// FuncDecl.Name and FuncDecl.Type overlap, and the name comes
			// first: a name that holds the range would have been the
			// match (its parent, the FuncDecl, is best), and a name after
			// start would have ended the search.
			if c.in.kinds[i] == kFuncType && e.parent >= 0 && c.in.kinds[e.parent] == kFuncDecl {
				name := nodes[e.parent].node.(*ast.FuncDecl).Name
				if name.Pos() > start || end <= name.End() {
					break
				}
			}
			nodeEnd = e.node.End()
			if e.node.Pos() > start {
				break // after the range: done
			}
		}
		if end <= nodeEnd {
			best = i
			limit = e.end // look no further than this node's subtree
			if off, ok := c.in.wideOf[i]; ok {
				// Go on from the node's first child that does not end
				// before the range, found by binary search: the children
				// before it are the subtrees this loop would skip one by
				// one, once per search.
				i = c.in.firstChildEnding(off, e.end, start) - 1
			}
		} else if nodeEnd < start {
			i = e.end - 1 // before the range: skip the subtree
		}
	}
	if best >= 0 {
		return Cursor{c.in, best}, true
	}
	return Cursor{}, false
}

// firstChildEnding returns the index of the first of the children listed
// at wide[off] that ends at or after pos, or end, the end of their
// parent's subtree, if none does. Siblings are in source order and do not
// overlap, so their ends ascend.
func (in *Index) firstChildEnding(off, end int32, pos token.Pos) int32 {
	kids := in.wide[off+1 : off+1+in.wide[off]]
	k := sort.Search(len(kids), func(k int) bool { return in.nodes[kids[k]].node.End() >= pos })
	if k == len(kids) {
		return end
	}
	return kids[k]
}

// maskOf returns the set of kinds of types, or every kind if none.
func maskOf(types []ast.Node) uint64 {
	if len(types) == 0 {
		return ^uint64(0)
	}
	var mask uint64
	for _, t := range types {
		mask |= 1 << kindOf(t)
	}
	return mask
}
