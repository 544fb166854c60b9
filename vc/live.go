package vc

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// ghostSet is a set of ghost indices (progInfo.ghosts), as a bitset.
type ghostSet []uint64

func newGhostSet(n int) ghostSet { return make(ghostSet, (n+63)/64) }

func (s ghostSet) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s ghostSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }

// union adds t to s and reports whether s grew.
func (s ghostSet) union(t ghostSet) bool {
	grew := false
	for k, w := range t {
		if s[k]|w != s[k] {
			s[k] |= w
			grew = true
		}
	}
	return grew
}

// ghostReads answers which ghosts can still be read from a program point
// (EncodeConfig.DeadGhosts): a ghost no statement, terminator or spec
// reachable from the point reads, in the function or in the rest of the
// activations that inlined it, has a value nothing depends on, so a merge
// needs no constant and no constraints for it. Reads are over-approximated:
// a call reads everything its callees (transitively) read in their bodies
// and specs, and a function on a call cycle reads every ghost.
type ghostReads struct {
	pi     *progInfo
	all    ghostSet
	called map[*ir.Function]ghostSet   // transitive reads of a callee
	busy   map[*ir.Function]bool       // on the stack of called
	blocks map[*ir.Function][]ghostSet // per block: reads reachable from its start
}

func newGhostReads(pi *progInfo) *ghostReads {
	all := newGhostSet(len(pi.ghosts))
	for i := range pi.ghosts {
		all.add(i)
	}
	return &ghostReads{pi: pi, all: all, called: make(map[*ir.Function]ghostSet),
		busy: make(map[*ir.Function]bool), blocks: make(map[*ir.Function][]ghostSet)}
}

// expr adds the ghosts e reads to s (Old(g) counts as a read of g).
func (gr *ghostReads) expr(s ghostSet, e ir.Expr) {
	ir.WalkExpr(e, func(x ir.Expr) {
		if v, ok := x.(*ir.Var); ok {
			if i, ok := gr.pi.ghostIdx[v]; ok {
				s.add(i)
			}
		}
	})
}

func (gr *ghostReads) specs(s ghostSet, specs []*ir.Spec) {
	for _, sp := range specs {
		gr.expr(s, sp.Cond)
	}
}

// stmt adds what st reads to s: its expressions, and for a call what its
// callees read.
func (gr *ghostReads) stmt(s ghostSet, st ir.Stmt) {
	for _, x := range ir.StmtExprs(st) {
		gr.expr(s, x)
	}
	if c, ok := st.(*ir.Call); ok {
		for _, f := range c.Callees() {
			s.union(gr.callee(f))
		}
	}
}

// callee is everything f and its callees read, body and specs alike.
func (gr *ghostReads) callee(f *ir.Function) ghostSet {
	if s, ok := gr.called[f]; ok {
		return s
	}
	if gr.busy[f] {
		return gr.all
	}
	gr.busy[f] = true
	s := newGhostSet(len(gr.pi.ghosts))
	gr.specs(s, f.Requires)
	gr.specs(s, f.Ensures)
	for _, b := range f.Blocks {
		gr.local(s, f, b, 0)
	}
	delete(gr.busy, f)
	gr.called[f] = s
	return s
}

// local adds to s what block b of f reads from its statement from on:
// the statements, the terminator (with f's ensures at a return) and, from
// its start, its invariants.
func (gr *ghostReads) local(s ghostSet, f *ir.Function, b *ir.Block, from int) {
	if from == 0 {
		gr.specs(s, b.Invariants)
	}
	for _, st := range b.Stmts[from:] {
		gr.stmt(s, st)
	}
	for _, x := range ir.TermExprs(b.Term) {
		gr.expr(s, x)
	}
	if _, ok := b.Term.(*ir.Return); ok {
		gr.specs(s, f.Ensures)
	}
}

// block is what can be read from the start of b in f on, within f.
func (gr *ghostReads) block(f *ir.Function, b *ir.Block) ghostSet {
	bs, ok := gr.blocks[f]
	if !ok {
		bs = gr.solve(f)
		gr.blocks[f] = bs
	}
	return bs[b.Index]
}

// solve computes block's sets for f: each block's own reads and those of
// its successors, to a fixpoint (loops included).
func (gr *ghostReads) solve(f *ir.Function) []ghostSet {
	bs := make([]ghostSet, len(f.Blocks))
	for i, b := range f.Blocks {
		bs[i] = newGhostSet(len(gr.pi.ghosts))
		gr.local(bs[i], f, b, 0)
	}
	for changed := true; changed; {
		changed = false
		for i := len(f.Blocks) - 1; i >= 0; i-- {
			for _, t := range f.Blocks[i].Term.Succs() {
				if bs[i].union(bs[t.Index]) {
					changed = true
				}
			}
		}
	}
	return bs
}

// after is what can be read in f after call c of block b, within f.
func (gr *ghostReads) after(f *ir.Function, b *ir.Block, c *ir.Call) ghostSet {
	s := newGhostSet(len(gr.pi.ghosts))
	j := slices.IndexFunc(b.Stmts, func(st ir.Stmt) bool { return st == ir.Stmt(c) })
	if j < 0 {
		return gr.all
	}
	gr.local(s, f, b, j+1)
	for _, t := range b.Term.Succs() {
		s.union(gr.block(f, t))
	}
	return s
}
