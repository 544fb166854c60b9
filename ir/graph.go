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
// and nodes with an edge to themselves (Tarjan's algorithm, visiting roots
// and successors in the order given).
func OnCycle[N comparable](roots []N, succs func(N) []N) map[N]bool {
	index := make(map[N]int)
	low := make(map[N]int)
	onStack := make(map[N]bool)
	var stack []N
	out := make(map[N]bool)
	next := 0
	var visit func(v N)
	visit = func(v N) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range succs(v) {
			if w == v {
				out[v] = true
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
		if len(comp) > 1 {
			for _, w := range comp {
				out[w] = true
			}
		}
	}
	for _, r := range roots {
		if _, seen := index[r]; !seen {
			visit(r)
		}
	}
	return out
}
