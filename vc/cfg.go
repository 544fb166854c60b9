package vc

import (
	"fmt"
	"slices"

	"github.com/whoopverify/whoop/ir"
)

// funcInfo is the per-function analysis the encoder needs: numbering of
// the function's variables, the blocks in a topological order of the graph
// without its retreating edges, the cut points and what to havoc at each.
type funcInfo struct {
	fn     *ir.Function
	vars   []*ir.Var // parameters, locals, Ret
	varIdx map[*ir.Var]int
	rpo    []*ir.Block // blocks reachable from the entry, reverse postorder of the DFS
	back   map[edge]bool
	cut    []bool     // by block index
	havoc  []havocSet // by block index, for cut points
	// irreducible: some retreating edge does not target a dominator of its
	// source; cut points then havoc everything the function modifies.
	irreducible bool
}

type edge struct{ from, to int }

// havocSet lists what a cut point havocs: local variable indices, ghost
// indices and memory slots, each sorted.
type havocSet struct{ locals, ghosts, mem []int }

// info returns the (cached) analysis of f.
func (pi *progInfo) info(f *ir.Function) (*funcInfo, error) {
	if fi, ok := pi.funcs[f]; ok {
		return fi, nil
	}
	fi, err := pi.analyse(f)
	if err != nil {
		return nil, err
	}
	pi.own()
	pi.funcs[f] = fi
	return fi, nil
}

func (pi *progInfo) analyse(f *ir.Function) (*funcInfo, error) {
	fi := &funcInfo{fn: f, varIdx: make(map[*ir.Var]int)}
	addVar := func(v *ir.Var) {
		if v == nil {
			return
		}
		if _, ok := fi.varIdx[v]; !ok {
			fi.varIdx[v] = len(fi.vars)
			fi.vars = append(fi.vars, v)
		}
	}
	for _, v := range f.Params {
		addVar(v)
	}
	for _, v := range f.Locals {
		addVar(v)
	}
	addVar(f.Ret)
	n := len(f.Blocks)
	for i, b := range f.Blocks {
		if b == nil || b.Index != i {
			return nil, fmt.Errorf("%s: block at position %d has index mismatch", f.Name, i)
		}
		if b.Term == nil {
			return nil, fmt.Errorf("%s: %s has no terminator", f.Name, b)
		}
		for _, s := range b.Term.Succs() {
			if s == nil || s.Index < 0 || s.Index >= n || f.Blocks[s.Index] != s {
				return nil, fmt.Errorf("%s: %s jumps to a block outside the function", f.Name, b)
			}
		}
	}
	if n == 0 {
		return fi, nil
	}
	fi.dfs()
	fi.cut = make([]bool, n)
	fi.havoc = make([]havocSet, n)
	for e := range fi.back {
		fi.cut[e.to] = true
	}
	for _, b := range fi.rpo {
		if len(b.Invariants) > 0 {
			fi.cut[b.Index] = true
		}
	}
	fi.irreducible = !fi.reducible()
	blockEff := make([]havocSet, n)
	for _, b := range fi.rpo {
		blockEff[b.Index] = pi.blockEffects(fi, b)
	}
	var all havocSet
	if fi.irreducible {
		for _, b := range fi.rpo {
			all = all.union(blockEff[b.Index])
		}
	}
	for _, h := range fi.rpo {
		if !fi.cut[h.Index] {
			continue
		}
		if fi.irreducible {
			if fi.isLoopHeader(h.Index) {
				fi.havoc[h.Index] = all
			}
			continue
		}
		var hs havocSet
		for _, b := range fi.naturalLoop(h.Index) {
			hs = hs.union(blockEff[b])
		}
		fi.havoc[h.Index] = hs
	}
	return fi, nil
}

func (fi *funcInfo) isLoopHeader(h int) bool {
	for e := range fi.back {
		if e.to == h {
			return true
		}
	}
	return false
}

// dfs computes rpo and the retreating edges with an iterative depth-first
// search from the entry, successors in order.
func (fi *funcInfo) dfs() {
	blocks := fi.fn.Blocks
	state := make([]uint8, len(blocks)) // 0 new, 1 on the stack, 2 finished
	fi.back = make(map[edge]bool)
	type frame struct {
		b    *ir.Block
		next int
	}
	var post []*ir.Block
	stack := []frame{{b: blocks[0]}}
	state[0] = 1
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		succs := top.b.Term.Succs()
		if top.next < len(succs) {
			s := succs[top.next]
			top.next++
			switch state[s.Index] {
			case 0:
				state[s.Index] = 1
				stack = append(stack, frame{b: s})
			case 1:
				fi.back[edge{top.b.Index, s.Index}] = true
			}
			continue
		}
		state[top.b.Index] = 2
		post = append(post, top.b)
		stack = stack[:len(stack)-1]
	}
	slices.Reverse(post)
	fi.rpo = post
}

// preds returns the reachable predecessors of every block, in rpo order.
func (fi *funcInfo) preds() [][]int {
	preds := make([][]int, len(fi.fn.Blocks))
	for _, b := range fi.rpo {
		seen := -1
		for _, s := range b.Term.Succs() {
			if s.Index != seen {
				preds[s.Index] = append(preds[s.Index], b.Index)
				seen = s.Index
			}
		}
	}
	return preds
}

// reducible reports whether every retreating edge targets a dominator of
// its source (Cooper, Harvey and Kennedy's iterative dominators).
func (fi *funcInfo) reducible() bool {
	if len(fi.back) == 0 {
		return true
	}
	order := make([]int, len(fi.fn.Blocks)) // rpo position
	for i := range order {
		order[i] = -1
	}
	for i, b := range fi.rpo {
		order[b.Index] = i
	}
	preds := fi.preds()
	idom := make([]int, len(fi.fn.Blocks))
	for i := range idom {
		idom[i] = -1
	}
	entry := fi.rpo[0].Index
	idom[entry] = entry
	intersect := func(a, b int) int {
		for a != b {
			for order[a] > order[b] {
				a = idom[a]
			}
			for order[b] > order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range fi.rpo[1:] {
			nd := -1
			for _, p := range preds[b.Index] {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[b.Index] {
				idom[b.Index] = nd
				changed = true
			}
		}
	}
	dominates := func(a, b int) bool {
		for {
			if a == b {
				return true
			}
			if b == entry {
				return false
			}
			b = idom[b]
		}
	}
	for e := range fi.back {
		if !dominates(e.to, e.from) {
			return false
		}
	}
	return true
}

// naturalLoop returns the blocks of the natural loops of h's back edges
// (h included), or just h when h is only an invariant carrier.
func (fi *funcInfo) naturalLoop(h int) []int {
	preds := fi.preds()
	in := map[int]bool{h: true}
	var work []int
	for e := range fi.back {
		if e.to == h && !in[e.from] {
			in[e.from] = true
			work = append(work, e.from)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range preds[b] {
			if !in[p] {
				in[p] = true
				work = append(work, p)
			}
		}
	}
	out := make([]int, 0, len(in))
	for b := range in {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// blockEffects lists what b may modify: locals it defines, ghosts it
// defines or its callees may modify, memory its stores, touches and callees
// may write.
func (pi *progInfo) blockEffects(fi *funcInfo, b *ir.Block) havocSet {
	var hs havocSet
	for _, s := range b.Stmts {
		for _, d := range ir.StmtDefs(s) {
			if i, ok := pi.ghostIdx[d]; ok {
				hs.ghosts = append(hs.ghosts, i)
			} else if i, ok := fi.varIdx[d]; ok {
				hs.locals = append(hs.locals, i)
			}
		}
		switch s := s.(type) {
		case *ir.Store:
			hs.mem = append(hs.mem, pi.slot[s.Region])
		case *ir.Touch:
			if s.Write {
				hs.mem = append(hs.mem, pi.slot[s.Region])
			}
		case *ir.Call:
			for _, c := range s.Callees() {
				hs.ghosts = append(hs.ghosts, pi.effGhosts[c]...)
				hs.mem = append(hs.mem, pi.effMem[c]...)
			}
		}
	}
	return havocSet{}.union(hs)
}

func (h havocSet) union(o havocSet) havocSet {
	return havocSet{locals: union(h.locals, o.locals), ghosts: union(h.ghosts, o.ghosts), mem: union(h.mem, o.mem)}
}
