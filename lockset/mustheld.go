package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// The fast path: a classic static lockset analysis. For each entry point it
// computes, at every access site, the locks held on every path (in any mode
// and in write mode). A (pair, region) whose conflicting accesses always
// share such a lock is race-free without asking Z3; only the rest are
// instrumented and proved symbolically, which is also where path-sensitive
// protection (conditional locking, trylock) is decided. The analysis
// under-approximates the held locks of the instrumented program, so a
// protection it finds is real.

// lockBits is a set of lock indices.
type lockBits []uint64

func newBits(n int) lockBits { return make(lockBits, (n+63)/64) }

func (b lockBits) set(i int)   { b[i/64] |= 1 << (i % 64) }
func (b lockBits) clear(i int) { b[i/64] &^= 1 << (i % 64) }
func (b lockBits) has(i int) bool {
	return i/64 < len(b) && b[i/64]&(1<<(i%64)) != 0
}
func (b lockBits) clone() lockBits {
	return slices.Clone(b)
}
func (b lockBits) and(o lockBits) {
	for i := range b {
		b[i] &= o[i]
	}
}
func (b lockBits) fill(n int) {
	for i := range n {
		b.set(i)
	}
}

// held is what is held on every path: in any mode (any) and in write mode
// (w); and what is held on no path (none), in write mode on no path
// (notW). The fast path reads any and w; none and notW only tell narrow
// which lock bits a pair need not record, as the instrumentation sets them,
// so an error in them could cost precision, never hide a race.
type held struct{ any, w, none, notW lockBits }

// noFacts is the state that knows nothing: no lock held on every path, none
// on no path.
func noFacts(n int) held { return held{newBits(n), newBits(n), newBits(n), newBits(n)} }

func (h held) clone() held {
	return held{h.any.clone(), h.w.clone(), h.none.clone(), h.notW.clone()}
}
func (h held) meet(o held) { h.any.and(o.any); h.w.and(o.w); h.none.and(o.none); h.notW.and(o.notW) }
func (h held) equal(o held) bool {
	return slices.Equal(h.any, o.any) && slices.Equal(h.w, o.w) &&
		slices.Equal(h.none, o.none) && slices.Equal(h.notW, o.notW)
}
func (h held) key() string {
	b := make([]byte, 0, 32*len(h.any))
	for _, w := range slices.Concat(h.any, h.w, h.none, h.notW) {
		for k := range 8 {
			b = append(b, byte(w>>(8*k)))
		}
	}
	return string(b)
}

// mustAnalysis computes must-held locksets for one entry point.
type mustAnalysis struct {
	in        *instrumenter
	recursive map[*ir.Function]bool
	ep        *ir.EntryPoint
	n         int
	memo      map[*ir.Function]map[string]held // exit state per entry state
	active    map[*ir.Function]bool
	atSite    map[int]held
	visited   map[int]bool
	mod       map[*ir.Function]lockBits // changeable locks of recursive functions
}

// mustHeld returns, for every access site reachable from ep, the locks held
// on every path to it.
func (in *instrumenter) mustHeld(ep *ir.EntryPoint) map[int]held {
	a, start := in.newMustAnalysis(ep)
	a.function(ep.Func, start)
	return a.atSite
}

// heldAtReturn returns the locks ep holds on entry (start) and on every
// return of its function (exit), in any mode and in write mode.
func (in *instrumenter) heldAtReturn(ep *ir.EntryPoint) (start, exit held) {
	a, start := in.newMustAnalysis(ep)
	return start, a.function(ep.Func, start.clone())
}

// newMustAnalysis prepares the must-held analysis of ep and its state on
// entry: the locks it runs under (initialLocks).
func (in *instrumenter) newMustAnalysis(ep *ir.EntryPoint) (*mustAnalysis, held) {
	n := len(in.f.locks)
	a := &mustAnalysis{in: in, ep: ep, n: n, recursive: in.recursive(),
		memo: make(map[*ir.Function]map[string]held), active: make(map[*ir.Function]bool),
		atSite: make(map[int]held), visited: make(map[int]bool), mod: make(map[*ir.Function]lockBits)}
	start := noFacts(n)
	h, hw := in.initialLocks(ep)
	for l := range n {
		if h[l] {
			start.any.set(l)
		} else {
			start.none.set(l)
		}
		if hw[l] {
			start.w.set(l)
		} else {
			start.notW.set(l)
		}
	}
	return a, start
}

// function analyses fn entered with state entry and returns the state at
// its returns (on every path).
func (a *mustAnalysis) function(fn *ir.Function, entry held) held {
	if a.recursive[fn] {
		// A recursive activation may start with fewer locks than the first
		// one (its caller may have released some), but only locks that fn
		// or its callees acquire, release or publish can differ: those are
		// forgotten, so one analysis covers every activation's accesses.
		// The others keep their state on every path through the cycle
		// (r8169: a condition-polling helper called through a function
		// pointer closes a cycle; forgetting every lock there sent hundreds
		// of rtnl-protected pairs to Z3).
		entry = a.forget(entry, fn)
	}
	k := entry.key()
	if m, ok := a.memo[fn]; ok {
		if exit, ok := m[k]; ok {
			return exit
		}
	}
	if a.active[fn] {
		// Recursion: the locks fn may change are unknown afterwards (the
		// body is analysed from a state that forgets them, which covers
		// this activation); the others are as they were.
		return a.forget(entry, fn)
	}
	a.active[fn] = true
	defer delete(a.active, fn)
	sites, exit, returned := a.flow(fn, entry)
	a.record(sites)
	if !returned {
		exit = entry.clone() // no return: the value is irrelevant
	}
	if a.memo[fn] == nil {
		a.memo[fn] = make(map[string]held)
	}
	a.memo[fn][k] = exit
	return exit
}

// flow runs the analysis over fn's blocks from entry: the state at each
// access site (met over the paths), and at the returns (exit, if
// returned).
func (a *mustAnalysis) flow(fn *ir.Function, entry held) (sites map[int]held, exit held, returned bool) {
	nb := len(fn.Blocks)
	in := make([]held, nb)
	have := make([]bool, nb)
	in[0], have[0] = entry.clone(), true
	exit = noFacts(a.n)
	exit.any.fill(a.n)
	exit.w.fill(a.n)
	exit.none.fill(a.n)
	exit.notW.fill(a.n)
	work := []int{0}
	queued := make([]bool, nb)
	queued[0] = true
	sites = make(map[int]held)
	for len(work) > 0 {
		bi := work[0]
		work = work[1:]
		queued[bi] = false
		b := fn.Blocks[bi]
		st := in[bi].clone()
		var cond *condAcquire
		for _, s := range b.Stmts {
			cond = a.condStep(cond, s)
			switch s := s.(type) {
			case *ir.Load, *ir.Store, *ir.Touch:
				ops := a.in.f.storeLock[s]
				if ops.before != nil {
					st = a.call(ops.before, st)
				}
				id := ir.AccessOf(s).Site
				if prev, ok := sites[id]; ok {
					prev.meet(st)
				} else {
					sites[id] = st.clone()
				}
				if ops.after != nil {
					st = a.call(ops.after, st)
				}
			case *ir.Call:
				next := a.condStart(s, st)
				st = a.call(s, st)
				if next != nil {
					cond = next
				}
			}
		}
		if _, ok := b.Term.(*ir.Return); ok {
			exit.meet(st)
			returned = true
		}
		out := []held{st}
		if t, ok := b.Term.(*ir.If); ok && cond != nil {
			out = []held{st.clone(), st.clone()}
			a.condBranch(cond, t.Cond, out[0], out[1])
		}
		for i, succ := range b.Term.Succs() {
			si := succ.Index
			st := out[min(i, len(out)-1)]
			if !have[si] {
				in[si], have[si] = st.clone(), true
			} else {
				old := in[si].clone()
				in[si].meet(st)
				if in[si].equal(old) {
					continue
				}
			}
			if !queued[si] {
				queued[si] = true
				work = append(work, si)
			}
		}
	}
	return sites, exit, returned
}

// record meets the states of fn's access sites into the analysis'.
func (a *mustAnalysis) record(sites map[int]held) {
	for id, st := range sites {
		if prev, ok := a.atSite[id]; ok && a.visited[id] {
			prev.meet(st)
		} else {
			a.atSite[id] = st
			a.visited[id] = true
		}
	}
}

// forget returns st with nothing known about the locks fn or its callees
// may change: those they acquire, release or downgrade (modLocks, with the
// class of an unidentified release), and, if they register or unregister
// anything, every publication pseudo-lock.
func (a *mustAnalysis) forget(st held, fn *ir.Function) held {
	m, ok := a.mod[fn]
	if !ok {
		m = newBits(a.n)
		for _, l := range a.in.f.modLocks(fn) {
			m.set(l)
		}
		if a.in.f.registers(fn) {
			for _, l := range a.in.unpub {
				m.set(l)
			}
		}
		a.mod[fn] = m
	}
	out := st.clone()
	for i := range m {
		out.any[i] &^= m[i]
		out.w[i] &^= m[i]
		out.none[i] &^= m[i]
		out.notW[i] &^= m[i]
	}
	return out
}

func (a *mustAnalysis) call(s *ir.Call, st held) held {
	f := a.in.f
	if s.Callee != nil && s.Callee.External() {
		if op, ok := f.callLock[s]; ok {
			a.lockOp(st, op)
		} else if op, ok := f.callReg[s]; ok {
			a.regOp(st, s, op)
		}
		return st
	}
	if s.Callee == nil {
		// A kernel function the pointer may hold (classifyIndirect).
		if op, ok := f.callLock[s]; ok {
			a.lockOp(st, op)
		}
		if op, ok := f.callReg[s]; ok {
			a.regOp(st, s, op)
		}
	}
	// The same callees the instrumentation keeps: functions with a body
	// (for indirect calls, those taking this many arguments).
	var targets []*ir.Function
	for _, t := range s.Callees() {
		if !t.External() && (s.Callee != nil || len(t.Params) == len(s.Args)) {
			targets = append(targets, t)
		}
	}
	if len(targets) == 0 {
		return st
	}
	var out held
	for i, t := range targets {
		x := a.function(t, st)
		if i == 0 {
			out = x.clone()
		} else {
			out.meet(x)
		}
	}
	return out
}

func (a *mustAnalysis) lockOp(st held, op lockOp) {
	api := op.api
	if op.lock < 0 {
		if api.Op == models.Acquire {
			return
		}
		for l, info := range a.in.f.locks {
			if info.class == api.Class {
				st.any.clear(l)
				st.w.clear(l)
				st.none.set(l) // as the instrumentation: released
				st.notW.set(l)
			}
		}
		return
	}
	switch api.Op {
	case models.Acquire:
		st.none.clear(op.lock)
		switch {
		case api.Mode == models.Write:
			st.notW.clear(op.lock)
		case api.Cond == models.Always:
			st.notW.set(op.lock)
		}
		if api.Cond != models.Always {
			return // held only on the success branch: not on every path
		}
		if a.in.f.locks[op.lock].instance {
			return // which instance is held is for the symbolic check to say
		}
		if a.in.f.locks[op.lock].perCall {
			return // another call's is another lock: it protects nothing here
		}
		st.any.set(op.lock)
		if api.Mode == models.Write {
			st.w.set(op.lock)
		} else {
			st.w.clear(op.lock)
		}
	case models.Release:
		st.any.clear(op.lock)
		st.w.clear(op.lock)
		st.none.set(op.lock)
		st.notW.set(op.lock)
	case models.Downgrade:
		st.w.clear(op.lock)
		st.notW.set(op.lock)
	}
}

func (a *mustAnalysis) regOp(st held, call *ir.Call, op regOp) {
	switch {
	case op.unregister && (a.ep.Role == ir.RoleExit || a.ep.Role == ir.RoleInit && a.in.countsInInit(call)):
		a.withdrawOp(st, call, op)
	case !op.unregister && (a.in.publisherInit(a.ep) || a.ep.Role == ir.RoleExit):
		a.publishOp(st, call, op)
	}
}

// unknown forgets what st knows of lock l: the symbolic check decides.
func (h held) unknown(l int) {
	h.any.clear(l)
	h.w.clear(l)
	h.none.clear(l)
	h.notW.clear(l)
}

// holdW records lock l held for writing on every path.
func (h held) holdW(l int) {
	h.any.set(l)
	h.w.set(l)
	h.none.clear(l)
	h.notW.clear(l)
}

// release records lock l free on every path.
func (h held) release(l int) {
	h.any.clear(l)
	h.w.clear(l)
	h.none.set(l)
	h.notW.set(l)
}

// withdrawOp is regOp for a waiting withdrawal in an exit (or an init
// that counts it): the class's pseudo-lock is taken back for writing where
// the instrumentation takes it on every path.
func (a *mustAnalysis) withdrawOp(st held, call *ir.Call, op regOp) {
	l, ok := a.in.unpub[op.class]
	wg := a.in.withdrawal[op.class]
	if a.ep.Role == ir.RoleInit {
		wg = a.in.initWithdrawals[call]
	}
	if !ok || wg.never {
		return
	}
	all, trackers, count := a.in.withdrawn(op.class, call)
	if a.ep.Role == ir.RoleInit && wg.single && a.in.initStops(op.class, call) {
		all = true // as regCall: the init's one live object
	}
	if !all && len(trackers) == 0 && !count {
		return
	}
	if !all && !a.withdrawObjects(st, op, wg, trackers, count) {
		return
	}
	for _, gl := range wg.first {
		if !st.w.has(gl) {
			// Perhaps withdrawn on some paths: neither held nor free on
			// all; the symbolic check decides.
			st.unknown(l)
			return
		}
	}
	st.holdW(l)
}

// withdrawObjects steps the trackers and counter of a withdrawal of some
// of op.class's objects, as the instrumentation does: this object's
// tracker is held for writing (or the counter steps), the class's
// pseudo-lock once every object is withdrawn. Where that is not the same
// on every path, the symbolic check decides. It reports whether the class
// as a whole may now be withdrawn on every path.
func (a *mustAnalysis) withdrawObjects(st held, op regOp, wg withdrawalGuard, trackers []int, count bool) bool {
	guarded := true
	for _, gl := range wg.first {
		guarded = guarded && st.w.has(gl)
	}
	set := func(t int, from int, obj string) {
		first, never := a.in.crossGuard(op.class, obj)
		if never {
			return // as regCall: this withdrawal never counts
		}
		crossed, maybe := true, false
		for _, gl := range first {
			crossed = crossed && st.w.has(gl)
			maybe = maybe || !st.notW.has(gl)
		}
		srcMust := from < 0 || st.w.has(from)
		switch {
		case st.w.has(t):
		case !crossed && !maybe:
		case !crossed:
			st.unknown(t)
		case guarded && srcMust:
			st.holdW(t)
		case from >= 0 && st.notW.has(from):
		default:
			st.unknown(t)
		}
	}
	co := a.in.objects[op.class]
	for _, t := range trackers {
		set(t, -1, a.in.trackedObject(co, t))
	}
	if count {
		for i := len(co.counter) - 1; i > 0; i-- {
			set(co.counter[i], co.counter[i-1], "")
		}
		set(co.counter[0], -1, "")
	}
	l := a.in.unpub[op.class]
	if co.never || st.w.has(l) {
		return false // never withdrawn as a whole, or already on every path
	}
	must, none := true, false
	for _, t := range a.in.complete(op.class) {
		must = must && st.w.has(t)
		none = none || st.notW.has(t)
	}
	switch {
	case none:
		return false // some object still registered on every path
	case !must:
		st.unknown(l)
		return false
	}
	return true
}

// publishOp is regOp for a registration in a publishing init or an exit:
// the pseudo-locks of what it publishes are free after it. One that may
// have failed published nothing on that path (instrument.go,
// errnoResult): neither held nor free on every path, the symbolic check
// decides.
func (a *mustAnalysis) publishOp(st held, call *ir.Call, op regOp) {
	r := errnoResult(call)
	cond := a.in.f.failedPublishesNothing && (r.Errno || r.Number)
	release := func(l int) {
		if cond && !st.none.has(l) {
			st.unknown(l)
			return
		}
		st.release(l)
	}
	closure := a.in.publishedBy(op)
	for _, c := range closure {
		if l, ok := a.in.unpub[c]; ok {
			release(l)
		}
	}
	for _, t := range a.in.trackersOf(closure) {
		release(t)
	}
	for _, t := range a.in.pubTrackersReleased(call, op, closure) {
		release(t)
	}
}

// unprotectedRegions returns the regions of pair (t, u) on which some two
// conflicting accesses are not always protected by a common lock: the ones
// the symbolic check must decide.
func unprotectedRegions(regions []*ir.Region, st, su map[*ir.Region][]*site, mt, mu map[int]held) []*ir.Region {
	var out []*ir.Region
	for _, r := range regions {
		if !alwaysProtected(st[r], su[r], mt, mu) {
			out = append(out, r)
		}
	}
	return out
}

func alwaysProtected(ts, us []*site, mt, mu map[int]held) bool {
	for _, a := range ts {
		if !protectedAgainst(a, mt, mu, us) {
			return false
		}
	}
	return true
}

// protectedAgainst reports whether access a, run by one side under the
// must-held locks own gives, shares a lock (held for writing on one side)
// with every conflicting access of others that the other side (under
// other) may run. A side that never runs a has nothing to protect.
func protectedAgainst(a *site, own, other map[int]held, others []*site) bool {
	ha, ok := own[a.id]
	if !ok {
		return true
	}
	for _, b := range others {
		if !conflict(a, b) {
			continue
		}
		if hb, ok := other[b.id]; ok && !protected(ha, hb) {
			return false
		}
	}
	return true
}

// protected reports whether accesses a (under ha) and b (under hb) always
// share a lock that one of them holds in write mode.
func protected(ha, hb held) bool {
	for i := range ha.any {
		common := ha.any[i] & hb.any[i]
		if common&(ha.w[i]|hb.w[i]) != 0 {
			return true
		}
	}
	return false
}

// deadSites adds to dead the sites of one region, accessed by the first
// side at ts (must-held locks mt) and by the second at us (mu), that take
// part in no race of the pair: on each side that may run it, every
// conflicting access of the other side shares a lock with it, held for
// writing on one side, on every path (protectedAgainst, the fast path's
// rule applied to one site instead of the whole region). A pair's check
// selects only live sites. Leaving a dead site's selection out is the same
// as the side never choosing it, which was always one of its executions,
// and that choice could make no assertion fail; so the check proves and
// refutes exactly what it did, on a smaller formula. A summarised call's
// contract, proved on the whole program, does not know which sites a pair
// left out: the race condition therefore also requires live selections
// (race). Typical dead sites:
// probe's accesses before it registers the other entry point (the
// "unpublished" pseudo-lock).
func deadSites(dead map[int]bool, ts, us []*site, mt, mu map[int]held) {
	for _, sites := range [][]*site{ts, us} {
		for _, a := range sites {
			if protectedAgainst(a, mt, mu, us) && protectedAgainst(a, mu, mt, ts) {
				dead[a.id] = true
			}
		}
	}
}
