package lockset

import "github.com/whoopverify/whoop/ir"

// Which functions get summaries. A function is either inlined wherever it
// is called (by summary inference and by every pair check alike), or
// summarised: checked on its own against Houdini candidates and called
// through its contract. Recursive functions and functions whose fully
// inlined body exceeds the budget are summarised; the rest are inlined, so
// their only candidates are loop invariants, checked in every context that
// inlines them. One decision per function keeps inference and checks
// consistent.

// defaultInlineBudget is the largest fully inlined size, in statements, of a
// function that is inlined rather than summarised.
const defaultInlineBudget = 4000

// decideSummaries fills in.summarized for funcs (originals).
func (in *instrumenter) decideSummaries(funcs []*ir.Function, budget int) {
	in.summarized = make(map[*ir.Function]bool)
	for _, fn := range recursiveFuncs(funcs, in.f.callees) {
		in.summarized[fn] = true
	}
	size := make(map[*ir.Function]int)
	var sizeOf func(fn *ir.Function) int
	sizeOf = func(fn *ir.Function) int {
		if n, ok := size[fn]; ok {
			return n
		}
		size[fn] = 1 // guards against cycles; recursive functions are summarised anyway
		n := 0
		for _, b := range fn.Blocks {
			n += len(b.Stmts) + 1
			for _, s := range b.Stmts {
				call, ok := s.(*ir.Call)
				if !ok {
					continue
				}
				callees := call.Targets
				if call.Callee != nil {
					callees = []*ir.Function{call.Callee}
				}
				for _, c := range callees {
					if !c.External() && !in.summarized[c] {
						n += sizeOf(c)
					}
				}
			}
		}
		size[fn] = n
		if n > budget {
			in.summarized[fn] = true
			size[fn] = 1
		}
		return n
	}
	for _, fn := range funcs {
		sizeOf(fn)
	}
	in.inlinedSize = size
}

// recursiveFuncs returns the functions on a call cycle (Tarjan's strongly
// connected components over the call graph).
func recursiveFuncs(funcs []*ir.Function, callees map[*ir.Function][]*ir.Function) []*ir.Function {
	index := make(map[*ir.Function]int)
	low := make(map[*ir.Function]int)
	onStack := make(map[*ir.Function]bool)
	var stack, out []*ir.Function
	next := 0
	var visit func(v *ir.Function)
	visit = func(v *ir.Function) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		selfLoop := false
		for _, w := range callees[v] {
			if w == v {
				selfLoop = true
			}
			if _, seen := index[w]; !seen {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] != index[v] {
			return
		}
		var scc []*ir.Function
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			scc = append(scc, w)
			if w == v {
				break
			}
		}
		if len(scc) > 1 || selfLoop {
			out = append(out, scc...)
		}
	}
	for _, fn := range funcs {
		if _, seen := index[fn]; !seen {
			visit(fn)
		}
	}
	return out
}

// inline is the inlining decision for vc and houdini, on instrumented
// functions.
func (in *instrumenter) inline(callee *ir.Function, depth int) bool {
	orig, ok := in.originals[callee]
	return ok && !in.summarized[orig]
}
