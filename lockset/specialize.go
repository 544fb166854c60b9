package lockset

import (
	"maps"

	"github.com/whoopverify/whoop/ir"
)

// A pair is proved in a program of its own: copies of the functions its two
// entry points may run that record selections only for the pair's regions,
// the ghost state those regions and the locks need, and the harness. The
// other regions' bookkeeping is dead for the pair, and leaving it out makes
// the pair's formula several times smaller.
//
// The copies carry the contracts and loop invariants summary inference
// proved for the full instrumentation, restricted to those that mention
// only the pair's ghost state. That is sound: the pair's ghost state is
// updated exactly as in the full program, inference saw every entry point
// called as the harness calls it, and dropping a proved fact only weakens
// what the check assumes.

// target is where a harness is built: a program and the copies its calls
// reach.
type target struct {
	prog      *ir.Program
	copies    map[*ir.Function]*ir.Function // original -> copy in prog
	originals map[*ir.Function]*ir.Function // copy in prog -> original
	regions   []*ghostRegion                // regions the copies record
}

// fullTarget is the whole instrumented program.
func (in *instrumenter) fullTarget() *target {
	return &target{prog: in.prog, copies: in.copies, originals: in.originals, regions: in.regions}
}

// specialize builds the program of pair p restricted to regions.
func (in *instrumenter) specialize(p Pair, regions []*ghostRegion, skip map[int]bool) *target {
	prog := &ir.Program{Path: in.prog.Path, Sources: in.prog.Sources, Objects: in.prog.Objects}
	t := &target{prog: prog, copies: make(map[*ir.Function]*ir.Function),
		originals: make(map[*ir.Function]*ir.Function), regions: regions}
	vars, narrowed := in.pairGhosts(prog, regions)
	keep := make(map[*ir.Region]*ghostRegion, len(regions))
	for _, g := range regions {
		keep[g.r] = g
	}
	region := func(r *ir.Region) *ghostRegion { return keep[r] }
	withNarrowed := vars // what a spec may name to be projected
	if len(narrowed) > 0 {
		withNarrowed = maps.Clone(vars)
		maps.Copy(withNarrowed, narrowed)
	}
	origs := in.pairFuncs(p)
	for _, fn := range origs {
		cp := ir.NewFunction(fn.Name, fn.Sig, fn.Pos)
		cp.Static, cp.Inline, cp.NoReturn, cp.Section = fn.Static, fn.Inline, fn.NoReturn, fn.Section
		t.copies[fn] = cp
		t.originals[cp] = fn
		prog.AddFunc(cp)
	}
	externs := make(map[string]*ir.Function)
	mapFunc := func(f *ir.Function) *ir.Function {
		if cp, ok := t.copies[f]; ok {
			return cp
		}
		if x, ok := externs[f.Name]; ok {
			return x
		}
		x := ir.NewFunction(f.Name, f.Sig, f.Pos)
		x.Synthetic = true
		externs[f.Name] = x
		prog.AddFunc(x)
		return x
	}
	stops := in.stopFlow(origs, region, skip)
	for _, fn := range origs {
		in.translate(fn, t.copies[fn], &cloner{
			stops:   stops,
			funcs:   mapFunc,
			globals: in.globals,
			copyOf: func(f *ir.Function) (*ir.Function, bool) {
				c, ok := t.copies[f]
				return c, ok
			},
			region: region,
			skip:   skip,
		})
		// A copy that records no selection of the pair's regions never
		// stops in this program: its contract's !stop cases are all there is.
		var drop *ir.Var
		if !in.mayStop(fn, region) {
			drop = in.stop
		}
		copySpecs(prog, in.copies[fn], t.copies[fn], vars, narrowed, withNarrowed, drop)
	}
	return t
}

// pairGhosts adds to prog the ghost state of the locks and of regions;
// narrowed are the lock bits the regions' records leave out.
func (in *instrumenter) pairGhosts(prog *ir.Program, regions []*ghostRegion) (vars, narrowed map[*ir.Var]bool) {
	vars = make(map[*ir.Var]bool)
	add := func(v *ir.Var) {
		if v != nil && !vars[v] {
			vars[v] = true
			prog.Vars = append(prog.Vars, v)
		}
	}
	for _, g := range in.locks {
		add(g.held)
		add(g.heldW)
		add(g.addr)
	}
	add(in.roleInit)
	add(in.roleExit)
	add(in.stop)
	add(in.escaped)
	narrowed = make(map[*ir.Var]bool)
	for _, g := range regions {
		full := in.byReg[g.r]
		for l, v := range full.sl {
			if v != nil && g.sl[l] == nil {
				narrowed[v] = true
				if w := full.slw[l]; w != nil {
					narrowed[w] = true
				}
			}
		}
		add(g.w)
		if g.base != nil {
			add(g.base)
		}
		add(g.sel)
		add(g.site)
		for l := range in.locks {
			add(g.sl[l])
			add(g.slw[l])
			add(g.sa[l])
		}
	}
	return vars, narrowed
}

// pairFuncs are the originals both entry points of p may run, in program
// order.
func (in *instrumenter) pairFuncs(p Pair) []*ir.Function {
	need := make(map[*ir.Function]bool)
	for _, ep := range []*ir.EntryPoint{p.First, p.Second} {
		for _, fn := range in.f.reach(ep.Func) {
			need[fn] = true
		}
	}
	var origs []*ir.Function
	for _, fn := range in.f.prog.Funcs {
		if need[fn] {
			origs = append(origs, fn)
		}
	}
	return origs
}

// copySpecs gives dst, a function of prog, the specs of src (its
// full-program twin, after summary inference) that mention only ghost
// globals in vars, except that dst does not modify drop.
//
// A spec that also names lock bits narrow left out of the pair's record
// (narrowed; withNarrowed is vars and narrowed) is replaced by what it says
// about the rest (projectBits).
func copySpecs(prog *ir.Program, src, dst *ir.Function, vars, narrowed, withNarrowed map[*ir.Var]bool, drop *ir.Var) {
	for _, v := range src.Modifies {
		if vars[v] && v != drop {
			dst.Modifies = append(dst.Modifies, v)
		}
	}
	// Contracts name only ghosts, parameters and the return value.
	c := &ir.Copier{Vars: make(map[*ir.Var]ir.Expr), Unmapped: unmappedVar}
	for i, p := range src.Params {
		c.Vars[p] = dst.Params[i]
	}
	if src.Ret != nil {
		c.Vars[src.Ret] = dst.Ret
	}
	keep := func(specs []*ir.Spec) []*ir.Spec {
		var out, bits []*ir.Spec
		for _, s := range specs {
			switch {
			case onlyGhosts(s.Cond, vars, c.Vars):
				out = append(out, &ir.Spec{Kind: s.Kind, Cond: c.Expr(s.Cond), Free: s.Free, ID: prog.NewSpecID(), Tag: s.Tag})
			case len(narrowed) > 0 && onlyGhosts(s.Cond, withNarrowed, c.Vars):
				bits = append(bits, s)
			}
		}
		for _, s := range projectBits(bits, narrowed) {
			s.Cond, s.ID = c.Expr(s.Cond), prog.NewSpecID()
			out = append(out, s)
		}
		return out
	}
	dst.Requires = keep(src.Requires)
	dst.Ensures = keep(src.Ensures)
	// Invariants sit on loop headers, which are blocks of the original
	// (same index in both copies); the blocks after a selection or a call
	// that may stop differ between the two.
	for i, b := range src.Blocks {
		if len(b.Invariants) > 0 {
			dst.Blocks[i].Invariants = keep(b.Invariants)
		}
	}
}

// onlyGhosts reports whether e mentions no ghost global outside vars and no
// local outside locals.
func onlyGhosts(e ir.Expr, vars map[*ir.Var]bool, locals map[*ir.Var]ir.Expr) bool {
	ok := true
	ir.WalkExpr(e, func(x ir.Expr) {
		v, isVar := x.(*ir.Var)
		if !isVar {
			return
		}
		if v.Global() {
			ok = ok && vars[v]
		} else if _, mapped := locals[v]; !mapped {
			ok = false
		}
	})
	return ok
}

// maxProjected bounds the lock bits (and their old values) one group of
// specs may share for projectBits; a larger group is dropped (sound).
const maxProjected = 6

// projectBits returns what specs (one function's requires or ensures, or
// one loop header's invariants) say about everything but the Boolean lock
// bits in bits: for each group of specs linked by the bits they name, the
// conjunction with those bits (and their old values) eliminated, F[b:=true]
// or F[b:=false]. That is the strongest consequence of the group without
// them, so a pair that leaves the bits out (narrow) assumes exactly what
// the proved specs said about its remaining state: on rtc-mc146818-lib.c,
// "a new selection held the lock" and "held it as at entry" become "a new
// selection only when held at entry", which dropping both would lose.
func projectBits(specs []*ir.Spec, bits map[*ir.Var]bool) []*ir.Spec {
	atoms := make([][]bitAtom, len(specs))
	for i, s := range specs {
		atoms[i] = bitAtoms(s.Cond, bits)
	}
	var out []*ir.Spec
	for _, members := range groupByAtoms(atoms) {
		group := make([]*ir.Spec, len(members))
		var as []bitAtom
		seen := make(map[bitAtom]bool)
		for k, j := range members {
			group[k] = specs[j]
			for _, a := range atoms[j] {
				if !seen[a] {
					seen[a] = true
					as = append(as, a)
				}
			}
		}
		if s := eliminateBits(group, as); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// bitAtom is a lock bit's value, or its old value.
type bitAtom struct {
	v   *ir.Var
	old bool
}

// bitAtoms are the atoms of bits e names, in order.
func bitAtoms(e ir.Expr, bits map[*ir.Var]bool) []bitAtom {
	var out []bitAtom
	seen := make(map[bitAtom]bool)
	add := func(a bitAtom) {
		if bits[a.v] && !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	var walk func(ir.Expr)
	walk = func(e ir.Expr) {
		switch e := e.(type) {
		case *ir.Var:
			add(bitAtom{e, false})
		case *ir.Old:
			add(bitAtom{e.X, true}) // not e.X itself: old(b) is its own atom
		case *ir.Unary:
			walk(e.X)
		case *ir.Binary:
			walk(e.X)
			walk(e.Y)
		case *ir.Ite:
			walk(e.Cond)
			walk(e.Then)
			walk(e.Else)
		}
	}
	walk(e)
	return out
}

// groupByAtoms groups the specs (by index) linked by shared atoms
// (union-find): groups in the order of their first spec, each in spec
// order.
func groupByAtoms(atoms [][]bitAtom) [][]int {
	parent := make([]int, len(atoms))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := make(map[bitAtom]int)
	for i := range atoms {
		for _, a := range atoms[i] {
			if j, ok := owner[a]; ok {
				parent[find(i)] = find(j)
			} else {
				owner[a] = i
			}
		}
	}
	var groups [][]int
	done := make(map[int]bool)
	for i := range atoms {
		root := find(i)
		if done[root] {
			continue
		}
		done[root] = true
		var members []int
		for j := i; j < len(atoms); j++ {
			if find(j) == root {
				members = append(members, j)
			}
		}
		groups = append(groups, members)
	}
	return groups
}

// eliminateBits is the spec group says with the atoms as eliminated: nil
// if there are too many of them (sound: the group is dropped) or if
// nothing is left.
func eliminateBits(group []*ir.Spec, as []bitAtom) *ir.Spec {
	if len(as) > maxProjected {
		return nil
	}
	conds := make([]ir.Expr, len(group))
	free := true
	for k, s := range group {
		conds[k] = s.Cond
		free = free && s.Free
	}
	f := ir.And(conds...)
	var cases []ir.Expr
	for m := 0; m < 1<<len(as); m++ {
		val := make(map[bitAtom]bool, len(as))
		for k, a := range as {
			val[a] = m&(1<<k) != 0
		}
		cases = append(cases, substBits(f, func(v *ir.Var, old bool) (bool, bool) {
			b, ok := val[bitAtom{v, old}]
			return b, ok
		}))
	}
	cond := ir.Or(cases...)
	if c, ok := cond.(*ir.BoolConst); ok && c.Val {
		return nil
	}
	return &ir.Spec{Kind: group[0].Kind, Cond: cond, Free: free, Tag: group[0].Tag}
}

// substBits replaces in e the Boolean variables (and old values) val
// assigns, folding the connectives.
func substBits(e ir.Expr, val func(v *ir.Var, old bool) (bool, bool)) ir.Expr {
	switch e := e.(type) {
	case *ir.Var:
		if b, ok := val(e, false); ok {
			return ir.BoolConstOf(b)
		}
	case *ir.Old:
		if b, ok := val(e.X, true); ok {
			return ir.BoolConstOf(b)
		}
	case *ir.Unary:
		x := substBits(e.X, val)
		if e.Op == ir.OpNot {
			return ir.Not(x)
		}
		return &ir.Unary{Op: e.Op, X: x}
	case *ir.Ite:
		c := substBits(e.Cond, val)
		if b, ok := c.(*ir.BoolConst); ok {
			if b.Val {
				return substBits(e.Then, val)
			}
			return substBits(e.Else, val)
		}
		return &ir.Ite{Cond: c, Then: substBits(e.Then, val), Else: substBits(e.Else, val)}
	case *ir.Binary:
		x, y := substBits(e.X, val), substBits(e.Y, val)
		switch e.Op {
		case ir.OpLAnd:
			return ir.And(x, y)
		case ir.OpLOr:
			return ir.Or(x, y)
		case ir.OpImplies:
			return ir.Implies(x, y)
		case ir.OpEq:
			bx, okx := x.(*ir.BoolConst)
			by, oky := y.(*ir.BoolConst)
			switch {
			case okx && oky:
				return ir.BoolConstOf(bx.Val == by.Val)
			case okx:
				if bx.Val {
					return y
				}
				return ir.Not(y)
			case oky:
				if by.Val {
					return x
				}
				return ir.Not(x)
			}
		}
		return &ir.Binary{Op: e.Op, X: x, Y: y}
	}
	return e
}
