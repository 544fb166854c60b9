package regions

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/whoopverify/whoop/ir"
)

// regionCell is a cell that an access names: a hard cell (loads and
// stores), or a gap cell (bytes only helpers touch).
type regionCell struct {
	root   *node
	c      *cell
	first  int // order of the first access naming it
	writes bool
}

// assign creates the regions and writes them into the program.
func (g *graph) assign() error {
	if err := g.indexViews(); err != nil {
		return err
	}
	u := &cellUses{g: g, cells: make(map[*cell]*regionCell)}
	named := make(map[*accessRec][]*regionCell)
	touchSpans, gapCells, err := g.nameAccesses(u, named)
	if err != nil {
		return err
	}
	for _, a := range g.accesses {
		if a.touch {
			named[a] = u.touched(a, touchSpans[a], gapCells)
		}
	}
	shared := g.sharedRoots()
	for _, rc := range u.list {
		rc.c.region = g.makeRegion(rc, shared)
	}
	g.viewRegions()
	g.orderRegions(u.list)

	for _, a := range g.accesses {
		rcs := named[a]
		sort.SliceStable(rcs, func(i, j int) bool { return rcs[i].c.region.ID < rcs[j].c.region.ID })
		a.acc.Region = rcs[0].c.region
		named[a] = rcs
	}
	g.splitTouches(named)
	g.callTargets()
	return nil
}

// cellUses collects the cells accesses use, in the order first used,
// each with whether some access writes it.
type cellUses struct {
	g     *graph
	cells map[*cell]*regionCell
	list  []*regionCell
}

func (u *cellUses) use(r *node, c *cell, order int, write bool) *regionCell {
	if vr, d := u.g.viewed(r, c.lo, c.hi); vr != r {
		// Embedded bytes the canonical node holds (views.go).
		if vc := cellAt(vr, c.lo+d); vc != nil { // indexViews checked it matches
			r, c = vr, vc
		}
	}
	rc, ok := u.cells[c]
	if !ok {
		rc = &regionCell{root: r, c: c, first: order}
		u.cells[c] = rc
		u.list = append(u.list, rc)
	}
	rc.writes = rc.writes || write
	return rc
}

// nameAccesses gives each load and store its cell, and finds for each
// touch the spans it covers (through views) and the gap cells: the
// bytes helpers touch that no cell covers, merged where they overlap.
func (g *graph) nameAccesses(u *cellUses, named map[*accessRec][]*regionCell) (map[*accessRec][]rootSpan, map[*node][]*cell, error) {
	gaps := make(map[*node][]span)
	var gapRoots []*node
	touchSpans := make(map[*accessRec][]rootSpan)
	for _, a := range g.accesses {
		r, off := a.p.resolve()
		if !a.touch {
			h, _ := hullIn(r.r.folds, off, off+a.size, nil)
			c := cellAt(r, h.lo)
			if c == nil || c.hi < h.hi {
				return nil, nil, fmt.Errorf("%s: access %q: no cell at offset %d (internal error)", a.acc.P, a.acc.LValue, off)
			}
			named[a] = []*regionCell{u.use(r, c, a.order, ir.IsWrite(a.stmt))}
			continue
		}
		lo, hi := g.touchExtent(r, off, a.size, a.acc)
		if isInf(lo) || isInf(hi) {
			// The whole node: every byte any access or known object
			// covers (bytes nothing else reaches need no region).
			h := g.extentOf(r)
			lo, hi = h.lo, h.hi
		}
		var img []rootSpan
		for _, s := range imageIn(r.r.folds, lo, hi, nil) {
			img = g.throughViews(r, s, img)
		}
		touchSpans[a] = img
		for _, rs := range img {
			for _, gs := range uncovered(rs.r, rs.s) {
				if _, ok := gaps[rs.r]; !ok {
					gapRoots = append(gapRoots, rs.r)
				}
				gaps[rs.r] = append(gaps[rs.r], gs)
			}
		}
	}
	return touchSpans, mergeGaps(gaps, gapRoots), nil
}

// mergeGaps makes the gap cells of each root, merging spans that overlap.
func mergeGaps(gaps map[*node][]span, roots []*node) map[*node][]*cell {
	gapCells := make(map[*node][]*cell)
	for _, r := range roots {
		ss := gaps[r]
		sort.Slice(ss, func(i, j int) bool { return ss[i].lo < ss[j].lo || (ss[i].lo == ss[j].lo && ss[i].hi < ss[j].hi) })
		var cs []*cell
		for _, s := range ss {
			if n := len(cs); n > 0 && s.lo < cs[n-1].hi {
				cs[n-1].hi = max(cs[n-1].hi, s.hi)
				continue
			}
			cs = append(cs, &cell{lo: s.lo, hi: s.hi})
		}
		gapCells[r] = cs
	}
	return gapCells
}

// touched names the cells touch a covers: the cells and gap cells its
// spans overlap, each once.
func (u *cellUses) touched(a *accessRec, spans []rootSpan, gapCells map[*node][]*cell) []*regionCell {
	var rcs []*regionCell
	seen := make(map[*cell]bool)
	add := func(r *node, c *cell) {
		if !seen[c] {
			seen[c] = true
			rcs = append(rcs, u.use(r, c, a.order, ir.IsWrite(a.stmt)))
		}
	}
	for _, rs := range spans {
		r, s := rs.r, rs.s
		for _, c := range cellsIn(r, s.lo, s.hi) {
			add(r, c)
		}
		for _, c := range gapCells[r] {
			if c.lo < s.hi && s.lo < c.hi {
				add(r, c)
			}
		}
	}
	return rcs
}

// viewRegions makes a container's cells in a view name the canonical
// node's regions.
func (g *graph) viewRegions() {
	for r, vs := range g.liveViews {
		for _, v := range vs {
			for _, c := range cellsIn(r, v.lo, v.hi) {
				if vr, d := g.viewed(r, c.lo, c.hi); vr != r {
					if vc := cellAt(vr, c.lo+d); vc != nil {
						c.region = vc.region
					}
				}
			}
		}
	}
}

// extentOf is the hull of what is known of root r: its cells, the objects
// and typed objects in it, and the bounded touches of it.
func (g *graph) extentOf(r *node) span {
	if g.extents == nil {
		g.extents = make(map[*node]span)
		add := func(n *node, s span) {
			if isInf(s.lo) || isInf(s.hi) || s.lo >= s.hi {
				return
			}
			if e, ok := g.extents[n]; ok {
				s.lo, s.hi = min(s.lo, e.lo), max(s.hi, e.hi)
			}
			g.extents[n] = s
		}
		for _, n := range g.roots() {
			for _, c := range n.r.cells {
				add(n, span{c.lo, c.hi})
			}
			for _, f := range n.r.facts {
				if sz := f.t.Size(); sz > 0 {
					lo := n.norm(f.off)
					add(n, span{lo, lo + sz})
				}
			}
			for _, o := range n.r.objs {
				if o.obj.Bytes > 0 {
					lo := n.norm(o.off)
					add(n, span{lo, lo + o.obj.Bytes})
				}
			}
		}
		for _, a := range g.accesses {
			if a.touch {
				r, off := a.p.resolve()
				lo, hi := g.touchExtent(r, off, a.size, a.acc)
				for _, s := range imageIn(r.r.folds, lo, hi, nil) {
					add(r, s)
				}
			}
		}
	}
	if e, ok := g.extents[r]; ok {
		return e
	}
	return span{0, 1}
}

// touchExtent is the raw byte range a helper touches from off: n bytes, or
// when n is unknown the rest of the object it starts in: the innermost
// array containing off, else the member or struct the pointer's static type
// names, else the rest of the outermost struct or the object containing
// off, else the whole node (NoBoundsAssumption: always the whole node).
func (g *graph) touchExtent(r *node, off, n int64, a *ir.Access) (int64, int64) {
	if n == 0 {
		return off, off + 1
	}
	if n > 0 {
		return off, off + n
	}
	if g.opts.NoBoundsAssumption || r.collapsed() {
		return negInf, posInf
	}
	x := r.norm(off)
	var arr *span
	for _, f := range r.r.facts {
		fo := r.norm(f.off)
		size := f.t.Size()
		if size <= 0 || x < fo || x >= fo+size {
			continue
		}
		if lo, hi, ok := innermostArray(f.t, x-fo); ok {
			s := span{fo + lo, fo + hi}
			if arr == nil || s.hi-s.lo < arr.hi-arr.lo {
				arr = &s
			}
		}
	}
	member := syntacticMember(x, a)
	pointee := pointeeStruct(x, a)
	if arr != nil && !(member != nil && member.hi-member.lo < arr.hi-arr.lo && arr.lo <= member.lo && member.hi <= arr.hi) {
		// A struct pointer at the array's first byte (kfree(w) with w's
		// first member an array) starts in the struct, not the array.
		if pointee != nil {
			return min(arr.lo, pointee.lo), max(arr.hi, pointee.hi)
		}
		return arr.lo, arr.hi
	}
	// The syntactic member is inside one element of the array around it
	// (test_and_clear_bit(0, &lp_table[minor].bits)): the helper stays in
	// the member it starts in (A4), not in the whole array.
	if member != nil {
		return member.lo, member.hi
	}
	if pointee != nil {
		return pointee.lo, pointee.hi
	}
	structs, _ := g.splitFacts(r)
	end := int64(-1)
	for _, s := range structs {
		if s.size > 0 && s.off <= x && x < s.off+s.size {
			end = max(end, s.off+s.size)
		}
	}
	if end < 0 {
		for _, o := range r.r.objs {
			lo := r.norm(o.off)
			if o.obj.Bytes > 0 && lo <= x && x < lo+o.obj.Bytes {
				end = max(end, lo+o.obj.Bytes)
			}
		}
	}
	if end >= 0 {
		return x, end
	}
	return negInf, posInf
}

// pointeeStruct is the extent from x of the struct a's address
// variable points to, or nil when it is no struct pointer or the access
// names a member (memset(w->pad, ...) at w's address starts in pad).
func pointeeStruct(x int64, a *ir.Access) *span {
	if a.Field != "" {
		return nil
	}
	if v, ok := a.Addr.(*ir.Var); ok {
		if pt := pointee(v.CType); pt != nil && isStruct(pt) != nil && pt.Size() > 0 {
			return &span{x, x + pt.Size()}
		}
	}
	return nil
}

// syntacticMember is the extent from x of the member access a names
// (&p->bits), or nil when it names none or an array element (&p->name[1]).
func syntacticMember(x int64, a *ir.Access) *span {
	if a.Struct == nil || strings.HasSuffix(a.Field, "[]") {
		return nil // an array element: the helper walks that array
	}
	if fo, ok := fieldOffset(a.Struct, a.Field); ok {
		if ft := fieldType(a.Struct, a.Field); ft != nil && ft.Size() > 0 && fo >= 0 {
			return &span{x, x + ft.Size()}
		}
	}
	return nil
}

// innermostArray finds the innermost array of t containing byte x.
func innermostArray(t ir.Type, x int64) (int64, int64, bool) {
	switch u := ir.Unnamed(t).(type) {
	case *ir.Array:
		es := u.Elem.Size()
		if es <= 0 || x < 0 {
			return 0, 0, false
		}
		total := posInf
		if u.Len > 0 {
			total = u.Len * es
		}
		if x >= total {
			return 0, 0, false
		}
		i := x / es
		if lo, hi, ok := innermostArray(u.Elem, x-i*es); ok {
			return lo + i*es, hi + i*es, true
		}
		return 0, total, true
	case *ir.Struct:
		for _, f := range u.Fields {
			fs := f.Type.Size()
			if f.Offset <= x && (fs < 0 || x < f.Offset+fs) {
				if lo, hi, ok := innermostArray(f.Type, x-f.Offset); ok {
					return lo + f.Offset, hi + f.Offset, true
				}
			}
		}
	}
	return 0, 0, false
}

func (n *node) collapsed() bool {
	for _, f := range n.r.folds {
		if f.stride == 1 && isInf(f.lo) && isInf(f.hi) {
			return true
		}
	}
	return false
}

// foldedBelow reports whether a node-wide fold of r is finer than the
// anchor's type: its members are no longer told apart.
func foldedBelow(r *node, a anchor) bool {
	if a.t == nil {
		return false
	}
	size := elemType(a.t).Size()
	for _, f := range r.r.folds {
		if isInf(f.lo) && isInf(f.hi) && f.stride < size {
			return true
		}
	}
	return false
}

// uncovered returns the parts of s that no cell of r covers.
func uncovered(r *node, s span) []span {
	var out []span
	pos := s.lo
	for _, c := range cellsIn(r, s.lo, s.hi) {
		if c.lo > pos {
			out = append(out, span{pos, c.lo})
		}
		pos = max(pos, c.hi)
	}
	if pos < s.hi {
		out = append(out, span{pos, s.hi})
	}
	return out
}

// sharedRoots returns the roots whose memory other threads may reach:
// globals, kernel memory, anything escaped or of unknown origin, and
// everything reachable from those.
func (g *graph) sharedRoots() map[*node]bool {
	shared := make(map[*node]bool)
	var work []*node
	for _, n := range g.roots() {
		f := n.r.flags
		private := f&(oFrame|oFresh|oFreshParam|oCurrent) != 0 &&
			f&(oKernel|oGlobal|oConst|oString|oCanonical|oExternal|oUser|oAbsolute) == 0
		if !private {
			shared[n] = true
			work = append(work, n)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range n.r.cells {
			if c.link == nil {
				continue
			}
			r, _ := c.link.resolve()
			if !shared[r] {
				shared[r] = true
				work = append(work, r)
			}
		}
	}
	return shared
}

func (g *graph) makeRegion(rc *regionCell, shared map[*node]bool) *ir.Region {
	r, c := rc.root, rc.c
	a := g.anchorFor(r, c.lo, c.hi)
	reg := &ir.Region{Name: a.base}
	collapsed := r.collapsed() || foldedBelow(r, a)
	lo, hi := c.lo, c.hi
	if f := untypedAround(r.r.folds, c.lo); f != nil && !collapsed && a.t != nil {
		// Pointer arithmetic folded this part of the node. An array of the
		// anchor's type keeps its member names; otherwise name the whole
		// folded extent, whose members are no longer told apart.
		size := elemType(a.t).Size()
		switch {
		case !f.bounded() && size > 0 && f.stride%size == 0:
		case !f.bounded() && size > 0 && f.stride >= size:
			// Offsets a stride apart are never in one object of the
			// anchor's type: its members are still told apart (a
			// physical address computed in a variable that also held
			// the pointer: __pa's x - __START_KERNEL_map, 2^31 away).
		case !f.bounded():
			collapsed = true
		default:
			lo, hi = f.lo, f.hi
			reg.Collapsed = true
		}
	}
	structs, _ := g.splitFacts(r)
	if collapsed {
		reg.Collapsed = len(structs) > 0 || r.r.flags&(oExternal|oString|oUser|oAbsolute) == 0
	}
	var exact ir.Type
	if !collapsed && a.t != nil && !isInf(lo) && !isInf(hi) {
		rel := lo - a.off
		index := ""
		if size := a.t.Size(); size > 0 && (rel < 0 || rel >= size) && !(rel >= 0 && flexibleTail(a.t) >= 0) {
			// Beyond the object the anchor names: an element of the array
			// the pointer walks ("fresh *data in f[2]").
			k := rel / size
			if rel < 0 && rel%size != 0 {
				k--
			}
			rel -= k * size
			index = "[" + strconv.FormatInt(k, 10) + "]"
		}
		path, ft := fieldPath(a.t, rel, hi-lo, c.types)
		path = index + path
		reg.Name += path
		if !reg.Collapsed {
			exact = ft
		}
		if a.st != nil && path != "" {
			reg.Struct, reg.Field = a.st, path
		}
	}
	switch {
	case exact != nil:
		reg.Type = exact
	case len(c.types) == 1:
		reg.Type = c.types[0]
	}
	for _, o := range g.objectsIn(r, c.lo, c.hi, collapsed) {
		if o.obj.Kind == ir.GlobalObj || o.obj.Kind == ir.LocalObj {
			reg.Objects = append(reg.Objects, o.obj)
		}
	}
	reg.ThreadLocal = !shared[r]
	reg.ReadOnly = readOnly(r) && !rc.writes
	reg.Why = g.explain(r, c, a, reg)
	if nr, x := g.namedAt(r, c.lo, c.hi); nr != r {
		// Embedded bytes of one container: named there (views.go).
		if nc := cellAt(nr, x); nc != nil && nc.lo == x && nc.hi == x+(c.hi-c.lo) {
			named := g.makeRegion(&regionCell{root: nr, c: nc, first: rc.first, writes: rc.writes}, shared)
			reg.Name, reg.Struct, reg.Field, reg.Why = named.Name, named.Struct, named.Field, named.Why
		}
	}
	return reg
}

// orderRegions sorts regions by name (then first use), makes names unique
// and numbers them.
func (g *graph) orderRegions(list []*regionCell) {
	sort.SliceStable(list, func(i, j int) bool {
		a, b := list[i].c.region, list[j].c.region
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return list[i].first < list[j].first
	})
	for i := 0; i < len(list); {
		j := i + 1
		for j < len(list) && list[j].c.region.Name == list[i].c.region.Name {
			j++
		}
		for k := i + 1; k < j; k++ {
			list[k].c.region.Name += " #" + itoa(k-i+1)
		}
		i = j
	}
	// Suffixes can break the order only among equal prefixes; re-sort.
	sort.SliceStable(list, func(i, j int) bool { return list[i].c.region.Name < list[j].c.region.Name })
	g.prog.Regions = make([]*ir.Region, len(list))
	for i, rc := range list {
		rc.c.region.ID = i + 1
		g.prog.Regions[i] = rc.c.region
	}
}

// splitTouches replaces a Touch that names several regions by one Touch
// per region, with the same address and length and fresh sites.
func (g *graph) splitTouches(named map[*accessRec][]*regionCell) {
	extra := make(map[ir.Stmt][]*regionCell)
	for a, rcs := range named {
		if a.touch && len(rcs) > 1 {
			extra[a.stmt] = rcs[1:]
		}
	}
	if len(extra) == 0 {
		return
	}
	// Fresh sites must not collide with sites numbered by hand.
	maxSite := 0
	g.prog.Accesses(func(_ *ir.Function, _ ir.Stmt, a *ir.Access) { maxSite = max(maxSite, a.Site) })
	newSite := func() int {
		for {
			if s := g.prog.NewSite(); s > maxSite {
				return s
			}
		}
	}
	for _, f := range g.prog.Funcs {
		for _, b := range f.Blocks {
			var out []ir.Stmt
			changed := false
			for _, s := range b.Stmts {
				out = append(out, s)
				rcs, ok := extra[s]
				if !ok {
					continue
				}
				changed = true
				t := s.(*ir.Touch)
				for _, rc := range rcs {
					nt := *t
					nt.Region = rc.c.region
					nt.Site = newSite()
					out = append(out, &nt)
				}
			}
			if changed {
				b.Stmts = out
			}
		}
	}
}
