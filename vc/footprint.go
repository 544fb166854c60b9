package vc

import "github.com/whoopverify/whoop/ir"

// Footprint is what Encode would build for fn under opts, found without
// building it: the number of statements it would encode (an inlined body
// counted at each call, as Encoding.Statements counts them; the count
// stops growing once it passes limit, when limit > 0), and every spec that
// may give it an obligation (the non-free loop invariants of fn and of the
// functions it may inline, fn's ensures, and the requires of every
// function those call), each once, in the order found. A caller refuses a
// formula too large to build with it (houdini's Options.MaxStatements):
// floppy.c's fd_locked_ioctl, 72,213 statements, took 4 GB to encode
// before it was refused.
func Footprint(fn *ir.Function, opts Options, limit int) (stmts int, specs []*ir.Spec) {
	fp := &footprint{opts: opts, limit: limit, memo: make(map[fpKey]int), seen: make(map[*ir.Spec]bool), walked: make(map[*ir.Function]bool)}
	fp.walk(fn, true)
	return fp.count(fn, 0), fp.specs
}

type fpKey struct {
	fn    *ir.Function
	depth int
}

type footprint struct {
	opts   Options
	limit  int
	memo   map[fpKey]int
	stack  []*ir.Function
	seen   map[*ir.Spec]bool
	specs  []*ir.Spec
	walked map[*ir.Function]bool
}

// count is the number of statements encoding fn at depth takes, saturated
// just past the limit.
func (fp *footprint) count(fn *ir.Function, depth int) int {
	k := fpKey{fn, depth}
	if n, ok := fp.memo[k]; ok {
		return n
	}
	fp.stack = append(fp.stack, fn)
	n := 0
	for _, b := range reachable(fn) {
		n += len(b.Stmts)
		for _, s := range b.Stmts {
			c, ok := s.(*ir.Call)
			if !ok {
				continue
			}
			for _, t := range c.Callees() {
				if inlines(fp.opts, fp.stack, t, depth) {
					n += fp.count(t, depth+1)
				}
			}
			if fp.limit > 0 && n > fp.limit {
				break
			}
		}
		if fp.limit > 0 && n > fp.limit {
			n = fp.limit + 1
			break
		}
	}
	fp.stack = fp.stack[:len(fp.stack)-1]
	fp.memo[k] = n
	return n
}

// walk collects the specs fn's encoding may check: its loop invariants,
// the requires of its callees, and, for the checked function itself
// (top), its ensures; then the same for every function it may inline, at
// any depth (a superset of what one encoding inlines).
func (fp *footprint) walk(fn *ir.Function, top bool) {
	if fp.walked[fn] {
		return
	}
	fp.walked[fn] = true
	add := func(s *ir.Spec) {
		if !s.Free && (fp.opts.Specs == nil || fp.opts.Specs(s)) && !fp.seen[s] {
			fp.seen[s] = true
			fp.specs = append(fp.specs, s)
		}
	}
	if top {
		for _, s := range fn.Ensures {
			add(s)
		}
	}
	var inlined []*ir.Function
	for _, b := range reachable(fn) {
		for _, s := range b.Invariants {
			add(s)
		}
		for _, s := range b.Stmts {
			c, ok := s.(*ir.Call)
			if !ok {
				continue
			}
			for _, t := range c.Callees() {
				for _, s := range t.Requires {
					add(s)
				}
				if !t.External() && fp.opts.Inline != nil && fp.opts.Inline(t, 0) {
					inlined = append(inlined, t)
				}
			}
		}
	}
	for _, t := range inlined {
		fp.walk(t, false)
	}
}

// reachable returns fn's blocks reachable from its entry, in index order.
func reachable(fn *ir.Function) []*ir.Block {
	if len(fn.Blocks) == 0 {
		return nil
	}
	seen := make([]bool, len(fn.Blocks))
	work := []*ir.Block{fn.Blocks[0]}
	seen[0] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b.Term == nil {
			continue
		}
		for _, t := range b.Term.Succs() {
			if !seen[t.Index] {
				seen[t.Index] = true
				work = append(work, t)
			}
		}
	}
	var out []*ir.Block
	for i, b := range fn.Blocks {
		if seen[i] {
			out = append(out, b)
		}
	}
	return out
}
