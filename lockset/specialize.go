package lockset

import (
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
	vars := make(map[*ir.Var]bool)
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
	keep := make(map[*ir.Region]*ghostRegion, len(regions))
	for _, g := range regions {
		keep[g.r] = g
		add(g.w)
		add(g.sel)
		add(g.site)
		for l := range in.locks {
			add(g.sl[l])
			add(g.slw[l])
			add(g.sa[l])
		}
	}

	// The originals both entry points may run, in program order.
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
	stops := in.stopFlow(origs, func(r *ir.Region) *ghostRegion { return keep[r] }, skip)
	for _, fn := range origs {
		in.translate(fn, t.copies[fn], &cloner{
			stops:   stops,
			funcs:   mapFunc,
			globals: in.globals,
			copyOf: func(f *ir.Function) (*ir.Function, bool) {
				c, ok := t.copies[f]
				return c, ok
			},
			region: func(r *ir.Region) *ghostRegion { return keep[r] },
			skip:   skip,
		})
		// A copy that records no selection of the pair's regions never
		// stops in this program: its contract's !stop cases are all there is.
		var drop *ir.Var
		if !in.mayStop(fn, func(r *ir.Region) *ghostRegion { return keep[r] }) {
			drop = in.stop
		}
		copySpecs(prog, in.copies[fn], t.copies[fn], vars, drop)
	}
	return t
}

// copySpecs gives dst, a function of prog, the specs of src (its
// full-program twin, after summary inference) that mention only ghost
// globals in vars, except that dst does not modify drop.
func copySpecs(prog *ir.Program, src, dst *ir.Function, vars map[*ir.Var]bool, drop *ir.Var) {
	for _, v := range src.Modifies {
		if vars[v] && v != drop {
			dst.Modifies = append(dst.Modifies, v)
		}
	}
	// Contracts name only ghosts, parameters and the return value.
	c := &cloner{vars: make(map[*ir.Var]*ir.Var)}
	for i, p := range src.Params {
		c.vars[p] = dst.Params[i]
	}
	if src.Ret != nil {
		c.vars[src.Ret] = dst.Ret
	}
	keep := func(specs []*ir.Spec) []*ir.Spec {
		var out []*ir.Spec
		for _, s := range specs {
			if !onlyGhosts(s.Cond, vars, c.vars) {
				continue
			}
			out = append(out, &ir.Spec{Kind: s.Kind, Cond: c.expr(s.Cond), Free: s.Free, ID: prog.NewSpecID(), Tag: s.Tag})
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
func onlyGhosts(e ir.Expr, vars map[*ir.Var]bool, locals map[*ir.Var]*ir.Var) bool {
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
