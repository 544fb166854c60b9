package frontend

import (
	"github.com/whoopverify/whoop/ir"
)

// finishFunction tidies a lowered control-flow graph: blocks unreachable
// from the entry are dropped, a block whose only predecessor jumps to it is
// merged into that predecessor, blocks are renumbered, variables that some
// path reads before assigning (a goto or switch past their declaration)
// get a Havoc at entry, and predecessor lists are computed.
func finishFunction(fn *ir.Function) {
	if len(fn.Blocks) == 0 {
		return
	}
	for _, b := range fn.Blocks {
		if b.Term == nil {
			b.Term = &ir.Unreachable{}
		}
	}
	entry := fn.Blocks[0]
	threadJumps(fn, entry)
	// Reachability and predecessor counts.
	reach := map[*ir.Block]bool{entry: true}
	order := []*ir.Block{entry}
	for i := 0; i < len(order); i++ {
		for _, s := range order[i].Term.Succs() {
			if !reach[s] {
				reach[s] = true
				order = append(order, s)
			}
		}
	}
	preds := make(map[*ir.Block]int)
	for _, b := range order {
		for _, s := range b.Term.Succs() {
			preds[s]++
		}
	}
	// Merge straight-line chains.
	merged := make(map[*ir.Block]bool)
	for _, b := range order {
		if merged[b] {
			continue
		}
		for {
			j, ok := b.Term.(*ir.Jump)
			if !ok || j.Target == b || j.Target == entry || preds[j.Target] != 1 || merged[j.Target] {
				break
			}
			t := j.Target
			if len(b.Stmts) == 0 && t.Comment != "" && b != entry {
				b.Comment = t.Comment
			}
			b.Stmts = append(b.Stmts, t.Stmts...)
			b.Term = t.Term
			merged[t] = true
		}
	}
	// Lay blocks out in reverse postorder: a block after all its forward
	// predecessors, the "then" branch before the "else" branch.
	var post []*ir.Block
	seen := make(map[*ir.Block]bool)
	type frame struct {
		b    *ir.Block
		next int
	}
	stack := []frame{{b: entry}}
	seen[entry] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Term.Succs()
		if top.next < len(succs) {
			s := succs[len(succs)-1-top.next]
			top.next++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{b: s})
			}
			continue
		}
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	blocks := make([]*ir.Block, 0, len(post))
	for i := len(post) - 1; i >= 0; i-- {
		b := post[i]
		b.Index = len(blocks)
		blocks = append(blocks, b)
	}
	fn.Blocks = blocks
	havocUnassigned(fn)
	fn.ComputePreds()
}

// threadJumps sends jumps to an empty block that only jumps on to that
// block's target.
func threadJumps(fn *ir.Function, entry *ir.Block) {
	final := func(b *ir.Block) *ir.Block {
		for i := 0; i < 64; i++ {
			j, ok := b.Term.(*ir.Jump)
			if !ok || len(b.Stmts) > 0 || b == entry || j.Target == b {
				return b
			}
			b = j.Target
		}
		return b
	}
	for _, b := range fn.Blocks {
		switch t := b.Term.(type) {
		case *ir.Jump:
			t.Target = final(t.Target)
		case *ir.If:
			t.Then, t.Else = final(t.Then), final(t.Else)
			if t.Then == t.Else {
				b.Term = &ir.Jump{Target: t.Then, P: t.P}
			}
		}
	}
}

// havocUnassigned adds a Havoc at entry for the locals some path reads
// before any assignment: their C value is indeterminate there.
func havocUnassigned(fn *ir.Function) {
	need := make(map[*ir.Var]bool)
	ir.UnassignedReads(fn, func(v *ir.Var, _ *ir.Block, _ ir.Stmt) { need[v] = true })
	if len(need) == 0 {
		return
	}
	var vs []*ir.Var
	for _, v := range fn.Locals {
		if need[v] {
			vs = append(vs, v)
		}
	}
	entry := fn.Blocks[0]
	entry.Stmts = append([]ir.Stmt{&ir.Havoc{Vars: vs, P: fn.Pos}}, entry.Stmts...)
}
