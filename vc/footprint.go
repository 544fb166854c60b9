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
// It reads the blocks the encoder encodes (reachable from the entry) from
// the same analysis (Options.Info when it is prog's); an error is the one
// Encode would report.
func Footprint(prog *ir.Program, fn *ir.Function, opts Options, limit int) (stmts int, specs []*ir.Spec, err error) {
	fp := &footprint{pi: opts.Info.view(prog), opts: opts, limit: limit, memo: make(map[fpKey]int), seen: make(map[*ir.Spec]bool), walked: make(map[*ir.Function]bool)}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(footprintError)
			if !ok {
				panic(r)
			}
			stmts, specs, err = 0, nil, fe.err
		}
	}()
	fp.walk(fn, true)
	return fp.count(fn, 0), fp.specs, nil
}

// footprintError unwinds a walk on a function the analysis rejects.
type footprintError struct{ err error }

type fpKey struct {
	fn    *ir.Function
	depth int
}

type footprint struct {
	pi     *progInfo
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
	for _, b := range fp.blocks(fn) {
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
	for _, b := range fp.blocks(fn) {
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

// blocks returns fn's blocks the encoder encodes: those reachable from
// its entry.
func (fp *footprint) blocks(fn *ir.Function) []*ir.Block {
	fi, err := fp.pi.info(fn)
	if err != nil {
		panic(footprintError{err})
	}
	return fi.rpo
}
