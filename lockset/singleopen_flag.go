package lockset

import (
	"slices"
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Single-open with a plain flag (part of the single-open rule). Legacy
// drivers (drivers/watchdog/sbc_epx_c3.c) keep an int instead of a bit:
//
//	open:    if (alive) return -EBUSY; ... alive = 1; return 0;
//	release: ...; alive = 0; return 0;
//
// The check and the store are a test_and_set_bit when every open runs
// them under one lock held from the read to the store: misc_mtx, which
// misc_open (drivers/char/misc.c) holds around a misc device's ->open
// (miscopen.go), or a mutex the open takes itself. Two opens then never
// both see 0, and an open that sees 0 runs after the previous file's
// release stored it. So the flag is the same read-write pseudo-lock as a
// bit: open takes it for writing just before its store of a non-zero
// constant (later than the zero read: sound), release holds it from entry
// to just after its store of 0, the file's other operations hold it for
// reading. Open's store then races with no release's store: it follows
// its own read of the 0 that the previous release stored (or the initial
// 0, before any file was open), as release's other accesses before that
// store precede it; the ordering is the one the rule already assumes for
// them (no release store in the C model: docs/single-open-2.md).
//
// Applied only where the program shows the protocol whole: the flag is a
// static global scalar; on every path of open a store of a non-zero
// constant follows a read of the flag that was zero, with a lock held
// for writing from that read to the store, and every return of open holds
// the flag or returns a non-zero value (a store of 0 in open gives it
// back, only while held); release stores only 0, only while holding it,
// and on some path; and nothing else writes the flag (no other store,
// helper write, or call handed its address). The check's read itself is
// a plain read against release's plain store, which it may meet at
// once (another file's release storing while this open reads): it still
// races.

// flagState is what flagFlow knows at a program point.
type flagState struct {
	// must: the flag is held (open stored non-zero, or release has not
	// stored 0 yet) on every path.
	must bool
	// checked: on every path the flag was read as zero, and checkLocks
	// (locks held for writing since that read) is not empty.
	checked    bool
	checkLocks map[int]bool
	locks      map[int]bool      // locks held for writing
	ld         map[*ir.Var]bool  // unexamined reads of the flag, with locks held since in ldLocks
	ldLocks    map[*ir.Var][]int // locks held at the read, in lock order
	lockRes    map[*ir.Var]int   // results of conditional acquires (IfZero)
	nz         map[*ir.Var]bool  // variables known non-zero
}

// storeOp is what a store of the flag does to its pseudo-lock.
type storeOp uint8

const (
	storeTakes storeOp = iota + 1
	storeGives
)

func (s flagState) clone() flagState {
	out := flagState{must: s.must, checked: s.checked, checkLocks: cloneSet(s.checkLocks), locks: cloneSet(s.locks),
		ld: map[*ir.Var]bool{}, ldLocks: map[*ir.Var][]int{}, lockRes: map[*ir.Var]int{}, nz: map[*ir.Var]bool{}}
	for v := range s.ld {
		out.ld[v] = true
		out.ldLocks[v] = s.ldLocks[v]
	}
	for v, l := range s.lockRes {
		out.lockRes[v] = l
	}
	for v := range s.nz {
		out.nz[v] = true
	}
	return out
}

func cloneSet(m map[int]bool) map[int]bool {
	out := make(map[int]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// meet joins two paths' states; it reports whether s changed.
func (s *flagState) meet(o flagState) bool {
	changed := false
	if s.must && !o.must {
		s.must, changed = false, true
	}
	if s.checked && !o.checked {
		s.checked, changed = false, true
	}
	for _, m := range []struct{ dst, src map[int]bool }{{s.checkLocks, o.checkLocks}, {s.locks, o.locks}} {
		for k := range m.dst {
			if !m.src[k] {
				delete(m.dst, k)
				changed = true
			}
		}
	}
	for v := range s.ld {
		if !o.ld[v] || !sameInts(s.ldLocks[v], o.ldLocks[v]) {
			delete(s.ld, v)
			delete(s.ldLocks, v)
			changed = true
		}
	}
	for v, l := range s.lockRes {
		if ol, ok := o.lockRes[v]; !ok || ol != l {
			delete(s.lockRes, v)
			changed = true
		}
	}
	for v := range s.nz {
		if !o.nz[v] {
			delete(s.nz, v)
			changed = true
		}
	}
	return changed
}

func sameInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// singleOpenFlags applies the rule to the plain flags open reads.
// fields admits a lock in a struct field (one-device and lock-instances).
func (f *facts) singleOpenFlags(open, release *ir.EntryPoint, others []*ir.EntryPoint, fields bool) {
	for _, r := range flagCandidates(open.Func) {
		opens, ok := f.flagFlow(r, open, false, fields)
		if !ok {
			continue
		}
		releases, ok := f.flagFlow(r, release, true, fields)
		if !ok || f.flagWritten(r, opens, releases) {
			continue
		}
		l := f.lock("single-open flag "+r.Name, singleOpenClass, true)
		f.bindFlag(l, open.Func, opens)
		f.bindFlag(l, release.Func, releases)
		f.holdSingleOpen(l, release, others)
	}
}

// flagCandidates lists the regions of the static global scalars open
// reads, each once.
func flagCandidates(open *ir.Function) []*ir.Region {
	var out []*ir.Region
	seen := map[*ir.Region]bool{}
	for _, b := range open.Blocks {
		for _, s := range b.Stmts {
			ld, ok := s.(*ir.Load)
			if !ok {
				continue
			}
			r := ld.Region
			if r == nil || seen[r] || r.Collapsed || r.Struct != nil || len(r.Objects) != 1 || ld.Size > 8 {
				continue
			}
			o := r.Objects[0]
			if o.Kind != ir.GlobalObj || !o.Static || o.Extern || r.Name != "global "+o.Name {
				continue
			}
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// flagWritten reports whether anything but the stores flagFlow bound may
// write flag r: another store, a helper's write, a call handed its
// address.
func (f *facts) flagWritten(r *ir.Region, opens, releases map[int]storeOp) bool {
	for _, s := range f.sites {
		if s.write && s.access.Region == r && opens[s.id] == 0 && releases[s.id] == 0 {
			return true
		}
	}
	for _, fn := range f.prog.Funcs {
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				if c, ok := s.(*ir.Call); ok {
					for _, t := range c.ArgTargets {
						if t != nil && t.Region == r {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// flagFlow checks flag r's protocol in ep's function, path by path, and
// returns what each of its stores of the flag does. In open (release
// false) the flag starts free and a store of a non-zero constant takes it
// where checked holds; in release it starts held and a store of 0 gives
// it back. A store of 0 gives it back in open too; every store must find
// the flag in the state it changes on every path; every return of open
// holds it or returns a non-zero value; some path of release gives it
// back.
func (f *facts) flagFlow(r *ir.Region, ep *ir.EntryPoint, release, fields bool) (map[int]storeOp, bool) {
	fn := ep.Func
	if len(fn.Blocks) == 0 {
		return nil, false
	}
	start := flagState{must: release, checkLocks: map[int]bool{}, locks: map[int]bool{}, ld: map[*ir.Var]bool{},
		ldLocks: map[*ir.Var][]int{}, lockRes: map[*ir.Var]int{}, nz: map[*ir.Var]bool{}}
	if !release {
		for _, el := range f.entryHeld[ep] {
			if el.write && f.flagLock(el.lock, fields) {
				start.locks[el.lock] = true
			}
		}
	}
	stores := map[int]storeOp{}
	visit := func(blk *ir.Block, st *flagState) bool {
		for _, s := range blk.Stmts {
			if !f.flagStep(r, st, s, release, fields, stores) {
				return false
			}
		}
		t, ok := blk.Term.(*ir.Return)
		return !ok || release || st.must || nonZero(t.Val, bitState{nz: st.nz})
	}
	if !forwardFlow(fn.Blocks[0], start, visit, flagBranch) {
		return nil, false
	}
	gives := false
	for _, op := range stores {
		gives = gives || op == storeGives
	}
	return stores, !release || gives
}

// flagStep applies statement s to st; false when s breaks the protocol
// or a store of the flag does two things on two paths.
func (f *facts) flagStep(r *ir.Region, st *flagState, s ir.Stmt, release, fields bool, stores map[int]storeOp) bool {
	kill := func(v *ir.Var) {
		delete(st.ld, v)
		delete(st.ldLocks, v)
		delete(st.lockRes, v)
		delete(st.nz, v)
	}
	switch s := s.(type) {
	case *ir.Assign:
		src, isVar := s.Src.(*ir.Var)
		ld, nz := isVar && st.ld[src], isVar && st.nz[src] || nonZero(s.Src, bitState{nz: st.nz})
		locks := st.ldLocks[src]
		kill(s.Dst)
		if ld {
			st.ld[s.Dst], st.ldLocks[s.Dst] = true, locks
		}
		if nz {
			st.nz[s.Dst] = true
		}
	case *ir.Havoc:
		for _, v := range s.Vars {
			kill(v)
		}
	case *ir.Load:
		kill(s.Dst)
		if s.Region == r && !s.RMW {
			st.ld[s.Dst], st.ldLocks[s.Dst] = true, heldLocks(st.locks)
		}
	case *ir.Store:
		if s.Region != r {
			return true
		}
		return flagStore(st, s, release, stores)
	case *ir.Touch:
		return !s.Write || s.Region != r
	case *ir.Call:
		if s.Dst != nil {
			kill(s.Dst)
		}
		f.flagLocks(st, s, fields)
	}
	return true
}

// flagLock reports whether lock l serialises every open of the device: a
// global lock or misc_mtx, or under fields a lock field (one object per
// device); not an array of locks (lock-arrays takes one for all, which
// two opens on two elements do not share), nor a lock named by its
// allocation site (the site may run once per open), nor one of a frame.
func (f *facts) flagLock(l int, fields bool) bool {
	info := f.locks[l]
	switch {
	case info.pseudo() || info.perCall || info.instance || strings.Contains(info.id, "[]"):
		return false
	case info.id == miscMtx || strings.HasPrefix(info.id, "global "):
		return true
	}
	return fields && strings.HasPrefix(info.id, "struct ")
}

// flagStore applies a store of the flag.
func flagStore(st *flagState, s *ir.Store, release bool, stores map[int]storeOp) bool {
	k, ok := s.Val.(*ir.Const)
	var op storeOp
	switch {
	case !ok || s.RMW:
		return false
	case k.Val != 0 && !release && !st.must && st.checked && len(st.checkLocks) > 0:
		op, st.must = storeTakes, true
	case k.Val == 0 && st.must:
		op, st.must = storeGives, false
	default:
		return false
	}
	if prev := stores[s.Site]; prev != 0 && prev != op {
		return false
	}
	stores[s.Site] = op
	return true
}

// flagLocks applies a call's effect on the locks held for writing: an
// identified acquire for writing adds its lock (a conditional one on the
// branch its result allows, flagBranch), anything that may release or
// change a lock removes it.
func (f *facts) flagLocks(st *flagState, c *ir.Call, fields bool) {
	drop := func(l int) {
		delete(st.locks, l)
		delete(st.checkLocks, l)
		for v, ls := range st.ldLocks {
			var keep []int
			for _, x := range ls {
				if x != l {
					keep = append(keep, x)
				}
			}
			st.ldLocks[v] = keep
		}
	}
	if op, ok := f.callLock[c]; ok {
		switch {
		case op.lock < 0:
			for l := range st.locks {
				drop(l)
			}
		case op.api.Op == models.Acquire && !f.flagLock(op.lock, fields):
		case op.api.Op == models.Acquire && op.api.Mode == models.Write && op.api.Cond == models.Always:
			st.locks[op.lock] = true
		case op.api.Op == models.Acquire && op.api.Mode == models.Write && op.api.Cond == models.IfZero && c.Dst != nil:
			st.lockRes[c.Dst] = op.lock
		default:
			drop(op.lock)
		}
		return
	}
	for _, t := range c.Callees() {
		if !t.External() {
			for _, l := range f.modLocks(t) {
				drop(l)
			}
		}
	}
}

// flagBranch adds what the outcomes of condition v OP 0 say: a read of
// the flag that is zero checked it (under the locks still held since the
// read), an acquire whose result is zero holds its lock, and a non-zero
// variable.
func flagBranch(cond ir.Expr, then, els *flagState) {
	if u, ok := cond.(*ir.Unary); ok && u.Op == ir.OpNot {
		flagBranch(u.X, els, then)
		return
	}
	var v *ir.Var
	var zeroT, zeroE, nzT, nzE bool
	switch c := cond.(type) {
	case *ir.Var:
		v, zeroE, nzT = c, true, true
	case *ir.Binary:
		x, ok := c.X.(*ir.Var)
		k, ok2 := c.Y.(*ir.Const)
		if !ok || !ok2 || k.Val != 0 || (c.Op != ir.OpEq && c.Op != ir.OpNe) {
			return
		}
		v = x
		if c.Op == ir.OpEq {
			zeroT, nzE = true, true
		} else {
			zeroE, nzT = true, true
		}
	default:
		return
	}
	for _, x := range []struct {
		st       *flagState
		zero, nz bool
	}{{then, zeroT, nzT}, {els, zeroE, nzE}} {
		if x.zero && x.st.ld[v] {
			held := map[int]bool{}
			for _, l := range x.st.ldLocks[v] {
				if x.st.locks[l] {
					held[l] = true
				}
			}
			if len(held) > 0 {
				x.st.checked, x.st.checkLocks = true, held
			}
		}
		if l, ok := x.st.lockRes[v]; ok && x.zero {
			x.st.locks[l] = true
		}
		if x.nz {
			x.st.nz[v] = true
		}
		delete(x.st.ld, v)
		delete(x.st.ldLocks, v)
		delete(x.st.lockRes, v)
	}
}

func heldLocks(m map[int]bool) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// bindFlag makes the flag's stores in fn lock operations: a take is an
// acquisition for writing just before the store, a give a release just
// after it (storeLock).
func (f *facts) bindFlag(l int, fn *ir.Function, stores map[int]storeOp) {
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			st, ok := s.(*ir.Store)
			if !ok || stores[st.Site] == 0 {
				continue
			}
			api := models.LockAPI{Name: "single-open flag", Class: singleOpenClass, Arg: -1, Op: models.Release}
			ops := f.storeLock[st]
			if stores[st.Site] == storeTakes {
				api.Op, api.Mode = models.Acquire, models.Write
				ops.before = f.flagCall(st, lockOp{api: api, lock: l})
			} else {
				ops.after = f.flagCall(st, lockOp{api: api, lock: l})
			}
			f.storeLock[st] = ops
			if f.ownLocks[fn] == nil {
				f.ownLocks[fn] = make(map[int]bool)
			}
			f.ownLocks[fn][l] = true
		}
	}
}

// flagCall makes the call, in no block of the program, that stands for a
// lock operation at store s: the analyses apply it as they apply a
// locking call (storeLock).
func (f *facts) flagCall(s *ir.Store, op lockOp) *ir.Call {
	c := &ir.Call{Callee: ir.NewFunction("__whoop_single_open_flag", nil, s.P), P: s.P}
	f.callLock[c] = op
	return c
}
