package lockset

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// stmtPos0 is a statement's place: its block and index.
type stmtPos0 struct {
	b *ir.Block
	i int
}

// stmtPos finds statement s in fn.
func stmtPos(fn *ir.Function, s ir.Stmt) (stmtPos0, bool) {
	for _, b := range fn.Blocks {
		if i := slices.Index(b.Stmts, s); i >= 0 {
			return stmtPos0{b, i}, true
		}
	}
	return stmtPos0{}, false
}

// iterLoop is a loop of the CFG with one entry block: one iteration runs
// from header through blocks without coming back to header.
type iterLoop struct {
	header *ir.Block
	blocks map[*ir.Block]bool
}

// loopOf returns the strongly connected component of fn's CFG around b,
// when it has a single entry; nil otherwise.
func loopOf(fn *ir.Function, b *ir.Block) *iterLoop {
	cyc := false
	for _, s := range b.Term.Succs() {
		cyc = cyc || reaches(s, b)
	}
	if !cyc {
		return nil
	}
	lp := &iterLoop{blocks: make(map[*ir.Block]bool)}
	for _, x := range fn.Blocks {
		if reaches(b, x) && reaches(x, b) {
			lp.blocks[x] = true
		}
	}
	if lp.blocks[fn.Blocks[0]] {
		return nil
	}
	for _, x := range fn.Blocks {
		if lp.blocks[x] {
			continue
		}
		for _, s := range x.Term.Succs() {
			if lp.blocks[s] && lp.header != nil && lp.header != s {
				return nil
			}
			if lp.blocks[s] {
				lp.header = s
			}
		}
	}
	if lp.header == nil {
		return nil
	}
	return lp
}

// succs are b's successors within one iteration.
func (lp *iterLoop) succs(b *ir.Block) []*ir.Block {
	var out []*ir.Block
	for _, s := range b.Term.Succs() {
		if lp.blocks[s] && s != lp.header {
			out = append(out, s)
		}
	}
	return out
}

// walk returns the blocks reachable in one iteration from starts, never
// entering avoid.
func (lp *iterLoop) walk(starts []*ir.Block, avoid *ir.Block) map[*ir.Block]bool {
	seen := make(map[*ir.Block]bool)
	work := slices.Clone(starts)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == avoid || seen[x] {
			continue
		}
		seen[x] = true
		work = append(work, lp.succs(x)...)
	}
	return seen
}

// mayFollow reports whether b may run after a in one iteration.
func (lp *iterLoop) mayFollow(a, b stmtPos0) bool {
	return a.b == b.b && b.i > a.i || lp.walk(lp.succs(a.b), nil)[b.b]
}

// mustFollow reports whether every run of b in an iteration comes after
// a in it.
func (lp *iterLoop) mustFollow(a, b stmtPos0) bool {
	if a.b == b.b {
		return b.i > a.i
	}
	return !lp.walk([]*ir.Block{lp.header}, a.b)[b.b]
}

// onEveryCycle reports whether every iteration that goes round again
// runs a.
func (lp *iterLoop) onEveryCycle(a stmtPos0) bool {
	for x := range lp.walk([]*ir.Block{lp.header}, a.b) {
		if slices.Contains(x.Term.Succs(), lp.header) {
			return false
		}
	}
	return true
}

// defs returns the statements of lp that define v.
func (lp *iterLoop) defs(v *ir.Var) []stmtPos0 {
	var out []stmtPos0
	for _, b := range sortedBlocks(lp.blocks) {
		for i, s := range b.Stmts {
			if slices.Contains(ir.StmtDefs(s), v) {
				out = append(out, stmtPos0{b, i})
			}
		}
	}
	return out
}

func sortedBlocks(set map[*ir.Block]bool) []*ir.Block {
	var out []*ir.Block
	for b := range set {
		out = append(out, b)
	}
	slices.SortFunc(out, func(x, y *ir.Block) int { return x.Index - y.Index })
	return out
}

// dataVars returns the variables of funcs (run from entry, whose object
// parameter is obj) that hold what getter returns for obj: every
// definition is that call or a copy of such a variable, and every call
// passing a callee's parameter passes one. A greatest fixpoint, as
// ownVars.
func dataVars(funcs []*ir.Function, entry *ir.Function, obj *ir.Var, getter string) map[*ir.Var]bool {
	defs := make(map[*ir.Function]map[*ir.Var][]ir.Stmt, len(funcs))
	own := make(map[*ir.Var]bool)
	for _, g := range funcs {
		defs[g] = ir.Definitions(g)
		for v, ds := range defs[g] {
			defs[g][v] = slices.DeleteFunc(ds, func(d ir.Stmt) bool { return deadHavoc(g, d, v) })
		}
		for _, p := range g.Params {
			own[p] = true
		}
		for v := range defs[g] {
			own[v] = true
		}
	}
	for _, p := range entry.Params {
		own[p] = false
	}
	ownDef := func(d ir.Stmt) bool {
		switch s := d.(type) {
		case *ir.Call:
			return s.Callee != nil && s.Callee.Name == getter && len(s.Args) == 1 && s.Args[0] == ir.Expr(obj)
		case *ir.Assign:
			v, ok := s.Src.(*ir.Var)
			return ok && own[v]
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		drop := func(v *ir.Var, keep bool) {
			if !keep && own[v] {
				own[v], changed = false, true
			}
		}
		for _, g := range funcs {
			for v, ds := range defs[g] {
				for _, d := range ds {
					drop(v, ownDef(d))
				}
			}
			for _, call := range calls(g) {
				for _, t := range call.Callees() {
					if t.External() || !slices.Contains(funcs, t) {
						continue
					}
					for j, p := range t.Params {
						v, ok := ir.Expr(nil), false
						if j < len(call.Args) {
							v = call.Args[j]
							x, isVar := v.(*ir.Var)
							ok = isVar && own[x]
						}
						drop(p, ok)
					}
				}
			}
		}
	}
	return own
}
