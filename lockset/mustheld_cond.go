package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// condAcquire is a conditional acquire (mutex_lock_interruptible,
// mutex_trylock, down_interruptible, ...) whose result the branch ending
// its block may test. The instrumentation sets the lock's bits on the
// outcome that takes it (held := res == 0 ? true : held) and leaves them
// as they were on the other; the must-held analysis follows the branch
// the same way, so "if (mutex_lock_interruptible(&m)) return -EINTR;"
// holds m on the fall-through (lp.c's lp_write, which keeps its
// port_mutex across a loop whose cut otherwise loses what the record of
// an access inside it held). Only the same block: the result and its
// copies (vars), no call that may change the lock in between.
type condAcquire struct {
	op     lockOp
	vars   []*ir.Var
	before held // the lock's state before the call
}

// condStart returns the conditional acquire s makes, with the state st
// before it, or nil when s is none whose outcome the analysis can follow.
func (a *mustAnalysis) condStart(s *ir.Call, st held) *condAcquire {
	if s.Callee == nil || !s.Callee.External() {
		return nil // an indirect call may reach another target instead
	}
	op, ok := a.in.f.callLock[s]
	if !ok || s.Dst == nil || op.lock < 0 || op.api.Op != models.Acquire || op.api.Cond == models.Always {
		return nil
	}
	if info := a.in.f.locks[op.lock]; info.instance || info.perCall {
		return nil // lockOp sets neither: which instance is held is Z3's to say
	}
	return &condAcquire{op: op, vars: []*ir.Var{s.Dst}, before: st.clone()}
}

// condStep updates c over statement s of the block after the acquire: a
// copy of the result joins vars, a redefinition leaves them, and a call
// that may change the lock ends c (nil).
func (a *mustAnalysis) condStep(c *condAcquire, s ir.Stmt) *condAcquire {
	if c == nil {
		return nil
	}
	if call, ok := s.(*ir.Call); ok && a.mayChange(call, c.op.lock) {
		return nil
	}
	if ops := a.in.f.storeLock[s]; ops.before != nil || ops.after != nil {
		return nil
	}
	copied := false
	if as, ok := s.(*ir.Assign); ok {
		if v, ok := as.Src.(*ir.Var); ok && slices.Contains(c.vars, v) {
			copied = true
		}
	}
	for _, d := range ir.StmtDefs(s) {
		c.vars = slices.DeleteFunc(c.vars, func(v *ir.Var) bool { return v == d })
		if copied {
			c.vars = append(c.vars, d)
		}
	}
	if len(c.vars) == 0 {
		return nil
	}
	return c
}

// mayChange reports whether call may acquire, release or downgrade lock
// l: a locking call on it or on its class when unidentified, or a
// function with a body that may (modLocks).
func (a *mustAnalysis) mayChange(call *ir.Call, l int) bool {
	f := a.in.f
	if op, ok := f.callLock[call]; ok && (op.lock == l || op.lock < 0 && op.api.Class == f.locks[l].class) {
		return true
	}
	for _, t := range call.Callees() {
		if !t.External() && slices.Contains(f.modLocks(t), l) {
			return true
		}
	}
	return false
}

// condBranch refines the states of the two arms of the branch on cond
// (then, els: both the state after the block) by c's outcome: the arm
// where the acquire succeeded holds the lock as an unconditional acquire
// would, the other has its bits from before the call. A condition that
// is not a test of the result against 0 refines nothing.
func (a *mustAnalysis) condBranch(c *condAcquire, cond ir.Expr, then, els held) {
	if c == nil {
		return
	}
	zeroThen, ok := zeroTest(cond, c.vars)
	if !ok {
		return
	}
	zeroArm, nonZeroArm := els, then
	if zeroThen {
		zeroArm, nonZeroArm = then, els
	}
	won, lost := zeroArm, nonZeroArm
	if c.op.api.Cond == models.IfNonZero {
		won, lost = nonZeroArm, zeroArm
	}
	always := c.op
	always.api.Cond = models.Always
	a.lockOp(won, always)
	l := c.op.lock
	for _, p := range [][2]lockBits{{lost.any, c.before.any}, {lost.w, c.before.w}, {lost.none, c.before.none}, {lost.notW, c.before.notW}} {
		if p[1].has(l) {
			p[0].set(l)
		} else {
			p[0].clear(l)
		}
	}
}

// zeroTest reports whether cond tests one of vars against 0, and whether
// its true arm is the one where the value is 0: v == 0, v != 0, or either
// under a logical not.
func zeroTest(cond ir.Expr, vars []*ir.Var) (zeroThen, ok bool) {
	switch c := cond.(type) {
	case *ir.Unary:
		if c.Op != ir.OpNot {
			return false, false
		}
		z, ok := zeroTest(c.X, vars)
		return !z, ok
	case *ir.Binary:
		x, isVar := c.X.(*ir.Var)
		k, isConst := c.Y.(*ir.Const)
		if !isVar || !isConst || k.Val != 0 || !slices.Contains(vars, x) {
			return false, false
		}
		switch c.Op {
		case ir.OpEq:
			return true, true
		case ir.OpNe:
			return false, true
		}
	}
	return false, false
}
