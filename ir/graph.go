package ir

// Callees returns the functions call may reach: its direct callee, or the
// resolved targets of an indirect call.
func (c *Call) Callees() []*Function {
	if c.Callee != nil {
		return []*Function{c.Callee}
	}
	return c.Targets
}

// OnCycle returns the nodes that lie on a cycle of the graph given by
// succs: members of a strongly connected component of two or more nodes,
// and nodes with an edge to themselves.
func OnCycle[N comparable](roots []N, succs func(N) []N) map[N]bool {
	comp := CycleComponents(roots, succs)
	out := make(map[N]bool, len(comp))
	for v := range comp {
		out[v] = true
	}
	return out
}

// LoopBlocks returns the blocks of fn that lie on a cycle of its CFG.
func LoopBlocks(fn *Function) map[*Block]bool {
	return OnCycle(fn.Blocks, func(b *Block) []*Block {
		if b.Term == nil {
			return nil
		}
		var succs []*Block
		for _, s := range b.Term.Succs() {
			if s != nil {
				succs = append(succs, s)
			}
		}
		return succs
	})
}

// CycleComponents numbers the cycles of the graph given by succs: each node
// on a cycle maps to the index of its strongly connected component, the
// same for the nodes of one component (Tarjan's algorithm, visiting roots
// and successors in the order given, so the numbering is deterministic).
// A call from one node to another of the same component is a recursive
// call; a call into a component from outside is not.
func CycleComponents[N comparable](roots []N, succs func(N) []N) map[N]int {
	index := make(map[N]int)
	low := make(map[N]int)
	onStack := make(map[N]bool)
	var stack []N
	out := make(map[N]int)
	next, ncomp := 0, 0
	var visit func(v N)
	visit = func(v N) {
		self := false
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range succs(v) {
			if w == v {
				self = true
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
		var comp []N
		for {
			w := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[w] = false
			comp = append(comp, w)
			if w == v {
				break
			}
		}
		if len(comp) > 1 || self {
			for _, w := range comp {
				out[w] = ncomp
			}
			ncomp++
		}
	}
	for _, r := range roots {
		if _, seen := index[r]; !seen {
			visit(r)
		}
	}
	return out
}
