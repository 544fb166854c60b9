package regions

import (
	"fmt"
	"sort"
)

// Views: a struct embedded in a bigger driver object that the driver hands
// to the kernel typed (&pdev->dev as struct device *) is the canonical
// node of its type, and so is the embedded struct of every other container
// that escapes the same way. Unifying each container with the canonical
// node at the embedded offset stacked the containers on one node at
// shifted offsets (struct pci_dev, struct net_device and a PHY's struct
// mdio_device on one canonical struct device): their layouts overlapped,
// offsets folded and the node collapsed, with the driver's private struct
// in it (r8169).
//
// A view keeps the container apart and makes the embedded bytes the
// canonical node's: both sides get the same cells (so the same pointer
// values, through the cells' links) and the same folds, and at assignment
// the container's cells there name the canonical node's regions, so an
// access through the container and one through a kernel-handed pointer are
// checked as the same memory, as unification would have them. Whatever a
// view cannot mirror exactly (a cell or fold crossing the embedded
// object's bounds, a collapsed side, both on one root) falls back to the
// unification.

// view says that size bytes from outer are the canonical node canon's
// bytes from its offset 0.
type view struct {
	outer ptr
	canon *node
	size  int64
	kept  bool // held by mirroring in the last pass (else unified)
}

type viewKey struct {
	outer ptr
	canon *node
}

// addView records a view once.
func (g *graph) addView(outer ptr, canon *node, size int64) {
	k := viewKey{outer, canon}
	if g.viewSet[k] {
		return
	}
	if g.viewSet == nil {
		g.viewSet = make(map[viewKey]bool)
	}
	g.viewSet[k] = true
	g.views = append(g.views, &view{outer: outer, canon: canon, size: size})
	g.changes++
}

// resolveViews mirrors cells, links and folds between each view's two
// sides, or unifies them where a view cannot be kept. The views kept on one
// root are disjoint: nested ones (a struct device inside an embedded
// struct mdio_device) would give the inner bytes two canonical nodes.
func (g *graph) resolveViews() {
	kept := make(map[*node][]keptView)
	next := make(map[*node][]*node) // container root -> canonical roots of its kept views
	for _, v := range g.views {
		ro, xo := v.outer.resolve()
		rc, xc := find(v.canon)
		v.kept = false
		if ro == rc || !g.mirrorable(ro, xo, rc, xc, v.size) || overlaps(kept[ro], keptView{span{xo, xo + v.size}, rc, xc}) || reaches(next, rc, ro) {
			g.unify(v.outer, ptr{n: v.canon})
			continue
		}
		v.kept = true
		kept[ro] = append(kept[ro], keptView{span{xo, xo + v.size}, rc, xc})
		next[ro] = append(next[ro], rc)
		was := g.hold()
		g.mirrorFolds(ro, xo, rc, xc, v.size)
		g.mirrorFolds(rc, xc, ro, xo, v.size)
		g.mirrorCells(ro, xo, rc, xc, v.size)
		g.mirrorCells(rc, xc, ro, xo, v.size)
		g.release(was)
	}
}

// reaches reports whether views lead from root a to root b: a view
// closing that cycle would send bytes around it forever.
func reaches(next map[*node][]*node, a, b *node) bool {
	seen := map[*node]bool{a: true}
	work := []*node{a}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if n == b {
			return true
		}
		for _, m := range next[n] {
			if !seen[m] {
				seen[m] = true
				work = append(work, m)
			}
		}
	}
	return false
}

// keptView is a view kept in this pass: bytes s of a container are
// canonical node canon's from offset at.
type keptView struct {
	s     span
	canon *node
	at    int64
}

// overlaps reports whether v shares bytes with a kept view other than
// itself (another escape of the same embedded struct is the same view).
func overlaps(kept []keptView, v keptView) bool {
	for _, k := range kept {
		if k.s.lo < v.s.hi && v.s.lo < k.s.hi && k != v {
			return true
		}
	}
	return false
}

// mirrorable reports whether [xo, xo+size) of ro and [xc, xc+size) of rc
// can be kept identical: neither root collapsed, both starts their own
// representatives, and no cell or fold crossing either range's bounds.
func (g *graph) mirrorable(ro *node, xo int64, rc *node, xc int64, size int64) bool {
	if size <= 0 || ro.collapsed() || rc.collapsed() || ro.norm(xo) != xo || rc.norm(xc) != xc {
		return false
	}
	inside := func(r *node, lo, hi int64) bool {
		for _, f := range r.r.folds {
			if f.lo < hi && lo < f.hi && (f.lo < lo || f.hi > hi) {
				return false
			}
		}
		for _, c := range cellsIn(r, lo, hi) {
			if c.lo < lo || c.hi > hi {
				return false
			}
		}
		return true
	}
	return inside(ro, xo, xo+size) && inside(rc, xc, xc+size)
}

// mirrorFolds adds to the range of dst the folds of the range of src.
func (g *graph) mirrorFolds(src *node, xs int64, dst *node, xd int64, size int64) {
	d := xd - xs
	for _, f := range src.r.folds {
		if f.lo >= xs && f.hi <= xs+size {
			g.addFold(dst, f.shifted(d))
		}
	}
}

// mirrorCells gives the range of dst a cell for each cell of the range of
// src, with the same pointer value.
func (g *graph) mirrorCells(src *node, xs int64, dst *node, xd int64, size int64) {
	d := xd - xs
	for _, c := range cellsIn(src, xs, xs+size) {
		if o := cellAt(dst, c.lo+d); o != nil && o.lo == c.lo+d && o.hi == c.hi+d {
			o.types = mergeTypes(o.types, c.types)
			switch {
			case c.link == nil:
			case o.link == nil:
				o.link = c.link
				g.touch(dst.r)
			default:
				g.queue = append(g.queue, [2]ptr{*o.link, *c.link})
			}
			continue
		}
		g.insertCell(dst, shiftedSpans(c.raws, d), c.link, c.types)
	}
}

// liveView is a view that holds after the fixpoint: bytes [lo, hi) of a
// root are bytes [lo+d, hi+d) of root canon.
type liveView struct {
	lo, hi int64
	canon  *node
	d      int64
}

// indexViews collects the views that hold after the fixpoint, by
// container root.
func (g *graph) indexViews() error {
	g.liveViews = make(map[*node][]liveView)
	g.viewers = make(map[*node][]viewer)
	for _, v := range g.views {
		if !v.kept {
			continue
		}
		ro, xo := v.outer.resolve()
		rc, xc := find(v.canon)
		g.liveViews[ro] = append(g.liveViews[ro], liveView{lo: xo, hi: xo + v.size, canon: rc, d: xc - xo})
		g.viewers[rc] = append(g.viewers[rc], viewer{lo: xc, hi: xc + v.size, container: ro, d: xc - xo})
	}
	for _, vs := range g.liveViews {
		sort.Slice(vs, func(i, j int) bool { return vs[i].lo < vs[j].lo })
	}
	// The fixpoint left both sides of every view with the same cells.
	for r, vs := range g.liveViews {
		for _, v := range vs {
			for _, c := range cellsIn(r, v.lo, v.hi) {
				vr, d := g.viewed(r, c.lo, c.hi)
				if vc := cellAt(vr, c.lo+d); vc == nil || vc.lo != c.lo+d || vc.hi != c.hi+d {
					return fmt.Errorf("embedded struct's bytes [%d,%d) have no matching cell in their canonical node (internal error)", c.lo, c.hi)
				}
			}
		}
	}
	return nil
}

// viewer is a view seen from its canonical node: bytes [lo, hi) of the
// canonical root are bytes [lo-d, hi-d) of root container.
type viewer struct {
	lo, hi    int64
	container *node
	d         int64
}

// namedAt is where bytes [lo, hi) of root r are named: in the one
// container whose embedded struct they are, when every view covering them
// comes from the same place of the same container ("struct
// iTCO_wdt_private.wddev.timeout" says more than "struct
// watchdog_device.timeout", and was the name before views); else r itself.
// It returns the root and the offset there of r's offset lo.
func (g *graph) namedAt(r *node, lo, hi int64) (*node, int64) {
	var only *viewer
	for i, v := range g.viewers[r] {
		if v.lo > lo || hi > v.hi {
			continue
		}
		if only != nil && (only.container != v.container || only.d != v.d) {
			return r, lo
		}
		only = &g.viewers[r][i]
	}
	if only == nil {
		return r, lo
	}
	return only.container, lo - only.d
}

// viewed follows the views covering [lo, hi) of root r (a canonical node
// may itself embed a viewed struct) to the root whose cells hold those
// bytes, and returns it with the shift of offsets into it.
func (g *graph) viewed(r *node, lo, hi int64) (*node, int64) {
	var d int64
	for range len(g.views) + 1 {
		v, ok := g.viewAt(r, lo, hi)
		if !ok {
			break
		}
		r, lo, hi, d = v.canon, lo+v.d, hi+v.d, d+v.d
	}
	return r, d
}

// viewAt returns the view of root r that covers [lo, hi), if any.
func (g *graph) viewAt(r *node, lo, hi int64) (liveView, bool) {
	for _, v := range g.liveViews[r] {
		if v.lo <= lo && hi <= v.hi {
			return v, true
		}
	}
	return liveView{}, false
}

// rootSpan is a byte range of a root.
type rootSpan struct {
	r *node
	s span
}

// throughViews splits span s of root r into the parts outside r's views
// (kept in r) and those inside (moved to the canonical node).
func (g *graph) throughViews(r *node, s span, out []rootSpan) []rootSpan {
	pos := s.lo
	for _, v := range g.liveViews[r] {
		if v.hi <= pos || v.lo >= s.hi {
			continue
		}
		if v.lo > pos {
			out = append(out, rootSpan{r, span{pos, v.lo}})
		}
		lo, hi := max(pos, v.lo), min(s.hi, v.hi)
		out = g.throughViews(v.canon, span{lo + v.d, hi + v.d}, out)
		pos = hi
	}
	if pos < s.hi {
		out = append(out, rootSpan{r, span{pos, s.hi}})
	}
	return out
}
