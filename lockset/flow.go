package lockset

import "github.com/whoopverify/whoop/ir"

// flowState is a forward dataflow state of the single-open checks: meet
// joins another state in and reports whether anything changed; clone
// copies it.
type flowState[S any] interface {
	*S
	meet(S) bool
	clone() S
}

// forwardFlow runs a forward dataflow from entry, starting at start, to
// its fixed point, one worklist for the single-open bit and flag checks.
// visit applies a block's statements (and checks its return) to the
// state, false to stop; branch refines the two states of an if's arms by
// its condition. It reports false when a visit stopped.
func forwardFlow[S any, P flowState[S]](entry *ir.Block, start S, visit func(*ir.Block, *S) bool, branch func(ir.Expr, *S, *S)) bool {
	in := map[*ir.Block]*S{entry: &start}
	work := []*ir.Block{entry}
	push := func(to *ir.Block, st S) {
		if cur, ok := in[to]; ok {
			if !P(cur).meet(st) {
				return
			}
		} else {
			cp := P(&st).clone()
			in[to] = &cp
		}
		work = append(work, to)
	}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		st := P(in[blk]).clone()
		if !visit(blk, &st) {
			return false
		}
		if t, ok := blk.Term.(*ir.If); ok {
			thenSt, elseSt := P(&st).clone(), P(&st).clone()
			branch(t.Cond, &thenSt, &elseSt)
			push(t.Then, thenSt)
			push(t.Else, elseSt)
			continue
		}
		for _, succ := range blk.Term.Succs() {
			push(succ, st)
		}
	}
	return true
}
