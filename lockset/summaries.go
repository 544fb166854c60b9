package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
)

// Which functions get summaries. A function is either inlined wherever it
// is called (by summary inference and by every pair check alike), or
// summarised: checked on its own against Houdini candidates and called
// through its contract. Recursive functions and functions whose fully
// inlined body exceeds the budget are summarised; the rest are inlined, so
// their only candidates are loop invariants, checked in every context that
// inlines them. One decision per function keeps inference and checks
// consistent.
//
// Inlining is also bounded in depth (vc.HardInlineLimit): a call nested
// deeper is encoded through the callee's contract, and a function that is
// not summarised has none, so its selection would be arbitrary, with no
// site to report. A function whose chain of inlined callees is longer than
// maxInlineChain is therefore summarised too, which keeps every chain of
// inlined calls, from the harness down, within the limit.

// defaultInlineBudget is the largest fully inlined size, in statements, of a
// function that is inlined rather than summarised.
const defaultInlineBudget = 4000

// maxInlineChain is the longest chain of nested inlined functions, the
// outermost included: the harness calls an entry point at depth 0, and vc
// inlines calls at depths below vc.HardInlineLimit.
const maxInlineChain = vc.HardInlineLimit

// decideSummaries fills in.summarized for funcs (originals).
func (in *instrumenter) decideSummaries(funcs []*ir.Function, budget int) {
	in.summarized = make(map[*ir.Function]bool)
	for _, fn := range recursiveFuncs(funcs, in.f.callees) {
		in.summarized[fn] = true
	}
	size := make(map[*ir.Function]int)
	height := make(map[*ir.Function]int) // functions in the longest inlined chain from fn
	var sizeOf func(fn *ir.Function) int
	sizeOf = func(fn *ir.Function) int {
		if n, ok := size[fn]; ok {
			return n
		}
		size[fn] = 1 // guards against cycles; recursive functions are summarised anyway
		height[fn] = 1
		n, h := 0, 0
		for _, b := range fn.Blocks {
			n += len(b.Stmts) + 1
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				for _, c := range call.Callees() {
					if !c.External() && !in.summarized[c] {
						n += sizeOf(c)
						h = max(h, height[c])
					}
				}
			}
		}
		size[fn], height[fn] = n, h+1
		if n > budget || h+1 > maxInlineChain {
			in.summarized[fn] = true
			size[fn], height[fn] = 1, 0
		}
		if h+1 > maxInlineChain {
			return 1
		}
		return n
	}
	for _, fn := range funcs {
		sizeOf(fn)
	}
	in.inlinedSize = size
}

// recursiveFuncs returns the functions on a call cycle, in funcs order.
func recursiveFuncs(funcs []*ir.Function, callees map[*ir.Function][]*ir.Function) []*ir.Function {
	on := ir.OnCycle(funcs, func(f *ir.Function) []*ir.Function { return callees[f] })
	var out []*ir.Function
	for _, f := range funcs {
		if on[f] {
			out = append(out, f)
		}
	}
	return out
}

// recursive returns the functions of the program on a call cycle (memoised).
func (in *instrumenter) recursive() map[*ir.Function]bool {
	if in.onCycle == nil {
		in.onCycle = ir.OnCycle(in.f.prog.Funcs, func(f *ir.Function) []*ir.Function { return in.f.callees[f] })
	}
	return in.onCycle
}

// inline is the inlining decision for vc and houdini, on instrumented
// functions.
func (in *instrumenter) inline(callee *ir.Function, depth int) bool {
	orig, ok := in.originals[callee]
	return ok && !in.summarized[orig]
}
