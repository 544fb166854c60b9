package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// A side may stop at any point: the accesses it made so far count. The
// pair program runs one side to its end before the other, and vc checks an
// assertion only on executions that reach it, so an execution that dies
// after the side's selection (a loop that never exits, BUG() or another
// noreturn call, __builtin_unreachable(), a summarised callee whose
// contract is false because it never returns, an assumption that fails)
// would make the race assertions vacuous.
//
// So every selection also sets the ghost stop, and a side that has stopped
// never dies: it returns to the harness instead (it escapes).
//   - Every back edge, and every block that ends in Unreachable, tests stop
//     where it may be set (stopFlow): if set, the side escapes. A loop that
//     never exits after a selection escapes at the end of the iteration
//     that made it (or, for a selection before the loop, of the first
//     iteration); the execution is the real one up to there.
//   - An escape is a Halt return (escaped := true first): vc takes it past
//     every inlined caller, up to the harness's call of the entry point, so
//     no code runs after it and the callers need no test. Where the escape
//     comes back as an ordinary return (a summarised callee, called through
//     its contract, or the body of a summarised function, checked on its
//     own) the caller tests "if escaped, escape" after the call.
//   - Infinite recursion dies without a loop: recursive functions count as
//     functions that may escape, and the caller's test after the contract
//     call escapes (their contract says they return only with escaped set).
//   - Assumptions (Assume statements) hold vacuously once stop is set.
//   - The candidate postconditions about lock state are guarded by
//     !escaped (contracts.go): a callee that never returns, or escapes,
//     constrains nothing then, and an escape never refutes a candidate, so
//     summaries lose no precision.
// Between the selection and the escape the side runs on as before, and it
// may select in other regions then: each record is a real access with its
// real lockset. A record is never changed once made (definite frame facts),
// the race assertions read only the records, and the harness sets the
// second side's state anew, so the escape neither hides a race nor adds
// one. A side that never selected needs no escape: it has nothing to lose.
//
// A selection stays a data-flow update (stop := stop || chosen), and the
// selections of different regions stay independent: making a selection
// depend on stop, branching at each selection or call, or escaping at loop
// headers (after the loop cut) made the pair formulas two to three times
// slower to solve.

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
		if dies(g) || in.recursive()[g] || in.deadlocksIn(g) { // infinite recursion and self-deadlock die too
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

// stopFlow says where stop may be set: per original function and block
// index, at the block's end. Escapes are needed only there; elsewhere stop
// is false and a loop or an Unreachable end kills only executions that
// selected nothing.
type stopFlow struct {
	out map[*ir.Function][]bool
}

// stopFlow computes where stop may be set in funcs (the originals of a
// target) when region gives the regions whose selections set it: after such
// a selection, after a call of a function that may make one, and in a
// function called where stop may be set. Entry points start with stop
// cleared.
func (in *instrumenter) stopFlow(funcs []*ir.Function, region func(*ir.Region) *ghostRegion, skip map[int]bool) *stopFlow {
	sf := &stopFlow{out: make(map[*ir.Function][]bool, len(funcs))}
	atEntry := make(map[*ir.Function]bool, len(funcs))
	sets := func(s ir.Stmt) bool {
		switch s := s.(type) {
		case *ir.Load, *ir.Store, *ir.Touch:
			a := ir.AccessOf(s)
			return region(a.Region) != nil && !skip[a.Site]
		case *ir.Call:
			for _, c := range s.Callees() {
				if !c.External() && in.mayStop(c, region) {
					return true
				}
			}
		}
		return false
	}
	work := slices.Clone(funcs)
	queued := make(map[*ir.Function]bool, len(funcs))
	for _, fn := range funcs {
		queued[fn] = true
	}
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		queued[fn] = false
		n := len(fn.Blocks)
		if n == 0 {
			continue
		}
		bin, bout := make([]bool, n), make([]bool, n)
		bin[0] = atEntry[fn]
		for changed := true; changed; {
			changed = false
			for _, b := range fn.Blocks {
				st := bin[b.Index]
				for _, p := range b.Preds {
					st = st || bout[p.Index]
				}
				bin[b.Index] = st
				for _, s := range b.Stmts {
					if call, ok := s.(*ir.Call); ok && st {
						for _, c := range call.Callees() {
							if !c.External() && !atEntry[c] {
								atEntry[c] = true
								if !queued[c] {
									queued[c] = true
									work = append(work, c)
								}
							}
						}
					}
					st = st || sets(s)
				}
				if st != bout[b.Index] {
					bout[b.Index], changed = st, true
				}
			}
		}
		sf.out[fn] = bout
	}
	return sf
}

// escapeOnEdge sends dst's edges to h through a block that escapes if stop.
func (in *instrumenter) escapeOnEdge(cp *ir.Function, dst, h *ir.Block) {
	e := cp.NewBlock("")
	next := in.escape(cp, e, dst.Term.Pos())
	next.Term = &ir.Jump{Target: h, P: dst.Term.Pos()}
	switch t := dst.Term.(type) {
	case *ir.Jump:
		if t.Target == h {
			t.Target = e
		}
	case *ir.If:
		if t.Then == h {
			t.Then = e
		}
		if t.Else == h {
			t.Else = e
		}
	}
}
