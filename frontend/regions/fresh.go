package regions

import (
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// A9 unpublished allocations: the object an allocator returns (a helper
// row of models with ReturnsFresh: kmalloc, kzalloc, devm_kzalloc,
// kmemdup, ...; mm/slub.c and mm/vmalloc.c hand out memory no live pointer
// names) is private to the call that allocated it until the function first
// lets its pointer go: stores it anywhere in memory, passes it to a call
// other than a helper that keeps no pointer (models.KeepsNoPointer, as for
// A7), returns it, uses it in arithmetic other than adding an offset or in
// a comparison with anything but a constant (a NULL or IS_ERR test), or
// merges it at a join with another value. Before that no other thread can
// hold a pointer to it, so the accesses through the pointer, and through
// pointers derived from it by adding offsets, race with nothing, whatever
// the object's region (flow-insensitively it is shared: it is published
// later in the function). A thread that still holds a pointer to memory
// freed earlier and reused by this allocation is a use after free, which
// this rule does not report as a race.
//
// The analysis is a forward analysis per function over the blocks. Its
// state says which allocation call (site) each variable must point into,
// and which sites may have escaped on some path; a join that finds a
// variable pointing into a site on one side and elsewhere on the other
// lets that site escape, and loops join their back edges, so an escape in
// one iteration counts in the next. An allocation call starts a new
// object: the variables that pointed into the site's previous object
// forget it. A store of the pointer into another fresh object counts as
// an escape at the store; a store into the same object (a list head
// pointing at itself) is none: what only the object reaches stays
// unreachable. Offsets are trusted to stay inside the object (A4): with
// in-bounds dropped, nothing is marked.

// markFresh sets ir.Access.Private on the accesses A9 shows private.
func markFresh(prog *ir.Program, opts Options) {
	if opts.NoUnpublishedAllocations || opts.NoBoundsAssumption {
		return
	}
	keeps := paramSummaries(prog)
	for _, fn := range prog.Funcs {
		if len(fn.Blocks) > 0 {
			if f := newFreshFn(fn, keeps, false); f != nil {
				if !opts.NoFailedRegistration {
					f.results = findResults(fn)
				}
				f.mark()
			}
		}
	}
}

// freshFn is A9's view of one function: the allocation calls and the
// variables that may hold a pointer into their objects (candidates).
type freshFn struct {
	fn    *ir.Function
	sites map[*ir.Call]int
	vars  map[*ir.Var]int
	// params maps a parameter to its site when the analysis runs for a
	// summary (paramSummaries): sites len(sites).. are the parameters'.
	params map[*ir.Var]int
	// keeps says which parameters of the driver's functions may keep or
	// hand on the pointer passed (nil: every one).
	keeps map[*ir.Function][]bool
	// results: the result variables of registrations whose failure keeps
	// nothing (failed.go); nil when failures are not trusted.
	results map[*ir.Var]failResult
}

// nsites is the number of sites: allocations, then parameters.
func (f *freshFn) nsites() int { return len(f.sites) + len(f.params) }

// freshState is the analysis state at one point: val[i] is 1 + the site
// candidate i points into, 0 for none known; esc[s] says site s may have
// escaped; via[s], for an escaped site, 1 + the index of the result of the
// one failure-undoing registration it escaped through, 0 for any other
// way (failed.go). cur is that index while a call's arguments escape.
type freshState struct {
	val []int32
	esc []bool
	via []int32
	cur int32
}

func (st *freshState) clone() *freshState {
	return &freshState{val: append([]int32(nil), st.val...), esc: append([]bool(nil), st.esc...),
		via: append([]int32(nil), st.via...)}
}

// join merges t into st and reports whether st changed.
func (st *freshState) join(t *freshState) bool {
	changed := false
	for i, a := range st.val {
		if b := t.val[i]; a != b {
			st.escape(a)
			st.escape(b)
			st.val[i], changed = 0, true
		}
	}
	for s, e := range t.esc {
		switch {
		case e && !st.esc[s]:
			st.esc[s], st.via[s], changed = true, t.via[s], true
		case e && st.via[s] != t.via[s] && st.via[s] != 0:
			st.via[s], changed = 0, true
		}
	}
	return changed
}

// escape records that the site of value v (1 + site, 0 none) escaped,
// through the registration st.cur names when it is not 0.
func (st *freshState) escape(v int32) {
	if v == 0 {
		return
	}
	s := v - 1
	switch {
	case !st.esc[s]:
		st.via[s] = st.cur
	case st.via[s] != st.cur:
		st.via[s] = 0
	}
	st.esc[s] = true
}

// redefine forgets the registrations whose result variable v held.
func (f *freshFn) redefine(v *ir.Var, st *freshState) {
	if r, ok := f.results[v]; ok {
		for s, via := range st.via {
			if via == int32(r.idx)+1 {
				st.via[s] = 0
			}
		}
	}
}

// unescape makes the sites that escaped only through the registration r
// unpublished again: on this path it failed.
func (st *freshState) unescape(r failResult) {
	for s, via := range st.via {
		if via == int32(r.idx)+1 {
			st.esc[s], st.via[s] = false, 0
		}
	}
}

// allocation reports whether s calls an allocator whose result is kept.
func allocation(s *ir.Call) bool {
	if s.Dst == nil || s.Callee == nil || !s.Callee.External() {
		return false
	}
	h, known := models.HelperFor(s.Callee.Name)
	return known && h.Returns == models.ReturnsFresh
}

// newFreshFn finds fn's allocation calls and candidates; nil when it has
// no allocation.
func newFreshFn(fn *ir.Function, keeps map[*ir.Function][]bool, params bool) *freshFn {
	f := &freshFn{fn: fn, sites: map[*ir.Call]int{}, vars: map[*ir.Var]int{},
		params: map[*ir.Var]int{}, keeps: keeps}
	add := func(v *ir.Var) bool {
		if _, ok := f.vars[v]; ok {
			return false
		}
		f.vars[v] = len(f.vars)
		return true
	}
	for _, b := range fn.Blocks {
		for _, s := range b.Stmts {
			if c, ok := s.(*ir.Call); ok && allocation(c) {
				f.sites[c] = len(f.sites)
				add(c.Dst)
			}
		}
	}
	if params {
		for _, v := range fn.Params {
			if _, dup := f.params[v]; !dup {
				add(v) // false when an allocation is assigned to it too
				f.params[v] = len(f.sites) + len(f.params)
			}
		}
	}
	if f.nsites() == 0 {
		return nil
	}
	// Variables assigned a candidate plus an offset are candidates too.
	for grew := true; grew; {
		grew = false
		for _, b := range fn.Blocks {
			for _, s := range b.Stmts {
				if a, ok := s.(*ir.Assign); ok {
					if _, _, ok := f.baseOffset(a.Src); ok && add(a.Dst) {
						grew = true
					}
				}
			}
		}
	}
	return f
}

// baseOffset splits e into a candidate variable and an offset (nil for
// none) that names no candidate, object, function or pointer variable.
func (f *freshFn) baseOffset(e ir.Expr) (*ir.Var, ir.Expr, bool) {
	switch e := e.(type) {
	case *ir.Var:
		if _, ok := f.vars[e]; ok {
			return e, nil, true
		}
	case *ir.Binary:
		if e.Op != ir.OpAdd {
			return nil, nil, false
		}
		for _, xy := range [2][2]ir.Expr{{e.X, e.Y}, {e.Y, e.X}} {
			if v, off, ok := f.baseOffset(xy[0]); ok && f.plainOffset(xy[1]) {
				if off == nil {
					return v, xy[1], true
				}
				return v, ir.Bin(ir.OpAdd, off, xy[1]), true
			}
		}
	}
	return nil, nil, false
}

// plainOffset reports whether e can only be an integer offset: it names
// no candidate, object, function or variable of pointer type.
func (f *freshFn) plainOffset(e ir.Expr) bool {
	plain := true
	ir.WalkExpr(e, func(x ir.Expr) {
		switch x := x.(type) {
		case *ir.Object, *ir.Function:
			plain = false
		case *ir.Var:
			if _, ok := f.vars[x]; ok || isPointer(x.CType) {
				plain = false
			}
		}
	})
	return plain
}

// siteOf returns 1 + the site e points into when e is a candidate plus an
// offset that is not a negative constant (A4 keeps the others inside the
// object), else 0.
func (f *freshFn) siteOf(e ir.Expr, st *freshState) int32 {
	v, off, ok := f.baseOffset(e)
	if !ok {
		return 0
	}
	if c, isConst := constValue(off); isConst && c < 0 {
		return 0
	}
	return st.val[f.vars[v]]
}

// constValue folds an offset made of constants and additions.
func constValue(e ir.Expr) (int64, bool) {
	switch e := e.(type) {
	case nil:
		return 0, true
	case *ir.Const:
		return e.Val, true
	case *ir.Binary:
		if e.Op == ir.OpAdd {
			x, okx := constValue(e.X)
			y, oky := constValue(e.Y)
			return x + y, okx && oky
		}
	}
	return 0, false
}

// escapeIn lets escape every site a candidate in e points into, except
// where e only compares it with a constant.
func (f *freshFn) escapeIn(e ir.Expr, st *freshState) {
	switch e := e.(type) {
	case *ir.Var:
		if i, ok := f.vars[e]; ok {
			st.escape(st.val[i])
		}
	case *ir.Unary:
		f.escapeIn(e.X, st)
	case *ir.Binary:
		if e.Op >= ir.OpEq && e.Op <= ir.OpGe && (constant(e.X) || constant(e.Y)) {
			return // a truth value: no address gets out
		}
		f.escapeIn(e.X, st)
		f.escapeIn(e.Y, st)
	case *ir.Ite:
		f.escapeIn(e.Cond, st)
		f.escapeIn(e.Then, st)
		f.escapeIn(e.Else, st)
	}
}

// constant reports whether e names no variable, object or function.
func constant(e ir.Expr) bool {
	c := true
	ir.WalkExpr(e, func(x ir.Expr) {
		switch x.(type) {
		case *ir.Var, *ir.Object, *ir.Function, *ir.Old:
			c = false
		}
	})
	return c
}

// mark runs the analysis to its fixpoint over the blocks, then marks the
// private accesses of the blocks the entry reaches.
func (f *freshFn) mark() {
	in := f.solve()
	// A block no path reaches has no state and is not marked.
	for i, b := range f.fn.Blocks {
		if in[i] != nil {
			f.walk(b, in[i].clone(), func(a *ir.Access) { a.Private = true })
		}
	}
}

// solve runs the analysis to its fixpoint and returns the state at the
// start of each block (nil for a block no path reaches).
func (f *freshFn) solve() []*freshState {
	blocks := f.fn.Blocks
	pos := make(map[*ir.Block]int, len(blocks))
	for i, b := range blocks {
		pos[b] = i
	}
	in := make([]*freshState, len(blocks))
	in[0] = &freshState{val: make([]int32, len(f.vars)), esc: make([]bool, f.nsites()), via: make([]int32, f.nsites())}
	for v, site := range f.params {
		in[0].val[f.vars[v]] = int32(site) + 1
	}
	queued := make([]bool, len(blocks))
	work := []int{0}
	queued[0] = true
	for len(work) > 0 {
		i := work[0]
		work = work[1:]
		queued[i] = false
		out := in[i].clone()
		f.walk(blocks[i], out, nil)
		failed, then, isTest := f.failureEdge(blocks[i])
		for k, s := range blocks[i].Term.Succs() {
			j, ok := pos[s]
			if !ok {
				continue
			}
			edge := out
			if isTest && then == (k == 0) {
				edge = out.clone()
				edge.unescape(failed)
			}
			grew := false
			if in[j] == nil {
				in[j], grew = edge.clone(), true
			} else {
				grew = in[j].join(edge)
			}
			if grew && !queued[j] {
				queued[j] = true
				work = append(work, j)
			}
		}
	}
	return in
}

// walk runs b's statements over st; private, when not nil, is called with
// each access through a pointer into an object that has not escaped.
func (f *freshFn) walk(b *ir.Block, st *freshState, private func(*ir.Access)) {
	for k, s := range b.Stmts {
		if a := ir.AccessOf(s); a != nil {
			if site := f.siteOf(a.Addr, st); private != nil && site != 0 && int(site) <= len(f.sites) && !st.esc[site-1] &&
				shared(a.Region) && !f.touchOfEscapingCall(b.Stmts, k, site, st) {
				private(a)
			}
		}
		f.step(s, st)
	}
	for _, e := range ir.TermExprs(b.Term) {
		f.escapeIn(e, st)
	}
}

// step applies statement s to st.
func (f *freshFn) step(s ir.Stmt, st *freshState) {
	if a := ir.AccessOf(s); a != nil {
		if _, _, ok := f.baseOffset(a.Addr); !ok {
			f.escapeIn(a.Addr, st)
		}
		if a.Len != nil {
			f.escapeIn(a.Len, st)
		}
	}
	switch s := s.(type) {
	case *ir.Assign:
		site := f.siteOf(s.Src, st)
		if site == 0 {
			f.escapeIn(s.Src, st)
		}
		f.redefine(s.Dst, st)
		f.set(s.Dst, site, st)
	case *ir.Load:
		f.redefine(s.Dst, st)
		f.set(s.Dst, 0, st)
	case *ir.Store:
		// A pointer into the object stored into the object itself (a
		// list head's next = itself) leaves it as unreachable as it was.
		if v := f.siteOf(s.Val, st); v == 0 || v != f.siteOf(s.Addr, st) {
			f.escapeIn(s.Val, st)
		}
	case *ir.Havoc:
		for _, v := range s.Vars {
			f.redefine(v, st)
			f.set(v, 0, st)
		}
	case *ir.Assume:
		f.escapeIn(s.Cond, st)
	case *ir.Assert:
		f.escapeIn(s.Cond, st)
	case *ir.Call:
		f.call(s, st)
	}
}

// call applies call s: its arguments escape unless the callee keeps no
// pointer; an allocation makes a new object of its site.
func (f *freshFn) call(s *ir.Call, st *freshState) {
	if s.Dst != nil {
		f.redefine(s.Dst, st)
	}
	if r, ok := f.failedCall(s); ok {
		st.cur = int32(r.idx) + 1
		defer func() { st.cur = 0 }()
	}
	if !keepsNoAddress(s) {
		keeps := f.keeps[s.Callee]
		if s.Fn != nil || s.Callee == nil || s.Callee.External() || keeps == nil {
			keeps = nil
		}
		if s.Fn != nil {
			f.escapeIn(s.Fn, st)
		}
		for i, e := range s.Args {
			if i >= len(keeps) || keeps[i] {
				f.escapeIn(e, st)
			}
		}
	}
	site, ok := f.sites[s]
	if !ok {
		if s.Dst != nil {
			f.set(s.Dst, 0, st)
		}
		return
	}
	// Pointers into the site's previous object (an earlier iteration's)
	// no longer name the site: only the new object is unpublished.
	for i, v := range st.val {
		if v == int32(site)+1 {
			st.val[i] = 0
		}
	}
	st.esc[site], st.via[site] = false, 0
	f.set(s.Dst, int32(site)+1, st)
}

// set gives variable v the value 1 + site (0: none).
func (f *freshFn) set(v *ir.Var, site int32, st *freshState) {
	if i, ok := f.vars[v]; ok {
		st.val[i] = site
		return
	}
	st.escape(site) // not a candidate: cannot happen, but stay sound
}

// touchOfEscapingCall reports whether statement k is one of the touches of
// the helper call right after them (same position) and that call lets
// site escape: its touches are made during the call.
func (f *freshFn) touchOfEscapingCall(stmts []ir.Stmt, k int, site int32, st *freshState) bool {
	c, ok := callOfTouch(stmts, k)
	if !ok || keepsNoAddress(c) {
		return false
	}
	probe := st.clone()
	for _, e := range ir.StmtExprs(c) {
		f.escapeIn(e, probe)
	}
	return probe.esc[site-1]
}
