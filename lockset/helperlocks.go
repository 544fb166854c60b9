package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// helperLocks makes each access of a kernel helper whose row names a
// lock of the kernel's own (models.Helper.Under: fasync_helper, under
// fs/fcntl.c's fasync_lock) an access under that lock: an acquire just
// before the access and a release just after it, applied by the analyses
// as a locking call (storeLock). The helper's accesses are the touches
// right before its call (the front end's order). No driver can take such
// a lock, so it orders the helper's accesses only against each other, and
// against a callback that runs under the same kernel lock; a driver's own
// access of the field, or another helper's without the lock (kill_fasync's
// unlocked read of the head), still races with them. Assumption
// "helper-locks" (Options.NoHelperLocks).
func (f *facts) helperLocks() {
	for _, fn := range f.prog.Funcs {
		for _, b := range fn.Blocks {
			for i, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok || call.Callee == nil || !call.Callee.External() {
					continue
				}
				h, ok := models.HelperFor(call.Callee.Name)
				if !ok || h.Under == "" {
					continue
				}
				for j := i - 1; j >= 0; j-- {
					t, ok := b.Stmts[j].(*ir.Touch)
					if !ok {
						break
					}
					f.underHelperLock(fn, t, h.Under)
				}
			}
		}
	}
}

// underHelperLock brackets touch t of fn with an acquire and a release
// of kernel lock id.
func (f *facts) underHelperLock(fn *ir.Function, t *ir.Touch, id string) {
	l := f.lock(id, "kernel", false)
	api := models.LockAPI{Name: id, Class: "kernel", Arg: -1, Global: id, Op: models.Acquire, Mode: models.Write}
	ops := f.storeLock[t]
	ops.before = f.lockCall(t.P, "__whoop_helper_lock", lockOp{api: api, lock: l})
	api.Op = models.Release
	ops.after = f.lockCall(t.P, "__whoop_helper_lock", lockOp{api: api, lock: l})
	f.storeLock[t] = ops
	if f.ownLocks[fn] == nil {
		f.ownLocks[fn] = make(map[int]bool)
	}
	f.ownLocks[fn][l] = true
}

// lockCall makes a call, in no block of the program, that stands for
// lock operation op at p.
func (f *facts) lockCall(p ir.Pos, name string, op lockOp) *ir.Call {
	c := &ir.Call{Callee: ir.NewFunction(name, nil, p), P: p}
	f.callLock[c] = op
	return c
}
