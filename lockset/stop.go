package lockset

import "github.com/whoopverify/whoop/ir"

// A side may stop at any point: the accesses it made so far count. The
// pair program runs one side to its end before the other, and vc checks an
// assertion only on executions that reach it, so an execution that dies
// after the side's selection (a loop that never exits, BUG() or another
// noreturn call, __builtin_unreachable(), a summarised callee whose
// contract is false because it never returns, an assumption that fails)
// would make the race assertions vacuous.
//
// So every selection also sets the ghost stop, and a side that has stopped
// never dies: it returns to the harness instead.
//   - Every loop header, and every block that ends in Unreachable, first
//     tests stop: if set, the side escapes (escaped := true, return). A loop
//     that never exits comes back to its header (after the loop cut: the
//     havocked state constrained by the loop invariants, as on the loop's
//     exit) and escapes there.
//   - After a call of a function that may escape, "if escaped, return", up
//     to the harness. So no code runs after an escape: the lock state a
//     stopped side reaches is never used.
//   - Assumptions (Assume statements) hold vacuously once stop is set.
//   - The candidate postconditions about lock state are guarded by
//     !escaped (contracts.go): a callee that never returns, or escapes,
//     constrains nothing then, and an escape never refutes a candidate, so
//     summaries lose no precision. A callee whose every path dies without
//     a selection still kills its caller's paths, correctly: nothing was
//     selected after that call could happen.
// Between the stop and the escape the side runs as before (straight-line
// code, no loop header), and it may select in other regions then: each
// record is a real access with its real lockset. The selection record
// (sel, site, locksets) is never changed once made (definite frame facts),
// the race assertion reads only that record, and the harness sets the
// second side's state anew, so what a stopped side does afterwards neither
// hides a race nor adds one.
//
// A selection stays a data-flow update (stop := stop || chosen) and the
// selections of different regions stay independent: making a selection
// depend on stop, or branching at each selection, made the pair formulas
// several times slower to solve.

// escape ends dst with "if stop, escape" and returns the block where the
// code continues when the side has not stopped.
func (in *instrumenter) escape(cp *ir.Function, dst *ir.Block, pos ir.Pos) *ir.Block {
	return in.returnIf(cp, dst, in.stop, pos)
}

// propagate follows a call in fn of one of callees (originals) that may
// escape with "if escaped, return". An inlined callee's escape is a Halt
// return, which vc takes past every inlined caller, so the test is needed
// only where the escape comes back as a return: after a call through a
// contract (a summarised callee), and in a summarised function, which is
// checked on its own with its callees inlined into it.
func (in *instrumenter) propagate(fn, cp *ir.Function, dst *ir.Block, pos ir.Pos, callees ...*ir.Function) *ir.Block {
	for _, c := range callees {
		if in.mayEscape(c) && (in.summarized[fn] || in.summarized[c]) {
			return in.returnIf(cp, dst, in.escaped, pos)
		}
	}
	return dst
}

// returnIf ends dst with "if cond, escaped := true and return", returning
// the block that continues otherwise.
func (in *instrumenter) returnIf(cp *ir.Function, dst *ir.Block, cond ir.Expr, pos ir.Pos) *ir.Block {
	ret := cp.NewBlock("stopped side returns")
	ret.Add(&ir.Assign{Dst: in.escaped, Src: ir.True, P: pos})
	ret.Term = &ir.Return{P: pos, Halt: true}
	next := cp.NewBlock("")
	dst.Term = &ir.If{Cond: cond, Then: ret, Else: next, P: pos}
	return next
}

// mayEscape reports whether original fn, or a function it may call, has a
// loop or an Unreachable end.
func (in *instrumenter) mayEscape(fn *ir.Function) bool {
	if in.escapes == nil {
		in.escapes = make(map[*ir.Function]bool)
	}
	if e, ok := in.escapes[fn]; ok {
		return e
	}
	e := false
	for _, g := range in.f.reach(fn) {
		if dies(g) || in.recursive()[g] { // infinite recursion dies too
			e = true
			break
		}
	}
	in.escapes[fn] = e
	return e
}

// dies reports whether fn has a loop or a block that ends in Unreachable.
func dies(fn *ir.Function) bool {
	if fn.External() {
		return false
	}
	for _, b := range fn.Blocks {
		if _, ok := b.Term.(*ir.Unreachable); ok {
			return true
		}
	}
	return len(loopHeaders(fn)) > 0
}

// mayStop reports whether original fn may select, and so set stop, in a
// region whose ghost state region gives.
func (in *instrumenter) mayStop(fn *ir.Function, region func(*ir.Region) *ghostRegion) bool {
	regs, _ := in.accessed(fn)
	for _, g := range regs {
		if region(g.r) != nil {
			return true
		}
	}
	return false
}
