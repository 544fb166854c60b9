package lockset

import (
	"fmt"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Lock-discipline ghost state, added to the instrumented program only when
// CheckLocks builds it (the race check's program never carries it). Per
// lock call site k: lerr_k, "this side's lock state was wrong at k" (the lock
// already held at an acquire, not held at a release), and lrel_k, the acquire
// site that held the lock then. Per lock l: lacq_l, the site of its last
// acquire. lret: the return position last taken by an entry point's own
// body. Each flag is monotonic, so loops and summaries carry them with one
// candidate each (unchanged), which Houdini keeps unless an error can happen.
type discipline struct {
	sites  []*lockSite // by id-1
	byCall map[*ir.Call]int
	acq    []*ir.Var // per lock
	// per lock: rpos, the innermost return taken holding the lock that the
	// returning function did not hold on entry, since the lock was last
	// released; rset, whether rpos is set.
	rpos, rset []*ir.Var
	// extra: per lock, held a second time (a recursive reader, a nested
	// subclass, or a double lock already reported): the next release
	// leaves it held. Depth beyond two is not counted.
	extra []*ir.Var
	// poison: per lock, a double lock of it was recorded on this path: the
	// path deadlocks there, so its later releases and return are not
	// checked.
	poison []*ir.Var
	// addr: per lock field (an identity of many objects), the address of
	// the object last acquired; nil for other locks.
	addr []*ir.Var
	// unk: per lock, a release of a lock the check cannot identify (which
	// the lockset treats as releasing every lock of its class) happened
	// while it was held, and it was neither released nor acquired since:
	// whether it is really held is unknown. A check that fails only in
	// that state is inconclusive, not an error. nil for a lock of a class
	// no unidentified release can release.
	unk  []*ir.Var
	rets []ir.Pos // by id-1
	own  map[*ir.Function][]int
	// carried: per entry point of a lock pair, the locks carried across
	// the pair (not checked at its return); carriedIn: those the second
	// of the pair holds on entry (discipline_pairs.go).
	carried, carriedIn map[*ir.EntryPoint]map[int]bool
}

type lockSite struct {
	call     *ir.Call
	op       lockOp
	fn       *ir.Function
	err, rel *ir.Var
	// other: at a double lock of a lock field, the object held may be
	// another than the one acquired.
	other *ir.Var
	// unc: the lock state was wrong here only if an unidentified release
	// really released the lock (see discipline.unk).
	unc *ir.Var
	// after: per other lock, it was held when this acquire waited (an
	// edge of the lock order).
	after map[int]*ir.Var
}

// manyObjects: the lock identity is a field of a struct type, many objects.
func manyObjects(l *lockInfo) bool {
	return !strings.HasPrefix(l.id, "global ") && (l.class == "mutex" || l.class == "spinlock" ||
		l.class == "rwlock" || l.class == "semaphore" || l.class == "rw_semaphore")
}

func newDiscipline(in *instrumenter) *discipline {
	d := &discipline{byCall: make(map[*ir.Call]int), own: make(map[*ir.Function][]int)}
	unkClass := make(map[string]bool) // the classes some unidentified release may release
	for _, op := range in.f.callLock {
		if op.lock < 0 && op.api.Op == models.Release {
			unkClass[op.api.Class] = true
		}
	}
	for i := range in.f.locks {
		d.acq = append(d.acq, in.prog.NewVar(fmt.Sprintf("lacq%d", i), ir.Int))
		d.rpos = append(d.rpos, in.prog.NewVar(fmt.Sprintf("lrpos%d", i), ir.Int))
		d.rset = append(d.rset, in.prog.NewVar(fmt.Sprintf("lrset%d", i), ir.Bool))
		d.extra = append(d.extra, in.prog.NewVar(fmt.Sprintf("lextra%d", i), ir.Bool))
		d.poison = append(d.poison, in.prog.NewVar(fmt.Sprintf("lpoison%d", i), ir.Bool))
		var u *ir.Var
		if unkClass[in.f.locks[i].class] {
			u = in.prog.NewVar(fmt.Sprintf("lunk%d", i), ir.Bool)
		}
		d.unk = append(d.unk, u)
		var a *ir.Var
		if manyObjects(in.f.locks[i]) {
			a = in.prog.NewVar(fmt.Sprintf("laddr%d", i), ir.Int)
		}
		d.addr = append(d.addr, a)
	}
	return d
}

// recursiveAcquire: taking a lock again in read mode while readers hold it
// is fine for rwlock_t (read_lock is recursive); for everything else a
// second acquire deadlocks.
func recursiveRead(api models.LockAPI) bool {
	return api.Class == "rwlock" && api.Mode == models.Read
}

// trylock: a failed try never blocks, so a try on a held lock is no
// deadlock.
func trylock(api models.LockAPI) bool { return strings.Contains(api.Name, "trylock") }

// nested: lockdep's subclass annotation; a nested acquire of the same
// identity is a different lock class, not a double lock.
func nested(api models.LockAPI) bool { return strings.HasSuffix(api.Name, "_nested") }

// check records, before the lock operation of call s updates the ghost
// lockset, whether the lock state is wrong for it. cond is the acquire's
// success condition.
func (d *discipline) check(in *instrumenter, fn, cp *ir.Function, dst *ir.Block, s *ir.Call, op lockOp, lockAddr ir.Expr) {
	api := op.api
	if op.lock < 0 || api.Op == models.Downgrade || in.f.locks[op.lock].pseudo() {
		return
	}
	g := in.locks[op.lock]
	unk := d.unk[op.lock]
	var bad, uncertain ir.Expr
	switch api.Op {
	case models.Acquire:
		if trylock(api) || nested(api) {
			return
		}
		bad = g.held
		if recursiveRead(api) && g.heldW != nil {
			bad = g.heldW
		}
		if g.addr != nil && lockAddr != nil {
			bad = ir.And(bad, ir.Eq(g.addr, lockAddr))
		}
		if unk != nil { // it may still be held
			uncertain = ir.And(unk, ir.Not(bad))
		}
	case models.Release:
		bad = ir.And(ir.Not(g.held), ir.Not(d.poison[op.lock]))
		if unk != nil { // it may still have been held
			uncertain = ir.And(bad, unk)
			bad = ir.And(bad, ir.Not(unk))
		}
	}
	k := d.site(fn, s, op)
	st := d.sites[k-1]
	if st.err == nil {
		st.err = in.prog.NewVar(fmt.Sprintf("lerr%d", k), ir.Bool)
		st.rel = in.prog.NewVar(fmt.Sprintf("lrel%d", k), ir.Int)
		if unk != nil {
			st.unc = in.prog.NewVar(fmt.Sprintf("lunc%d", k), ir.Bool)
		}
		d.own[fn] = append(d.own[fn], k)
	}
	if uncertain != nil {
		dst.Add(&ir.Assign{Dst: st.unc, Src: ir.Or(st.unc, uncertain), P: s.P})
	}
	if api.Op == models.Acquire {
		d.order(in, dst, s, k, op.lock)
	}
	if a := d.addr[op.lock]; a != nil && api.Op == models.Acquire && lockAddr != nil {
		if st.other == nil {
			st.other = in.prog.NewVar(fmt.Sprintf("lother%d", k), ir.Bool)
		}
		dst.Add(&ir.Assign{Dst: st.other, Src: ir.Or(st.other, ir.And(bad, ir.Bin(ir.OpNe, a, lockAddr))), P: s.P})
	}
	first := cp.NewLocal("lfirst", ir.Bool, nil, s.P)
	dst.Add(&ir.Assign{Dst: first, Src: ir.And(bad, ir.Not(st.err)), P: s.P})
	dst.Add(&ir.Assign{Dst: st.rel, Src: &ir.Ite{Cond: first, Then: d.acq[op.lock], Else: st.rel}, P: s.P})
	dst.Add(&ir.Assign{Dst: st.err, Src: ir.Or(st.err, bad), P: s.P})
	if api.Op == models.Acquire {
		dst.Add(&ir.Assign{Dst: d.poison[op.lock], Src: ir.Or(d.poison[op.lock], bad), P: s.P})
	}
}

// site numbers the lock call s of fn (from 1).
func (d *discipline) site(fn *ir.Function, s *ir.Call, op lockOp) int {
	if k, ok := d.byCall[s]; ok {
		return k
	}
	d.sites = append(d.sites, &lockSite{call: s, op: op, fn: fn})
	d.byCall[s] = len(d.sites)
	return len(d.sites)
}

// reacquire notes, before an acquire of op's lock that succeeds on cond
// updates the ghost lockset, whether it takes the lock a second time.
func (d *discipline) reacquire(in *instrumenter, dst *ir.Block, s *ir.Call, op lockOp, cond ir.Expr) {
	if trylock(op.api) || !recursiveRead(op.api) && !nested(op.api) {
		return // a try on a held lock fails; a double lock poisons instead
	}
	l := op.lock
	dst.Add(&ir.Assign{Dst: d.extra[l], Src: ir.Or(d.extra[l], ir.And(cond, in.locks[l].held)), P: s.P})
}

// release is the ghost update of a release of lock l: the second hold goes
// first.
func (d *discipline) release(in *instrumenter, dst *ir.Block, l int, p ir.Pos) {
	g := in.locks[l]
	dst.Add(&ir.Assign{Dst: g.held, Src: &ir.Ite{Cond: d.extra[l], Then: g.held, Else: ir.False}, P: p})
	if g.heldW != nil {
		dst.Add(&ir.Assign{Dst: g.heldW, Src: &ir.Ite{Cond: d.extra[l], Then: g.heldW, Else: ir.False}, P: p})
	}
	dst.Add(&ir.Assign{Dst: d.extra[l], Src: ir.False, P: p})
	dst.Add(&ir.Assign{Dst: d.rset[l], Src: ir.Not(g.held), P: p})
	if u := d.unk[l]; u != nil {
		dst.Add(&ir.Assign{Dst: u, Src: ir.False, P: p})
	}
}

// releasedUnknown is the ghost update of a release whose lock the check
// cannot identify, before the lockset releases every lock of its class:
// those held may or may not still be.
func (d *discipline) releasedUnknown(in *instrumenter, dst *ir.Block, l int, p ir.Pos) {
	if u := d.unk[l]; u != nil {
		dst.Add(&ir.Assign{Dst: u, Src: ir.Or(u, in.locks[l].held), P: p})
	}
}

// acquired records the site of an acquire of lock l that succeeds on cond.
func (d *discipline) acquired(fn *ir.Function, dst *ir.Block, s *ir.Call, op lockOp, cond, lockAddr ir.Expr) {
	k := d.site(fn, s, op)
	if a := d.addr[op.lock]; a != nil {
		var to ir.Expr = lockAddr
		if to == nil {
			to = ir.IntConst(0) // no argument: never the same object provably
		}
		dst.Add(&ir.Assign{Dst: a, Src: ite(cond, to, a), P: s.P})
	}
	dst.Add(&ir.Assign{Dst: d.acq[op.lock], Src: ite(cond, ir.IntConst(int64(k)), d.acq[op.lock]), P: s.P})
	if u := d.unk[op.lock]; u != nil {
		dst.Add(&ir.Assign{Dst: u, Src: ite(cond, ir.False, u), P: s.P})
	}
}

// entering saves, at the start of fn's copy cp, whether each lock fn may
// change is held on entry.
func (d *discipline) entering(in *instrumenter, fn, cp *ir.Function, dst *ir.Block) map[int]*ir.Var {
	locals := make(map[int]*ir.Var)
	for _, g := range in.f.reach(fn) {
		for l := range in.f.ownLocks[g] {
			if locals[l] == nil && !in.f.locks[l].pseudo() {
				v := cp.NewLocal("lentry", ir.Bool, nil, fn.Pos)
				dst.Add(&ir.Assign{Dst: v, Src: in.locks[l].held, P: fn.Pos})
				locals[l] = v
			}
		}
	}
	return locals
}

// returning records a return of a function that leaves a lock held it did
// not hold on entry, unless an inner return already did.
func (d *discipline) returning(in *instrumenter, dst *ir.Block, entry map[int]*ir.Var, p ir.Pos) {
	if len(entry) == 0 {
		return
	}
	d.rets = append(d.rets, p)
	id := ir.IntConst(int64(len(d.rets)))
	for _, l := range sortedInts(keysOf(entry)) {
		leak := ir.And(in.locks[l].held, ir.Not(entry[l]))
		dst.Add(&ir.Assign{Dst: d.rpos[l], Src: &ir.Ite{Cond: ir.And(leak, ir.Not(d.rset[l])), Then: id, Else: d.rpos[l]}, P: p})
		dst.Add(&ir.Assign{Dst: d.rset[l], Src: ir.Or(d.rset[l], leak), P: p})
	}
}

// vars returns the discipline ghosts fn may change, transitively.
func (d *discipline) vars(in *instrumenter, fn *ir.Function) []*ir.Var {
	var out []*ir.Var
	for _, g := range in.f.reach(fn) {
		for _, k := range d.own[g] {
			out = append(out, d.sites[k-1].rel)
			out = append(out, d.sites[k-1].siteVars()...)
		}
	}
	for _, l := range in.modLocks(fn) {
		if a := d.addr[l]; a != nil {
			out = append(out, a)
		}
		out = append(out, d.acq[l], d.rpos[l], d.rset[l], d.extra[l], d.poison[l])
		if u := d.unk[l]; u != nil {
			out = append(out, u)
		}
	}
	return out
}

// flags returns the error flags of the sites fn may reach.
func (d *discipline) flags(in *instrumenter, fn *ir.Function) []*ir.Var {
	var out []*ir.Var
	for _, g := range in.f.reach(fn) {
		for _, k := range d.own[g] {
			out = append(out, d.sites[k-1].siteVars()...)
		}
	}
	return out
}

// candidates are the Houdini candidates about lock l's discipline state
// for a summary or loop that changes l: no second hold, no double lock.
func (d *discipline) candidates(l int) []ir.Expr {
	var out []ir.Expr
	for _, v := range []*ir.Var{d.extra[l], d.poison[l], d.unk[l]} {
		if v != nil {
			out = append(out, ir.Eq(v, &ir.Old{X: v}), ir.Not(v))
		}
	}
	return out
}

// reset emits the discipline state in which the kernel calls an entry
// point: nothing recorded, no lock held twice.
func (d *discipline) reset(b *ir.Block, p ir.Pos) {
	for _, st := range d.sites {
		if st.err == nil {
			continue
		}
		for _, v := range st.siteVars() {
			b.Add(&ir.Assign{Dst: v, Src: ir.False, P: p})
		}
	}
	for l := range d.rset {
		for _, v := range []*ir.Var{d.rset[l], d.extra[l], d.poison[l], d.unk[l]} {
			if v != nil {
				b.Add(&ir.Assign{Dst: v, Src: ir.False, P: p})
			}
		}
		b.Add(&ir.Assign{Dst: d.rpos[l], Src: ir.IntConst(0), P: p})
	}
}

// order records, at the blocking acquire k of lock l, which other locks
// are held: the edges of the lock order.
func (d *discipline) order(in *instrumenter, dst *ir.Block, s *ir.Call, k, l int) {
	st := d.sites[k-1]
	if st.after == nil {
		st.after = make(map[int]*ir.Var)
	}
	for a, info := range in.f.locks {
		if a == l || info.pseudo() {
			continue
		}
		v := st.after[a]
		if v == nil {
			v = in.prog.NewVar(fmt.Sprintf("lafter%d_%d", k, a), ir.Bool)
			st.after[a] = v
		}
		dst.Add(&ir.Assign{Dst: v, Src: ir.Or(v, in.locks[a].held), P: s.P})
	}
}

// siteVars are the flags of site st: its error, its object comparison and
// its lock-order edges, in a fixed order.
func (st *lockSite) siteVars() []*ir.Var {
	out := []*ir.Var{st.err}
	if st.unc != nil {
		out = append(out, st.unc)
	}
	if st.other != nil {
		out = append(out, st.other)
	}
	for _, a := range sortedInts(keysOf(st.after)) {
		out = append(out, st.after[a])
	}
	return out
}

func keysOf(m map[int]*ir.Var) map[int]bool {
	out := make(map[int]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
