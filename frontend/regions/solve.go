package regions

import (
	"fmt"

	"github.com/whoopverify/whoop/ir"
)

// solve runs the derived rules to a fixpoint. Phase A: kernel visibility,
// canonicalisation, escapes, stores, copies, indirect calls. Phase B, once A
// is stable: folds for non-constant pointer arithmetic and collapses for
// pointers hidden in other arithmetic. Last: accessed memory nobody made
// is treated as the kernel's.
func (g *graph) solve() error {
	orphans := false
	for rounds := 0; ; rounds++ {
		if rounds > maxRounds {
			return fmt.Errorf("points-to fixpoint did not converge in %d rounds (internal error)", maxRounds)
		}
		for ; ; rounds++ {
			if rounds > maxRounds {
				return fmt.Errorf("points-to fixpoint did not converge in %d rounds (internal error)", maxRounds)
			}
			before := g.changes
			g.propagateKernel()
			g.canonicaliseAll()
			g.resolveEscapes()
			g.resolveViews()
			g.resolveStores()
			g.resolveSlots()
			g.resolveCopies()
			g.resolveIndirect()
			g.resolveCurrent()
			g.resolveBlocks()
			if g.changes == before {
				break
			}
		}
		before := g.changes
		g.resolveStrides()
		g.resolveMemberWalks()
		g.resolveUnknowns()
		g.resolveTouches()
		if orphans {
			g.markOrphans()
		}
		if g.changes != before {
			continue
		}
		if !orphans {
			orphans = true
			g.markOrphans()
			if g.changes != before {
				continue
			}
		}
		if g.settleApart() {
			continue
		}
		return nil
	}
}

// maxRounds bounds the fixpoint; every round merges, folds or flags
// something, so real programs need a handful.
const maxRounds = 10000

// roots returns the current roots in creation order (a reused buffer:
// callers must finish with it before calling roots again).
func (g *graph) roots() []*node {
	rs := g.rootBuf[:0]
	for _, n := range g.nodes {
		if n.r != nil {
			rs = append(rs, n)
		}
	}
	g.rootBuf = rs
	return rs
}

// readOnly reports whether root n is only read-only storage (string
// literals, const globals): pointers to it that reach the kernel cannot be
// used to write it, so it is exempt from kernel visibility.
func readOnly(n *node) bool {
	f := n.r.flags & storageOrigins
	return f != 0 && f&^(oConst|oString) == 0 && n.r.flags&oKernel == 0
}

// propagateKernel: the kernel may have stored any pointer in memory it can
// see (and may see whatever such memory points to), so every node a
// kernel-visible node links to is kernel-visible; a kernel-visible
// function's parameters receive kernel pointers.
func (g *graph) propagateKernel() {
	var work []*node
	for _, n := range g.roots() {
		if n.r.flags&(oKernel|oKernelContents) != 0 {
			work = append(work, n)
		}
	}
	mark := func(p ptr) {
		r, _ := p.resolve()
		if r.r.flags&oKernel != 0 || readOnly(r) {
			return
		}
		r.r.flags |= oKernel
		g.touch(r.r)
		work = append(work, r)
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if n.r == nil {
			n, _ = find(n)
		}
		lent := g.lendsLinks(n)
		for _, c := range n.r.cells {
			if c.link == nil {
				continue
			}
			if lent {
				if r, ok, changed := g.lendLink(*c.link); ok {
					if changed {
						work = append(work, r)
					}
					continue
				}
			}
			if g.handsBack(n, *c.link) {
				continue // A1: the kernel's own per-call object (handback.go)
			}
			mark(*c.link)
		}
		// A split entry point's signature is its copy's, which only the
		// driver calls: the kernel's calls are the entry point's own
		// (split.go).
		if n.r.flags&oKernel != 0 && n.r.sig != nil && !g.allSplit(n) {
			// Parameters of kernel code (no driver function here) are
			// what the driver passes to it: resolveIndirect escapes or
			// lends them (A6).
			params := n.r.sig.params
			if !g.opts.NoRetainedLocals && !driverCode(n) {
				params = nil
			}
			for _, p := range params {
				if r, _ := p.resolve(); r.r.flags&oFreshParam != 0 {
					// A1: every table that registers the function says
					// the kernel passes a new object here (a parameter
					// any registration passes shared is kernel-visible
					// through that entry point already).
					continue
				}
				mark(p)
			}
			mark(n.r.sig.ret)
		}
	}
}

type typedFact struct {
	off  int64 // normalised
	raw  int64
	t    ir.Type
	s    *ir.Struct
	size int64
}

// canonicalise applies the type rule to every kernel-visible root.
func (g *graph) canonicaliseAll() {
	for _, n := range g.roots() {
		if n.r == nil || n.r.flags&oKernel == 0 {
			continue
		}
		if v, ok := g.canonVer[n]; ok && v == n.r.version {
			continue
		}
		g.canonVer[n] = n.r.version
		g.canonicalise(n)
	}
}

// canonicalise: memory the kernel can hand to the driver holds objects of
// the types the driver uses it as. A struct S there that no bigger struct
// contains is the canonical S; scalar memory of a node without structs is
// the external memory of its scalar type.
func (g *graph) canonicalise(n *node) {
	structs, scalars := g.splitFacts(n)
	for _, a := range structs {
		if !coveredBy(a, structs) && !g.keepApart(n, a) {
			g.unify(ptr{n, a.raw}, ptr{n: g.canonNode(a.s, a.t)})
		}
	}
	if len(structs) == 0 || g.opts.NoFieldAssumption {
		for _, a := range scalars {
			if len(structs) > 0 && coveredAt(a.off, structs) && !g.opts.NoFieldAssumption {
				continue
			}
			g.unify(ptr{n, a.raw}, ptr{n: g.externalNode(a.t)})
		}
	}
}

// splitFacts returns root n's facts as struct and scalar facts (arrays are
// represented by their element), at normalised offsets. The result is
// cached until the root changes; callers must not modify it.
func (g *graph) splitFacts(n *node) (structs, scalars []typedFact) {
	r := n.r
	if r.split != nil && r.splitVersion == r.version {
		return r.split.structs, r.split.scalars
	}
	for _, f := range r.facts {
		et := elemType(f.t)
		tf := typedFact{off: n.norm(f.off), raw: f.off, t: et, size: max(et.Size(), 0)}
		if s := isStruct(et); s != nil {
			tf.s = s
			structs = append(structs, tf)
		} else if factType(et) {
			scalars = append(scalars, tf)
		}
	}
	r.split = &splitCache{structs, scalars}
	r.splitVersion = r.version
	return structs, scalars
}

type splitCache struct{ structs, scalars []typedFact }

func coveredBy(a typedFact, structs []typedFact) bool {
	for _, b := range structs {
		if b.size > a.size && b.off <= a.off && a.off+a.size <= b.off+b.size {
			return true
		}
	}
	return false
}

func coveredAt(off int64, structs []typedFact) bool {
	for _, b := range structs {
		if b.off <= off && off < b.off+b.size {
			return true
		}
	}
	return false
}

// resolveEscapes: pointers handed to the kernel make their memory
// kernel-visible; a struct object handed over as S* is the canonical S if
// the driver ever receives S* from the kernel.
func (g *graph) resolveEscapes() {
	for _, e := range g.escapes {
		if e.contents {
			r, _ := e.p.resolve()
			for _, c := range r.r.cells {
				if c.link != nil && !g.lend(*c.link, e.call, false) {
					g.escape(*c.link, nil)
				}
			}
			continue
		}
		if g.heldInSlot(e) {
			continue
		}
		if !g.lend(e.p, e.call, e.perCall) {
			t := e.t
			if e.slot != nil {
				t = g.slotEscapeType(e)
			}
			g.escape(e.p, t)
		}
	}
}

func (g *graph) escape(p ptr, t ir.Type) {
	r, off := p.resolve()
	if readOnly(r) {
		return
	}
	if r.r.flags&oKernel == 0 {
		r.r.flags |= oKernel
		g.touch(r.r)
	}
	if t == nil || !factType(t) {
		// An untyped pointer (void *, unsigned long): the kernel may hand
		// it back as any type the driver casts it to. The objects that
		// start where it points join their canonical nodes, if the driver
		// receives such types from the kernel.
		if g.opts.NoTypeAssumption {
			return
		}
		for _, s := range g.structsAt(r, off) {
			if c, ok := g.canon[structKey(s)]; ok {
				cr, coff := find(c)
				if cr != r || r.norm(coff) != r.norm(off) {
					g.unify(p, ptr{n: c})
					r, off = p.resolve()
				}
			}
		}
		return
	}
	if s := isStruct(elemType(t)); s != nil {
		if c, ok := g.canon[structKey(s)]; ok && !g.opts.NoTypeAssumption {
			cr, coff := find(c)
			if cr != r || r.norm(coff) != r.norm(off) {
				if structs, _ := g.splitFacts(r); cr != r && s.Size() > 0 &&
					coveredBy(typedFact{off: r.norm(off), size: s.Size()}, structs) {
					// Embedded in a bigger object: the bytes are the
					// canonical S's, the container stays its own.
					g.addView(p, c, s.Size())
				} else {
					g.unify(p, ptr{n: c})
				}
			}
		}
		return
	}
	if !factType(t) {
		return
	}
	g.addFact(p, t)
	if g.opts.NoFieldAssumption {
		g.unify(p, ptr{n: g.externalNode(elemType(t))})
	}
}

// structsAt returns the struct types of the objects that start exactly at
// offset off of root r, outermost first, according to its struct facts.
func (g *graph) structsAt(r *node, off int64) []*ir.Struct {
	x := r.norm(off)
	structs, _ := g.splitFacts(r)
	var out []*ir.Struct
	seen := make(map[*ir.Struct]bool)
	add := func(s *ir.Struct) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, f := range structs {
		if x < f.off || (f.size > 0 && x >= f.off+f.size) {
			continue
		}
		var t ir.Type = f.t
		rel := x - f.off
		for t != nil {
			if rel == 0 {
				if s := isStruct(t); s != nil {
					add(s)
				}
			}
			switch u := ir.Unnamed(t).(type) {
			case *ir.Struct:
				var next ir.Type
				for _, fl := range u.Fields {
					if fs := fl.Type.Size(); fl.Offset <= rel && rel < fl.Offset+fs {
						next, rel = fl.Type, rel-fl.Offset
						break
					}
				}
				t = next
			case *ir.Array:
				es := u.Elem.Size()
				if es <= 0 {
					t = nil
					break
				}
				t, rel = u.Elem, mod(rel, es)
			default:
				t = nil
			}
		}
	}
	return out
}

// resolveStores: a pointer stored into memory the kernel reads escapes.
func (g *graph) resolveStores() {
	for _, s := range g.stores {
		r, _ := s.dst.resolve()
		if r.r.flags&(oKernel|oKernelContents) == 0 {
			continue
		}
		if g.lendsLinks(r) {
			if _, ok, _ := g.lendLink(s.val); ok {
				continue // A8: lent with the local it is stored in
			}
		}
		if g.handsBack(r, s.val) {
			continue // A1: the kernel's own per-call object (handback.go)
		}
		g.escape(s.val, s.t)
	}
}

// resolveCopies: memcpy-like helpers move pointers between the cells at
// corresponding offsets (or, when offsets are unknown, between all cells).
// A copy of an unknown number of bytes stays inside the array, member or
// object each of its pointers starts in, as a helper's touch does (A4):
// memcpy(dev->dev_addr, addr->sa_data, dev->addr_len) copies within two
// byte arrays, and must not make every pointer of struct net_device one.
func (g *graph) resolveCopies() {
	for _, c := range g.copies {
		dr, do := c.dst.resolve()
		sr, so := c.src.resolve()
		n := c.n
		if n < 0 {
			n = g.copyBound(dr, do, c.dstArg, sr, so, c.srcArg)
		}
		exact := n >= 0 && identity(dr, do, n) && identity(sr, so, n)
		if exact {
			for _, sc := range cellsIn(sr, so, so+n) {
				if sc.link == nil {
					continue
				}
				for _, dc := range cellsIn(dr, sc.lo-so+do, sc.hi-so+do) {
					if dc.link != nil {
						g.unify(*sc.link, *dc.link)
					}
				}
			}
			continue
		}
		lo, hi := negInf, posInf
		var links []ptr
		for _, sp := range []struct {
			n   *node
			off int64
		}{{sr, so}, {dr, do}} {
			a, b := lo, hi
			if n >= 0 {
				a, b = sp.off, sp.off+n
			}
			for _, s := range imageIn(sp.n.r.folds, a, b, nil) {
				for _, cl := range cellsIn(sp.n, s.lo, s.hi) {
					if cl.link != nil {
						links = append(links, *cl.link)
					}
				}
			}
		}
		for i := 1; i < len(links); i++ {
			g.unify(links[0], links[i])
		}
	}
}

// copyBound is how many bytes a copy of unknown length may move from src
// (offset so of root sr) to dst (offset do of dr): the shorter of the two
// extents a helper touch of unknown length has there (touchExtent), or -1
// when neither is bounded.
func (g *graph) copyBound(dr *node, do int64, dstArg ir.Expr, sr *node, so int64, srcArg ir.Expr) int64 {
	n := int64(-1)
	for _, side := range []struct {
		r   *node
		off int64
		arg ir.Expr
	}{{dr, do, dstArg}, {sr, so, srcArg}} {
		acc := &ir.Access{Addr: side.arg}
		if v, ok := side.arg.(*ir.Var); ok && g.touchAt[v] != nil {
			acc = g.touchAt[v] // its syntactic member, when it names one
		}
		lo, hi := g.touchExtent(side.r, side.off, -1, acc)
		if isInf(lo) || isInf(hi) {
			continue
		}
		if x := side.r.norm(side.off); hi > x && (n < 0 || hi-x < n) {
			n = hi - x
		}
	}
	return n
}

// identity reports whether no fold affects [off, off+n) of root r.
func identity(r *node, off, n int64) bool {
	img := imageIn(r.r.folds, off, off+n, nil)
	return len(img) == 1 && img[0] == span{off, off + n}
}

// cellsIn returns the cells of root r overlapping normalised [lo, hi).
func cellsIn(r *node, lo, hi int64) []*cell {
	var out []*cell
	for _, c := range r.r.cells {
		if c.lo < hi && lo < c.hi {
			out = append(out, c)
		}
	}
	return out
}

// resolveIndirect: an indirect call whose targets are unknown or include
// kernel functions passes its pointer arguments to the kernel.
func (g *graph) resolveIndirect() {
	for _, c := range g.indirect {
		r, _ := c.fn.resolve()
		if !c.bound && driverCode(r) {
			g.bindArgs(c)
			g.changes++
			r, _ = c.fn.resolve()
		}
		if c.escaped {
			continue
		}
		unknown := true
		for _, f := range r.r.funcs {
			if f.External() {
				unknown = true
				break
			}
			unknown = false
		}
		if !unknown {
			continue
		}
		c.escaped = true
		if c.keepsNone {
			// Every implementation uses the arguments during the call
			// only, as a NoEscape helper row says of a function.
			continue
		}
		for i, p := range c.args {
			if p == nil {
				continue
			}
			var t ir.Type
			if c.ftype != nil && i < len(c.ftype.Params) {
				t = pointee(c.ftype.Params[i])
			}
			var call []*ptr
			if c.lends {
				call = c.args
			}
			perCall := call != nil && i < len(c.perCall) && c.perCall[i]
			g.escapes = append(g.escapes, escape{p: *p, t: t, call: call, perCall: perCall})
		}
		g.changes++
	}
}

// resolveStrides: p + i*stride with a non-constant i may reach every
// offset congruent modulo stride; unless an array fold already says so,
// fold the whole node. An array fold says so only under the bounds
// assumption (A4): without it the walk may leave the array (an int walk
// past the end of g.a reaching g.b), so the fold is foldWithin's, which
// is then the whole node's (addFold drops it once it is implied).
func (g *graph) resolveStrides() {
	for _, s := range g.strides {
		r, off := s.p.resolve()
		if g.opts.NoBoundsAssumption || !strideFolded(r.r.folds, off, s.stride, s.reach) {
			x := r.norm(off)
			g.addFold(r, g.foldWithin(r, x, x+1+s.reach, s.stride))
		}
	}
}

func strideFolded(fs []*fold, x, s, reach int64) bool {
	for {
		f := foldAt(fs, x)
		if f == nil {
			return false
		}
		// A merge of member pointers says nothing of where arithmetic
		// from them goes (fold.member); a rounded pointer may lie past
		// the fold's end (align.go).
		if f.member == 0 && s%f.stride == 0 {
			return x+reach < f.hi
		}
		x = f.base + mod(x-f.base, f.stride)
		fs = f.inner
	}
}

// foldWithin returns the fold that makes offsets stride apart equivalent
// for pointer arithmetic around [lo, hi) of root r: over the innermost
// struct or array (of the node's struct facts) containing [lo, hi) and at
// least two strides long, since C pointer arithmetic stays within the
// object it starts in (A4); over the whole node when nothing bounds it or
// under NoBoundsAssumption.
func (g *graph) foldWithin(r *node, lo, hi, stride int64) *fold {
	whole := &fold{lo: negInf, hi: posInf, base: 0, stride: stride}
	if g.opts.NoBoundsAssumption {
		return whole
	}
	best := span{negInf, posInf}
	structs, _ := g.splitFacts(r)
	for _, f := range structs {
		if tail := flexibleTail(f.t); tail >= 0 && lo >= f.off+tail {
			// Indexing a flexible array member: its elements run on.
			if e := (span{f.off + tail, posInf}); e.hi-e.lo < best.hi-best.lo || isInf(best.lo) {
				best = e
			}
			continue
		}
		if f.size <= 0 || lo < f.off || hi > f.off+f.size {
			continue
		}
		if e, ok := innermostAggregate(f.t, lo-f.off, hi-f.off, 2*stride); ok {
			e = span{e.lo + f.off, e.hi + f.off}
			if e.hi-e.lo < best.hi-best.lo {
				best = e
			}
		}
	}
	if isInf(best.lo) {
		return whole
	}
	return &fold{lo: best.lo, hi: best.hi, base: best.lo, stride: stride, typed: isInf(best.hi)}
}

// foldBetween returns the fold for one pointer value that holds offset a
// or offset b > a of root r (a helper's u8 *buf parameter called with
// (u8 *)priv->block3 and (u8 *)priv->block7, or its u16 *val called with
// &priv->lux and &priv->ir), or nil to fold as pointer arithmetic does
// (foldWithin). When a and b lie in two different members of a struct,
// the fold need only span those two members: the struct's other members
// (its lock) stay apart. Folding the whole struct, as stride arithmetic
// would, merged every member of lm93's driver data (two member arrays) and
// of apds990x's (two u16 members), the mutex included, so no lock there
// was identified. Aggregate members: a pointer walks only the member it
// starts in (A4). Scalar members: merging is not arithmetic, so accesses
// through the pointer stay in those members as long as none is wider than
// the smaller member and no arithmetic moves the pointer; the fold says so
// (fold.member), and resolveStrides and resolveMemberWalks fold the struct
// as before when either happens.
func (g *graph) foldBetween(r *node, a, b int64) *fold {
	if g.opts.NoBoundsAssumption {
		return nil
	}
	structs, _ := g.splitFacts(r)
	var best span
	var member int64
	found := false
	for _, f := range structs {
		if f.size <= 0 || a < f.off || b >= f.off+f.size {
			continue
		}
		h, m, ok := memberHull(f.t, a-f.off, b-f.off)
		if !ok {
			return nil // some struct of the node says the pointer may walk it all
		}
		h = span{h.lo + f.off, h.hi + f.off}
		if !found || h.hi-h.lo > best.hi-best.lo {
			best, member, found = h, m, true
		}
	}
	if !found {
		return nil
	}
	g.memberFolds = g.memberFolds || member > 0
	return &fold{lo: best.lo, hi: best.hi, base: best.lo, stride: b - a, member: member}
}

// memberHull returns, for offsets a < b of type t, the extent from the
// member holding a to the member holding b within the innermost struct
// that holds them in two different members, when both members are
// aggregates, or both are scalars that start at a and b (then also the
// smaller one's size, else 0). Otherwise (an array holds both: its
// elements are walkable from each other; an aggregate and a scalar, a bit
// field, an offset inside a scalar) it reports false.
func memberHull(t ir.Type, a, b int64) (span, int64, bool) {
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		if u.Union {
			return span{}, 0, false
		}
		var fa, fb *ir.Field
		for _, f := range u.Fields {
			fs := f.Type.Size()
			if fs <= 0 {
				continue
			}
			if f.Offset <= a && a < f.Offset+fs {
				fa = f
			}
			if f.Offset <= b && b < f.Offset+fs {
				fb = f
			}
		}
		if fa == nil || fb == nil || fa.BitField || fb.BitField {
			return span{}, 0, false
		}
		if fa == fb {
			h, m, ok := memberHull(fa.Type, a-fa.Offset, b-fa.Offset)
			return span{h.lo + fa.Offset, h.hi + fa.Offset}, m, ok
		}
		hull := span{fa.Offset, fb.Offset + fb.Type.Size()}
		switch {
		case aggregate(fa.Type) && aggregate(fb.Type):
			return hull, 0, true
		case !aggregate(fa.Type) && !aggregate(fb.Type) && a == fa.Offset && b == fb.Offset:
			return hull, min(fa.Type.Size(), fb.Type.Size()), true
		}
	}
	return span{}, 0, false
}

func aggregate(t ir.Type) bool {
	switch ir.Unnamed(t).(type) {
	case *ir.Struct, *ir.Array:
		return true
	}
	return false
}

// innermostAggregate returns the extent of the innermost struct, union or
// array of t (t itself included) containing [lo, hi) and at least min
// bytes long.
func innermostAggregate(t ir.Type, lo, hi, min int64) (span, bool) {
	size := t.Size()
	if size < min || lo < 0 || hi > size {
		return span{}, false
	}
	switch u := ir.Unnamed(t).(type) {
	case *ir.Struct:
		for _, f := range u.Fields {
			if e, ok := innermostAggregate(f.Type, lo-f.Offset, hi-f.Offset, min); ok {
				return span{e.lo + f.Offset, e.hi + f.Offset}, true
			}
		}
	case *ir.Array:
		es := u.Elem.Size()
		if es > 0 {
			i := lo / es
			if e, ok := innermostAggregate(u.Elem, lo-i*es, hi-i*es, min); ok {
				return span{e.lo + i*es, e.hi + i*es}, true
			}
		}
	default:
		return span{}, false
	}
	return span{0, size}, true
}

// resolveMemberWalks folds the struct around a merge of member pointers
// (fold.member) as pointer arithmetic would (foldWithin), where the merge
// alone would not be exact: an access through it wider than its smallest
// member, or a constant added to it (the other arithmetic is
// resolveStrides'). A pointer to a struct's start is one to its first
// member: a constant added to it also folds when that member is merged.
func (g *graph) resolveMemberWalks() {
	if !g.memberFolds {
		return // the common case: no such fold, nothing to look at
	}
	fallback := func(p ptr, wider func(f *fold) bool) {
		r, off := p.resolve()
		if f := memberAround(r.r.folds, off); f != nil && wider(f) {
			x := r.norm(off)
			g.addFold(r, g.foldWithin(r, x, x+1, f.stride))
		}
	}
	for _, a := range g.accesses {
		fallback(a.p, func(f *fold) bool { return a.size > f.member })
	}
	for _, m := range g.moves {
		fallback(m, func(*fold) bool { return true })
	}
}

// resolveUnknowns: a pointer hidden in arithmetic (masking, shifting) that
// is then used as a pointer may point anywhere in its node: collapse it.
func (g *graph) resolveUnknowns() {
	for i := range g.unknowns {
		u := &g.unknowns[i]
		if u.done {
			continue
		}
		rr, _ := u.result.resolve()
		if len(rr.r.cells) == 0 && rr.r.flags&storageOrigins == 0 && rr.r.sig == nil {
			continue
		}
		sr, _ := u.src.resolve()
		if sr.r.flags&storageOrigins == 0 && len(sr.r.cells) == 0 {
			continue // the source points nowhere (yet): an integer so far
		}
		u.done = true
		g.addFold(sr, &fold{lo: negInf, hi: posInf, base: 0, stride: 1})
		g.unify(u.result, u.src)
	}
}

// resolveTouches: in memory without struct types (byte buffers, scalar
// arrays) a helper's touch is an ordinary access: the bytes it touches
// become one cell, rather than the cells of a struct's members.
func (g *graph) resolveTouches() {
	for _, a := range g.accesses {
		if !a.touch {
			continue
		}
		r, off := a.p.resolve()
		if structs, _ := g.splitFacts(r); len(structs) > 0 {
			continue
		}
		lo, hi := g.touchExtent(r, off, a.size, a.acc)
		h, _ := hullIn(r.r.folds, lo, hi, g.scratch)
		if c := cellAt(r, h.lo); c != nil && c.hi >= h.hi {
			continue
		}
		g.addCell(r, []span{{lo, hi}})
	}
}

// markOrphans: memory that is accessed but that no allocation, object or
// kernel pointer accounts for (parameters of functions only the kernel
// calls, pointers read from uninitialised memory) is treated as the
// kernel's.
func (g *graph) markOrphans() {
	touched := make(map[*node]bool)
	for _, a := range g.accesses {
		if a.touch {
			r, _ := a.p.resolve()
			touched[r] = true
		}
	}
	for _, n := range g.roots() {
		if n.r.flags&(storageOrigins|oKernel|oFunction) != 0 {
			continue
		}
		if len(n.r.cells) == 0 && !touched[n] {
			continue
		}
		n.r.flags |= oKernel
		g.touch(n.r)
	}
}
