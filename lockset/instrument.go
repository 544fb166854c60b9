package lockset

import (
	"fmt"
	"slices"
	"sort"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// The instrumented program replaces memory by ghost state. Per lock l:
// held_l (held in any mode) and, for locks with a read mode, heldw_l (held
// in write mode). Per tracked region R: w_R, the watched address, which no
// function modifies; sel_R, whether this side selected an access to w_R;
// site_R, the selected access's site; sl_R_l / slw_R_l, the lockset at the
// selected access; for a lock whose instances are told apart
// (lockInfo.instance), addr_l, the address of the instance last acquired,
// and sa_R_l, its value at the selected access. A side selects at most one
// access per region, chosen
// nondeterministically, so the solver picks the two accesses of a race; a
// pair is race-free on R when every choice of one access per side that can
// touch the same address holds a common lock (in write mode on one side).
//
// A side may stop at any point (stop.go): a selection sets stop, and from
// then on nothing the side does can make its selection vacuous.

type ghostLock struct {
	held, heldW *ir.Var // heldW is nil unless the lock has a read mode
	addr        *ir.Var // nil unless the lock's instances are told apart
}

type ghostRegion struct {
	r      *ir.Region
	w, sel *ir.Var
	// base is the start of the allocation w lies in: a free (ir.Access.
	// Free) touches w only if it frees at base, so frees of two distinct
	// allocations never meet. nil when no access of the region frees.
	base       *ir.Var
	site       *ir.Var
	sl, slw    []*ir.Var // per lock; slw[l] nil when lock l has no read mode
	sa         []*ir.Var // per lock; sa[l] nil unless lock l has an addr
	exact      bool      // every Load/Store has the same size: w is a cell start
	size       int64     // that size, when exact
	regionSite map[int]*site
	// fixed[l], in a pair's copy (narrow), replaces the record of lock l
	// by the sites that hold it; nil where l is recorded or never both held.
	fixed []*fixedLock
}

type instrumenter struct {
	f       *facts
	prog    *ir.Program // the instrumented program
	locks   []ghostLock
	regions []*ghostRegion
	byReg   map[*ir.Region]*ghostRegion
	unpub   map[string]int // publication class -> its pseudo-lock index
	closure map[string][]string
	// publishers[c]: entry points whose code publishes class c directly.
	publishers map[string][]*ir.EntryPoint
	// firstPublishers[c]: the entry points that may make class c callable
	// first: publishers whose calls do more than resume (regOp.resumes).
	firstPublishers map[string][]*ir.EntryPoint
	// withdrawal[c]: when an exit's withdrawal of class c quiesces it
	// (withdrawalGuards).
	withdrawal map[string]withdrawalGuard
	// objects[c]: what withdrawing class c takes (withdraw.go).
	objects map[string]*classObjects
	// pubObj: the per-object publication pseudo-locks (pubobjects.go).
	pubObj *pubObjects
	// probeHelpers: exported functions that gate what they alone publish
	// as a probe does (pubobjects.go).
	probeHelpers map[*ir.EntryPoint]bool
	// pubIter: the per-iteration publication sites (publoops.go).
	pubIter *pubIters
	// lifecycle: functions an init or exit entry point may run; only they
	// carry publication effects (elsewhere the role flags are false).
	lifecycle map[*ir.Function]bool
	// conditional: functions that may reach a conditional acquire.
	conditional map[*ir.Function]bool
	// summarized: original functions checked against their own contracts;
	// the others are inlined everywhere (summaries.go).
	summarized  map[*ir.Function]bool
	inlinedSize map[*ir.Function]int          // statements of an original function with its inlined callees
	originals   map[*ir.Function]*ir.Function // instrumented copy -> original
	onCycle     map[*ir.Function]bool         // recursive originals (recursive())
	// role flags, set by harnesses: the side being run is an init or exit entry point
	roleInit, roleExit *ir.Var
	stop               *ir.Var               // the side has made a selection (stop.go)
	escaped            *ir.Var               // the side is returning because it stopped (stop.go)
	escapes            map[*ir.Function]bool // originals that may escape (stop.go)
	fullStops          *stopFlow             // where stop may be set in the full program
	copies             map[*ir.Function]*ir.Function
	globals            map[*ir.Object]*ir.Object // original global object -> its copy
	externs            map[string]*ir.Function
	ownMod             map[*ir.Function]map[int]bool // locks each function changes itself
	modMemo            map[*ir.Function][]int
	accMemo            map[*ir.Function][]*ghostRegion
	sitesMemo          map[*ir.Function]map[*ghostRegion][]*site
	nextAssert         int
	candidates         int
	verifyConstruction bool // see Options.verifyConstruction
	keepLockRecords    bool // see Options.keepLockRecords
	keepDeadSites      bool // see Options.keepDeadSites
	freshSize          int  // see Options.freshSize
	// initWithdrawals: the waiting withdrawals that stop their class in
	// an init entry point too, each with the guard that holds there
	// (initWithdrawalsOf).
	initWithdrawals map[*ir.Call]withdrawalGuard
	// perOpen: the file operations whose file's private_data is an
	// object of its own (peropen.go); nil without the assumption.
	perOpen map[*ir.EntryPoint]*ownSites
	// releaseOnce: the release callbacks of a struct device, with their
	// accesses through their device (lifetime.go); nil without the
	// assumption.
	releaseOnce map[*ir.EntryPoint]*ownSites
	// releaseRef, pmRef: the release callbacks and the system-sleep PM
	// callbacks with their accesses through their device
	// (lifetime_ref.go); nil without the assumption.
	// fileRef: the file operations whose file holds a device of its
	// private_data object, with their accesses through it.
	releaseRef, pmRef, fileRef map[*ir.EntryPoint]*devSites
	// callerRef: the exported functions' accesses through a pointer
	// parameter to a container of a released device (lifetime_caller.go).
	callerRef map[*ir.EntryPoint]callerSites
	// lockChecks: build the lock-discipline ghosts (disc) too (CheckLocks).
	lockChecks bool
	disc       *discipline
	// heldOnEntry: the locks some entry point holds on entry
	// (selfdeadlock.go).
	heldOnEntry map[int]bool
}

// unpubID names the pseudo-lock "class not yet published".
func unpubID(class string) string { return "<unpublished " + class + ">" }

// newInstrumenter prepares the instrumentation of f's program: objects and
// the publication pseudo-locks. build then instruments funcs for tracked.
func newInstrumenter(f *facts) *instrumenter {
	in := &instrumenter{
		f:         f,
		prog:      &ir.Program{Path: f.prog.Path, Sources: f.prog.Sources},
		globals:   make(map[*ir.Object]*ir.Object, len(f.prog.Objects)),
		byReg:     make(map[*ir.Region]*ghostRegion),
		unpub:     make(map[string]int),
		closure:   make(map[string][]string),
		copies:    make(map[*ir.Function]*ir.Function),
		externs:   make(map[string]*ir.Function),
		ownMod:    make(map[*ir.Function]map[int]bool),
		modMemo:   make(map[*ir.Function][]int),
		accMemo:   make(map[*ir.Function][]*ghostRegion),
		sitesMemo: make(map[*ir.Function]map[*ghostRegion][]*site),
	}
	// Memory is abstracted away: objects keep their addresses but lose
	// their initial contents (which name functions of the original).
	for _, o := range f.prog.Objects {
		cp := *o
		cp.Init = nil
		in.globals[o] = &cp
		in.prog.Objects = append(in.prog.Objects, &cp)
	}
	in.publication()
	in.pubObj = in.pubObjectsOf()
	in.probeHelpers = in.probeHelpersOf()
	in.pubIter = in.pubItersOf()
	in.initWithdrawals = in.initWithdrawalsOf()
	if f.perOpen {
		in.perOpen = perOpenOf(f)
	}
	if f.releaseOnce {
		in.releaseOnce = releaseOnceOf(f)
	}
	if f.releaseRef {
		in.releaseRef, in.pmRef = releaseRefOf(f)
		in.fileRef = fileRefOf(f)
		if f.callerRef {
			in.callerRef = callerRefOf(f, in.releaseRef)
		}
	}
	return in
}

// build creates the ghost state for the tracked regions and the
// instrumented copies of funcs with their contracts. lifecycle are the init
// and exit entry points among the pairs checked.
func (in *instrumenter) build(tracked []*ir.Region, funcs []*ir.Function, lifecycle []*ir.EntryPoint, inlineBudget int) {
	in.decideSummaries(funcs, inlineBudget)
	in.originals = make(map[*ir.Function]*ir.Function, len(funcs))
	in.lifecycle = make(map[*ir.Function]bool)
	for _, ep := range lifecycle {
		for _, g := range in.f.reach(ep.Func) {
			in.lifecycle[g] = true
		}
	}
	in.conditional = make(map[*ir.Function]bool)
	for _, fn := range funcs {
		for _, g := range in.f.reach(fn) {
			for _, b := range g.Blocks {
				for _, st := range b.Stmts {
					if call, ok := st.(*ir.Call); ok {
						if op, ok := in.f.callLock[call]; ok && op.api.Cond != models.Always {
							in.conditional[fn] = true
						}
					}
				}
			}
		}
	}
	in.ghosts(tracked)
	if in.lockChecks {
		in.disc = newDiscipline(in)
	}
	for _, fn := range funcs {
		cp := ir.NewFunction(fn.Name, fn.Sig, fn.Pos)
		cp.Static, cp.Inline, cp.NoReturn, cp.Section = fn.Static, fn.Inline, fn.NoReturn, fn.Section
		in.copies[fn] = cp
		in.originals[cp] = fn
		in.prog.AddFunc(cp)
	}
	in.fullStops = in.stopFlow(funcs, func(r *ir.Region) *ghostRegion { return in.byReg[r] }, nil)
	for _, fn := range funcs {
		in.body(fn, in.copies[fn])
	}
	for _, fn := range funcs {
		in.contracts(fn, in.copies[fn])
	}
}

// publication creates a read-write pseudo-lock per publication class. An
// entry point of class c holds "c unpublished" in read mode for its whole
// run; init holds every one in write mode until it publishes the class (or
// a class whose entry points may publish it); exit takes it in write mode
// when it withdraws the class. Readers share, so entry points of one class
// never protect each other through it.
func (in *instrumenter) publication() {
	f := in.f
	classes := make(map[string]bool)
	for _, ep := range f.prog.EntryPoints {
		if c := f.env.entryClass(ep); c != "" {
			classes[c] = true
		}
	}
	for _, c := range sortedStrings(classes) {
		in.unpub[c] = f.lock(unpubID(c), "publication", true)
	}
	// closure[c]: classes that become callable once c is: c itself and
	// what c's entry points publish, transitively.
	direct := make(map[string]map[string]bool)
	in.publishers = make(map[string][]*ir.EntryPoint)
	in.firstPublishers = make(map[string][]*ir.EntryPoint)
	for _, ep := range f.prog.EntryPoints {
		c := f.env.entryClass(ep)
		published := make(map[string]bool)
		first := make(map[string]bool)
		for _, g := range f.reach(ep.Func) {
			for _, b := range g.Blocks {
				for _, s := range b.Stmts {
					if call, ok := s.(*ir.Call); ok {
						if op, ok := f.callReg[call]; ok && !op.unregister {
							for _, c := range op.classes() {
								published[c] = true
								first[c] = first[c] || !op.resumes
							}
						}
					}
				}
			}
		}
		for _, pc := range sortedStrings(published) {
			in.publishers[pc] = append(in.publishers[pc], ep)
			if first[pc] {
				in.firstPublishers[pc] = append(in.firstPublishers[pc], ep)
			}
		}
		if c == "" {
			continue
		}
		if direct[c] == nil {
			direct[c] = make(map[string]bool)
		}
		for pc := range published {
			direct[c][pc] = true
		}
	}
	in.withdrawalGuards()
	in.objects = in.classObjectsOf()
	all := make(map[string]bool)
	for c := range classes {
		all[c] = true
	}
	for _, byClass := range direct {
		for c := range byClass {
			all[c] = true
		}
	}
	// A class only module init or exit (class "") publishes, with no entry
	// point of its own (platform_device_add's sysfs in a driver without
	// attributes), makes nothing else callable: its closure is itself,
	// not the everything of an unknown class.
	for c := range in.publishers {
		all[c] = true
	}
	for c := range all {
		seen := map[string]bool{c: true}
		work := []string{c}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for y := range direct[x] {
				if !seen[y] {
					seen[y] = true
					work = append(work, y)
				}
			}
		}
		in.closure[c] = sortedStrings(seen)
	}
}

func (in *instrumenter) ghosts(tracked []*ir.Region) {
	p := in.prog
	for i, l := range in.f.locks {
		g := ghostLock{held: p.NewVar(fmt.Sprintf("held%d", i), ir.Bool)}
		if l.rw {
			g.heldW = p.NewVar(fmt.Sprintf("heldw%d", i), ir.Bool)
		}
		if l.instance {
			g.addr = p.NewVar(fmt.Sprintf("lockaddr%d", i), ir.Int)
		}
		in.locks = append(in.locks, g)
	}
	in.roleInit = p.NewVar("role_init", ir.Bool)
	in.roleExit = p.NewVar("role_exit", ir.Bool)
	in.stop = p.NewVar("stop", ir.Bool)
	in.escaped = p.NewVar("escaped", ir.Bool)
	relevant := in.relevantLocks(tracked)
	regionSites := make(map[*ir.Region][]*site)
	for _, s := range in.f.sites {
		regionSites[s.access.Region] = append(regionSites[s.access.Region], s)
	}
	for _, r := range tracked {
		g := &ghostRegion{
			r:          r,
			w:          p.NewVar(fmt.Sprintf("w%d", r.ID), ir.Int),
			sel:        p.NewVar(fmt.Sprintf("sel%d", r.ID), ir.Bool),
			site:       p.NewVar(fmt.Sprintf("site%d", r.ID), ir.Int),
			sl:         make([]*ir.Var, len(in.f.locks)),
			slw:        make([]*ir.Var, len(in.f.locks)),
			sa:         make([]*ir.Var, len(in.f.locks)),
			regionSite: make(map[int]*site),
		}
		for _, l := range relevant[r] {
			g.sl[l] = p.NewVar(fmt.Sprintf("sl%d_%d", r.ID, l), ir.Bool)
			// A publication pseudo-lock's mode follows from the side's
			// role (race, publicationWrite): no write bit is recorded.
			if in.f.locks[l].rw && in.f.locks[l].class != "publication" {
				g.slw[l] = p.NewVar(fmt.Sprintf("slw%d_%d", r.ID, l), ir.Bool)
			}
			if in.f.locks[l].instance {
				g.sa[l] = p.NewVar(fmt.Sprintf("sa%d_%d", r.ID, l), ir.Int)
			}
		}
		g.exact = !r.Collapsed
		for _, s := range regionSites[r] {
			g.regionSite[s.id] = s
			if s.access.Free && g.base == nil {
				g.base = p.NewVar(fmt.Sprintf("base%d", r.ID), ir.Int)
			}
			if s.touch {
				continue
			}
			switch {
			case s.access.Size <= 0:
				g.exact = false
			case g.size == 0:
				g.size = s.access.Size
			case g.size != s.access.Size:
				g.exact = false
			}
		}
		if g.size == 0 {
			g.exact = false
		}
		in.regions = append(in.regions, g)
		in.byReg[r] = g
	}
}

// relevantLocks returns, per tracked region, the locks its ghost state
// records: those that may be held at one of its accesses, and the
// publication pseudo-locks of the classes whose entry points reach it when
// an init or exit entry point reaches it too. Other locks are treated as
// never held at the region's accesses (sound: fewer protections).
func (in *instrumenter) relevantLocks(tracked []*ir.Region) map[*ir.Region][]int {
	f := in.f
	initial := make(map[*ir.Function][]int)
	for _, ep := range f.prog.EntryPoints {
		for _, id := range f.env.heldLocks(ep) {
			if l, ok := f.lockIndex[id]; ok {
				initial[ep.Func] = append(initial[ep.Func], l)
			}
		}
		for _, el := range f.entryHeld[ep] {
			initial[ep.Func] = append(initial[ep.Func], el.lock)
		}
	}
	may := f.mayHeld(initial)
	isTracked := make(map[*ir.Region]bool, len(tracked))
	for _, r := range tracked {
		isTracked[r] = true
	}
	sets := make(map[*ir.Region]map[int]bool)
	add := func(r *ir.Region, l int) {
		if sets[r] == nil {
			sets[r] = make(map[int]bool)
		}
		sets[r][l] = true
	}
	for id, held := range may {
		r := f.sites[id].access.Region
		if !isTracked[r] {
			continue
		}
		for l, h := range held {
			if h && f.locks[l].protects() {
				add(r, l)
			}
		}
	}
	// Publication pseudo-locks matter where init or exit meets the class.
	classesAt := make(map[*ir.Region]map[string]bool)
	trackersAt := make(map[*ir.Region]map[int]bool)
	lifecycle := make(map[*ir.Region]bool)
	for _, ep := range f.prog.EntryPoints {
		class := f.env.entryClass(ep)
		t, tracked := in.tracker(ep)
		pt, pubTracked := in.pubObj.owner[ep]
		for r := range f.sitesOf(ep.Func) {
			if !isTracked[r] {
				continue
			}
			if trackersAt[r] == nil && (tracked || pubTracked) {
				trackersAt[r] = make(map[int]bool)
			}
			if tracked {
				trackersAt[r][t] = true
			}
			if pubTracked {
				trackersAt[r][pt] = true
			}
			if in.publisherInit(ep) || ep.Role == ir.RoleExit {
				lifecycle[r] = true
			} else if class != "" {
				if classesAt[r] == nil {
					classesAt[r] = make(map[string]bool)
				}
				classesAt[r][class] = true
			}
		}
	}
	for r := range lifecycle {
		for c := range classesAt[r] {
			if l, ok := in.unpub[c]; ok {
				add(r, l)
			}
		}
		for t := range trackersAt[r] {
			add(r, t)
		}
	}
	out := make(map[*ir.Region][]int, len(sets))
	for r, set := range sets {
		out[r] = sortedInts(set)
	}
	return out
}

// body translates fn into cp: accesses become selections, lock calls ghost
// updates, other external calls havoc their result.
func (in *instrumenter) body(fn, cp *ir.Function) {
	in.translate(fn, cp, &cloner{
		funcs:   in.mapFunc,
		globals: in.globals,
		copyOf: func(f *ir.Function) (*ir.Function, bool) {
			c, ok := in.copies[f]
			return c, ok
		},
		region: func(r *ir.Region) *ghostRegion { return in.byReg[r] },
		stops:  in.fullStops,
	})
}

// translate fills cp with the instrumented body of fn under c's mapping.
func (in *instrumenter) translate(fn, cp *ir.Function, c *cloner) {
	c.header(fn, cp)
	headers := make(map[*ir.Block]bool)
	for _, h := range loopHeaders(fn) {
		headers[h] = true
	}
	after := c.stops.out[fn]
	var entry map[int]*ir.Var // lock-discipline state on entry
	for i, b := range fn.Blocks {
		dst := c.Blocks[b]
		if i == 0 && in.disc != nil {
			entry = in.disc.entering(in, fn, cp, dst)
		}
		for _, s := range b.Stmts {
			dst = in.stmt(fn, cp, dst, c, s)
		}
		if _, ok := b.Term.(*ir.Unreachable); ok && after[b.Index] {
			dst = in.escape(cp, dst, b.Term.Pos())
		}
		if r, ok := b.Term.(*ir.Return); ok && in.disc != nil {
			in.disc.returning(in, dst, entry, r.P)
		}
		dst.Term = c.Term(b.Term)
		if after[b.Index] {
			for _, h := range b.Term.Succs() {
				if headers[h] && reaches(h, b) { // a back edge
					in.escapeOnEdge(cp, dst, c.Blocks[h])
				}
			}
		}
	}
	cp.ComputePreds()
}

// mapFunc maps a function of the original program into the instrumented one.
func (in *instrumenter) mapFunc(f *ir.Function) *ir.Function {
	if cp, ok := in.copies[f]; ok {
		return cp
	}
	if x, ok := in.externs[f.Name]; ok {
		return x
	}
	x := ir.NewFunction(f.Name, f.Sig, f.Pos)
	x.Synthetic = true
	in.externs[f.Name] = x
	in.prog.AddFunc(x)
	return x
}

func (in *instrumenter) ownMods(fn *ir.Function) map[int]bool {
	m := in.ownMod[fn]
	if m == nil {
		m = make(map[int]bool)
		in.ownMod[fn] = m
	}
	return m
}

// stmt translates s into dst and returns the block translation continues
// in (a new one after a call that may escape).
func (in *instrumenter) stmt(fn, cp *ir.Function, dst *ir.Block, c *cloner, s ir.Stmt) *ir.Block {
	switch s := s.(type) {
	case *ir.Assign:
		dst.Add(&ir.Assign{Dst: c.Var(s.Dst), Src: c.Expr(s.Src), P: s.P})
	case *ir.Havoc:
		vars := make([]*ir.Var, len(s.Vars))
		for i, v := range s.Vars {
			vars[i] = c.Var(v)
		}
		dst.Add(&ir.Havoc{Vars: vars, P: s.P})
	case *ir.Assume:
		dst.Add(&ir.Assume{Cond: ir.Or(in.stop, c.Expr(s.Cond)), P: s.P})
	case *ir.Assert:
		// The front end emits no assertions; keep any as assumptions so
		// they do not become race obligations.
		dst.Add(&ir.Assume{Cond: ir.Or(in.stop, c.Expr(s.Cond)), P: s.P})
	case *ir.Load:
		// Shared-state abstraction: another thread may have written anything.
		dst.Add(&ir.Havoc{Vars: []*ir.Var{c.Var(s.Dst)}, P: s.P})
		in.selection(cp, dst, c, &s.Access, false)
	case *ir.Store:
		ops := in.f.storeLock[s]
		if ops.before != nil {
			dst = in.call(fn, cp, dst, c, ops.before)
		}
		in.selection(cp, dst, c, &s.Access, false)
		if ops.after != nil {
			dst = in.call(fn, cp, dst, c, ops.after)
		}
	case *ir.Touch:
		ops := in.f.storeLock[s]
		if ops.before != nil {
			dst = in.call(fn, cp, dst, c, ops.before)
		}
		in.selection(cp, dst, c, &s.Access, true)
		if ops.after != nil {
			dst = in.call(fn, cp, dst, c, ops.after)
		}
	case *ir.Call:
		return in.call(fn, cp, dst, c, s)
	default:
		panic(fmt.Sprintf("lockset: unexpected statement %T", s))
	}
	return dst
}

// selection lets this side nondeterministically choose the access a as its
// witness for region a.Region, if a touches the watched address.
func (in *instrumenter) selection(cp *ir.Function, dst *ir.Block, c *cloner, a *ir.Access, touch bool) {
	g := c.region(a.Region)
	if g == nil || c.skip[a.Site] || a.Private {
		return
	}
	nd := cp.NewLocal("nd", ir.Bool, nil, a.P)
	dst.Add(&ir.Havoc{Vars: []*ir.Var{nd}, P: a.P})
	addr := c.Expr(a.Addr)
	var match ir.Expr
	touch = touch || a.Size <= 0
	switch {
	case g.exact && !touch:
		match = ir.Eq(addr, g.w)
	case g.exact:
		// The range [addr, addr+len) overlaps the cell [w, w+size).
		match = ir.Bin(ir.OpLt, addr, ir.Bin(ir.OpAdd, g.w, ir.IntConst(g.size)))
		if l := accessLen(a, c); l != nil {
			match = ir.And(match, ir.Bin(ir.OpLt, g.w, ir.Bin(ir.OpAdd, addr, l)))
		}
	default:
		match = ir.Bin(ir.OpLe, addr, g.w)
		if l := accessLen(a, c); l != nil {
			match = ir.And(match, ir.Bin(ir.OpLt, g.w, ir.Bin(ir.OpAdd, addr, l)))
		}
	}
	if a.Free && g.base != nil {
		match = ir.And(match, ir.Eq(addr, g.base))
	}
	chosen := cp.NewLocal("chosen", ir.Bool, nil, a.P)
	dst.Add(&ir.Assign{Dst: chosen, Src: ir.And(nd, ir.Not(g.sel), match), P: a.P})
	dst.Add(&ir.Assign{Dst: in.stop, Src: ir.Or(in.stop, chosen), P: a.P})
	dst.Add(&ir.Assign{Dst: g.sel, Src: ir.Or(g.sel, chosen), P: a.P})
	dst.Add(&ir.Assign{Dst: g.site, Src: &ir.Ite{Cond: chosen, Then: ir.IntConst(int64(a.Site)), Else: g.site}, P: a.P})
	for l, gl := range in.locks {
		if g.sl[l] == nil {
			continue
		}
		dst.Add(&ir.Assign{Dst: g.sl[l], Src: &ir.Ite{Cond: chosen, Then: gl.held, Else: g.sl[l]}, P: a.P})
		if g.slw[l] != nil {
			dst.Add(&ir.Assign{Dst: g.slw[l], Src: &ir.Ite{Cond: chosen, Then: gl.heldW, Else: g.slw[l]}, P: a.P})
		}
		if g.sa[l] != nil {
			dst.Add(&ir.Assign{Dst: g.sa[l], Src: &ir.Ite{Cond: chosen, Then: gl.addr, Else: g.sa[l]}, P: a.P})
		}
	}
}

// accessLen is the byte length of a range access, or nil when unbounded.
func accessLen(a *ir.Access, c *cloner) ir.Expr {
	switch {
	case a.Len != nil:
		return c.Expr(a.Len)
	case a.Size > 0:
		return ir.IntConst(a.Size)
	}
	return nil
}

// call translates call s into dst and returns the block after it.
func (in *instrumenter) call(fn, cp *ir.Function, dst *ir.Block, c *cloner, s *ir.Call) *ir.Block {
	var res *ir.Var
	if s.Dst != nil {
		res = c.Var(s.Dst)
	}
	havocResult := func() {
		if res != nil {
			dst.Add(&ir.Havoc{Vars: []*ir.Var{res}, P: s.P})
		}
	}
	if s.Callee != nil && s.Callee.External() {
		havocResult()
		if op, ok := in.f.callLock[s]; ok {
			var lockAddr ir.Expr
			if op.api.Arg >= 0 && op.api.Arg < len(s.Args) {
				lockAddr = c.Expr(s.Args[op.api.Arg])
			}
			dst = in.lockCall(fn, cp, dst, s, op, res, lockAddr)
		} else if op, ok := in.f.callReg[s]; ok && in.lifecycle[fn] {
			in.regCall(fn, dst, s, op, res)
		}
		return dst
	}
	args := make([]ir.Expr, len(s.Args))
	for i, a := range s.Args {
		args[i] = c.Expr(a)
	}
	if s.Callee != nil {
		callee, _ := c.copyOf(s.Callee)
		dst.Add(&ir.Call{Dst: res, Callee: callee, Args: args, P: s.P})
		return in.propagate(fn, cp, dst, s.P, s.Callee)
	}
	// A kernel function the pointer may hold (classifyIndirect).
	if op, ok := in.f.callLock[s]; ok {
		dst = in.lockCall(fn, cp, dst, s, op, nil, nil)
	}
	if op, ok := in.f.callReg[s]; ok && in.lifecycle[fn] {
		in.regCall(fn, dst, s, op, nil)
	}
	var targets, origs []*ir.Function
	for _, t := range s.Targets {
		if cpT, ok := c.copyOf(t); ok && len(t.Params) == len(args) {
			targets = append(targets, cpT)
			origs = append(origs, t)
		}
	}
	if len(targets) == 0 {
		havocResult()
		return dst
	}
	dst.Add(&ir.Call{Dst: res, Fn: c.Expr(s.Fn), Targets: targets, Args: args, P: s.P})
	return in.propagate(fn, cp, dst, s.P, origs...)
}

// lockCall updates the ghost lockset for a lock operation; lockAddr is the
// lock argument, if any, in cp's variables. It returns the block after the
// operation (a new one after an acquire that may deadlock).
func (in *instrumenter) lockCall(fn, cp *ir.Function, dst *ir.Block, s *ir.Call, op lockOp, res *ir.Var, lockAddr ir.Expr) *ir.Block {
	api := op.api
	set := func(l int, held, heldW ir.Expr) {
		g := in.locks[l]
		dst.Add(&ir.Assign{Dst: g.held, Src: held, P: s.P})
		if g.heldW != nil {
			dst.Add(&ir.Assign{Dst: g.heldW, Src: heldW, P: s.P})
		}
		in.ownMods(fn)[l] = true
	}
	if in.disc != nil {
		in.disc.check(in, fn, cp, dst, s, op, lockAddr)
	}
	if op.lock < 0 {
		if api.Op == models.Acquire {
			return dst // an unidentified lock protects nothing
		}
		for l, info := range in.f.locks {
			if info.class == api.Class {
				if in.disc != nil {
					in.disc.releasedUnknown(in, dst, l, s.P)
				}
				set(l, ir.False, ir.False)
			}
		}
		return dst
	}
	g := in.locks[op.lock]
	switch api.Op {
	case models.Acquire:
		var cond ir.Expr = ir.True
		if api.Cond != models.Always {
			if res == nil {
				res = cp.NewLocal("lockret", ir.Int, nil, s.P)
				dst.Add(&ir.Havoc{Vars: []*ir.Var{res}, P: s.P})
			}
			if api.Cond == models.IfZero {
				cond = ir.Eq(res, ir.IntConst(0))
			} else {
				cond = ir.Bin(ir.OpNe, res, ir.IntConst(0))
			}
		}
		if in.disc != nil {
			in.disc.reacquire(in, dst, s, op, cond)
		}
		if in.deadlocking(op) {
			dst = in.selfDeadlock(cp, dst, op, s.P)
		}
		write := ir.Expr(ir.BoolConstOf(api.Mode == models.Write))
		var heldW ir.Expr
		if g.heldW != nil {
			heldW = ite(cond, write, g.heldW)
		}
		set(op.lock, ite(cond, ir.True, g.held), heldW)
		if in.disc != nil {
			in.disc.acquired(fn, dst, s, op, cond, lockAddr)
		}
		if g.addr != nil {
			// Another instance taken while one is held replaces it: the
			// first then protects nothing more (sound).
			if lockAddr == nil {
				lockAddr = cp.NewLocal("lockaddr", ir.Int, nil, s.P)
				dst.Add(&ir.Havoc{Vars: []*ir.Var{lockAddr.(*ir.Var)}, P: s.P})
			}
			dst.Add(&ir.Assign{Dst: g.addr, Src: ite(cond, lockAddr, g.addr), P: s.P})
		}
	case models.Release:
		if in.disc != nil {
			in.disc.release(in, dst, op.lock, s.P)
			in.ownMods(fn)[op.lock] = true
			break
		}
		set(op.lock, ir.False, ir.False)
	case models.Downgrade:
		if g.heldW != nil {
			dst.Add(&ir.Assign{Dst: g.heldW, Src: ir.False, P: s.P})
			in.ownMods(fn)[op.lock] = true
		}
	}
	return dst
}

// regCall: a registration published by an init entry point releases the
// "unpublished" pseudo-locks of the classes it makes callable; a withdrawal
// by an exit entry point takes its class's pseudo-lock in write mode.
// res is the call's result in the copy, nil when unused or unknown.
func (in *instrumenter) regCall(fn *ir.Function, dst *ir.Block, s *ir.Call, op regOp, res *ir.Var) {
	update := func(l int, flag ir.Expr, to ir.Expr) {
		g := in.locks[l]
		dst.Add(&ir.Assign{Dst: g.held, Src: ite(flag, to, g.held), P: s.P})
		dst.Add(&ir.Assign{Dst: g.heldW, Src: ite(flag, to, g.heldW), P: s.P})
		in.ownMods(fn)[l] = true
	}
	if op.unregister {
		l, ok := in.unpub[op.class]
		wg := in.withdrawal[op.class]
		ig, byInit := in.initWithdrawals[s]
		if !ok || wg.never && !byInit {
			return
		}
		if byInit && !ig.never && ig.single && in.initStops(op.class, s) {
			// The init made the class's one live object (initGuard):
			// this withdrawal stops it, whatever whoop names.
			update(l, in.guarded(in.roleInit, ig.first), ir.True)
			if byInit = false; wg.never {
				return
			}
		}
		all, trackers, count := in.withdrawn(op.class, s)
		if !all && len(trackers) == 0 && !count {
			return
		}
		var cond ir.Expr = ir.False
		if !wg.never {
			cond = in.guarded(in.roleExit, wg.first)
		}
		if byInit {
			cond = ir.Or(cond, in.guarded(in.roleInit, ig.first))
		}
		if !all {
			// This object is withdrawn (withdraw.go); the class once all
			// of them are.
			co := in.objects[op.class]
			for _, t := range trackers {
				if tc, ok := in.crossCond(op.class, in.trackedObject(co, t), cond); ok {
					update(t, tc, ir.True)
				}
			}
			if tc, ok := in.crossCond(op.class, "", cond); count && ok {
				for i := len(co.counter) - 1; i > 0; i-- {
					update(co.counter[i], ir.And(tc, in.locks[co.counter[i-1]].heldW), ir.True)
				}
				update(co.counter[0], tc, ir.True)
			}
			if co.never {
				return
			}
			for _, t := range in.complete(op.class) {
				cond = ir.And(cond, in.locks[t].heldW)
			}
		}
		update(l, cond, ir.True)
		return
	}
	// Init publishes what it held back; an exit that publishes a class
	// again after withdrawing it no longer keeps it quiet (nor any of its
	// objects withdrawn). A registration that failed published nothing.
	flag := ir.Or(in.roleInit, in.roleExit)
	if res != nil && in.f.failedPublishesNothing {
		switch r := errnoResult(s); {
		case r.Errno:
			dst.Add(&ir.Assume{Cond: ir.Bin(ir.OpLe, res, ir.IntConst(0)), P: s.P})
			flag = ir.And(flag, ir.Eq(res, ir.IntConst(0)))
		case r.Number:
			flag = ir.And(flag, ir.Bin(ir.OpGe, res, ir.IntConst(0)))
		}
	}
	closure := in.publishedBy(op)
	for _, c := range closure {
		if l, ok := in.unpub[c]; ok {
			update(l, flag, ir.False)
		}
	}
	for _, t := range in.trackersOf(closure) {
		update(t, flag, ir.False)
	}
	for _, t := range in.pubTrackersReleased(s, op, closure) {
		update(t, flag, ir.False)
	}
}

// errnoResult returns the registration row of call s when it returns 0
// or a negative errno (models.RegAPI.Errno: misc_register, request_irq,
// i2c_add_adapter, pci_register_driver, ...), or a number or a negative
// errno (RegAPI.Number: register_chrdev, cpuhp_setup_state), into a
// signed integer; otherwise a row with neither set. The assumption
// failed-registration takes such a call to publish only when it succeeds
// (a failed registration undid what it started), and an Errno one to
// return no more than 0.
func errnoResult(s *ir.Call) models.RegAPI {
	if s.Dst == nil || s.Callee == nil || s.Callee.Sig == nil {
		return models.RegAPI{}
	}
	r, ok := models.Registration(s.Callee.Name)
	if !ok {
		return models.RegAPI{}
	}
	if b, ok := ir.Unnamed(s.Callee.Sig.Result).(*ir.Basic); !ok || b.Kind != ir.Integer || !b.Signed {
		return models.RegAPI{}
	}
	return r
}

// withdrawalGuard says when an exit's waiting withdrawal of a class
// (cancel_work_sync, del_timer_sync, free_irq) keeps the class's entry
// points from running after it: never, when an entry point of another
// class that no waiting withdrawal quiesces may publish it again
// (schedule_work from an ioctl); else only once the exit has withdrawn
// the classes of every entry point that may (first: their pseudo-locks,
// held for writing). An interrupt handler that queues the work the exit
// cancels before free_irq can queue it again after the cancel: the
// withdrawal quiesces the work only if free_irq came first. Init and exit
// entry points are left out (the device lock and the publication rules
// order them), and so are the class's own entry points (a work item that
// queues itself: the waiting withdrawal stops that too).
type withdrawalGuard struct {
	never bool
	first []int
	// single (an init's withdrawal only, initGuard): the inits that run
	// the call register at most one object of the class on any run.
	single bool
}

// guarded is cond and every pseudo-lock of first held for writing.
func (in *instrumenter) guarded(cond ir.Expr, first []int) ir.Expr {
	for _, gl := range first {
		cond = ir.And(cond, in.locks[gl].heldW)
	}
	return cond
}

func (in *instrumenter) withdrawalGuards() {
	in.withdrawal = make(map[string]withdrawalGuard)
	for c, eps := range in.publishers {
		var wg withdrawalGuard
		seen := make(map[int]bool)
		for _, ep := range eps {
			if ep.Role == ir.RoleInit || ep.Role == ir.RoleExit {
				continue
			}
			pc := in.f.env.entryClass(ep)
			if pc == c {
				continue
			}
			l, ok := in.unpub[pc]
			if pc == "" || !ok {
				wg.never = true
				break
			}
			if !seen[l] {
				seen[l] = true
				wg.first = append(wg.first, l)
			}
		}
		slices.Sort(wg.first)
		in.withdrawal[c] = wg
	}
}

// alternative reports whether entry points a and b are callbacks of
// alternative bindings of one device (kernelEnv.alternative).
func (in *instrumenter) alternative(a, b *ir.EntryPoint) bool {
	return in.f.env.alternative != nil && in.f.env.alternative(a, b)
}

func (in *instrumenter) boundAfter(ep, p *ir.EntryPoint) bool {
	return in.f.env.boundAfter != nil && in.f.env.boundAfter(ep, p)
}

// gatedBy returns the publication classes that cannot become callable
// before init entry point ep publishes them: every entry point that
// publishes such a class is ep itself, an alternative binding of ep's
// device (a probe of the module's other bus driver for the chip, which
// does not have the device bound while ep probes it: assumption
// one-binding), a callback of ep's driver kept from running beside it
// that runs only on the bound device (keptFromProbe: a USB driver's
// resume that resubmits its URBs), or belongs to a class ep gates. A bus
// probe does not gate what module init published before it; a class with
// no publisher in sight is never gated. Module exit does not count against
// module init: it runs only once init has returned (rule module-init-exit),
// so what it publishes (unregister_thing(cb), a call whoop cannot tell from
// a registration) is published after init anyway.
//
// The entry points of a gated class may publish it or each other's classes
// (a timer function that re-arms its timer): they run only after one of
// those classes is published. So the set is the greatest one closed that
// way (a class starts gated and loses it when a publisher outside ep and
// outside every gated class can make it callable), cut to the classes
// whose publication starts with ep's own: those ep (or, for module init,
// module exit) publishes, and those only entry points of such classes
// publish besides. A class published
// only by its own entry points, armed first by a call whoop does not know,
// stays ungated. Publishers count by the calls that may make a class
// callable first (firstPublishers): a resume's enable_irq in a PM callback
// lets run again only the handlers a request_irq installed.
func (in *instrumenter) gatedBy(ep *ir.EntryPoint) map[string]bool {
	gated := make(map[string]bool)
	for c := range in.unpub {
		if len(in.firstPublishers[c]) > 0 {
			gated[c] = true
		}
	}
	moduleInit := models.IsModuleLevel(ep) && ep.Role == ir.RoleInit
	for changed := true; changed; {
		changed = false
		for c := range in.unpub {
			if !gated[c] {
				continue
			}
			for _, p := range in.firstPublishers[c] {
				if moduleInit && models.IsModuleLevel(p) && p.Role == ir.RoleExit {
					continue
				}
				if p != ep && !in.alternative(ep, p) && !in.boundAfter(ep, p) && !gated[in.f.env.entryClass(p)] {
					delete(gated, c)
					changed = true
					break
				}
			}
		}
	}
	// Keep what ep's own publications reach (and, for module init, module
	// exit's: they come after init anyway).
	kept := make(map[string]bool)
	for changed := true; changed; {
		changed = false
		for c := range gated {
			if kept[c] {
				continue
			}
			for _, p := range in.firstPublishers[c] {
				exit := moduleInit && models.IsModuleLevel(p) && p.Role == ir.RoleExit
				if p == ep || exit || kept[in.f.env.entryClass(p)] {
					kept[c] = true
					changed = true
					break
				}
			}
		}
	}
	return kept
}

// publishedBy returns the classes publication op makes callable: the
// closures of its classes, sorted.
func (in *instrumenter) publishedBy(op regOp) []string {
	if len(op.also) == 0 {
		return in.closureOf(op.class)
	}
	set := make(map[string]bool)
	for _, c := range op.classes() {
		for _, x := range in.closureOf(c) {
			set[x] = true
		}
	}
	return sortedStrings(set)
}

// closureOf returns the classes publishing class makes callable. An unknown
// class publishes everything (sound).
func (in *instrumenter) closureOf(class string) []string {
	if cl, ok := in.closure[class]; ok {
		return cl
	}
	all := make([]string, 0, len(in.unpub))
	for c := range in.unpub {
		all = append(all, c)
	}
	sort.Strings(all)
	return all
}

// modLocks returns the locks fn may change, transitively.
func (in *instrumenter) modLocks(fn *ir.Function) []int {
	if m, ok := in.modMemo[fn]; ok {
		return m
	}
	set := make(map[int]bool)
	for _, g := range in.f.reach(fn) {
		for l := range in.ownMod[g] {
			set[l] = true
		}
	}
	m := sortedInts(set)
	in.modMemo[fn] = m
	return m
}

// accessed returns the tracked regions fn may access, transitively, with
// their sites.
func (in *instrumenter) accessed(fn *ir.Function) ([]*ghostRegion, map[*ghostRegion][]*site) {
	if r, ok := in.accMemo[fn]; ok {
		return r, in.sitesMemo[fn]
	}
	bySite := make(map[*ghostRegion][]*site)
	for r, ss := range in.f.sitesOf(fn) {
		if g := in.byReg[r]; g != nil {
			bySite[g] = ss
		}
	}
	var regs []*ghostRegion
	for _, g := range in.regions {
		if _, ok := bySite[g]; ok {
			regs = append(regs, g)
		}
	}
	in.accMemo[fn] = regs
	in.sitesMemo[fn] = bySite
	return regs, bySite
}

func ite(c, t, e ir.Expr) ir.Expr {
	if b, ok := c.(*ir.BoolConst); ok {
		if b.Val {
			return t
		}
		return e
	}
	return &ir.Ite{Cond: c, Then: t, Else: e}
}
