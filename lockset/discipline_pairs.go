package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Callback pairs whose lock state carries over (models.LockPairs): the
// USB core calls ->post_reset only after ->pre_reset returned 0, and a
// driver may take a mutex in pre_reset and release it in post_reset on
// purpose (ati_remote2.c, cm109.c). A lock the first callback of a pair
// acquires and the second releases is carried: the first is not checked
// for returning with it held, and the second starts with it held (so its
// first release is no unlock of an unheld lock, a second one is, and a
// re-acquire is a double lock) and is not checked for returning with it
// held or released. Every other lock of the two is checked as usual, and
// the race check runs each of them as before, the lock not held on entry.

// carry fills d.carried (per entry point, the locks not checked at its
// return) and d.carriedIn (the locks it holds on entry) for the entry
// points of eps that form lock pairs.
func (d *discipline) carry(in *instrumenter, eps []*ir.EntryPoint) {
	d.carried = make(map[*ir.EntryPoint]map[int]bool)
	d.carriedIn = make(map[*ir.EntryPoint]map[int]bool)
	add := func(m map[*ir.EntryPoint]map[int]bool, ep *ir.EntryPoint, l int) {
		if m[ep] == nil {
			m[ep] = make(map[int]bool)
		}
		m[ep][l] = true
	}
	for _, p := range models.LockPairs() {
		for _, a := range eps {
			for _, b := range eps {
				// A chip copied at run time has no ops variable: its
				// static initialiser ties the pair (brackets.go).
				if !p.Match(a, b) && (a.Var != "" || b.Var != "" || !bracketRow(a, p.First) ||
					!bracketRow(b, p.Second) || !in.f.staticOnly(a, b)) {
					continue
				}
				acquired := in.lockOps(a.Func, models.Acquire)
				for l := range in.lockOps(b.Func, models.Release) {
					if acquired[l] {
						add(d.carried, a, l)
						add(d.carried, b, l)
						add(d.carriedIn, b, l)
					}
				}
			}
		}
	}
}

// lockOps returns the identified locks (not the publication pseudo-locks)
// that fn and the driver functions it calls acquire (op Acquire) or
// release.
func (in *instrumenter) lockOps(fn *ir.Function, op models.LockOp) map[int]bool {
	out := make(map[int]bool)
	for _, g := range in.f.reach(fn) {
		for _, b := range g.Blocks {
			for _, st := range b.Stmts {
				c, ok := st.(*ir.Call)
				if !ok {
					continue
				}
				if lo, ok := in.f.callLock[c]; ok && lo.lock >= 0 && lo.api.Op == op && !in.f.locks[lo.lock].pseudo() {
					out[lo.lock] = true
				}
			}
		}
	}
	return out
}
