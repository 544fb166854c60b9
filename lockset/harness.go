package lockset

import (
	"fmt"
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// snapshot holds the first side's selection record for one region, saved
// before the second side runs.
type snapshot struct {
	sel, site   *ir.Var
	sl, slw, sa []*ir.Var
}

// plan is the check of one concurrent pair.
type plan struct {
	index   int // in the Pairs order
	pair    Pair
	prog    *ir.Program // the pair's own program (specialize); nil until build
	harness *ir.Function
	// originals maps the copies in prog to the functions they copy.
	originals   map[*ir.Function]*ir.Function
	firstAssert int // the assertion ids of regions[i] are firstAssert+i
	regions     []*ghostRegion
	asserts     map[int]*ghostRegion // assertion id -> region
	snaps       map[*ghostRegion]*snapshot
	sitesT      map[*ghostRegion][]*site
	sitesU      map[*ghostRegion][]*site
	// dead holds the sites of the pair's regions that can take part in no
	// race of this pair (deadSites): their selections are left out.
	dead    map[int]bool
	witness map[*ir.Var]bool // built lazily by witnessVar
	// mustT and mustU are the must-held locks at each side's sites: what a
	// race report lists for a lock narrow left out of the selection record.
	mustT, mustU map[int]held
	fixedRecords int // (region, lock) records narrow left out
	// ownT and ownU are the sites each side makes through its own file's
	// per-open object (perOpenPair); nil when the rule does not apply.
	ownT, ownU map[int]bool
	// iterT and iterU: an init's sites before their object's
	// registration and a callback's through its own object
	// (pubItersPair); nil when the rule does not apply.
	iterT, iterU map[int]bool
}

// pairRegions returns the tracked regions on which t and u may race: both
// may access them, one of them writing, one of the two accesses plain.
func pairRegions(t, u map[*ir.Region][]*site) []*ir.Region {
	var out []*ir.Region
	for r, ts := range t {
		if r.ThreadLocal || r.ReadOnly {
			continue
		}
		us, ok := u[r]
		if !ok || !conflicting(ts, us) {
			continue
		}
		out = append(out, r)
	}
	sortRegions(out)
	return out
}

// conflict reports whether accesses a and b conflict: one writes and one
// is plain (not atomic or marked).
func conflict(a, b *site) bool { return (a.write || b.write) && (a.plain() || b.plain()) }

func conflicting(ts, us []*site) bool {
	for _, a := range ts {
		for _, b := range us {
			if conflict(a, b) {
				return true
			}
		}
	}
	return false
}

// initialLocks returns, per lock, whether ep holds it on entry, and in
// which mode: kernel locks its callers hold, the single-open pseudo-locks
// of its file, and the publication pseudo-locks of its role.
func (in *instrumenter) initialLocks(ep *ir.EntryPoint) (held, heldW []bool) {
	held = make([]bool, len(in.f.locks))
	heldW = make([]bool, len(in.f.locks))
	for _, id := range in.f.env.heldLocks(ep) {
		if l, ok := in.f.lockIndex[id]; ok {
			held[l], heldW[l] = true, true
		}
	}
	for _, el := range in.f.entryHeld[ep] {
		held[el.lock], heldW[el.lock] = true, el.write
	}
	if in.disc != nil {
		for l := range in.disc.carriedIn[ep] {
			held[l], heldW[l] = true, true // the first of its lock pair took it
		}
	}
	switch {
	case in.publisherInit(ep):
		gated := in.gatedBy(ep)
		for c := range gated {
			l := in.unpub[c]
			held[l], heldW[l] = true, true
		}
		for _, t := range in.pubTrackersHeld(ep, gated) {
			held[t], heldW[t] = true, true
		}
	case ep.Role == ir.RoleExit:
		for _, l := range in.quietAtExit(ep) {
			held[l], heldW[l] = true, true // exitquiet.go
		}
	default:
		if l, ok := in.unpub[in.f.env.entryClass(ep)]; ok {
			held[l] = true // read mode: entry points of a class share it
		}
		if t, ok := in.tracker(ep); ok {
			held[t] = true // read mode, until an exit withdraws its object
		}
		if t, ok := in.pubObj.owner[ep]; ok {
			held[t] = true // read mode: runs only on its published object
		}
	}
	return held, heldW
}

// newPlan describes the check of pair p on regions without building its
// program (buildPlan does that): a program copies most of what the two entry
// points run, and on a large driver (r8169: hundreds of pairs over most
// of its code) all of them at once outgrow any memory cap. Its assertion
// ids are reserved here, in pair order, so they do not depend on the order
// in which the workers build the programs.
func (in *instrumenter) newPlan(index int, p Pair, regions []*ir.Region, mt, mu map[int]held) *plan {
	st, su := in.f.sitesOf(p.First.Func), in.f.sitesOf(p.Second.Func)
	pl := &plan{index: index, pair: p, sitesT: make(map[*ghostRegion][]*site),
		sitesU: make(map[*ghostRegion][]*site), dead: make(map[int]bool), mustT: mt, mustU: mu}
	for _, r := range regions {
		g := in.byReg[r]
		if g == nil {
			continue
		}
		if !in.keepDeadSites {
			deadSites(pl.dead, st[r], su[r], mt, mu)
		}
		if !in.keepLockRecords {
			full := g
			g = in.narrow(g, st[r], su[r], pl.dead, mt, mu)
			for l := range g.sl {
				if full.sl[l] != nil && g.sl[l] == nil {
					pl.fixedRecords++
				}
			}
		}
		pl.regions = append(pl.regions, g)
		pl.sitesT[g], pl.sitesU[g] = st[r], su[r]
	}
	pl.ownT, pl.ownU = in.perOpenPair(p)
	if pl.ownT == nil {
		pl.ownT, pl.ownU = in.releaseOncePair(p)
	}
	if pl.ownT == nil {
		pl.ownT, pl.ownU = in.releaseRefPair(p)
	}
	pl.iterT, pl.iterU = in.pubItersPair(p)
	pl.firstAssert = in.nextAssert + 1
	in.nextAssert += len(pl.regions)
	if in.verifyConstruction {
		in.nextAssert += 2 * len(pl.regions) // recordAsserts
	}
	return pl
}

// buildPlan makes pl's program, the sequential check of its pair: run the
// first entry point, save its selections, run the second, and assert for
// each region that the two selected accesses, if they conflict, hold a
// common lock. Builds share the instrumenter's memo tables: one at a time.
func (in *instrumenter) buildPlan(pl *plan, paramAliasing bool) {
	p := pl.pair
	t, u := p.First, p.Second
	index := pl.index
	pl.asserts = make(map[int]*ghostRegion)
	pl.snaps = make(map[*ghostRegion]*snapshot)
	tg := in.specialize(p, pl.regions, pl.dead)
	pl.prog = tg.prog
	pl.originals = tg.originals
	h := ir.NewFunction(fmt.Sprintf("pair$%d$%s$%s", index, t.Func.Name, u.Func.Name), nil, t.Pos)
	tg.prog.AddFunc(h)
	pl.harness = h
	b := h.NewBlock("pair " + t.Func.Name + " " + u.Func.Name)
	pos := t.Pos
	argsT := in.enter(tg, h, b, t, "a", paramAliasing)
	in.callEP(tg, b, t, argsT)
	for _, g := range pl.regions {
		s := &snapshot{sel: h.NewLocal("s_sel", ir.Bool, nil, pos), site: h.NewLocal("s_site", ir.Int, nil, pos)}
		b.Add(&ir.Assign{Dst: s.sel, Src: g.sel, P: pos})
		b.Add(&ir.Assign{Dst: s.site, Src: g.site, P: pos})
		s.sl = make([]*ir.Var, len(in.locks))
		s.slw = make([]*ir.Var, len(in.locks))
		s.sa = make([]*ir.Var, len(in.locks))
		for l := range in.locks {
			if g.sl[l] == nil {
				continue
			}
			v := h.NewLocal("s_sl", ir.Bool, nil, pos)
			b.Add(&ir.Assign{Dst: v, Src: g.sl[l], P: pos})
			s.sl[l] = v
			if g.slw[l] != nil {
				w := h.NewLocal("s_slw", ir.Bool, nil, pos)
				b.Add(&ir.Assign{Dst: w, Src: g.slw[l], P: pos})
				s.slw[l] = w
			}
			if g.sa[l] != nil {
				a := h.NewLocal("s_sa", ir.Int, nil, pos)
				b.Add(&ir.Assign{Dst: a, Src: g.sa[l], P: pos})
				s.sa[l] = a
			}
		}
		pl.snaps[g] = s
	}
	argsU := in.enter(tg, h, b, u, "b", paramAliasing)
	for _, d := range p.DistinctParams {
		if d[0] < len(argsT) && d[1] < len(argsU) {
			b.Add(&ir.Assume{Cond: ir.Bin(ir.OpNe, argsT[d[0]], argsU[d[1]]), P: pos})
		}
	}
	in.callEP(tg, b, u, argsU)
	for i, g := range pl.regions {
		id := pl.firstAssert + i
		pl.asserts[id] = g
		b.Add(&ir.Assert{Cond: ir.Not(in.race(pl, g)),
			ID: id, Msg: "race on " + g.r.Name, P: pos})
	}
	if in.verifyConstruction {
		in.recordAsserts(pl, b, pos)
	}
	b.Term = &ir.Return{P: pos}
	h.ComputePreds()
	h.Modifies = append(h.Modifies, tg.prog.Vars...)
}

// recordAsserts adds the assertions the tests prove about every pair
// (verifyConstruction): a side's selection, when made, names one of that
// side's own accesses to the region. The race assertions and the witness
// read the record; if the encoding lets a site change after it was
// recorded (a frame fact lost on the way), a race is reported at a line
// that never touches the region. The ids follow the race assertions':
// firstAssert+len(regions)+2i for the first side of regions[i], +1 for the
// second.
func (in *instrumenter) recordAsserts(pl *plan, b *ir.Block, pos ir.Pos) {
	for i, g := range pl.regions {
		id := pl.firstAssert + len(pl.regions) + 2*i
		s := pl.snaps[g]
		b.Add(&ir.Assert{Cond: ir.Implies(s.sel, siteOneOf(s.site, pl.sitesT[g])), ID: id,
			Msg: "record of " + g.r.Name + " by " + pl.pair.First.Func.Name, P: pos})
		b.Add(&ir.Assert{Cond: ir.Implies(g.sel, siteOneOf(g.site, pl.sitesU[g])), ID: id + 1,
			Msg: "record of " + g.r.Name + " by " + pl.pair.Second.Func.Name, P: pos})
	}
}

// isRecordAssert reports whether id is one of pl's recordAsserts.
func (pl *plan) isRecordAssert(id int) bool {
	n := len(pl.regions)
	return id >= pl.firstAssert+n && id < pl.firstAssert+3*n
}

// release drops pl's program once its check is done.
func (pl *plan) release() {
	pl.prog, pl.harness, pl.originals = nil, nil, nil
	pl.asserts, pl.snaps, pl.witness = nil, nil, nil
}

// planInline is the inlining decision for vc in pl's program: like
// instrumenter.inline, over the copies the program holds.
func (in *instrumenter) planInline(pl *plan) func(*ir.Function, int) bool {
	return func(callee *ir.Function, depth int) bool {
		orig, ok := pl.originals[callee]
		return ok && !in.summarized[orig]
	}
}

// witnessVar reports whether a race witness reads v: the two selected
// sites and the locksets (and lock instances) recorded with them.
func (pl *plan) witnessVar(v *ir.Var) bool {
	if pl.witness == nil {
		pl.witness = make(map[*ir.Var]bool)
		for _, g := range pl.regions {
			s := pl.snaps[g]
			vars := []*ir.Var{g.site, s.site}
			for _, vs := range [][]*ir.Var{g.sl, s.sl, g.slw, s.slw, g.sa, s.sa} {
				vars = append(vars, vs...)
			}
			for _, x := range vars {
				if x != nil {
					pl.witness[x] = true
				}
			}
		}
	}
	return pl.witness[v]
}

// enter emits, into block b of h, the state in which the kernel calls ep:
// the role flags, the locks ep holds on entry, no selection yet, and
// arbitrary arguments (pointer parameters to one struct type disjoint unless
// paramAliasing). It returns the argument variables.
func (in *instrumenter) enter(tg *target, h *ir.Function, b *ir.Block, ep *ir.EntryPoint, tag string, paramAliasing bool) []*ir.Var {
	pos := ep.Pos
	assign := func(v *ir.Var, e ir.Expr) { b.Add(&ir.Assign{Dst: v, Src: e, P: pos}) }
	assign(in.roleInit, ir.BoolConstOf(in.publisherInit(ep)))
	assign(in.roleExit, ir.BoolConstOf(ep.Role == ir.RoleExit))
	held, heldW := in.initialLocks(ep)
	for l, g := range in.locks {
		assign(g.held, ir.BoolConstOf(held[l]))
		if g.heldW != nil {
			assign(g.heldW, ir.BoolConstOf(heldW[l]))
		}
	}
	assign(in.stop, ir.False)
	assign(in.escaped, ir.False)
	for _, g := range tg.regions {
		assign(g.sel, ir.False)
	}
	if in.disc != nil {
		in.disc.reset(b, pos)
	}
	args := make([]*ir.Var, len(ep.Func.Params))
	for i, prm := range ep.Func.Params {
		args[i] = h.NewLocal(tag+"_"+prm.Name, ir.Int, prm.CType, pos)
	}
	if len(args) > 0 {
		b.Add(&ir.Havoc{Vars: args, P: pos})
	}
	if !paramAliasing {
		for _, c := range disjointParams(ep.Func, args) {
			b.Add(&ir.Assume{Cond: c, P: pos})
		}
	}
	return args
}

func (in *instrumenter) callEP(tg *target, b *ir.Block, ep *ir.EntryPoint, args []*ir.Var) {
	es := make([]ir.Expr, len(args))
	for i, a := range args {
		es[i] = a
	}
	b.Add(&ir.Call{Callee: tg.copies[ep.Func], Args: es, P: ep.Pos})
}

// environment builds the procedure through which summary inference sees
// how the kernel calls ep: in the same state as every pair harness does.
func (in *instrumenter) environment(ep *ir.EntryPoint, paramAliasing bool) *ir.Function {
	h := ir.NewFunction("env$"+ep.Func.Name, nil, ep.Pos)
	in.prog.AddFunc(h)
	b := h.NewBlock("kernel calls " + ep.Func.Name)
	tg := in.fullTarget()
	in.callEP(tg, b, ep, in.enter(tg, h, b, ep, "a", paramAliasing))
	b.Term = &ir.Return{P: ep.Pos}
	h.ComputePreds()
	h.Modifies = append(h.Modifies, in.prog.Vars...)
	return h
}

// race is the condition "the two selected accesses to g's watched address
// conflict and share no lock": at least one writes, at least one is plain,
// and no lock is held by both with at least one holding it in write mode.
//
// Two more conjuncts hold on every execution of the pair's program and only
// rule out what its summaries over-approximate. The selections are live
// sites: the pair's copies select no dead site (deadSites), but a summary,
// proved on the whole program, lets a call select any of its sites, and a
// dead site's fixed locks are not in g.fixed (narrow), so it raced with
// nothing held. And a recorded lock bit agrees with the must-held analysis
// where that knows the lock's state at the selected site (recordedHeld): a
// summary that says nothing of the locks at its entry (inference gave up on
// it) left the bit free, and the model showed a lock held on every path as
// not held.
func (in *instrumenter) race(pl *plan, g *ghostRegion) ir.Expr {
	s, ts, us := pl.snaps[g], pl.sitesT[g], pl.sitesU[g]
	isWrite := func(x *site) bool { return x.write }
	isPlain := func(x *site) bool { return x.plain() }
	var common []ir.Expr
	lifecycle := in.publicationWrite(pl.pair.First) || in.publicationWrite(pl.pair.Second)
	for l := range in.locks {
		if g.sl[l] == nil || !in.f.locks[l].protects() {
			continue
		}
		both := ir.And(s.sl[l], g.sl[l])
		switch {
		case g.slw[l] != nil:
			both = ir.And(both, ir.Or(s.slw[l], g.slw[l]))
		case in.f.locks[l].class == "publication" && !lifecycle:
			continue // two readers: no protection
		}
		if g.sa[l] != nil {
			both = ir.And(both, ir.Eq(s.sa[l], g.sa[l])) // the same instance
		}
		common = append(common, both)
	}
	holds := func(set map[int]bool) func(*site) bool { return func(x *site) bool { return set[x.id] } }
	for _, fx := range g.fixed {
		if fx == nil {
			continue
		}
		both := ir.And(siteIn(s.site, ts, holds(fx.t)), siteIn(g.site, us, holds(fx.u)))
		if fx.rw {
			both = ir.And(both, ir.Or(siteIn(s.site, ts, holds(fx.tw)), siteIn(g.site, us, holds(fx.uw))))
		}
		common = append(common, both)
	}
	live := func(x *site) bool { return !pl.dead[x.id] }
	if pl.ownT != nil {
		// Two files' own objects (peropen.go), two devices (lifetime.go).
		ownT := func(x *site) bool { return pl.ownT[x.id] }
		ownU := func(x *site) bool { return pl.ownU[x.id] }
		common = append(common, ir.And(siteIn(s.site, ts, ownT), siteIn(g.site, us, ownU)))
	}
	if pl.iterT != nil {
		// Written before the object's registration (publoops.go).
		preT := func(x *site) bool { return pl.iterT[x.id] }
		preU := func(x *site) bool { return pl.iterU[x.id] }
		common = append(common, ir.And(siteIn(s.site, ts, preT), siteIn(g.site, us, preU)))
	}
	if call := in.f.callAlloc; len(call) > 0 {
		// Each side's own call's allocation (callalloc.go).
		own := func(x *site) bool { return call[x.id] }
		if slices.ContainsFunc(ts, own) && slices.ContainsFunc(us, own) {
			common = append(common, ir.And(siteIn(s.site, ts, own), siteIn(g.site, us, own)))
		}
	}
	return ir.And(s.sel, g.sel,
		siteIn(s.site, ts, live), siteIn(g.site, us, live),
		ir.Or(siteIn(s.site, ts, isWrite), siteIn(g.site, us, isWrite)),
		ir.Or(siteIn(s.site, ts, isPlain), siteIn(g.site, us, isPlain)),
		in.recordedHeld(g, s.site, s.sl, s.slw, ts, pl.mustT),
		in.recordedHeld(g, g.site, g.sl, g.slw, us, pl.mustU),
		ir.Not(ir.Or(common...)))
}

// publicationWrite reports whether ep holds the publication pseudo-locks
// in write mode whenever it holds them: init and exit entry points do
// (initialLocks and regCall set both modes together), every other entry
// point holds its class's in read mode only. So a publication lock records
// no write bit with a selection: its mode is the side's role.
func (in *instrumenter) publicationWrite(ep *ir.EntryPoint) bool {
	return in.publisherInit(ep) || ep.Role == ir.RoleExit
}

// recordedHeld says that one side's recorded lock bits (sl, slw, of a
// selection site among ss) agree with its must-held analysis must: a lock
// held (in write mode) on every path to the selected site is recorded
// held (in write mode), one held on no path is recorded not held. A lock
// whose instances are told apart is left alone: the analysis knows its
// class, not which instance.
func (in *instrumenter) recordedHeld(g *ghostRegion, selected *ir.Var, sl, slw []*ir.Var, ss []*site, must map[int]held) ir.Expr {
	var out []ir.Expr
	// imply adds "the selected site is one of those has picks => the bit
	// is val", when has picks some site.
	imply := func(bit *ir.Var, val bool, has func(held) bool) {
		picked := false
		at := func(x *site) bool {
			h, runs := must[x.id]
			ok := runs && has(h)
			picked = picked || ok
			return ok
		}
		cond := siteIn(selected, ss, at)
		if !picked {
			return
		}
		var lit ir.Expr = bit
		if !val {
			lit = ir.Not(bit)
		}
		out = append(out, ir.Or(ir.Not(cond), lit))
	}
	for l := range in.locks {
		if sl[l] == nil || g.sa[l] != nil {
			continue
		}
		imply(sl[l], true, func(h held) bool { return h.any.has(l) })
		imply(sl[l], false, func(h held) bool { return h.none.has(l) })
		if slw[l] != nil {
			imply(slw[l], true, func(h held) bool { return h.w.has(l) })
			imply(slw[l], false, func(h held) bool { return h.notW.has(l) })
		}
	}
	return ir.And(out...)
}

// disjointParams assumes that pointer parameters of one entry point to the
// same struct type point to disjoint objects (the default; --param-aliasing
// turns it off).
func disjointParams(f *ir.Function, args []*ir.Var) []ir.Expr {
	var out []ir.Expr
	for i := range f.Params {
		si := ir.PointeeStruct(f.Params[i].CType)
		if si == nil || si.Size() <= 0 {
			continue
		}
		for j := i + 1; j < len(f.Params); j++ {
			if ir.PointeeStruct(f.Params[j].CType) != si {
				continue
			}
			size := ir.IntConst(si.Size())
			out = append(out, ir.Or(
				ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, args[i], size), args[j]),
				ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, args[j], size), args[i])))
		}
	}
	return out
}

func sortRegions(rs []*ir.Region) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].ID < rs[j-1].ID; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// narrow returns g as the pair whose sides select among ts and us (under
// the must-held analyses mt and mu) records it. Per lock, the selection
// record keeps one bit per region (two for a reader-writer lock), joined at
// every merge of both sides' code: 3,515 of the 6,509 constants of
// ps3vram's slowest query. A lock's bits are left out of the pair's record when at
// every live site of both sides its state is the same on every path: held
// (in write mode, for a reader-writer lock) on every path to it, or held on
// none (mustHeld's any, w and none). The race condition then reads it off
// the selected site (fixedLock). A lock that cannot protect the region in
// this pair is left out altogether, whatever its state at the other side's
// sites: one side holds it at none of its live sites, or neither side holds
// it in write mode at any (two readers): sx8's probe holds publication
// pseudo-locks on some paths through its helpers, which the entry points
// it is paired with never hold.
//
// A lock whose instances are told apart keeps its record (its address is
// recorded with it). The proved summaries and loop invariants that name the
// bits left out keep what they say about the rest of the state (specialize,
// projectBits). Leaving bits out changes no verdict: a recorded bit is
// replaced by the value it has on every path. It cannot hide a race even
// where the analysis is wrong about "held on no path": a lock taken for not
// held protects nothing. The copy shares g's other variables, and g itself
// is returned when nothing is left out.
func (in *instrumenter) narrow(g *ghostRegion, ts, us []*site, dead map[int]bool, mt, mu map[int]held) *ghostRegion {
	// fixedOn returns the live sites of ss that hold l on every path and
	// those that hold it in write mode, or ok false if at some live site l
	// is held on some paths only (or in an unknown mode).
	fixedOn := func(ss []*site, must map[int]held, l int) (any, w map[int]bool, ok bool) {
		rw := in.f.locks[l].rw
		for _, s := range ss {
			if dead[s.id] {
				continue
			}
			h, runs := must[s.id]
			switch {
			case !runs || h.none.has(l): // the side never runs it, or not held
				continue
			case h.any.has(l) && (!rw || h.w.has(l) || h.notW.has(l)):
			default:
				return nil, nil, false
			}
			if any == nil {
				any, w = make(map[int]bool), make(map[int]bool)
			}
			any[s.id] = true
			if h.w.has(l) {
				w[s.id] = true
			}
		}
		return any, w, true
	}
	// never reports whether no live site of ss holds l (in write mode,
	// with write) on any path.
	never := func(ss []*site, must map[int]held, l int, write bool) bool {
		for _, s := range ss {
			if dead[s.id] {
				continue
			}
			h, runs := must[s.id]
			if runs && !h.none.has(l) && !(write && h.notW.has(l)) {
				return false
			}
		}
		return true
	}
	var out *ghostRegion
	for l, v := range g.sl {
		if v == nil || g.sa[l] != nil {
			continue
		}
		var fx *fixedLock
		rw := in.f.locks[l].rw
		if !never(ts, mt, l, false) && !never(us, mu, l, false) &&
			!(rw && never(ts, mt, l, true) && never(us, mu, l, true)) {
			t, tw, okT := fixedOn(ts, mt, l)
			u, uw, okU := fixedOn(us, mu, l)
			if !okT || !okU {
				continue
			}
			if len(t) > 0 && len(u) > 0 {
				fx = &fixedLock{t: t, tw: tw, u: u, uw: uw, rw: rw}
			}
		}
		// Else l cannot protect the region in this pair: one side holds
		// it at none of its live sites, or neither side ever holds it in
		// write mode (two readers of a reader-writer lock, such as two
		// entry points of one publication class, do not exclude each
		// other). Its bits are left out whatever the other side does.
		if out == nil {
			c := *g
			c.sl, c.slw = slices.Clone(g.sl), slices.Clone(g.slw)
			c.fixed = make([]*fixedLock, len(g.sl))
			out = &c
		}
		out.sl[l], out.slw[l], out.fixed[l] = nil, nil, fx
	}
	if out == nil {
		return g
	}
	return out
}

// A fixedLock is a lock whose state at each live site of a pair's region
// is the same on every path (narrow): the ids of the sites of the first
// side (t) and of the second (u) that hold it, and of those that hold it in
// write mode (which matters only for a reader-writer lock, rw).
type fixedLock struct {
	t, tw, u, uw map[int]bool
	rw           bool
}
