package lockset

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Publication per loop iteration (assumption publication-iterations). A
// probe that registers one object per iteration of a loop
// (gpio-f7188x.c: bank = &data->bank[i]; bank->data = data;
// devm_gpiochip_add_data(dev, &bank->chip, bank)) makes the class
// callable at the first iteration, so by class its writes of iteration 1
// follow a publication. But a callback that reaches the object only
// through the data pointer its own registration stored
// (gpiochip_get_data(chip), models.DataGetter) runs on an object already
// registered, and the object written in iteration i before its
// registration is registered by no earlier iteration: the loop's pointer
// moves on by at least the object's size each iteration. So such a write
// and such an access never race: the write comes before the
// registration of the object the access is made on.
//
// The probe's sites qualify when all hold: the probe alone first
// publishes the class (strictGated) and one call of its code registers
// it, in the probe's own body, inside a loop, at most once per
// iteration; the call's data argument is a variable p whose one
// definition in the loop makes it fresh per iteration (p := p + k, or
// p := base + i*k with i := i + c, c > 0, and base loop-invariant, or
// loaded from a region nothing writes during the loop), k at least the
// size of p's struct; the access is p + a constant within that struct,
// made in the probe's own body in the iteration before the registration.
// A callback's sites qualify when it is the only entry point of its
// function, and the access is a pointer returned by the getter on its
// own object parameter (followed through copies and callees' parameters)
// plus a constant within the same struct type.

// iterObject is what one init entry point writes of class c's objects
// before their registration.
type iterObject struct {
	st    *ir.Struct
	sites map[int]bool
}

// pubIters is the per-iteration publication state of one program.
type pubIters struct {
	pre map[*ir.EntryPoint]map[string]*iterObject // init -> class -> sites
	own map[*ir.EntryPoint]map[int]*ir.Struct     // callback -> site -> struct reached
}

func (in *instrumenter) pubItersOf() *pubIters {
	pi := &pubIters{pre: make(map[*ir.EntryPoint]map[string]*iterObject), own: make(map[*ir.EntryPoint]map[int]*ir.Struct)}
	if !in.f.publicationIterations {
		return pi
	}
	for _, ep := range in.f.prog.EntryPoints {
		switch {
		case in.publisherInit(ep) && in.f.onlyEntry(ep):
			if m := in.iterInit(ep); len(m) > 0 {
				pi.pre[ep] = m
			}
		case ep.Role != ir.RoleExit && ep.Role != ir.RoleInit:
			if m := in.iterCallback(ep); len(m) > 0 {
				pi.own[ep] = m
			}
		}
	}
	return pi
}

// pubItersPair returns the sites of pair p's two sides that cannot race
// by the rule: an init's writes before their object's registration and
// a callback's accesses through its own object, of one class and type.
func (in *instrumenter) pubItersPair(p Pair) (t, u map[int]bool) {
	pre, own := p.First, p.Second
	swap := false
	if in.pubIter.pre[pre] == nil {
		pre, own, swap = own, pre, true
	}
	objs := in.pubIter.pre[pre]
	o := objs[in.f.env.entryClass(own)]
	sites := in.pubIter.own[own]
	if o == nil || sites == nil {
		return nil, nil
	}
	mine := make(map[int]bool)
	for id, st := range sites {
		if st == o.st || st.Tag != "" && st.Tag == o.st.Tag {
			mine[id] = true
		}
	}
	if len(mine) == 0 {
		return nil, nil
	}
	if swap {
		return mine, o.sites
	}
	return o.sites, mine
}

// iterInit returns, per class ep registers in a loop, ep's sites before
// the registration of their object.
func (in *instrumenter) iterInit(ep *ir.EntryPoint) map[string]*iterObject {
	f := in.f
	byClass := make(map[string][]*ir.Call)
	for _, g := range f.reach(ep.Func) {
		for _, call := range calls(g) {
			if op, ok := f.callReg[call]; ok && !op.unregister {
				for _, c := range op.classes() {
					byClass[c] = append(byClass[c], call)
				}
			}
		}
	}
	out := make(map[string]*iterObject)
	for _, c := range sortedKeys(byClass) {
		cs := byClass[c]
		if len(cs) != 1 || cs[0].Callee == nil || !in.strictGated(ep, c) {
			continue
		}
		if o := in.iterSites(ep, cs[0]); o != nil {
			out[c] = o
		}
	}
	return out
}

// iterSites checks registration s of ep's body and returns the sites
// made on its object before it in an iteration.
func (in *instrumenter) iterSites(ep *ir.EntryPoint, s *ir.Call) *iterObject {
	_, di, ok := models.DataGetterFor(s.Callee.Name)
	if !ok || di >= len(s.Args) {
		return nil
	}
	p, ok := s.Args[di].(*ir.Var)
	if !ok {
		return nil
	}
	st := ir.PointeeStruct(p.CType)
	sp, found := stmtPos(ep.Func, s)
	if st == nil || st.Bytes <= 0 || !found {
		return nil
	}
	lp := loopOf(ep.Func, sp.b)
	if lp == nil || lp.mayFollow(sp, sp) {
		return nil
	}
	fresh := in.freshPerIteration(ep, lp, p, st.Bytes)
	if fresh == nil || !fresh(sp) {
		return nil
	}
	o := &iterObject{st: st, sites: make(map[int]bool)}
	for b := range lp.blocks {
		for i, x := range b.Stmts {
			a := ir.AccessOf(x)
			w := stmtPos0{b, i}
			if a == nil || a.Len != nil || !offsetIn(a, p, st.Bytes) || lp.mayFollow(sp, w) || !fresh(w) {
				continue
			}
			o.sites[a.Site] = true
		}
	}
	if len(o.sites) == 0 {
		return nil
	}
	return o
}

// offsetIn reports whether a's cells lie in the struct of bytes bytes
// that p points to: p plus a constant.
func offsetIn(a *ir.Access, p *ir.Var, bytes int64) bool {
	off := int64(-1)
	switch x := unwrap(a.Addr).(type) {
	case *ir.Var:
		if x == p {
			off = 0
		}
	case *ir.Binary:
		v, vok := unwrap(x.X).(*ir.Var)
		k, kok := unwrap(x.Y).(*ir.Const)
		if x.Op == ir.OpAdd && vok && kok && v == p {
			off = k.Val
		}
	}
	return off >= 0 && a.Size > 0 && off+a.Size <= bytes
}

// freshPerIteration checks that p's one definition in lp gives it an
// object no earlier iteration had (at least size bytes on), and returns
// whether a position of the iteration sees that value; nil when p is
// not fresh per iteration.
func (in *instrumenter) freshPerIteration(ep *ir.EntryPoint, lp *iterLoop, p *ir.Var, size int64) func(stmtPos0) bool {
	defs := lp.defs(p)
	if len(defs) != 1 {
		return nil
	}
	d := defs[0]
	as, ok := d.b.Stmts[d.i].(*ir.Assign)
	if !ok || !lp.onEveryCycle(d) {
		return nil
	}
	if k, ok := stride(as.Src, p); ok && k >= size {
		// p := p + k at the end of the iteration: seen before it.
		return func(x stmtPos0) bool { return !lp.mayFollow(d, x) }
	}
	base, i, k, ok := indexed(as.Src)
	if !ok || k < size || i == p {
		return nil
	}
	idefs := lp.defs(i)
	if len(idefs) != 1 || !lp.onEveryCycle(idefs[0]) || lp.mayFollow(idefs[0], d) {
		return nil
	}
	if ia, ok := idefs[0].b.Stmts[idefs[0].i].(*ir.Assign); !ok {
		return nil
	} else if c, ok := stride(ia.Src, i); !ok || c <= 0 {
		return nil
	}
	if !in.invariant(ep, lp, base, make(map[*ir.Var]bool)) {
		return nil
	}
	return func(x stmtPos0) bool { return lp.mustFollow(d, x) }
}

// stride returns k of e = v + k, k a constant.
func stride(e ir.Expr, v *ir.Var) (int64, bool) {
	x, ok := unwrap(e).(*ir.Binary)
	if !ok || x.Op != ir.OpAdd {
		return 0, false
	}
	for _, pr := range [2][2]ir.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		y, yok := unwrap(pr[0]).(*ir.Var)
		k, kok := unwrap(pr[1]).(*ir.Const)
		if yok && kok && y == v {
			return k.Val, true
		}
	}
	return 0, false
}

// unwrap strips the reductions to a C integer type (ExactInts) off e: a
// pointer or index moved on each iteration comes back to a value only
// after 2^32 iterations or more.
func unwrap(e ir.Expr) ir.Expr {
	for {
		u, ok := e.(*ir.Unary)
		if !ok {
			return e
		}
		if _, _, w := u.Op.Wrap(); !w {
			return e
		}
		e = u.X
	}
}

// indexed splits e = base + i*k (either order) into its parts.
func indexed(e ir.Expr) (base ir.Expr, i *ir.Var, k int64, ok bool) {
	x, isBin := unwrap(e).(*ir.Binary)
	if !isBin || x.Op != ir.OpAdd {
		return nil, nil, 0, false
	}
	for _, pr := range [2][2]ir.Expr{{x.X, x.Y}, {x.Y, x.X}} {
		m, isMul := unwrap(pr[1]).(*ir.Binary)
		if !isMul || m.Op != ir.OpMul {
			continue
		}
		for _, q := range [2][2]ir.Expr{{m.X, m.Y}, {m.Y, m.X}} {
			v, vok := unwrap(q[0]).(*ir.Var)
			c, cok := unwrap(q[1]).(*ir.Const)
			if vok && cok {
				return pr[0], v, c.Val, true
			}
		}
	}
	return nil, nil, 0, false
}

// invariant reports whether e has one value throughout lp: its
// variables are not defined in lp, or only by loads of cells at an
// invariant address in a region that neither lp (with what it calls)
// nor another entry point writes. seen: the variables being checked (a
// load whose address depends on its own result is not invariant).
func (in *instrumenter) invariant(ep *ir.EntryPoint, lp *iterLoop, e ir.Expr, seen map[*ir.Var]bool) bool {
	ok := true
	ir.WalkExpr(e, func(x ir.Expr) {
		v, isVar := x.(*ir.Var)
		if !isVar || !ok {
			return
		}
		defs := lp.defs(v)
		if len(defs) > 0 && seen[v] {
			ok = false
			return
		}
		seen[v] = true
		for _, d := range defs {
			ld, isLoad := d.b.Stmts[d.i].(*ir.Load)
			if !isLoad || !in.quietRegion(ep, lp, ld.Access.Region) || !in.invariant(ep, lp, ld.Addr, seen) {
				ok = false
				return
			}
		}
	})
	return ok
}

// quietRegion reports whether nothing writes region r while lp runs:
// no statement of lp or function it calls, and no other entry point.
func (in *instrumenter) quietRegion(ep *ir.EntryPoint, lp *iterLoop, r *ir.Region) bool {
	if r == nil {
		return false
	}
	writes := func(ss []*site) bool {
		for _, s := range ss {
			if s.write {
				return true
			}
		}
		return false
	}
	for _, o := range in.f.prog.EntryPoints {
		if o.Func != ep.Func && writes(in.f.sitesOf(o.Func)[r]) {
			return false
		}
	}
	for b := range lp.blocks {
		for _, st := range b.Stmts {
			if a := ir.AccessOf(st); a != nil && a.Region == r {
				if _, load := st.(*ir.Load); !load {
					return false
				}
			}
			if call, ok := st.(*ir.Call); ok {
				for _, t := range call.Callees() {
					if !t.External() && writes(in.f.sitesOf(t)[r]) {
						return false
					}
				}
				if call.Callee == nil && len(call.Targets) == 0 {
					return false // an unknown function pointer
				}
			}
		}
	}
	return true
}

// iterCallback returns ep's accesses through the data pointer of its own
// object, each with the struct type the pointer points to.
func (in *instrumenter) iterCallback(ep *ir.EntryPoint) map[int]*ir.Struct {
	f := in.f
	g, found := models.DataGetterOfStruct(ep.Struct)
	if !found || ep.Func == nil || !f.onlyEntry(ep) {
		return nil
	}
	var obj *ir.Var
	for _, p := range ep.Func.Params {
		if st := ir.PointeeStruct(p.CType); st != nil && st.Tag == g.Struct && obj == nil {
			obj = p
		}
	}
	if obj == nil || len(ir.Definitions(ep.Func)[obj]) > 0 {
		return nil
	}
	funcs := f.reach(ep.Func)
	own := dataVars(funcs, ep.Func, obj, g.Getter)
	out := make(map[int]*ir.Struct)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				a := ir.AccessOf(st)
				if a == nil || a.Len != nil {
					continue
				}
				v := baseVar(a.Addr)
				if v == nil || !own[v] {
					continue
				}
				if s := ir.PointeeStruct(v.CType); s != nil && offsetIn(a, v, s.Bytes) {
					out[a.Site] = s
				}
			}
		}
	}
	return out
}
