package vc

import (
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// call encodes a call statement, updating st in place.
func (e *encoder) call(fr *frame, b *ir.Block, c *ir.Call, r *z3.Expr, st *state) *z3.Expr {
	sc := e.scopeOf(fr, st)
	sc.reach = r
	args := make([]*z3.Expr, len(c.Args))
	for i, a := range c.Args {
		args[i] = e.expr(sc, a)
	}
	if c.Fn != nil && c.Callee == nil {
		e.expr(sc, c.Fn) // scope errors only: the pointer's value does not choose the target
	}
	targets := c.Callees()
	if len(targets) == 0 {
		// An unknown indirect call: like an external function without a
		// contract.
		if c.Dst != nil {
			e.setVar(fr, st, c.Dst, e.freshInt(fr.info.fn.Name+".call"), c.P)
		}
		return r
	}
	if len(targets) == 1 {
		return e.callOne(fr, b, c, targets[0], args, r, st)
	}
	sel := e.freshInt(fr.info.fn.Name + ".target")
	var taken []*z3.Expr
	flows := make([]inflow, len(targets))
	for i, t := range targets {
		var pick *z3.Expr
		if i < len(targets)-1 {
			pick = e.eq(sel, e.intv(int64(i)))
			taken = append(taken, pick)
		} else {
			pick = e.not(e.or(taken...))
		}
		sti := st.clone()
		flows[i] = inflow{e.callOne(fr, b, c, t, args, e.and(r, pick), sti), sti}
	}
	r2, merged := e.merge(fr.info, fr.info.fn.Name+".after."+b.String(), flows, e.liveAfter(fr.info.fn, b, c))
	copy(st.ghosts, merged.ghosts)
	copy(st.mem, merged.mem)
	copy(st.locals, merged.locals)
	return r2
}

// shouldInline applies Options.Inline and the recursion limits.
func (e *encoder) shouldInline(callee *ir.Function, depth int) bool {
	return inlines(e.opts, e.inlineStack, callee, depth)
}

// inlines decides whether a call of callee at depth, below the inlined
// functions of stack, is inlined (Encode and Footprint alike).
func inlines(opts Options, stack []*ir.Function, callee *ir.Function, depth int) bool {
	if callee.External() || opts.Inline == nil || depth >= HardInlineLimit {
		return false
	}
	if slices.Contains(stack, callee) && depth >= opts.MaxInlineDepth {
		return false
	}
	return opts.Inline(callee, depth)
}

func (e *encoder) callOne(fr *frame, b *ir.Block, c *ir.Call, callee *ir.Function, args []*z3.Expr, r *z3.Expr, st *state) *z3.Expr {
	ci, err := e.pi.info(callee)
	if err != nil {
		e.fail("%w", err)
		return r
	}
	if c.Dst != nil && c.Dst.Kind != ir.Int {
		e.fail("%s %s: call result into non-integer %s", fr.info.fn.Name, c.P, c.Dst.Name)
		return r
	}
	bind := make(map[*ir.Var]*z3.Expr, len(callee.Params)+1)
	for i, p := range callee.Params {
		if i < len(args) {
			bind[p] = args[i]
		} else {
			bind[p] = e.freshVar(callee.Name+"."+p.Name, p.Kind)
		}
	}
	inline := e.shouldInline(callee, fr.depth)
	pre := &scope{info: ci, ghosts: st.ghosts, bind: bind, freshLocals: true, objs: map[*ir.Object]*z3.Expr{}}
	for _, s := range callee.Requires {
		if !e.inForce(s) {
			continue
		}
		cond := e.expr(pre, s.Cond)
		if s.Free {
			if inline { // the body runs: its free requires hold
				r = e.assumeSpec(r, s, cond)
			}
			continue
		}
		ob := Obligation{Spec: s, Func: fr.info.fn, Pos: c.P, Kind: RequiresAtCall, Block: b, Call: c}
		key := oblKey{kind: RequiresAtCall, spec: s, call: c, block: b}
		r = e.oblige(fr, st, ob, key, e.guard(s), r, cond, e.opts.CheckCallRequires)
	}
	if inline {
		return e.inline(fr, b, c, ci, args, r, st)
	}
	return e.contract(fr, c, ci, bind, r, st)
}

// contract havocs what callee may modify and assumes its ensures.
func (e *encoder) contract(fr *frame, c *ir.Call, ci *funcInfo, bind map[*ir.Var]*z3.Expr, r *z3.Expr, st *state) *z3.Expr {
	callee := ci.fn
	old := slices.Clone(st.ghosts)
	for _, g := range callee.Modifies {
		i, ok := e.pi.ghostIdx[g]
		if !ok {
			e.fail("%s: modifies %s, which is not a ghost global", callee.Name, varName(g))
			continue
		}
		if !e.allowed[i] {
			e.fail("%s %s: calls %s, which modifies %s, not in the modifies of %s", fr.info.fn.Name, c.P, callee.Name, g.Name, e.top.Name)
		}
		st.ghosts[i] = e.freshVar(callee.Name+"."+g.Name, g.Kind)
	}
	for _, m := range e.pi.effMem[callee] {
		st.mem[m] = e.freshMem(callee.Name + ".mem")
	}
	if callee.Ret != nil || c.Dst != nil {
		ret := e.freshInt(callee.Name + ".ret")
		if callee.Ret != nil {
			bind[callee.Ret] = ret
		}
		if c.Dst != nil {
			e.setVar(fr, st, c.Dst, ret, c.P)
		}
	}
	post := &scope{info: ci, ghosts: st.ghosts, old: old, bind: bind, freshLocals: true, objs: map[*ir.Object]*z3.Expr{}}
	for _, s := range callee.Ensures {
		if e.inForce(s) {
			r = e.assumeSpec(r, s, e.expr(post, s.Cond))
		}
	}
	return r
}

// inline encodes callee's body in a fresh frame.
func (e *encoder) inline(fr *frame, b *ir.Block, c *ir.Call, ci *funcInfo, args []*z3.Expr, r *z3.Expr, st *state) *z3.Expr {
	callee := ci.fn
	locals := make([]*z3.Expr, len(ci.vars))
	for i, v := range ci.vars {
		locals[i] = e.freshVar(callee.Name+"."+v.Name, v.Kind)
	}
	for i, p := range callee.Params {
		if i < len(args) {
			locals[ci.varIdx[p]] = args[i]
		}
	}
	nfr := &frame{info: ci, depth: fr.depth + 1, old: slices.Clone(st.ghosts), entry: slices.Clone(locals)}
	nfr.objs = e.frameObjects(callee)
	e.inlineStack = append(e.inlineStack, callee)
	nh := len(e.halts)
	after := e.liveAfter(fr.info.fn, b, c)
	if after != nil {
		e.cont = append(e.cont, after)
	}
	exits := e.body(nfr, r, &state{ghosts: st.ghosts, mem: st.mem, locals: locals})
	if after != nil {
		e.cont = e.cont[:len(e.cont)-1]
	}
	e.inlineStack = e.inlineStack[:len(e.inlineStack)-1]
	e.liveObjs = e.liveObjs[:len(e.liveObjs)-1]
	if fr.depth == 0 {
		// The checked function's own call: the Halt returns of the
		// activations below resume here, like returns of the callee.
		exits = append(exits, e.halts[nh:]...)
		e.halts = e.halts[:nh]
	}

	flows := make([]inflow, len(exits))
	for k, x := range exits {
		sc := e.scopeOf(nfr, x.st)
		sc.bind = make(map[*ir.Var]*z3.Expr, len(callee.Params))
		for _, p := range callee.Params {
			sc.bind[p] = nfr.entry[ci.varIdx[p]]
		}
		rk := x.r
		for _, s := range callee.Ensures {
			if s.Free && e.inForce(s) {
				rk = e.assumeSpec(rk, s, e.expr(sc, s.Cond))
			}
		}
		ret := x.ret
		if ret == nil {
			ret = e.freshInt(callee.Name + ".ret")
		}
		flows[k] = inflow{rk, &state{ghosts: x.st.ghosts, mem: x.st.mem, locals: []*z3.Expr{ret}}}
	}
	if len(flows) == 0 { // never returns
		return e.fls
	}
	r2, merged := e.merge(nil, callee.Name+".return", flows, after)
	copy(st.ghosts, merged.ghosts)
	copy(st.mem, merged.mem)
	if c.Dst != nil {
		e.setVar(fr, st, c.Dst, merged.locals[0], c.P)
	}
	return r2
}
