package vc

import (
	"fmt"
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/z3"
)

// encoder builds the verification condition of one function.
type encoder struct {
	*terms
	done    <-chan struct{} // EncodeConfig.Done
	nstmts  int             // statements encoded, to poll done now and then
	pi      *progInfo
	opts    Options
	guarded func(*ir.Spec) bool
	traces  bool
	top     *ir.Function
	allowed []bool // ghost index -> in top.Modifies

	constraints []*z3.Expr
	obls        []*oblig
	oblIdx      map[oblKey]int
	events      []event
	guards      map[*ir.Spec]*z3.Expr
	guardOrder  []*ir.Spec
	ufs         map[string]*z3.FuncDecl
	divs        map[divKey][2]*z3.Expr
	abs         []*abstraction // under Options.Refine, in encoding order
	absIdx      map[uint32]*abstraction

	inlineStack []*ir.Function
	liveObjs    [][]frameObj // frame objects of the enclosing activations
	halts       []exit       // Halt returns of callees below the current depth-1 call
	failure     error
	initialMem  []*z3.Expr // each region's memory at entry to the checked function
	// reads, under EncodeConfig.DeadGhosts, tells which ghosts a merge
	// must keep; cont[k] is what the activations enclosing depth k+1 can
	// still read after their calls (nil without DeadGhosts).
	reads *ghostReads
	cont  []ghostSet
}

// state is the symbolic state at a program point: current terms of the
// ghost globals, the memory arrays and the variables of the current frame.
// Block encodings own their state; states handed to successors are cloned
// before they are changed.
type state struct {
	ghosts, mem, locals []*z3.Expr
}

func (s *state) clone() *state {
	return &state{ghosts: slices.Clone(s.ghosts), mem: slices.Clone(s.mem), locals: slices.Clone(s.locals)}
}

// frame is one activation: the checked function or an inlined callee.
type frame struct {
	info  *funcInfo
	depth int        // 0 for the checked function
	old   []*z3.Expr // ghosts at activation entry
	entry []*z3.Expr // variables at activation entry
	objs  map[*ir.Object]*z3.Expr
}

type frameObj struct {
	addr *z3.Expr
	size int64
}

// inflow is control arriving at a block (or leaving a call) with a
// reachability term and a state.
type inflow struct {
	r  *z3.Expr
	st *state
}

// event is a block instance in encoding order; traces are the events whose
// reachability is true in a model.
type event struct {
	fn    *ir.Function
	block *ir.Block
	depth int
	reach *z3.Expr
}

type oblKey struct {
	kind   Kind
	assert int
	spec   *ir.Spec
	block  *ir.Block
	call   *ir.Call
}

// oblig is one obligation with all its encoded instances (an obligation
// inside an inlined callee has one instance per inlining).
type oblig struct {
	Obligation
	guard *z3.Expr
	insts []*instance
	fail  *z3.Expr // disjunction of the instances' failure terms
	order int
}

type instance struct {
	fail   *z3.Expr
	event  int // events[:event] lead here
	info   *funcInfo
	ghosts []*z3.Expr // snapshot for traces
	locals []*z3.Expr
}

func (e *encoder) fail(format string, args ...any) {
	if e.failure == nil {
		e.failure = fmt.Errorf(format, args...)
	}
}

func (e *encoder) inForce(s *ir.Spec) bool { return e.opts.Specs == nil || e.opts.Specs(s) }

// guard returns the guard literal of s, or nil if s is not guarded.
func (e *encoder) guard(s *ir.Spec) *z3.Expr {
	if e.guarded == nil || !e.guarded(s) {
		return nil
	}
	if g, ok := e.guards[s]; ok {
		return g
	}
	g := e.named(fmt.Sprintf("guard!%d", s.ID), e.boolS)
	e.guards[s] = g
	e.guardOrder = append(e.guardOrder, s)
	return g
}

// assumeSpec strengthens r with s's condition c (under its guard).
func (e *encoder) assumeSpec(r *z3.Expr, s *ir.Spec, c *z3.Expr) *z3.Expr {
	return e.and(r, e.implies(e.guard(s), c))
}

// oblige records obligation ob (failing when r ∧ guard ∧ ¬c) if checked,
// and returns r strengthened by c (under guard): check, then assume.
func (e *encoder) oblige(fr *frame, st *state, ob Obligation, key oblKey, guard, r, c *z3.Expr, checked bool) *z3.Expr {
	if checked {
		i, ok := e.oblIdx[key]
		if !ok {
			i = len(e.obls)
			e.oblIdx[key] = i
			e.obls = append(e.obls, &oblig{Obligation: ob, guard: guard, order: i})
		}
		var fail *z3.Expr
		if guard != nil {
			fail = e.and(r, guard, e.not(c))
		} else {
			fail = e.and(r, e.not(c))
		}
		inst := &instance{fail: fail, event: len(e.events), info: fr.info}
		if e.traces {
			inst.ghosts = slices.Clone(st.ghosts)
			inst.locals = slices.Clone(st.locals)
		}
		e.obls[i].insts = append(e.obls[i].insts, inst)
	}
	return e.and(r, e.implies(guard, c))
}

// run encodes e.top.
func (e *encoder) run() {
	fi, err := e.pi.info(e.top)
	if err != nil {
		e.fail("%w", err)
		return
	}
	st := &state{
		ghosts: make([]*z3.Expr, len(e.pi.ghosts)),
		mem:    make([]*z3.Expr, len(e.pi.regions)),
		locals: make([]*z3.Expr, len(fi.vars)),
	}
	for i, g := range e.pi.ghosts {
		st.ghosts[i] = e.freshVar(g.Name, g.Kind)
	}
	for i, r := range e.pi.regions {
		name := "mem"
		if r != nil {
			name = "mem." + r.Name
		}
		if r != nil && r.Zero {
			st.mem[i] = e.zeroMem()
		} else {
			st.mem[i] = e.freshMem(name)
		}
	}
	e.initialMem = slices.Clone(st.mem)
	for i, v := range fi.vars {
		st.locals[i] = e.freshVar(e.top.Name+"."+v.Name, v.Kind)
	}
	fr := &frame{info: fi, old: slices.Clone(st.ghosts), entry: slices.Clone(st.locals)}
	fr.objs = e.frameObjects(e.top)
	e.inlineStack = append(e.inlineStack, e.top)
	sc := &scope{info: fi, ghosts: st.ghosts, locals: st.locals, objs: fr.objs}
	r := e.tru
	for _, s := range e.top.Requires {
		if e.inForce(s) {
			r = e.assumeSpec(r, s, e.expr(sc, s.Cond))
		}
	}
	e.body(fr, r, st)
}

// liveAt is what the encoding can still read from the start of block b
// of f, in the current activation of f and in those enclosing it; nil
// (everything) without EncodeConfig.DeadGhosts.
func (e *encoder) liveAt(f *ir.Function, b *ir.Block) ghostSet {
	if e.reads == nil {
		return nil
	}
	s := slices.Clone(e.reads.block(f, b))
	if n := len(e.cont); n > 0 {
		s.union(e.cont[n-1])
	}
	return s
}

// liveAfter is liveAt just after call c of block b of f.
func (e *encoder) liveAfter(f *ir.Function, b *ir.Block, c *ir.Call) ghostSet {
	if e.reads == nil {
		return nil
	}
	s := e.reads.after(f, b, c)
	if n := len(e.cont); n > 0 {
		s.union(e.cont[n-1])
	}
	return s
}

// frameObjects gives f's frame objects fresh addresses in the frame area,
// disjoint from each other and from the enclosing activations' objects.
func (e *encoder) frameObjects(f *ir.Function) map[*ir.Object]*z3.Expr {
	objs := make(map[*ir.Object]*z3.Expr, len(f.Frame))
	var mine []frameObj
	for _, o := range f.Frame {
		a := e.freshInt("addr." + f.Name + "." + o.Name)
		size := o.Bytes
		if size < 0 {
			size = unsizedLen
		}
		size = max(size, 1)
		e.constraints = append(e.constraints, e.ge(a, e.intv(frameBase)))
		fo := frameObj{a, size}
		for _, live := range e.liveObjs {
			for _, other := range live {
				e.constraints = append(e.constraints, e.disjoint(fo, other))
			}
		}
		for _, other := range mine {
			e.constraints = append(e.constraints, e.disjoint(fo, other))
		}
		mine = append(mine, fo)
		objs[o] = a
	}
	e.liveObjs = append(e.liveObjs, mine)
	return objs
}

func (e *encoder) disjoint(a, b frameObj) *z3.Expr {
	return e.or(e.le(e.add(a.addr, e.intv(a.size)), b.addr), e.le(e.add(b.addr, e.intv(b.size)), a.addr))
}

type exit struct {
	r   *z3.Expr
	st  *state
	ret *z3.Expr // nil for a void return
}

func (e *encoder) scopeOf(fr *frame, st *state) *scope {
	return &scope{info: fr.info, ghosts: st.ghosts, locals: st.locals, old: fr.old, objs: fr.objs}
}

// body encodes fr's function from reachability r0 and state st0 and
// returns its exits.
func (e *encoder) body(fr *frame, r0 *z3.Expr, st0 *state) []exit {
	fi := fr.info
	if len(fi.rpo) == 0 {
		return nil
	}
	in := make([][]inflow, len(fi.fn.Blocks))
	in[0] = []inflow{{r0, st0}}
	var exits []exit
	for _, b := range fi.rpo {
		flows := in[b.Index]
		in[b.Index] = nil
		if len(flows) == 0 {
			continue
		}
		r, st := e.merge(fi, fi.fn.Name+"."+b.String(), flows, e.liveAt(fi.fn, b))
		e.events = append(e.events, event{fn: fi.fn, block: b, depth: fr.depth, reach: r})
		if fi.cut[b.Index] {
			r = e.cutPoint(fr, b, r, st)
		}
		for _, s := range b.Stmts {
			r = e.stmt(fr, b, s, r, st)
		}
		switch t := b.Term.(type) {
		case *ir.Jump:
			e.flow(fr, b, t.Target, r, st, in)
		case *ir.If:
			if t.Then == t.Else {
				e.flow(fr, b, t.Then, r, st, in)
				break
			}
			csc := e.scopeOf(fr, st)
			csc.reach = r
			c := e.expr(csc, t.Cond)
			e.flow(fr, b, t.Then, e.and(r, c), st, in)
			e.flow(fr, b, t.Else, e.and(r, e.not(c)), st, in)
		case *ir.Return:
			var ret *z3.Expr
			if t.Val != nil {
				rsc := e.scopeOf(fr, st)
				rsc.reach = r
				ret = e.expr(rsc, t.Val)
			}
			if fi.fn.Ret != nil {
				i := fi.varIdx[fi.fn.Ret]
				if ret == nil {
					ret = e.freshVar(fi.fn.Name+".ret", fi.fn.Ret.Kind)
				}
				st.locals[i] = ret
			}
			if fr.depth == 0 {
				r = e.ensures(fr, b, t, r, st)
			}
			if t.Halt && fr.depth > 1 {
				e.halts = append(e.halts, exit{r: r, st: st})
				break
			}
			exits = append(exits, exit{r: r, st: st, ret: ret})
		case *ir.Unreachable:
			// The path ends.
		default:
			e.fail("%s %s: unknown terminator %T", fi.fn.Name, b, t)
		}
	}
	return exits
}

// flow sends control along b -> t: into t's inflows, or, on a retreating
// edge, into the invariant check of t, where the path ends.
func (e *encoder) flow(fr *frame, b, t *ir.Block, r *z3.Expr, st *state, in [][]inflow) {
	if !fr.info.back[edge{b.Index, t.Index}] {
		in[t.Index] = append(in[t.Index], inflow{r, st})
		return
	}
	sc := e.scopeOf(fr, st)
	for _, s := range t.Invariants {
		if !e.inForce(s) || s.Free {
			continue
		}
		ob := Obligation{Spec: s, Func: fr.info.fn, Pos: b.Term.Pos(), Kind: InvariantPreserved, Block: b}
		key := oblKey{kind: InvariantPreserved, spec: s, block: b}
		e.oblige(fr, st, ob, key, e.guard(s), r, e.expr(sc, s.Cond), e.opts.CheckInvariants)
	}
}

// cutPoint checks the invariants of loop header b on entry, havocs what
// the loop may modify and assumes the invariants.
func (e *encoder) cutPoint(fr *frame, b *ir.Block, r *z3.Expr, st *state) *z3.Expr {
	fi := fr.info
	sc := e.scopeOf(fr, st)
	for _, s := range b.Invariants {
		if !e.inForce(s) || s.Free {
			continue
		}
		ob := Obligation{Spec: s, Func: fi.fn, Pos: blockPos(b), Kind: InvariantOnEntry, Block: b}
		key := oblKey{kind: InvariantOnEntry, spec: s, block: b}
		r = e.oblige(fr, st, ob, key, e.guard(s), r, e.expr(sc, s.Cond), e.opts.CheckInvariants)
	}
	hs := fi.havoc[b.Index]
	prefix := fi.fn.Name + "." + b.String() + "."
	for _, i := range hs.locals {
		st.locals[i] = e.freshVar(prefix+fi.vars[i].Name, fi.vars[i].Kind)
	}
	for _, i := range hs.ghosts {
		g := e.pi.ghosts[i]
		st.ghosts[i] = e.freshVar(prefix+g.Name, g.Kind)
	}
	for _, i := range hs.mem {
		st.mem[i] = e.freshMem(prefix + "mem")
	}
	for _, s := range b.Invariants {
		if e.inForce(s) {
			r = e.assumeSpec(r, s, e.expr(sc, s.Cond))
		}
	}
	return r
}

// ensures checks the checked function's ensures at a return.
func (e *encoder) ensures(fr *frame, b *ir.Block, t *ir.Return, r *z3.Expr, st *state) *z3.Expr {
	fn := fr.info.fn
	sc := e.scopeOf(fr, st)
	sc.bind = make(map[*ir.Var]*z3.Expr, len(fn.Params))
	for _, p := range fn.Params { // parameters mean their values at entry
		sc.bind[p] = fr.entry[fr.info.varIdx[p]]
	}
	for _, s := range fn.Ensures {
		if !e.inForce(s) || s.Free {
			continue
		}
		ob := Obligation{Spec: s, Func: fn, Pos: t.P, Kind: EnsuresAtReturn, Block: b}
		key := oblKey{kind: EnsuresAtReturn, spec: s, block: b}
		r = e.oblige(fr, st, ob, key, e.guard(s), r, e.expr(sc, s.Cond), e.opts.CheckEnsures)
	}
	return r
}

// blockPos is where a block starts, for reports.
func blockPos(b *ir.Block) ir.Pos {
	for _, s := range b.Stmts {
		if p := s.Pos(); p.IsValid() {
			return p
		}
	}
	return b.Term.Pos()
}

// merge joins inflows: one reachability literal, and a fresh constant for
// every slot whose value differs between live inflows, but for the ghosts
// not in keep (when it is not nil), which nothing reads afterwards: they
// take the first inflow's value. The result is a new state owned by the
// caller.
func (e *encoder) merge(fi *funcInfo, name string, flows []inflow, keep ghostSet) (*z3.Expr, *state) {
	live := flows[:0:0]
	for _, f := range flows {
		if !e.isFalse(f.r) {
			live = append(live, f)
		}
	}
	switch len(live) {
	case 0:
		return e.fls, flows[0].st.clone()
	case 1:
		return live[0].r, live[0].st.clone()
	}
	r := e.freshBool("reach." + name)
	rs := make([]*z3.Expr, len(live))
	for i, f := range live {
		rs[i] = f.r
	}
	e.constraints = append(e.constraints, e.eq(r, e.or(rs...)))
	st := &state{
		ghosts: e.phi(live, func(s *state) []*z3.Expr { return s.ghosts }, func(i int) *z3.Expr {
			if keep != nil && !keep.has(i) {
				return nil // read nowhere after: any incoming value will do
			}
			g := e.pi.ghosts[i]
			return e.freshVar(name+"."+g.Name, g.Kind)
		}),
		mem: e.phi(live, func(s *state) []*z3.Expr { return s.mem }, func(int) *z3.Expr {
			return e.freshMem(name + ".mem")
		}),
		locals: e.phi(live, func(s *state) []*z3.Expr { return s.locals }, func(i int) *z3.Expr {
			if fi == nil || i >= len(fi.vars) {
				return e.freshInt(name + ".ret")
			}
			return e.freshVar(name+"."+fi.vars[i].Name, fi.vars[i].Kind)
		}),
	}
	return r, st
}

func (e *encoder) phi(flows []inflow, slots func(*state) []*z3.Expr, fresh func(i int) *z3.Expr) []*z3.Expr {
	first := slots(flows[0].st)
	out := make([]*z3.Expr, len(first))
	for i, v0 := range first {
		differ := false
		for _, f := range flows[1:] {
			if !same(slots(f.st)[i], v0) {
				differ = true
				break
			}
		}
		if !differ {
			out[i] = v0
			continue
		}
		v := fresh(i)
		if v == nil {
			out[i] = v0
			continue
		}
		for _, f := range flows {
			e.constraints = append(e.constraints, e.implies(f.r, e.eq(v, slots(f.st)[i])))
		}
		out[i] = v
	}
	return out
}

// stmt encodes s, updating st in place, and returns the new reachability.
func (e *encoder) stmt(fr *frame, b *ir.Block, s ir.Stmt, r *z3.Expr, st *state) *z3.Expr {
	if e.nstmts++; e.nstmts%1024 == 0 && e.done != nil {
		select {
		case <-e.done:
			panic(encodeCanceled{})
		default:
		}
	}
	sc := e.scopeOf(fr, st)
	sc.reach = r
	switch s := s.(type) {
	case *ir.Assign:
		if s.Dst != nil && s.Src != nil && s.Dst.Kind != s.Src.ValueKind() {
			e.fail("%s %s: assigns a %s to %s %s", fr.info.fn.Name, s.P, s.Src.ValueKind(), s.Dst.Kind, s.Dst.Name)
			break
		}
		e.setVar(fr, st, s.Dst, e.expr(sc, s.Src), s.P)
	case *ir.Havoc:
		for _, v := range s.Vars {
			e.setVar(fr, st, v, e.freshVar(fr.info.fn.Name+"."+varName(v), v.Kind), s.P)
		}
	case *ir.Assume:
		return e.and(r, e.expr(sc, s.Cond))
	case *ir.Assert:
		if e.opts.Asserts != nil && !e.opts.Asserts(s.ID) {
			return r
		}
		ob := Obligation{AssertID: s.ID, Func: fr.info.fn, Pos: s.P, Kind: AssertStmt, Block: b}
		key := oblKey{kind: AssertStmt, assert: s.ID, block: b}
		after := e.oblige(fr, st, ob, key, nil, r, e.expr(sc, s.Cond), e.opts.CheckAsserts)
		if e.opts.IndependentAsserts && e.opts.CheckAsserts {
			return r // checked, not assumed: later assertions may fail in the same execution
		}
		return after
	case *ir.Load:
		slot := e.pi.slot[s.Region]
		var v *z3.Expr
		if s.Region != nil && s.Region.Collapsed {
			v = e.freshInt(fr.info.fn.Name + ".load")
		} else {
			v = e.sel(st.mem[slot], e.expr(sc, s.Addr))
		}
		if s.Dst == nil || s.Dst.Kind != ir.Int {
			e.fail("%s %s: load into a non-integer", fr.info.fn.Name, s.P)
			break
		}
		e.setVar(fr, st, s.Dst, v, s.P)
	case *ir.Store:
		slot := e.pi.slot[s.Region]
		st.mem[slot] = e.store(st.mem[slot], e.expr(sc, s.Addr), e.expr(sc, s.Val))
	case *ir.Touch:
		if s.Write {
			slot := e.pi.slot[s.Region]
			st.mem[slot] = e.freshMem(fr.info.fn.Name + ".touch")
		}
	case *ir.Equate:
		return e.and(r, e.eq(st.mem[e.pi.slot[s.A]], st.mem[e.pi.slot[s.B]]))
	case *ir.Call:
		return e.call(fr, b, s, r, st)
	default:
		e.fail("%s %s: unknown statement %T", fr.info.fn.Name, s.Pos(), s)
	}
	return r
}

func varName(v *ir.Var) string {
	if v == nil {
		return "?"
	}
	return v.Name
}

// setVar assigns x := t in st; assigning a ghost not in the checked
// function's Modifies is an error.
func (e *encoder) setVar(fr *frame, st *state, x *ir.Var, t *z3.Expr, pos ir.Pos) {
	if x == nil {
		e.fail("%s %s: assignment to nothing", fr.info.fn.Name, pos)
		return
	}
	if i, ok := e.pi.ghostIdx[x]; ok {
		if !e.allowed[i] {
			e.fail("%s %s: %s assigns ghost %s, which is not in the modifies of %s", fr.info.fn.Name, pos, fr.info.fn.Name, x.Name, e.top.Name)
		}
		st.ghosts[i] = t
		return
	}
	i, ok := fr.info.varIdx[x]
	if !ok {
		e.fail("%s %s: variable %s is not in scope", fr.info.fn.Name, pos, x.Name)
		return
	}
	st.locals[i] = t
}
