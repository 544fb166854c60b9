package lockset

import (
	"github.com/whoopverify/whoop/ir"
)

// contracts gives cp (the instrumented copy of fn) its frame, definite
// postconditions and Houdini candidates, and candidate loop invariants.
//
// Definite facts (true by construction, still checked):
//   - a side selects at most once: old(sel) ==> sel, and when nothing new is
//     selected the selection record is unchanged;
//   - a new selection is one of fn's own (transitive) sites;
//   - for a lock fn never changes, the lockset recorded at a new selection
//     equals the lock's state at entry (the caller's context).
//
// Candidates, for each lock fn may change: it ends as at entry, held, or
// released (also per zero/non-zero return value, for trylock-like helpers);
// a new selection held it, or held it as at entry; and it is held or not at
// entry. Loop headers get the definite facts and the lock candidates.
//
// A selection sets stop, which stays set (definite facts); the candidates
// about the lock state at return hold unless the side escaped (stop.go).
func (in *instrumenter) contracts(fn, cp *ir.Function) {
	regs, sites := in.accessed(fn)
	mods := in.modLocks(fn)
	modSet := make(map[int]bool, len(mods))
	for _, l := range mods {
		modSet[l] = true
	}
	in.modifies(fn, cp, regs, mods)
	var flags []*ir.Var
	if in.disc != nil {
		flags = in.disc.flags(in, fn)
	}
	lf := loopFrame{regs: regs, sites: sites, mod: modSet}
	if !in.summarized[fn] {
		// Inlined everywhere: only its loops need invariants.
		in.loopInvariants(cp, lf, mods, flags)
		return
	}
	in.summarySpecs(fn, cp, in.frameFacts(regs, sites, modSet), regs, mods, flags)
	in.loopInvariants(cp, lf, mods, flags)
}

// loopFrame is what a loop header's frame facts are made of: fn's regions,
// their sites in fn and its callees, and the locks fn may change.
type loopFrame struct {
	regs  []*ghostRegion
	sites map[*ghostRegion][]*site
	mod   map[int]bool
}

// modifies lists in cp.Modifies the ghosts fn may change: its locks',
// the stop and escape flags, its regions' records and the discipline's.
func (in *instrumenter) modifies(fn, cp *ir.Function, regs []*ghostRegion, mods []int) {
	for _, l := range mods {
		cp.Modifies = append(cp.Modifies, in.locks[l].held)
		if w := in.locks[l].heldW; w != nil {
			cp.Modifies = append(cp.Modifies, w)
		}
		if a := in.locks[l].addr; a != nil {
			cp.Modifies = append(cp.Modifies, a)
		}
	}
	if len(regs) > 0 {
		cp.Modifies = append(cp.Modifies, in.stop)
	}
	if in.mayEscape(fn) {
		cp.Modifies = append(cp.Modifies, in.escaped)
	}
	for _, g := range regs {
		cp.Modifies = append(cp.Modifies, g.sel, g.site)
		for l := range in.locks {
			if g.sl[l] == nil {
				continue
			}
			cp.Modifies = append(cp.Modifies, g.sl[l])
			if g.slw[l] != nil {
				cp.Modifies = append(cp.Modifies, g.slw[l])
			}
			if g.sa[l] != nil {
				cp.Modifies = append(cp.Modifies, g.sa[l])
			}
		}
	}
	if in.disc != nil {
		cp.Modifies = append(cp.Modifies, in.disc.vars(in, fn)...)
	}
}

// summarySpecs gives cp, a summarized function, its requires and ensures:
// the proved frame facts (definite) and the candidates summary inference
// keeps or drops.
func (in *instrumenter) summarySpecs(fn, cp *ir.Function, definite []ir.Expr, regs []*ghostRegion, mods []int, flags []*ir.Var) {
	if in.mayEscape(fn) {
		// Every call happens with escaped false: the harness clears it and a
		// caller returns at once after a callee that set it (stop.go). The
		// body, checked on its own, needs it too: its loops' invariants
		// say the side has not escaped.
		cp.Requires = append(cp.Requires, in.spec(ir.Requires, ir.Not(in.escaped), false, "escape"))
	}
	for _, e := range definite {
		cp.Ensures = append(cp.Ensures, in.spec(ir.Ensures, e, false, "frame"))
	}
	ret := cp.Ret
	if !in.conditional[fn] {
		ret = nil // return-value cases only matter for trylock-like helpers
	}
	var returned ir.Expr // the lock state at return is the one at the end
	if in.mayEscape(fn) {
		returned = ir.Not(in.escaped)
	}
	for _, e := range in.lockCandidates(regs, mods, ret, returned) {
		cp.Ensures = append(cp.Ensures, in.spec(ir.Ensures, e, true, "lock"))
	}
	for _, v := range flags {
		cp.Ensures = append(cp.Ensures, in.spec(ir.Ensures, ir.Eq(v, &ir.Old{X: v}), true, "lock error"))
	}
	if in.disc != nil {
		for _, l := range mods {
			for _, e := range in.disc.candidates(l) {
				cp.Ensures = append(cp.Ensures, in.spec(ir.Ensures, e, true, "lock discipline"))
			}
		}
	}
	for _, l := range mods {
		g := in.locks[l]
		cp.Requires = append(cp.Requires,
			in.spec(ir.Requires, g.held, true, "pre"),
			in.spec(ir.Requires, ir.Not(g.held), true, "pre"))
		if in.disc != nil {
			// Not called holding l twice: without it the body, checked on
			// its own, may start from a double hold, and a release and
			// re-acquire in it would seem a double lock.
			cp.Requires = append(cp.Requires, in.spec(ir.Requires, ir.Not(in.disc.extra[l]), true, "pre"))
		}
	}
}

// loopInvariants gives each loop header of cp invariants about the ghost
// state the loop changes: the definite frame facts of the regions it may
// select in, and candidates for the locks it may take or release. State the
// loop leaves alone is not cut, so it needs none. Publication pseudo-locks
// get no candidates: a loop that registers changes them on some iteration
// and not others, which no candidate describes.
func (in *instrumenter) loopInvariants(cp *ir.Function, lf loopFrame, mods []int, flags []*ir.Var) {
	for _, h := range loopHeaders(cp) {
		changed := in.loopChanges(cp, h)
		definite := in.frameFacts(lf.regs, in.sitesBefore(cp, h, lf.regs, lf.sites), lf.mod)
		var loopRegs []*ghostRegion
		for _, g := range lf.regs {
			if changed[g.sel] {
				loopRegs = append(loopRegs, g)
			}
		}
		var loopMods []int
		for _, l := range mods {
			if changed[in.locks[l].held] && !in.f.locks[l].pseudo() {
				loopMods = append(loopMods, l)
			}
		}
		for _, e := range definite {
			if mentionsAny(e, changed) {
				h.Invariants = append(h.Invariants, in.spec(ir.Invariant, e, false, "frame"))
			}
		}
		if changed[in.escaped] {
			// After a callee escapes, the loop body returns at once.
			h.Invariants = append(h.Invariants, in.spec(ir.Invariant, ir.Not(in.escaped), false, "escape"))
		}
		for _, e := range in.lockCandidates(loopRegs, loopMods, nil, nil) {
			h.Invariants = append(h.Invariants, in.spec(ir.Invariant, e, true, "loop"))
		}
		if in.disc != nil {
			for _, l := range loopMods {
				for _, e := range in.disc.candidates(l) {
					h.Invariants = append(h.Invariants, in.spec(ir.Invariant, e, true, "loop lock discipline"))
				}
			}
		}
		for _, v := range flags {
			if changed[v] {
				h.Invariants = append(h.Invariants, in.spec(ir.Invariant, ir.Eq(v, &ir.Old{X: v}), true, "loop lock error"))
			}
		}
	}
}

// sitesBefore cuts sites (fn's, for regs) to those a selection made
// before reaching the loop header h can name: the sites of the blocks of
// cp that reach h, and of the functions they call. A new selection at h
// was made on a path from the entry to h, so it is one of them. With every
// site of fn instead, a site only after the loop (an error path's kfree)
// was a possible record at the header, with lock bits the frame facts do
// not fix (those of locks fn changes), and the loop's exit then carried a
// selection there that no run makes (lockset/testdata/race/loop_site.c).
func (in *instrumenter) sitesBefore(cp *ir.Function, h *ir.Block, regs []*ghostRegion, sites map[*ghostRegion][]*site) map[*ghostRegion][]*site {
	ids := make(map[int]bool)
	for _, b := range reachingBlocks(h) {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *ir.Assign:
				if ite, ok := s.Src.(*ir.Ite); ok {
					if c, ok := ite.Then.(*ir.Const); ok && in.isSiteVar(s.Dst, regs) {
						ids[int(c.Val)] = true
					}
				}
			case *ir.Call:
				for _, c := range s.Callees() {
					orig, ok := in.originals[c]
					if !ok {
						continue
					}
					_, ss := in.accessed(orig)
					for _, xs := range ss {
						for _, x := range xs {
							ids[x.id] = true
						}
					}
				}
			}
		}
	}
	out := make(map[*ghostRegion][]*site, len(sites))
	for g, ss := range sites {
		var keep []*site
		for _, x := range ss {
			if ids[x.id] {
				keep = append(keep, x)
			}
		}
		out[g] = keep
	}
	return out
}

// isSiteVar reports whether v is the site variable of one of regs.
func (in *instrumenter) isSiteVar(v *ir.Var, regs []*ghostRegion) bool {
	for _, g := range regs {
		if g.site == v {
			return true
		}
	}
	return false
}

// reachingBlocks returns h and the blocks that reach h.
func reachingBlocks(h *ir.Block) []*ir.Block {
	seen := map[*ir.Block]bool{h: true}
	work := []*ir.Block{h}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				work = append(work, p)
			}
		}
	}
	out := make([]*ir.Block, 0, len(seen))
	for b := range seen {
		out = append(out, b)
	}
	return out
}

// loopChanges returns the ghost globals the natural loop of header h may
// assign, directly or through the functions it calls.
func (in *instrumenter) loopChanges(cp *ir.Function, h *ir.Block) map[*ir.Var]bool {
	changed := make(map[*ir.Var]bool)
	for _, b := range loopBody(cp, h) {
		for _, s := range b.Stmts {
			for _, d := range ir.StmtDefs(s) {
				if d.Global() {
					changed[d] = true
				}
			}
			call, ok := s.(*ir.Call)
			if !ok {
				continue
			}
			for _, c := range call.Callees() {
				orig, ok := in.originals[c]
				if !ok {
					continue
				}
				for _, l := range in.modLocks(orig) {
					changed[in.locks[l].held] = true
					if w := in.locks[l].heldW; w != nil {
						changed[w] = true
					}
					if a := in.locks[l].addr; a != nil {
						changed[a] = true
					}
				}
				if in.disc != nil {
					for _, v := range in.disc.vars(in, orig) {
						changed[v] = true
					}
				}
				regs, _ := in.accessed(orig)
				if len(regs) > 0 {
					changed[in.stop] = true
				}
				if in.mayEscape(orig) {
					changed[in.escaped] = true
				}
				for _, g := range regs {
					changed[g.sel] = true
					changed[g.site] = true
				}
			}
		}
	}
	return changed
}

// loopBody returns the blocks of the natural loop of header h: h and every
// block that reaches a back edge into h without passing through h.
func loopBody(f *ir.Function, h *ir.Block) []*ir.Block {
	in := map[*ir.Block]bool{h: true}
	var work []*ir.Block
	for _, p := range h.Preds {
		if reaches(h, p) && !in[p] {
			in[p] = true
			work = append(work, p)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range b.Preds {
			if !in[p] {
				in[p] = true
				work = append(work, p)
			}
		}
	}
	var body []*ir.Block
	for _, b := range f.Blocks {
		if in[b] {
			body = append(body, b)
		}
	}
	return body
}

// reaches reports whether b is reachable from h (so b -> h closes a loop).
func reaches(h, b *ir.Block) bool {
	seen := map[*ir.Block]bool{h: true}
	work := []*ir.Block{h}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			return true
		}
		for _, s := range x.Term.Succs() {
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// mentionsAny reports whether e mentions a variable of set.
func mentionsAny(e ir.Expr, set map[*ir.Var]bool) bool {
	found := false
	ir.WalkExpr(e, func(x ir.Expr) {
		if v, ok := x.(*ir.Var); ok && set[v] {
			found = true
		}
	})
	return found
}

func (in *instrumenter) spec(k ir.SpecKind, e ir.Expr, candidate bool, tag string) *ir.Spec {
	if candidate {
		in.candidates++
	}
	return &ir.Spec{Kind: k, Cond: e, Candidate: candidate, ID: in.prog.NewSpecID(), Tag: tag}
}

// newSel is "this function made the region's selection".
func newSel(g *ghostRegion) ir.Expr {
	return ir.And(g.sel, ir.Not(&ir.Old{X: g.sel}))
}

func (in *instrumenter) frameFacts(regs []*ghostRegion, sites map[*ghostRegion][]*site, mod map[int]bool) []ir.Expr {
	var out []ir.Expr
	if len(regs) > 0 {
		out = append(out, ir.Implies(&ir.Old{X: in.stop}, in.stop))
	}
	for _, g := range regs {
		out = append(out, ir.Implies(newSel(g), in.stop)) // a selection stops the side
		out = append(out, ir.Implies(&ir.Old{X: g.sel}, g.sel))
		// The record is unchanged unless newly made: one fact for the
		// site and one per lock, so that a pair that leaves some lock bits
		// out (narrow, projectBits) still keeps every other part of it.
		// As one conjunction, a record of many locks was dropped whole
		// there, and a loop cut then let an earlier selection's site take
		// any value: witnesses named lines that never touch the region.
		unchanged := ir.Or(&ir.Old{X: g.sel}, ir.Not(g.sel))
		out = append(out, ir.Implies(unchanged, ir.Eq(g.site, &ir.Old{X: g.site})))
		for l := range in.locks {
			if g.sl[l] == nil {
				continue
			}
			same := []ir.Expr{ir.Eq(g.sl[l], &ir.Old{X: g.sl[l]})}
			if g.slw[l] != nil {
				same = append(same, ir.Eq(g.slw[l], &ir.Old{X: g.slw[l]}))
			}
			if g.sa[l] != nil {
				same = append(same, ir.Eq(g.sa[l], &ir.Old{X: g.sa[l]}))
			}
			out = append(out, ir.Implies(unchanged, ir.And(same...)))
		}
		out = append(out, ir.Implies(newSel(g), siteOneOf(g.site, sites[g])))
		for l, gl := range in.locks { // one fact per lock, as above
			if mod[l] || g.sl[l] == nil {
				continue
			}
			ctx := []ir.Expr{ir.Eq(g.sl[l], &ir.Old{X: gl.held})}
			if g.slw[l] != nil {
				ctx = append(ctx, ir.Eq(g.slw[l], &ir.Old{X: gl.heldW}))
			}
			if g.sa[l] != nil {
				ctx = append(ctx, ir.Eq(g.sa[l], &ir.Old{X: gl.addr}))
			}
			out = append(out, ir.Implies(newSel(g), ir.And(ctx...)))
		}
	}
	return out
}

// lockCandidates returns the lock candidates for regs and mods. Those about
// the current lock state hold only when returned (if not nil) does; those
// about a new selection always do.
func (in *instrumenter) lockCandidates(regs []*ghostRegion, mods []int, ret *ir.Var, returned ir.Expr) []ir.Expr {
	var out []ir.Expr
	add := func(es ...ir.Expr) {
		for _, e := range es {
			if returned != nil {
				e = ir.Implies(returned, e)
			}
			out = append(out, e)
		}
	}
	states := func(v *ir.Var) {
		add(ir.Eq(v, &ir.Old{X: v}), v, ir.Not(v))
		if ret != nil && ret.Kind == ir.Int {
			zero := ir.Eq(ret, ir.IntConst(0))
			nonzero := ir.Bin(ir.OpNe, ret, ir.IntConst(0))
			add(ir.Implies(zero, v), ir.Implies(nonzero, v),
				ir.Implies(zero, ir.Not(v)), ir.Implies(nonzero, ir.Not(v)))
		}
	}
	for _, l := range mods {
		g := in.locks[l]
		states(g.held)
		if g.heldW != nil {
			states(g.heldW)
		}
		if g.addr != nil {
			add(ir.Eq(g.addr, &ir.Old{X: g.addr}))
		}
	}
	for _, r := range regs {
		for _, l := range mods {
			g := in.locks[l]
			if r.sl[l] == nil {
				continue
			}
			out = append(out,
				ir.Implies(newSel(r), r.sl[l]),
				ir.Implies(newSel(r), ir.Eq(r.sl[l], &ir.Old{X: g.held})))
			if r.slw[l] != nil {
				out = append(out,
					ir.Implies(newSel(r), r.slw[l]),
					ir.Implies(newSel(r), ir.Eq(r.slw[l], &ir.Old{X: g.heldW})))
			}
			if r.sa[l] != nil {
				out = append(out, ir.Implies(newSel(r), ir.Eq(r.sa[l], &ir.Old{X: g.addr})))
			}
		}
	}
	return out
}

// loopHeaders returns the targets of retreating edges of a depth-first
// search from the entry, visiting successors in order: the cut points the
// verifier uses.
func loopHeaders(f *ir.Function) []*ir.Block {
	const (
		unseen = iota
		active
		done
	)
	state := make([]int, len(f.Blocks))
	isHeader := make([]bool, len(f.Blocks))
	type frame struct {
		b    *ir.Block
		next int
	}
	stack := []frame{{b: f.Blocks[0]}}
	state[0] = active
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Term.Succs()
		if top.next == len(succs) {
			state[top.b.Index] = done
			stack = stack[:len(stack)-1]
			continue
		}
		s := succs[top.next]
		top.next++
		switch state[s.Index] {
		case unseen:
			state[s.Index] = active
			stack = append(stack, frame{b: s})
		case active:
			isHeader[s.Index] = true
		}
	}
	var hs []*ir.Block
	for i, h := range isHeader {
		if h {
			hs = append(hs, f.Blocks[i])
		}
	}
	return hs
}

// siteIn says that the site variable v, which names one of ss (the frame
// facts say so), names one that keep picks: true when keep picks them all.
func siteIn(v *ir.Var, ss []*site, keep func(*site) bool) ir.Expr {
	var some []ir.Expr
	for _, x := range ss {
		if keep(x) {
			some = append(some, ir.Eq(v, ir.IntConst(int64(x.id))))
		}
	}
	if len(some) == len(ss) {
		return ir.True
	}
	return ir.Or(some...)
}

// siteOneOf says that the site variable v names one of ss.
func siteOneOf(v *ir.Var, ss []*site) ir.Expr {
	eqs := make([]ir.Expr, len(ss))
	for i, x := range ss {
		eqs[i] = ir.Eq(v, ir.IntConst(int64(x.id)))
	}
	return ir.Or(eqs...)
}
