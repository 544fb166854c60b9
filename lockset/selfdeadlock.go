package lockset

import (
	"strings"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Self-deadlock (assumption self-deadlock). A mutex or spinlock is not
// recursive: mutex_lock (kernel/locking/mutex.c) and spin_lock
// (kernel/locking/spinlock.c) of a lock the calling thread holds wait for
// its owner, the thread itself, which never releases it, since only the
// owner may release a mutex or a spinlock it took. So no path goes on past
// such an acquire, and the race check drops those paths: a side that
// already selected its access escapes there, as at any other end of a
// path that never returns (stop.go), and a side that did not dies.
//
// Where it matters: an indirect call made under a lock that whoop resolves
// to the driver's own callbacks that take that lock (6.12
// i2c-nforce2-s4985.c: nforce2_access_channel, under nforce2_lock, calls
// the parent adapter's smbus_xfer, which whoop takes for the mux's own
// virtual transfers). Their unlock used to leave the lock free after the
// call, and the caller's accesses after it unprotected; now only the
// callees' paths that return without taking the lock come back.
//
// The rule applies only where the lock bit is exactly the one lock object:
// a global mutex or spinlock every operation of the file names exactly
// (no array element, no field of a struct type, which stands for many
// objects, no lock of the kernel's), that no entry point holds on entry
// (the kernel-held, bracket and pair locks come from other assumptions),
// and only to the unconditional acquires (a trylock fails instead, an
// _interruptible or _killable acquire returns on a signal). Semaphores are
// left out: another thread's up() releases them. The lock checks keep
// every path, and report the second acquire as a double lock.

// noteOwnedLock records whether call's lock operation api names lock l as
// one exact global mutex or spinlock; one operation that does not is enough
// to leave l out.
func (f *facts) noteOwnedLock(call *ir.Call, api models.LockAPI, l int, kernelLock bool) {
	if f.ownedLocks == nil {
		return
	}
	var t *ir.Target
	if api.Arg >= 0 && api.Arg < len(call.ArgTargets) {
		t = call.ArgTargets[api.Arg]
	}
	exact := t != nil && t.Exact && !t.Array && !kernelLock &&
		strings.HasPrefix(t.Key, "global ") && (api.Class == "mutex" || api.Class == "spinlock")
	if was, seen := f.ownedLocks[l]; seen && !was {
		return
	}
	f.ownedLocks[l] = exact
}

// deadlocking reports whether op, in the race check, is an acquire that
// never returns when its lock is already held (self-deadlock).
func (in *instrumenter) deadlocking(op lockOp) bool {
	if in.lockChecks || op.lock < 0 || in.f.ownedLocks == nil {
		return false
	}
	api := op.api
	if api.Op != models.Acquire || api.Cond != models.Always || api.Mode != models.Write {
		return false
	}
	if in.heldOnEntry == nil {
		in.heldOnEntry = make(map[int]bool)
		for _, ep := range in.f.prog.EntryPoints {
			held, _ := in.initialLocks(ep)
			for l, h := range held {
				if h {
					in.heldOnEntry[l] = true
				}
			}
		}
	}
	return in.f.ownedLocks[op.lock] && !in.heldOnEntry[op.lock]
}

// selfDeadlock ends the path in dst where acquire op finds its lock held:
// a side that stopped escapes, any other dies. It returns the block where
// the acquire goes on.
func (in *instrumenter) selfDeadlock(cp *ir.Function, dst *ir.Block, op lockOp, pos ir.Pos) *ir.Block {
	held := in.locks[op.lock].held
	dst = in.returnIf(cp, dst, ir.And(held, in.stop), pos)
	dst.Add(&ir.Assume{Cond: ir.Or(in.stop, ir.Not(held)), P: pos})
	return dst
}

// deadlocksIn reports whether original fn has an acquire that may end its
// path by self-deadlock (stop.go, mayEscape).
func (in *instrumenter) deadlocksIn(fn *ir.Function) bool {
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			if c, ok := s.(*ir.Call); ok {
				if op, ok := in.f.callLock[c]; ok && in.deadlocking(op) {
					return true
				}
			}
		}
	}
	return false
}
