package regions

import (
	"sort"

	"github.com/whoopverify/whoop/ir"
)

// origin bits say what storage (or which kind of pointer) a node stands for.
type origin uint32

const (
	oGlobal         origin = 1 << iota // a global object of the driver
	oConst                             // a const-qualified global (read-only storage)
	oString                            // string literals
	oFrame                             // address-taken or aggregate locals
	oFresh                             // allocations (helpers returning fresh memory)
	oFreshParam                        // pointee of an entry-point parameter made fresh per call
	oCanonical                         // the canonical node of a struct type
	oExternal                          // kernel memory of a scalar type
	oFunction                          // function code (targets of function pointers)
	oUser                              // user-space memory behind __user parameters
	oAbsolute                          // memory at integer addresses
	oKernel                            // pointers into it may come from the kernel (see doc.go: kernel-visible)
	oKernelContents                    // pointers stored in it come from the kernel (fresh parameters)
	oCurrent                           // the calling thread's task_struct (get_current, current.go)
)

// storage origins: nodes with none of these are placeholders.
const storageOrigins = oGlobal | oConst | oString | oFrame | oFresh | oFreshParam | oCurrent | oCanonical | oExternal | oUser | oAbsolute

// ptr is an abstract pointer value: offset off in node n (n need not be a root).
type ptr struct {
	n   *node
	off int64
}

type node struct {
	parent *node
	shift  int64 // offset x here is offset x+shift in parent
	id     int   // creation order: deterministic tie-breaks
	r      *root // non-nil iff this node is a root
}

// objAt is an object with storage at offset off of a root.
type objAt struct {
	obj *ir.Object
	off int64
}

// fact says that an object of type t starts at offset off.
type fact struct {
	off int64
	t   ir.Type
	key string
}

// label describes a node's storage for naming: "fresh kmalloc in probe".
type label struct {
	text string
	off  int64
	t    ir.Type // pointee type, for field paths; may be nil
}

type sig struct {
	params []ptr
	ret    ptr
}

type root struct {
	cells   []*cell
	folds   []*fold
	facts   []fact
	factSet map[factKey]bool
	flags   origin
	objs    []objAt
	funcs   []*ir.Function
	labels  []label
	sig     *sig
	weight  int
	version int // bumped on every change of facts, folds, flags or cells

	split        *splitCache
	splitVersion int
}

type factKey struct {
	off int64
	key string
}

// cell is a set of bytes of a root accessed as one unit: overlapping
// accesses are merged into one cell. lo, hi are normalised offsets.
type cell struct {
	lo, hi int64
	raws   []span // raw (unnormalised) ranges of the accesses, in root coordinates
	link   *ptr   // what a pointer stored in the cell points to
	types  []ir.Type
	region *ir.Region
}

// newNode returns a fresh root (node and root data in one allocation).
func (g *graph) newNode() *node {
	a := &struct {
		node
		root
	}{}
	a.node.id = len(g.nodes)
	a.root.weight = 1
	a.node.r = &a.root
	g.nodes = append(g.nodes, &a.node)
	return &a.node
}

// find returns the root of n and the offset in it of n's offset 0.
func find(n *node) (*node, int64) {
	if n.parent == nil {
		return n, 0
	}
	// Two passes: locate the root, then compress the path.
	var total int64
	x := n
	for x.parent != nil {
		total += x.shift
		x = x.parent
	}
	rt := x
	x = n
	acc := total
	for x.parent != nil {
		next, s := x.parent, x.shift
		x.parent, x.shift = rt, acc
		acc -= s
		x = next
	}
	return rt, total
}

func (p ptr) resolve() (*node, int64) {
	r, s := find(p.n)
	return r, p.off + s
}

// norm returns the canonical offset of x in root n.
func (n *node) norm(x int64) int64 { return normIn(n.r.folds, x) }

func (g *graph) touch(r *root) {
	r.version++
	g.changes++
}

// unify makes the two pointer values equal, merging nodes as needed.
func (g *graph) unify(a, b ptr) {
	g.queue = append(g.queue, [2]ptr{a, b})
	g.drain()
}

// drain performs the queued unifications, unless an outer operation is
// already draining (or holds cells it is about to finish): structural
// changes then wait until it is done.
func (g *graph) drain() {
	if g.draining {
		return
	}
	g.draining = true
	for len(g.queue) > 0 {
		q := g.queue[len(g.queue)-1]
		g.queue = g.queue[:len(g.queue)-1]
		g.unify1(q[0], q[1])
	}
	g.draining = false
}

// hold defers unification until release: cells being worked on stay put.
func (g *graph) hold() bool {
	was := g.draining
	g.draining = true
	return was
}

// release ends a hold and performs what it queued.
func (g *graph) release(was bool) {
	g.draining = was
	g.drain()
}

func (g *graph) unify1(a, b ptr) {
	ra, pa := a.resolve()
	rb, pb := b.resolve()
	if ra == rb {
		if pa == pb || ra.norm(pa) == ra.norm(pb) {
			return
		}
		d := pa - pb
		if d < 0 {
			d = -d
		}
		lo := min(pa, pb)
		x := ra.norm(lo)
		if f := g.foldBetween(ra, x, x+d); f != nil {
			g.addFold(ra, f)
			return
		}
		g.addFold(ra, g.foldWithin(ra, x, x+d, d))
		return
	}
	// Keep the heavier root; absorb the other at the right shift. A root
	// of string literals is absorbed by one with struct objects, whatever
	// their weights, so that its collapse is not carried over (literals).
	litA, litB := g.literals(ra, rb), g.literals(rb, ra)
	if litA || (!litB && (rb.r.weight > ra.r.weight || (rb.r.weight == ra.r.weight && rb.id < ra.id))) {
		ra, rb = rb, ra
		pa, pb = pb, pa
		litB = litA
	}
	d := pa - pb // rb's offset y is ra's y+d
	src := rb.r
	rb.r = nil
	rb.parent, rb.shift = ra, d
	dst := ra.r
	dst.weight += src.weight
	dst.flags |= src.flags
	for _, o := range src.objs {
		dst.objs = append(dst.objs, objAt{o.obj, o.off + d})
	}
	dst.funcs = append(dst.funcs, src.funcs...)
	for _, l := range src.labels {
		dst.labels = append(dst.labels, label{l.text, l.off + d, l.t})
	}
	if src.sig != nil {
		if dst.sig == nil {
			dst.sig = src.sig
		} else {
			g.unifySigs(dst.sig, src.sig)
		}
	}
	foldsChanged := false
	for _, f := range src.folds {
		if litB && isInf(f.lo) && isInf(f.hi) {
			continue
		}
		if g.addFoldNoRenorm(ra, f.shifted(d)) {
			foldsChanged = true
		}
	}
	for _, f := range src.facts {
		if g.addFactNoRenorm(ra, f.off+d, f.t, f.key) {
			foldsChanged = true
		}
	}
	if foldsChanged {
		g.renormalise(ra)
	}
	for _, c := range src.cells {
		g.insertCell(ra, shiftedSpans(c.raws, d), c.link, c.types)
	}
	g.touch(dst)
}

// literals reports whether root n holds string literals and nothing but
// read-only storage, and root other struct objects: then n's node-wide
// fold (the literals are walked as one char array) is not carried into
// the union. C forbids writing a string literal (C11 6.4.5p7), so no
// access through the merged pointers writes the literals' bytes and none
// of their reads can race, whatever region they land in; the struct
// side's accesses keep the folds their own arithmetic gives (A4). This is
// abituguru's attribute names: a template's literal name and a pointer
// into data->sysfs_names stored in one .attr.name cell collapsed the
// whole struct abituguru_data.
func (g *graph) literals(n, other *node) bool {
	if g.opts.NoBoundsAssumption || n.r.flags&oString == 0 || !readOnly(n) {
		return false
	}
	if s, _ := g.splitFacts(n); len(s) > 0 {
		return false
	}
	s, _ := g.splitFacts(other)
	return len(s) > 0
}

// shiftedSpans returns ss moved by d (infinite bounds stay infinite).
func shiftedSpans(ss []span, d int64) []span {
	out := make([]span, len(ss))
	for i, s := range ss {
		out[i] = span{shiftBound(s.lo, d), shiftBound(s.hi, d)}
	}
	return out
}

func (g *graph) unifySigs(a, b *sig) {
	for i := 0; i < len(a.params) && i < len(b.params); i++ {
		g.queue = append(g.queue, [2]ptr{a.params[i], b.params[i]})
	}
	if len(b.params) > len(a.params) {
		a.params = append(a.params, b.params[len(a.params):]...)
	}
	g.queue = append(g.queue, [2]ptr{a.ret, b.ret})
}

// addFold adds a fold to root n and renormalises its cells if it changed
// the equivalence.
func (g *graph) addFold(n *node, f *fold) {
	if g.addFoldNoRenorm(n, f) {
		g.renormalise(n)
	}
}

func (g *graph) addFoldNoRenorm(n *node, f *fold) bool {
	r := n.r
	if impliedIn(r.folds, f) {
		return false
	}
	r.folds = addFold(r.folds, f.clone())
	g.touch(r)
	return true
}

// renormalise recomputes every cell of n under its current folds, merging
// cells that now overlap.
func (g *graph) renormalise(n *node) {
	was := g.hold()
	old := n.r.cells
	n.r.cells = nil
	for _, c := range old {
		g.insertCell(n, c.raws, c.link, c.types)
	}
	g.release(was)
}

// insertCell adds a cell made of the raw ranges raws to root n, merging it
// with every cell it overlaps (their links are unified). The unifications
// wait for the outermost operation: callers outside unification use
// addCell.
func (g *graph) insertCell(n *node, raws []span, link *ptr, types []ir.Type) *cell {
	r := n.r
	var h span
	for i, s := range raws {
		var hs span
		hs, g.scratch = hullIn(r.folds, s.lo, s.hi, g.scratch)
		if i == 0 {
			h = hs
		} else {
			h.lo, h.hi = min(h.lo, hs.lo), max(h.hi, hs.hi)
		}
	}
	i := sort.Search(len(r.cells), func(i int) bool { return r.cells[i].hi > h.lo })
	j := i
	for j < len(r.cells) && r.cells[j].lo < h.hi {
		j++
	}
	if i == j {
		c := &cell{lo: h.lo, hi: h.hi, raws: raws, link: link, types: types}
		r.cells = append(r.cells, nil)
		copy(r.cells[i+1:], r.cells[i:])
		r.cells[i] = c
		g.touch(r)
		return c
	}
	c := r.cells[i]
	grew := h.lo < c.lo || h.hi > c.hi || j > i+1
	c.lo, c.hi = min(c.lo, h.lo), max(c.hi, h.hi)
	c.raws = append(c.raws, raws...)
	c.types = mergeTypes(c.types, types)
	g.mergeLink(c, link)
	for _, o := range r.cells[i+1 : j] {
		c.lo, c.hi = min(c.lo, o.lo), max(c.hi, o.hi)
		c.raws = append(c.raws, o.raws...)
		c.types = mergeTypes(c.types, o.types)
		g.mergeLink(c, o.link)
	}
	if j > i+1 {
		r.cells = append(r.cells[:i+1], r.cells[j:]...)
	}
	if grew {
		g.touch(r)
	}
	return c
}

func (g *graph) mergeLink(c *cell, link *ptr) {
	if link == nil {
		return
	}
	if c.link == nil {
		c.link = link
		return
	}
	g.queue = append(g.queue, [2]ptr{*c.link, *link})
}

// addCell is insertCell for callers outside unification.
func (g *graph) addCell(n *node, raws []span) {
	was := g.hold()
	g.insertCell(n, raws, nil, nil)
	g.release(was)
}

func mergeTypes(a, b []ir.Type) []ir.Type {
	for _, t := range b {
		found := false
		for _, u := range a {
			if typeKey(u) == typeKey(t) {
				found = true
				break
			}
		}
		if !found && len(a) < 4 {
			a = append(a, t)
		}
	}
	return a
}

// cellAt returns the cell of root n containing normalised offset x, or nil.
func cellAt(n *node, x int64) *cell {
	cs := n.r.cells
	i := sort.Search(len(cs), func(i int) bool { return cs[i].hi > x })
	if i < len(cs) && cs[i].lo <= x {
		return cs[i]
	}
	return nil
}

// linkOf returns the pointer value stored in the cell of root n at raw
// offset x (size bytes), creating the cell and a placeholder if needed.
func (g *graph) linkOf(n *node, x, size int64) ptr {
	was := g.hold()
	rn, rx := ptr{n, x}.resolve()
	c := g.insertCell(rn, []span{{rx, rx + size}}, nil, nil)
	if c.link == nil {
		c.link = &ptr{n: g.newNode()}
		g.touch(rn.r)
	}
	p := *c.link
	g.release(was)
	return p
}
