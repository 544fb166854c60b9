package explore

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
)

// Threads of the sequentialised program: the module's initialisation runs
// first, alone; then the pair's two entry points.
const (
	initThread = 0
	nThreads   = 3
)

// Address layout of the memory the explorer allocates (frame objects, fresh
// arguments, fresh allocations): thread t's k-th object is at
// allocBase + t*threadSpan + k*allocStride, above vc's frame area and far
// from every global, so no two allocations overlap; when a zeroing
// allocator (kzalloc) returned it, at nThreads*threadSpan above that, in
// the zeroed space [zeroBase, zeroEnd), whose memory starts all zero
// (seq.zinit).
var (
	allocBase   = new(big.Int).Lsh(big.NewInt(1), 56)
	threadSpan  = new(big.Int).Lsh(big.NewInt(1), 52)
	allocStride = int64(1) << 24
	zeroBase    = new(big.Int).Add(allocBase, new(big.Int).Mul(threadSpan, big.NewInt(nThreads)))
	zeroEnd     = new(big.Int).Add(zeroBase, new(big.Int).Mul(threadSpan, big.NewInt(nThreads)))
)

// globalLockBase: a lock with a fixed identity (rtnl_lock) lives in the
// lock table at a negative address, one per name.
const globalLockBase = -16

// yieldPoint is one statement of the original program where a thread may
// switch; Check makes an access yield test the accessed cell afterwards.
type yieldPoint struct {
	Check bool
	Site  int  // the access site, for access yields
	Plain bool // the access is plain: any write in between races with it
}

// markedWrite is what an atomic or marked write adds to a cell's version,
// a plain write adding 1: a check after a marked access (which races only
// with a plain write) looks at the version modulo markedWrite.
const markedWrite = int64(1) << 32

// versionStep is what a write of mode m adds to its cell's version.
func versionStep(m ir.AccessMode) int64 {
	if m == ir.Plain {
		return 1
	}
	return markedWrite
}

// shape is what the sequentialisation of one pair is asked to do.
type shape struct {
	first, second *ir.EntryPoint
	distinct      [][2]int
	setup         []*ir.EntryPoint // module init and probes, run first, in order
	yields        map[ir.Stmt]yieldPoint
	rounds        int // round-robin rounds: context switches up to 2*rounds-1
	unroll        int // loop iterations (back edges) per activation, recursion depth
	paramAliasing bool
	facts         models.Facts
	checked       []*ir.Region // the regions whose race checks are on
	// awaitPub: the second thread is gated and the first may publish it
	// (set by build, from the protocol's plans; concrete runs schedule
	// by it).
	awaitPub bool
	// noWaits: withdrawals never wait for the other thread's callback,
	// and the kernel's protocol (protocol.go) is off
	// (Options.NoPublication).
	noWaits bool
	// reachers maps each function to the entry points reaching it
	// (protocol.go's gates).
	reachers map[*ir.Function][]*ir.EntryPoint
	// countingSems are the calls on semaphores that are not locks
	// (lockset.SemaphoreNonLocks): no thread gets past such a down (its
	// count is not modelled, and a mutex's "free" would let a thread
	// through a semaphore that starts at 0), and such an up does nothing.
	countingSems map[*ir.Call]bool
	// bodies maps an entry point the kernel calls only from within a
	// call of the driver's to the function its thread runs instead of
	// its own: its own between the locks held at those calls
	// (revalidate.go); read only, shared by the file's pairs.
	bodies map[*ir.EntryPoint]*ir.Function
}

// body is the function thread code runs for ep: ep's, or the one
// revalidate.go made for it.
func (sh *shape) body(ep *ir.EntryPoint) *ir.Function {
	if f, ok := sh.bodies[ep]; ok {
		return f
	}
	return ep.Func
}

// seq is the sequentialised program of one pair (Lal–Reps eager rounds):
// every shared region has one memory copy per round; thread 1 runs all its
// rounds first, each from a guessed memory, then thread 2 continues each
// round from where thread 1 left it, and at the end every round's final
// memory must equal the next round's guess.
type seq struct {
	src *ir.Program
	q   *ir.Program
	sh  *shape

	copies map[*ir.Region][]*ir.Region // per round; one copy for unshared regions
	// zinit holds, for each region of the program, a copy of its memory
	// before the module loads (equated to round 0's): a load may read 0
	// only from its zeroed space (zeroedLoad).
	zinit    map[*ir.Region]*ir.Region
	memories []*ir.Region                // the program's regions, in order (zinit's keys)
	guess    map[*ir.Region][]*ir.Region // guessed initial memory of round r >= 1 (index r)
	shared   []*ir.Region                // regions with per-round copies, in order
	locks    *ir.Region                  // the lock table (0 free, -1 write-held, n readers)
	flags    *ir.Region                  // callable, opened and running cells (protocol.go, runCell)
	// versions counts the writes to each cell of a checked region, so a
	// check also sees a write of the value the cell already held.
	versions map[*ir.Region]*ir.Region
	oracle   [nThreads]*ir.Region // each thread's nondeterministic choices, in order
	cnt      [nThreads]*ir.Var    // next oracle index per thread
	alloc    [nThreads]*ir.Var    // objects allocated per thread
	rnd      [nThreads]*ir.Var    // current round per thread
	race     *ir.Var              // some race check failed
	site     *ir.Var              // the site of the first failing check
	bound    *ir.Var              // an unrolling or recursion bound was hit

	globalLocks map[string]int64
	cycle       map[*ir.Function]int // call-graph cycle of each recursive function
	// plans are the protocol's plans of the pair's threads (protocol.go).
	plans [nThreads]threadPlan
	// tracked[t]: thread t keeps a running flag, for the other thread's
	// withdrawals that wait for it.
	tracked    [nThreads]bool
	back       map[*ir.Function]map[[2]int]bool
	clones     map[cloneKey]*ir.Function
	pending    []cloneJob
	harness    *ir.Function
	args       [nThreads][]*ir.Var // harness variables holding each thread's arguments
	setupArgs  [][]*ir.Var
	nextAssert int
	cells      []cell // initial contents stored before the module loads
	// initMem is the memory cells leave (replay.go's initialMem), and
	// objs and funcs vc.Layout(q): built on first use, for every replay.
	initMem  map[*ir.Region]map[string]*big.Int
	initErr  error
	initDone bool
	objs     map[*ir.Object]*big.Int
	funcs    map[*ir.Function]int64
	// links are the fields only the setup stores (strictkobj.go), for
	// the concrete runs; built on first use, nil without the protocol.
	links     *setupLinks
	linksDone bool
	// linkVars hold, per such field, the last pointer the setup stored
	// there and whether it stored one (tieLoad).
	linkVars map[fieldKey][2]*ir.Var
	linkKeys []fieldKey // linkVars' keys, in order
	nextSite int        // above every site of the original program
	cuts     int        // clones whose loops or recursion the unrolling bound cuts
	regionID int
	err      error
}

type cloneKey struct {
	f      *ir.Function
	thread int
	depth  int
	// quiet: an opener run before the entry point (protocol.go): no
	// yield, no race check.
	quiet bool
}

type cloneJob struct {
	key cloneKey
	dst *ir.Function
}

// sharedRegion reports whether r's cells can be seen by both threads and
// so need a copy per round.
func sharedRegion(r *ir.Region) bool { return r == nil || !(r.ThreadLocal || r.ReadOnly) }

func (s *seq) newRegion(name string) *ir.Region {
	s.regionID++
	r := &ir.Region{ID: s.regionID, Name: name}
	s.q.Regions = append(s.q.Regions, r)
	return r
}

// build makes the sequentialised program of sh over src.
func build(src *ir.Program, sh *shape) (*seq, error) {
	s := &seq{src: src, sh: sh,
		copies: make(map[*ir.Region][]*ir.Region), guess: make(map[*ir.Region][]*ir.Region), zinit: make(map[*ir.Region]*ir.Region),
		globalLocks: make(map[string]int64), clones: make(map[cloneKey]*ir.Function),
		back: make(map[*ir.Function]map[[2]int]bool)}
	s.q = &ir.Program{Path: src.Path, Sources: src.Sources, Objects: src.Objects, Structs: src.Structs}
	// The originals stay in the program (uncalled) so that function
	// addresses are theirs; the clones' accesses get sites above theirs.
	s.q.Funcs = append(s.q.Funcs, src.Funcs...)
	s.q.Vars = append(s.q.Vars, src.Vars...)
	s.q.Regions = append(s.q.Regions, src.Regions...)
	for _, r := range src.Regions {
		s.regionID = max(s.regionID, r.ID)
	}
	src.Accesses(func(_ *ir.Function, _ ir.Stmt, a *ir.Access) { s.nextSite = max(s.nextSite, a.Site) })
	s.cycle = cycleComponents(src)
	s.planThreads()
	s.copyRegions()
	s.locks = s.roundTable("locks") // every lock starts free
	// The publication and running flags have a table of their own: in the
	// lock table a lock at an address the environment chose could be the
	// same cell as a flag (nfcsim: a mutex at dev0 + 8 was thread 2's
	// running flag, so unlocking it let exit's cancel_delayed_work_sync
	// pass while the work ran, and the trace did not replay).
	s.flags = s.roundTable("flags") // nothing published, withdrawn or running
	s.versionRegions()
	for t := range nThreads {
		s.oracle[t] = s.newRegion(fmt.Sprintf("oracle%d", t))
		s.cnt[t] = s.q.NewVar(fmt.Sprintf("cnt%d", t), ir.Int)
		s.alloc[t] = s.q.NewVar(fmt.Sprintf("alloc%d", t), ir.Int)
		s.rnd[t] = s.q.NewVar(fmt.Sprintf("round%d", t), ir.Int)
	}
	s.race = s.q.NewVar("race", ir.Bool)
	s.site = s.q.NewVar("race_site", ir.Int)
	s.bound = s.q.NewVar("bound_hit", ir.Bool)

	s.buildHarness()
	for len(s.pending) > 0 && s.err == nil {
		job := s.pending[0]
		s.pending = s.pending[1:]
		s.cloneBody(job)
	}
	s.initLinks()
	if s.err != nil {
		return nil, s.err
	}
	if err := ir.Validate(s.q); err != nil {
		return nil, fmt.Errorf("explore: sequentialised program of %s: %w", src.Path, err)
	}
	return s, nil
}

// planThreads plans each thread's protocol (its opener, gates, the
// parameters it keeps distinct) and which running flags to keep.
func (s *seq) planThreads() {
	sh := s.sh
	// A thread's running flag is kept only when the other thread may wait
	// for it (a withdrawal of its class): the flags cost every pair time.
	eps := s.eps()
	for t := 1; t <= 2; t++ {
		s.tracked[t] = !sh.noWaits && waitsFor(eps[3-t].Func, models.EntryClassIn(eps[t], sh.facts), sh.facts)
	}
	for t := 1; t <= 2; t++ {
		pl, distinct := s.plan(t, eps[t], eps[3-t])
		s.plans[t] = pl
		for _, d := range distinct {
			if t == 2 {
				d = [2]int{d[1], d[0]}
			}
			if !slices.Contains(sh.distinct, d) {
				sh.distinct = append(sh.distinct, d)
			}
		}
	}
	if p1, p2 := &s.plans[1], &s.plans[2]; p1.opener != nil && p1.opener == p2.opener {
		p1.shared, p2.shared = true, true
	}
	sh.awaitPub = s.plans[2].gated && publishedBy(sh.first, sh.second, sh.facts)
}

func (s *seq) eps() [3]*ir.EntryPoint { return [3]*ir.EntryPoint{nil, s.sh.first, s.sh.second} }

// threadCode is thread t's code: its entry point's and its opener's.
func (s *seq) threadCode(t int) []*ir.Function {
	ep := s.eps()[t]
	if op := s.plans[t].opener; op != nil {
		return []*ir.Function{s.sh.body(ep), op.Func}
	}
	return []*ir.Function{s.sh.body(ep)}
}

// copyRegions gives every region its per-round copies and guesses:
// only a region one thread writes and the other accesses can look
// different to a thread in another round, the others get one copy.
func (s *seq) copyRegions() {
	src, sh := s.src, s.sh
	// Only a pair whose code may call a zeroing allocator needs the
	// zeroed space's initial memory (zeroedLoad): elsewhere it would only
	// make the query bigger (sonypi has no kzalloc).
	roots := append(s.threadCode(1), s.threadCode(2)...)
	for _, ep := range sh.setup {
		roots = append(roots, ep.Func)
	}
	zeroing := slices.ContainsFunc(reachable(roots...), func(f *ir.Function) bool { return f.External() && zeroingAllocator[f.Name] })
	w1, a1 := touchedRegions(src, s.threadCode(1)...)
	w2, a2 := touchedRegions(src, s.threadCode(2)...)
	for _, r := range append([]*ir.Region{nil}, src.Regions...) {
		name := "unknown"
		if r != nil {
			name = r.Name
		}
		n := 1
		if sharedRegion(r) && (w1[r] && a2[r] || w2[r] && a1[r]) {
			n = sh.rounds
			s.shared = append(s.shared, r)
		}
		s.copies[r], s.guess[r] = s.roundCopies(name, n)
		if zeroing {
			s.zinit[r] = s.newRegion(name + "@initial")
			s.memories = append(s.memories, r)
		}
	}
}

// roundCopies makes n copies of a region named name, one per round,
// and the guesses of the rounds after the first.
func (s *seq) roundCopies(name string, n int) (cs, gs []*ir.Region) {
	cs = make([]*ir.Region, n)
	gs = make([]*ir.Region, n)
	for i := range cs {
		cs[i] = s.newRegion(fmt.Sprintf("%s@%d", name, i))
		if i > 0 {
			gs[i] = s.newRegion(fmt.Sprintf("%s@%d.guess", name, i))
		}
	}
	return cs, gs
}

// versionRegions gives each checked region a shared version counter
// per round (zero in the first), which a race check compares.
func (s *seq) versionRegions() {
	s.versions = make(map[*ir.Region]*ir.Region)
	for _, r := range s.sh.checked {
		name := "unknown"
		if r != nil {
			name = r.Name
		}
		vc, vg := s.roundCopies("versions "+name, s.sh.rounds)
		vc[0].Zero = true
		v := &ir.Region{Name: "versions " + name}
		s.versions[r] = v
		s.copies[v] = vc
		s.guess[v] = vg
		s.shared = append(s.shared, v)
	}
}

// waitsFor reports whether code reached from root calls a withdrawal that
// waits for callbacks of class (cancel_work_sync for a work function).
func waitsFor(root *ir.Function, class string, facts models.Facts) bool {
	for _, f := range reachable(root) {
		if c, unreg, ok := models.CallEffectIn(f.Name, facts); f.External() && ok && unreg && c == class {
			return true
		}
	}
	return false
}

// reachable returns roots and the functions they call, directly or not.
func reachable(roots ...*ir.Function) []*ir.Function {
	var out []*ir.Function
	seen := make(map[*ir.Function]bool)
	work := append([]*ir.Function(nil), roots...)
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if f == nil || seen[f] {
			continue
		}
		seen[f] = true
		out = append(out, f)
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if call, ok := st.(*ir.Call); ok {
					work = append(work, call.Callees()...)
				}
			}
		}
	}
	return out
}

// touchedRegions returns the regions the functions reachable from roots
// write (a store, a helper's write) and those they access at all.
func touchedRegions(p *ir.Program, roots ...*ir.Function) (written, accessed map[*ir.Region]bool) {
	out := make(map[*ir.Region]bool)
	accessed = make(map[*ir.Region]bool)
	for _, f := range reachable(roots...) {
		for _, b := range f.Blocks {
			for _, st := range b.Stmts {
				if a := ir.AccessOf(st); a != nil {
					accessed[a.Region] = true
				}
				switch st := st.(type) {
				case *ir.Store:
					out[st.Region] = true
				case *ir.Touch:
					if st.Write {
						out[st.Region] = true
					}
				}
			}
		}
	}
	return out, accessed
}

// buildHarness emits the checked procedure: initial memory, setup, the two
// threads, the round equations and the race assertion.
func (s *seq) buildHarness() {
	sh := s.sh
	h := ir.NewFunction(fmt.Sprintf("explore$%s$%s", sh.first.Name(), sh.second.Name()), nil, sh.first.Pos)
	s.harness = h
	s.q.AddFunc(h)
	b := h.NewBlock("harness")
	pos := sh.first.Pos
	for _, v := range []*ir.Var{s.cnt[0], s.cnt[1], s.cnt[2], s.alloc[0], s.alloc[1], s.alloc[2], s.rnd[0], s.rnd[1], s.rnd[2], s.site} {
		b.Add(&ir.Assign{Dst: v, Src: ir.IntConst(0), P: pos})
	}
	b.Add(&ir.Assign{Dst: s.race, Src: ir.False, P: pos})
	b.Add(&ir.Assign{Dst: s.bound, Src: ir.False, P: pos})
	for _, r := range s.memories {
		b.Add(&ir.Equate{A: s.copies[r][0], B: s.zinit[r], P: pos})
	}
	s.initialMemory(b, pos)
	for _, r := range s.shared {
		for i := 1; i < sh.rounds; i++ {
			b.Add(&ir.Equate{A: s.copies[r][i], B: s.guess[r][i], P: pos})
		}
	}
	for _, ep := range sh.setup {
		args := s.enter(h, b, ep, initThread)
		s.setupArgs = append(s.setupArgs, args)
		b = s.callThread(h, b, ep, initThread, args, true)
	}
	s.args[1] = s.enter(h, b, sh.first, 1)
	s.args[2] = s.enter(h, b, sh.second, 2)
	for _, d := range sh.distinct {
		if d[0] < len(s.args[1]) && d[1] < len(s.args[2]) {
			b.Add(&ir.Assume{Cond: distinctObjects(sh.first.Func, d[0], s.args[1][d[0]], s.args[2][d[1]]), P: pos})
		}
	}
	// Thread 1 may begin a round late, so one thread order covers the
	// schedules in which thread 2 runs first.
	b.Add(&ir.Call{Callee: s.starter(sh.first, 1), Args: argExprs(s.args[1]), P: pos})
	b.Add(&ir.Call{Callee: s.starter(sh.second, 2), Args: argExprs(s.args[2]), P: pos})
	for _, r := range s.shared {
		for i := 1; i < sh.rounds; i++ {
			b.Add(&ir.Equate{A: s.copies[r][i-1], B: s.guess[r][i], P: pos})
		}
	}
	s.nextAssert++
	b.Add(&ir.Assert{Cond: ir.Not(s.race), ID: s.nextAssert, Msg: "no race", P: pos})
	b.Term = &ir.Return{P: pos}
	h.Modifies = append(h.Modifies, s.q.Vars...)
	h.ComputePreds()
}

// enter makes the arguments the kernel passes to ep: a fresh object for a
// fresh-per-call pointer, an arbitrary value otherwise.
func (s *seq) enter(h *ir.Function, b *ir.Block, ep *ir.EntryPoint, t int) []*ir.Var {
	pos := ep.Pos
	args := make([]*ir.Var, len(ep.Func.Params))
	var havoc []*ir.Var
	for i, p := range ep.Func.Params {
		args[i] = h.NewLocal(fmt.Sprintf("t%d_%s", t, p.Name), ir.Int, p.CType, pos)
		if i < len(ep.Params) && ep.Params[i] == ir.ParamFresh {
			b.Add(&ir.Assign{Dst: args[i], Src: s.allocExpr(t, false), P: pos})
			b.Add(&ir.Assign{Dst: s.alloc[t], Src: ir.Bin(ir.OpAdd, s.alloc[t], ir.IntConst(1)), P: pos})
			continue
		}
		havoc = append(havoc, args[i])
	}
	if len(havoc) > 0 {
		b.Add(&ir.Havoc{Vars: havoc, P: pos})
	}
	if !s.sh.paramAliasing {
		for _, c := range disjointParams(ep.Func, args) {
			b.Add(&ir.Assume{Cond: c, P: pos})
		}
	}
	return args
}

// callThread calls ep's clone for thread t; a setup function must succeed
// (return 0) for the driver to be loaded.
func (s *seq) callThread(h *ir.Function, b *ir.Block, ep *ir.EntryPoint, t int, args []*ir.Var, mustSucceed bool) *ir.Block {
	es := make([]ir.Expr, len(args))
	for i, a := range args {
		es[i] = a
	}
	call := &ir.Call{Callee: s.cloneOf(ep.Func, t, 0), Args: es, P: ep.Pos}
	if mustSucceed && ep.Func.Ret != nil && ep.Func.Ret.Kind == ir.Int {
		ret := h.NewLocal(fmt.Sprintf("t%d_ret", t), ir.Int, nil, ep.Pos)
		call.Dst = ret
		b.Add(call)
		b.Add(&ir.Assume{Cond: ir.Eq(ret, ir.IntConst(0)), P: ep.Pos})
		return b
	}
	b.Add(call)
	return b
}

func argExprs(vs []*ir.Var) []ir.Expr {
	es := make([]ir.Expr, len(vs))
	for i, v := range vs {
		es[i] = v
	}
	return es
}

// starter returns the procedure that starts thread t: it may first let
// the other thread run a round (a yield); then the kernel's protocol
// (protocol.go): it requires its entry point callable, and runs the
// opener the entry point needs, which must return 0; then it runs ep.
func (s *seq) starter(ep *ir.EntryPoint, t int) *ir.Function {
	f := ir.NewFunction(fmt.Sprintf("start%d$%s", t, ep.Name()), nil, ep.Pos)
	s.q.AddFunc(f)
	args := make([]ir.Expr, len(ep.Func.Params))
	for i, p := range ep.Func.Params {
		args[i] = f.NewParam(p.Name, ir.Int, p.CType, ep.Pos)
	}
	c := &cloner{s: s, key: cloneKey{f: ep.Func, thread: t}, src: ep.Func, dst: f}
	b := f.NewBlock(fmt.Sprintf("thread %d starts", t))
	pl := s.plans[t]
	if pl.startYield {
		c.yield(b, yieldPoint{}, nil, nil, nil, nil, ep.Pos)
	}
	if !s.sh.noWaits {
		cell := c.tmp("callable", ir.Int)
		c.load(b, s.flags, &ir.Access{Size: 8, P: ep.Pos, LValue: "callable " + ep.Name()}, ir.IntConst(callableCell(t)), cell)
		cond := ir.Expr(ir.Bin(ir.OpNe, cell, ir.IntConst(cellWithdrawn)))
		if pl.gated {
			cond = ir.Eq(cell, ir.IntConst(cellPublished))
		}
		b.Add(&ir.Assume{Cond: cond, P: ep.Pos})
	}
	running := &ir.Access{Size: 8, P: ep.Pos, LValue: "running " + ep.Name()}
	if s.tracked[t] {
		c.store(b, s.flags, running, ir.IntConst(runCell(t)), ir.IntConst(1))
	}
	if pl.opener != nil {
		b = s.open(c, b, pl, args, t, ep.Pos)
	}
	b.Add(&ir.Call{Callee: s.cloneOf(s.sh.body(ep), t, 0), Args: args, P: ep.Pos})
	if s.tracked[t] {
		c.store(b, s.flags, running, ir.IntConst(runCell(t)), ir.IntConst(0))
	}
	b.Term = &ir.Return{P: ep.Pos}
	f.ComputePreds()
	return f
}

// open emits thread t's opener into the starter (c, at b) and returns the
// block after it: unless the other thread opened the same object already,
// the opener runs quietly on the entry point's arguments (an arbitrary
// value from the oracle where it has none), must return 0, and marks the
// object opened; the thread may switch then.
func (s *seq) open(c *cloner, b *ir.Block, pl threadPlan, args []ir.Expr, t int, pos ir.Pos) *ir.Block {
	obj := args[pl.objArg]
	after := c.dst.NewBlock("opened")
	run := c.dst.NewBlock("open " + pl.opener.Name())
	if pl.shared {
		other := c.tmp("opened", ir.Int)
		c.load(b, s.flags, &ir.Access{Size: 8, P: pos, LValue: "opened by the other thread"}, ir.IntConst(openedCell(3-t)), other)
		b.Term = &ir.If{Cond: ir.And(ir.Eq(other, obj), ir.Bin(ir.OpNe, obj, ir.IntConst(0))), Then: after, Else: run, P: pos}
	} else {
		b.Term = &ir.Jump{Target: run, P: pos}
	}
	oargs := make([]ir.Expr, len(pl.args))
	for j, i := range pl.args {
		if i >= 0 {
			oargs[j] = args[i]
			continue
		}
		v := c.tmp("arg", ir.Int)
		c.oracle(run, v, pos)
		oargs[j] = v
	}
	call := &ir.Call{Callee: s.cloneOfQuiet(pl.opener.Func, t, 0, true), Args: oargs, P: pos}
	if f := pl.opener.Func; f.Ret != nil && f.Ret.Kind == ir.Int {
		ret := c.tmp("opened_ret", ir.Int)
		call.Dst = ret
		run.Add(call)
		run.Add(&ir.Assume{Cond: ir.Eq(ret, ir.IntConst(0)), P: pos})
	} else {
		run.Add(call)
	}
	c.store(run, s.flags, &ir.Access{Size: 8, P: pos, LValue: "opened " + pl.opener.Name()}, ir.IntConst(openedCell(t)), obj)
	c.yield(run, yieldPoint{}, nil, nil, nil, nil, pos)
	run.Term = &ir.Jump{Target: after, P: pos}
	return after
}

// roundTable makes a table of the sequentialisation's own (locks, flags):
// one copy per round, all zero in round 0, with the guesses of the later
// rounds, shared like the program's regions.
func (s *seq) roundTable(name string) *ir.Region {
	copies := make([]*ir.Region, s.sh.rounds)
	guesses := make([]*ir.Region, s.sh.rounds)
	for i := range copies {
		copies[i] = s.newRegion(fmt.Sprintf("%s@%d", name, i))
		if i > 0 {
			guesses[i] = s.newRegion(fmt.Sprintf("%s@%d.guess", name, i))
		}
	}
	copies[0].Zero = true
	t := &ir.Region{Name: name}
	s.copies[t] = copies
	s.guess[t] = guesses
	s.shared = append(s.shared, t)
	return t
}

// runCell is the flag-table address of thread t's running flag.
func runCell(t int) int64 { return -(1 << 21) - 8*int64(t) }

// allocExpr is the address of thread t's next allocated object, in the
// zeroed space when zeroed.
func (s *seq) allocExpr(t int, zeroed bool) ir.Expr {
	base := allocAddr(t, 0, zeroed)
	return ir.Bin(ir.OpAdd, ir.IntConst(base.Int64()), ir.Bin(ir.OpMul, s.alloc[t], ir.IntConst(allocStride)))
}

// zeroedLoad emits what a load of region r at addr (into dst) knows of a
// zeroing allocation: the cell held 0 before the module loaded when addr
// is in the zeroed space; only an allocation there, whose address nothing
// could name before, makes it reachable, so it reads 0 until written, as
// C's kzalloc. Without it the search chose any contents for a kzalloc'd
// object, and the strict check rejected its trace (swim's
// swd->floppy_count read -1).
func (c *cloner) zeroedLoad(b *ir.Block, r *ir.Region, acc *ir.Access, addr ir.Expr) {
	z, ok := c.s.zinit[r]
	if !ok {
		return
	}
	v := c.tmp("initial", ir.Int)
	a := *acc
	a.Addr, a.Region, a.Site, a.Len, a.RMW = addr, z, c.s.newSite(), nil, false
	if a.Size <= 0 {
		a.Size = 1
	}
	b.Add(&ir.Load{Dst: v, Access: a})
	in := ir.And(ir.Bin(ir.OpGe, addr, ir.IntConst(zeroBase.Int64())), ir.Bin(ir.OpLt, addr, ir.IntConst(zeroEnd.Int64())))
	b.Add(&ir.Assume{Cond: ir.Or(ir.Not(in), ir.Eq(v, ir.IntConst(0))), P: acc.P})
}

// initialMemory stores, in round 0's memory, the contents of every global
// object before the module loads: zero, then its static initialiser.
func (s *seq) initialMemory(b *ir.Block, pos ir.Pos) {
	s.cells = initialCells(s.src)
	for _, c := range s.cells {
		for _, r := range c.regions {
			b.Add(&ir.Store{Val: c.val, Access: ir.Access{Addr: c.addr, Size: c.size, Region: s.copies[r][0], Site: s.newSite(), P: pos, LValue: "initial contents"}})
		}
	}
}

// cloneOf returns (creating on first use) f's clone for thread t at
// recursion depth d.
func (s *seq) cloneOf(f *ir.Function, t, d int) *ir.Function { return s.cloneOfQuiet(f, t, d, false) }

// cloneOfQuiet is cloneOf, for an opener's code when quiet (no yield, no
// race check).
func (s *seq) cloneOfQuiet(f *ir.Function, t, d int, quiet bool) *ir.Function {
	k := cloneKey{f, t, d, quiet}
	if c, ok := s.clones[k]; ok {
		return c
	}
	name := fmt.Sprintf("%s@t%d.%d", f.Name, t, d)
	if quiet {
		name += "q"
	}
	c := ir.NewFunction(name, f.Sig, f.Pos)
	c.Static, c.NoReturn = f.Static, f.NoReturn
	s.clones[k] = c
	s.q.AddFunc(c)
	s.pending = append(s.pending, cloneJob{key: k, dst: c})
	return c
}

// fail records the first construction error.
func (s *seq) fail(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf("explore: "+format, args...)
	}
}

// disjointParams: pointer parameters of one entry point to the same struct
// type point to disjoint objects (the lockset check's default assumption).
func disjointParams(f *ir.Function, args []*ir.Var) []ir.Expr {
	var out []ir.Expr
	for i := range f.Params {
		si := ir.PointeeStruct(f.Params[i].CType)
		if si == nil || si.Size() <= 0 {
			continue
		}
		for j := i + 1; j < len(f.Params); j++ {
			if ir.PointeeStruct(f.Params[j].CType) != si {
				continue
			}
			size := ir.IntConst(si.Size())
			out = append(out, ir.Or(
				ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, args[i], size), args[j]),
				ir.Bin(ir.OpLe, ir.Bin(ir.OpAdd, args[j], size), args[i])))
		}
	}
	return out
}

// lockAddr is the lock-table address of a locking call's lock.
func (s *seq) lockAddr(api models.LockAPI, args []ir.Expr) (ir.Expr, bool) {
	if api.Arg >= 0 {
		if api.Arg >= len(args) {
			return nil, false
		}
		return args[api.Arg], true
	}
	a, ok := s.globalLocks[api.Global]
	if !ok {
		a = globalLockBase * int64(len(s.globalLocks)+1)
		s.globalLocks[api.Global] = a
	}
	return ir.IntConst(a), true
}
