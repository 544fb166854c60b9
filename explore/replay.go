package explore

import (
	"errors"
	"fmt"
	"maps"
	"math/big"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
	"github.com/whoopverify/whoop/vc"
)

// Step is one event of a confirmed interleaving.
type Step = lockset.Step

// maxReplaySteps bounds the statements a replay executes.
const maxReplaySteps = 2_000_000

// errSwitched: the call ended in a context switch (a publication's yield).
var errSwitched = errors.New("switched")

// errStop ends a thread (a bound was hit, a noreturn call).
var errStop = errors.New("thread stops")

// replayer runs the original program concretely: the setup, then the two
// threads interleaved exactly as the model's oracle says, over one memory,
// and reports whether a race check fails. It shares nothing with the
// encoding but the oracle's values, the model's initial memory and the
// address layout, so a trace that replays is a real execution of the
// program's semantics (ir's, with the models' helpers), not an artefact of
// the sequentialisation.
type replayer struct {
	s          *seq
	threads    [nThreads]*thread // the pair's threads, by id
	objs       map[*ir.Object]*big.Int
	funcs      map[*ir.Function]int64
	mem        map[*ir.Region]map[string]*big.Int
	initial    func(r *ir.Region, addr *big.Int) (*big.Int, bool)
	cnt        [nThreads]int64
	alloc      [nThreads]int64
	rnd        [nThreads]int
	pending    [nThreads]*pendingCheck
	writer     map[*ir.Region]map[string]Step
	steps      []Step
	budget     int
	bound      bool
	race       *raceFound
	setupsDone int // setup entry points that returned 0
	// cutSetup: a setup stopped at its loop bound (protocol.go).
	cutSetup bool
	// seen, when set, collects what a model's replay read: oracle
	// values, initial memory cells and the threads' arguments, keyed as a
	// drive's overrides are, to seed later concrete runs (concrete.go).
	seen map[oracleKey]*big.Int
	// drive, when set, chooses the oracle's values, the initial memory
	// and the arguments instead of a solver's model (concrete.go).
	drive *drive
	// atomics memoises atomicSites per function.
	atomics map[*ir.Function]map[ir.Stmt]*atomicSite
	// log is what the replay did, for the strict check (strict.go).
	log *traceLog
	// zeroed are the objects a zeroing allocator (kzalloc) returned: a
	// drive, or a replay with zeroAllocs, reads 0 where nothing wrote
	// them, as C does.
	zeroed     []*big.Int
	zeroAllocs bool
	// linked holds what the setup stored into the fields only it stores,
	// for a drive to tie the kernel's objects to (tie).
	linked map[fieldKey][]*big.Int
}

type pendingCheck struct {
	// typ is the type the access read its value as: the cell now is
	// compared as that type reads it.
	typ    ir.Type
	plain  bool
	region *ir.Region
	addr   *big.Int
	val    *big.Int
	ver    *big.Int
	site   int
	step   Step
}

type raceFound struct {
	site   int
	region string
	check  Step // the access whose value changed
	writer Step // the other thread's write in between
}

type thread struct {
	id    int
	ep    *ir.EntryPoint
	stack []*activation
	done  bool
	ret   *big.Int
	// started: the thread has run; finished: it returned from its entry
	// point (a thread that stopped at a bound never finishes).
	started, finished bool
	// yielded is the lock call this thread switched before: it runs
	// without a second yield when the thread resumes.
	yielded ir.Stmt
	args    []*big.Int // the entry point's arguments
	// atomicRet holds what an atomic call returns once its effect ran
	// (atomics.go).
	atomicRet map[*ir.Call]*big.Int
}

type activation struct {
	fn    *ir.Function
	vars  map[*ir.Var]*big.Int
	frame map[*ir.Object]*big.Int
	block *ir.Block
	next  int // next statement
	back  int // retreating edges taken
	depth int // recursion depth
	dst   *ir.Var
	// quiet: an opener's code (protocol.go): no yield, no race check.
	quiet bool
	// onReturn, when set, sees the value the activation returns (an
	// opener's status) once it is popped.
	onReturn func(*big.Int) error
}

func newReplayer(s *seq, initial func(*ir.Region, *big.Int) (*big.Int, bool)) *replayer {
	objs, funcs := s.layout()
	return &replayer{s: s, objs: objs, funcs: funcs, initial: initial, log: newTraceLog(objs, funcs, s.sh.bodies),
		mem: make(map[*ir.Region]map[string]*big.Int), writer: make(map[*ir.Region]map[string]Step),
		budget: maxReplaySteps}
}

// run replays the execution whose harness values are vals.
func (r *replayer) run(vals map[*ir.Var]vc.Value) error {
	if err := r.initCells(); err != nil {
		return err
	}
	if err := r.runSetups(vals); err != nil {
		return err
	}
	ths, err := r.startPair(vals)
	if err != nil {
		return err
	}
	r.threads = ths
	if err := r.startYields(); err != nil {
		return err
	}
	for r.race == nil {
		var th *thread
		for _, c := range ths[1:] {
			if !c.done && (th == nil || r.rnd[c.id] < r.rnd[th.id]) {
				th = c
			}
		}
		if th == nil {
			return nil
		}
		if !th.started {
			if err := r.begin(th); err != nil {
				return err
			}
		}
		if r.pendingRace(th) {
			return nil
		}
		th.started = true
		for !th.done {
			switched, err := r.step(th)
			if err != nil {
				return err
			}
			if switched {
				break
			}
		}
	}
	return nil
}

// initCells writes the program's initialised cells (globals with
// initialisers) before anything runs: a copy of the seq's initial memory,
// evaluated once (initialMem).
func (r *replayer) initCells() error {
	init, err := r.s.initialMem(r)
	if err != nil {
		return err
	}
	for reg, m := range init {
		// The values are shared: the replayer never changes a stored
		// *big.Int (write stores a copy, readers get fresh results).
		r.mem[reg] = maps.Clone(m)
	}
	return nil
}

// initialMem evaluates the initialised cells once per seq, with r's
// layout (every replayer of s has the same one) and no drive: before
// anything runs, a fresh drive has nothing to learn from constants. The
// concrete runs replayed them at every run (6.12 rtc-cmos.c: a fifth of
// --confirm's time).
func (s *seq) initialMem(r *replayer) (map[*ir.Region]map[string]*big.Int, error) {
	if s.initDone {
		return s.initMem, s.initErr
	}
	s.initDone = true
	probe := &replayer{s: s, objs: r.objs, funcs: r.funcs, mem: make(map[*ir.Region]map[string]*big.Int)}
	for _, c := range s.cells {
		addr, err := probe.evalIn(nil, c.addr)
		if err != nil {
			s.initErr = err
			return nil, err
		}
		val, err := probe.evalIn(nil, c.val)
		if err != nil {
			s.initErr = err
			return nil, err
		}
		for _, reg := range c.regions {
			probe.write(reg, addr, val)
		}
	}
	s.initMem = probe.mem
	return s.initMem, nil
}

// argsOf gives thread t's entry point ep its arguments: the driver's
// choice when one drives the run, else the trace's values of vs.
func (r *replayer) argsOf(vals map[*ir.Var]vc.Value, t int, ep *ir.EntryPoint, vs []*ir.Var) ([]*big.Int, error) {
	if r.drive != nil {
		return r.drive.args(r, t, ep)
	}
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		x, ok := vals[v]
		if !ok || x.Int == nil {
			return nil, fmt.Errorf("no value for argument %s", v.Name)
		}
		out[i] = new(big.Int).Set(x.Int)
	}
	return out, nil
}

// runSetups runs the setup's entry points to their ends, one after
// the other on the init thread; each must return 0.
func (r *replayer) runSetups(vals map[*ir.Var]vc.Value) error {
	for i, ep := range r.s.sh.setup {
		args, err := r.argsOf(vals, initThread, ep, r.s.setupArgs[i])
		if err != nil {
			return err
		}
		if r.drive != nil && !r.s.sh.paramAliasing {
			if err := r.assume(disjointParams(ep.Func, r.s.setupArgs[i]), [][]*ir.Var{r.s.setupArgs[i]}, [][]*big.Int{args}); err != nil {
				return err
			}
		}
		th := r.start(initThread, ep, args)
		before := r.bound
		r.bound = false
		for !th.done {
			if _, err := r.step(th); err != nil {
				return err
			}
		}
		if !th.finished && !r.bound {
			return fmt.Errorf("setup %s stopped before its end (a noreturn call, an oops)", ep.Name())
		}
		if !th.finished {
			r.setupCut() // at its loop bound (protocol.go)
		}
		r.bound = r.bound || before
		if th.ret != nil && ep.Func.Ret != nil && th.ret.Sign() != 0 {
			if r.drive != nil {
				r.drive.branch(th.ret) // a status returned as it came
			}
			return fmt.Errorf("setup %s returned %s", ep.Name(), th.ret)
		}
		r.setupsDone++
	}
	return nil
}

// startPair makes the pair's two threads with their arguments.
func (r *replayer) startPair(vals map[*ir.Var]vc.Value) ([nThreads]*thread, error) {
	var ths [nThreads]*thread
	for t, ep := range []*ir.EntryPoint{r.s.sh.first, r.s.sh.second} {
		args, err := r.argsOf(vals, t+1, ep, r.s.args[t+1])
		if err != nil {
			return ths, err
		}
		if r.seen != nil {
			for i, a := range args {
				r.seen[oracleKey{t: t + 1, k: int64(-1 - i)}] = a
			}
		}
		ths[t+1] = r.start(t+1, ep, args)
	}
	if r.drive != nil {
		if err := r.harness(ths[1].args, ths[2].args); err != nil {
			return ths, err
		}
	}
	return ths, nil
}

// startYields decides the starters' yields: thread 1, and thread 2
// when it may wait for its publication, may begin a round later.
func (r *replayer) startYields() error {
	for t := 1; t <= 2; t++ {
		if !r.s.plans[t].startYield {
			continue
		}
		o, err := r.decide(t, startYield)
		if err != nil {
			return err
		}
		if o.Sign() != 0 && r.rnd[t] < r.s.sh.rounds-1 {
			r.rnd[t]++
		}
	}
	return nil
}

// pendingRace checks the race check th left pending when it yielded:
// whether the other thread changed the cell in between. It records the
// race and reports true if so.
func (r *replayer) pendingRace(th *thread) bool {
	p := r.pending[th.id]
	if p == nil {
		return false
	}
	r.pending[th.id] = nil
	now := r.read(p.region, p.addr)
	if p.typ != nil {
		now = fitTo(now, p.typ)
	}
	nowVer := r.read(r.s.versions[p.region], p.addr)
	if !checkFails(p.plain, r.s.openers(), now, p.val, nowVer, p.ver) {
		return false
	}
	w := r.writer[p.region][addrKey(p.addr)]
	r.race = &raceFound{site: p.site, region: p.region.Name, check: p.step, writer: w}
	r.log.race = &traceRace{thread: th.id, region: p.region, addr: p.addr, plain: p.plain}
	st := p.step
	st.Kind, st.Value = "race", now.String()
	r.steps = append(r.steps, st)
	return true
}

func (r *replayer) start(t int, ep *ir.EntryPoint, args []*big.Int) *thread {
	for i, p := range ep.Func.Params {
		if i < len(args) {
			args[i] = fitTo(args[i], p.CType)
		}
	}
	th := &thread{id: t, ep: ep, args: args, atomicRet: make(map[*ir.Call]*big.Int)}
	r.log.start(t, ep, args)
	for i := range ep.Func.Params {
		if i < len(ep.Params) && ep.Params[i] == ir.ParamFresh {
			r.alloc[t]++ // the harness allocated it (seq.enter)
		}
	}
	if t == initThread {
		r.push(th, ep.Func, args, nil, 0)
	} // the pair's threads push theirs when they begin (replayer.begin)
	return th
}

func (r *replayer) push(th *thread, f *ir.Function, args []*big.Int, dst *ir.Var, depth int) {
	a := &activation{fn: f, vars: make(map[*ir.Var]*big.Int), frame: make(map[*ir.Object]*big.Int),
		block: f.Blocks[0], dst: dst, depth: depth, quiet: len(th.stack) > 0 && th.stack[len(th.stack)-1].quiet}
	for i, p := range f.Params {
		if i < len(args) {
			a.vars[p] = args[i]
		}
	}
	frame := make([]*big.Int, len(f.Frame))
	for i, o := range f.Frame {
		a.frame[o] = r.allocate(th.id, false)
		frame[i] = a.frame[o]
	}
	th.stack = append(th.stack, a)
	r.log.enter(th.id, f, frame)
}

func (r *replayer) allocate(t int, zeroed bool) *big.Int {
	a := allocAddr(t, r.alloc[t], zeroed)
	r.alloc[t]++
	return a
}

// allocAddr is the address of thread t's k-th allocation, in the zeroed
// space when zeroed (seq.allocExpr).
func allocAddr(t int, k int64, zeroed bool) *big.Int {
	base := allocBase
	if zeroed {
		base = zeroBase
	}
	base = new(big.Int).Add(base, new(big.Int).Mul(threadSpan, big.NewInt(int64(t))))
	return base.Add(base, big.NewInt(k*allocStride))
}

func (r *replayer) oracle(t int) (*big.Int, error) {
	if r.drive != nil {
		r.cnt[t]++
		return r.drive.value(t, r.cnt[t]-1), nil
	}
	v, ok := r.initial(r.s.oracle[t], big.NewInt(r.cnt[t]))
	if !ok {
		return nil, fmt.Errorf("no oracle value %d of thread %d", r.cnt[t], t)
	}
	if r.seen != nil {
		r.seen[oracleKey{t: t, k: r.cnt[t]}] = v
	}
	r.cnt[t]++
	return v, nil
}

// allocFails reads the oracle value that says whether an allocation
// returns NULL (a drive lets every allocation succeed).
func (r *replayer) allocFails(t int) (*big.Int, error) {
	if r.drive != nil {
		r.cnt[t]++
		return new(big.Int), nil
	}
	return r.oracle(t)
}

// result reads the oracle value an external function f returns.
func (r *replayer) result(t int, f *ir.Function) (*big.Int, error) {
	if r.drive != nil {
		r.cnt[t]++
		return r.drive.result(t, r.cnt[t]-1, f), nil
	}
	return r.oracle(t)
}

func (r *replayer) read(reg *ir.Region, addr *big.Int) *big.Int {
	if m := r.mem[reg]; m != nil {
		if v, ok := m[addrKey(addr)]; ok {
			return v
		}
	}
	if reg == r.s.locks || reg == r.s.flags || r.isVersions(reg) {
		return new(big.Int)
	}
	if (r.drive != nil || r.zeroAllocs) && r.inZeroed(addr) {
		return new(big.Int)
	}
	if r.drive != nil {
		return r.drive.memory(reg, addr)
	}
	if v, ok := r.initial(r.s.copies[reg][0], addr); ok {
		if r.seen != nil {
			r.seen[cellKey(reg, addr)] = v
		}
		return v
	}
	return new(big.Int)
}

// yieldKind says what a yield follows or precedes, for a drive's schedule.
type yieldKind uint8

const (
	startYield    yieldKind = iota // a thread may begin a round late
	checkYield                     // an access with a race check after it
	accessYield                    // an access without one
	lockYield                      // before a lock operation
	publishYield                   // after a publication (misc_register, ...)
	withdrawYield                  // before a withdrawal
)

// decide reads the oracle value that says whether thread t switches at a
// yield of the given kind.
func (r *replayer) decide(t int, kind yieldKind) (*big.Int, error) {
	if r.drive != nil {
		r.cnt[t]++
		return r.drive.decide(t, kind), nil
	}
	return r.oracle(t)
}

func (r *replayer) isVersions(reg *ir.Region) bool {
	for _, v := range r.s.versions {
		if v == reg {
			return true
		}
	}
	return false
}

func (r *replayer) write(reg *ir.Region, addr, val *big.Int) {
	m := r.mem[reg]
	if m == nil {
		m = make(map[string]*big.Int)
		r.mem[reg] = m
	}
	m[addrKey(addr)] = new(big.Int).Set(val)
}

// addrKey is the key of the cell at addr in the replayer's memory and
// writer maps: its sign and magnitude bytes, cheaper than the decimal
// string (the concrete runs' memory writes spent a tenth of their time
// formatting addresses).
func addrKey(addr *big.Int) string {
	sign := byte('+')
	if addr.Sign() < 0 {
		sign = '-'
	}
	return string(append([]byte{sign}, addr.Bytes()...))
}

// layout is vc.Layout(s.q), computed once per seq: its replayers only
// read it.
func (s *seq) layout() (map[*ir.Object]*big.Int, map[*ir.Function]int64) {
	if s.objs == nil {
		s.objs, s.funcs = vc.Layout(s.q)
	}
	return s.objs, s.funcs
}

// record notes an event of thread t (the setup's events are not shown).
func (r *replayer) record(th *thread, f *ir.Function, pos ir.Pos, kind, lvalue string, val *big.Int) Step {
	st := Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: f.Name, Pos: pos, Kind: kind, LValue: lvalue,
		Source: r.s.src.SourceLine(pos.File, pos.Line)}
	if val != nil {
		st.Value = val.String()
	}
	if th.id != initThread {
		r.steps = append(r.steps, st)
	}
	return st
}

// step executes one statement or terminator of th; switched reports a
// context switch at a yield.
func (r *replayer) step(th *thread) (switched bool, err error) {
	r.budget--
	if r.budget < 0 {
		return false, errors.New("replay step budget exhausted")
	}
	a := th.stack[len(th.stack)-1]
	if a.next < len(a.block.Stmts) {
		st := a.block.Stmts[a.next]
		a.next++
		r.log.stmt(th.id, st)
		switched, err = r.stmt(th, a, st)
		if errors.Is(err, errSwitched) {
			return true, nil
		}
		if errors.Is(err, errStop) {
			th.done = true
			return false, nil
		}
		return switched, err
	}
	if err := r.term(th, a); !errors.Is(err, errSwitched) {
		return false, err
	}
	return true, nil // after an opener (replayer.begin)
}

func (r *replayer) term(th *thread, a *activation) error {
	var to *ir.Block
	switch t := a.block.Term.(type) {
	case *ir.Jump:
		to = t.Target
		r.log.term(th.id, a.block, to, nil)
	case *ir.If:
		c, err := r.eval(a, t.Cond)
		if err != nil {
			return err
		}
		if r.drive != nil {
			r.drive.branch(c)
		}
		to = t.Else
		if c.Sign() != 0 {
			to = t.Then
		}
		r.log.term(th.id, a.block, to, c)
	case *ir.Return:
		var v *big.Int
		if t.Val != nil {
			var err error
			if v, err = r.eval(a, t.Val); err != nil {
				return err
			}
		} else if a.fn.Ret != nil {
			var err error
			if v, err = r.oracle(th.id); err != nil {
				return err
			}
			v = fitTo(v, a.fn.Ret.CType)
		}
		r.log.term(th.id, a.block, nil, v)
		th.stack = th.stack[:len(th.stack)-1]
		if a.onReturn != nil {
			if err := a.onReturn(v); err != nil {
				return err
			}
		}
		if len(th.stack) == 0 {
			th.done, th.ret, th.finished = true, v, true
			return nil
		}
		caller := th.stack[len(th.stack)-1]
		if a.dst != nil && v != nil {
			caller.vars[a.dst] = v
		}
		return nil
	default:
		r.log.term(th.id, a.block, nil, nil)
		th.done = true // unreachable: the thread stops
		return nil
	}
	if r.s.retreating(a.fn)[[2]int{a.block.Index, to.Index}] {
		a.back++
		if a.back > r.s.unrollOf(th.id, a.quiet) {
			r.bound = true
			th.done = true
			return nil
		}
	}
	a.block, a.next = to, 0
	return nil
}

func (r *replayer) stmt(th *thread, a *activation, st ir.Stmt) (bool, error) {
	yp, isYield := r.s.sh.yields[st]
	if a.quiet {
		yp.Check = false // an opener's race is not the entry point's
	}
	switch st := st.(type) {
	case *ir.Assign:
		v, err := r.eval(a, st.Src)
		if err != nil {
			return false, err
		}
		a.vars[st.Dst] = v
		r.log.note(v)
	case *ir.Havoc:
		for _, v := range st.Vars {
			x, err := r.oracle(th.id)
			if err != nil {
				return false, err
			}
			if v.Kind == ir.Bool {
				x = boolInt(x.Sign() != 0)
			}
			a.vars[v] = fitTo(x, v.CType)
			r.log.note(a.vars[v])
		}
	case *ir.Assume:
		c, err := r.eval(a, st.Cond)
		if err != nil {
			return false, err
		}
		if c.Sign() == 0 {
			return false, fmt.Errorf("%s: assumption does not hold", st.P)
		}
	case *ir.Load:
		return r.load(th, a, st, yp, isYield)
	case *ir.Store:
		return r.store(th, a, st, yp, isYield)
	case *ir.Touch:
		return r.touch(th, a, st, yp, isYield)
	case *ir.Call:
		return r.call(th, a, st, yp, isYield)
	}
	return false, nil
}

// load replays a load: the cell's value, fitted to the destination's
// C type, and the yield after it.
func (r *replayer) load(th *thread, a *activation, st *ir.Load, yp yieldPoint, isYield bool) (bool, error) {
	addr, err := r.eval(a, st.Addr)
	if err != nil {
		return false, err
	}
	if err := r.deref(th, a, &st.Access, addr); err != nil {
		return false, err
	}
	r.tie(th, st, addr)
	v := r.loadAs(st.Region, addr, st.Dst.CType)
	a.vars[st.Dst] = v
	r.log.note(v)
	s := r.access(th, a, &st.Access, "read", v)
	if isYield {
		return r.yieldAs(th, accessYield, yp, st.Region, addr, v, s, st.Dst.CType)
	}
	return false, nil
}

// store replays a store, noting the cell's writer for a race's trace.
func (r *replayer) store(th *thread, a *activation, st *ir.Store, yp yieldPoint, isYield bool) (bool, error) {
	addr, err := r.eval(a, st.Addr)
	if err != nil {
		return false, err
	}
	if err := r.deref(th, a, &st.Access, addr); err != nil {
		return false, err
	}
	v, err := r.eval(a, st.Val)
	if err != nil {
		return false, err
	}
	r.write(st.Region, addr, v)
	r.noteLink(th, st, v)
	r.log.note(v)
	s := r.access(th, a, &st.Access, "write", v)
	r.noteWriter(st.Region, st.Mode, addr, s, a.quiet)
	if isYield {
		return r.yield(th, accessYield, yp, st.Region, addr, v, s)
	}
	return false, nil
}

// touch replays a helper's touch: an atomic site's read-modify-write,
// or cells written with values the oracle chooses.
func (r *replayer) touch(th *thread, a *activation, st *ir.Touch, yp yieldPoint, isYield bool) (bool, error) {
	addr, err := r.eval(a, st.Addr)
	if err != nil {
		return false, err
	}
	if err := r.deref(th, a, &st.Access, addr); err != nil {
		return false, err
	}
	if site := r.atomicSite(a.fn, st); site != nil && site.at == st {
		return r.atomicTouch(th, a, st, site, addr, yp, isYield)
	}
	kind := "read"
	var written []*big.Int
	if st.Write {
		cs, n := touchCells(&st.Access)
		for k := range n {
			o, err := r.oracle(th.id)
			if err != nil {
				return false, err
			}
			if st.Region != nil {
				o = fitTo(o, st.Region.Type)
			}
			at := new(big.Int).Add(addr, big.NewInt(k*cs))
			r.write(st.Region, at, o)
			r.log.note(at, o)
			written = append(written, at)
		}
		kind = "write"
	}
	v := r.read(st.Region, addr)
	s := r.access(th, a, &st.Access, kind, v)
	for _, at := range written {
		r.noteWriter(st.Region, st.Mode, at, s, a.quiet)
	}
	if isYield {
		return r.yield(th, accessYield, yp, st.Region, addr, v, s)
	}
	return false, nil
}

// deref stops th at an access in the NULL page, as cloner.deref does: the
// kernel oopses there.
func (r *replayer) deref(th *thread, a *activation, acc *ir.Access, addr *big.Int) error {
	if addr.Cmp(big.NewInt(nullPage)) >= 0 {
		return nil
	}
	r.record(th, a.fn, acc.P, "oops", acc.LValue, nil)
	return errStop
}

func (r *replayer) access(th *thread, a *activation, acc *ir.Access, kind string, v *big.Int) Step {
	if acc.Region != nil && acc.Region.ThreadLocal {
		return Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: a.fn.Name, Pos: acc.P, Kind: kind, LValue: acc.LValue}
	}
	return r.record(th, a.fn, acc.P, kind, acc.LValue, v)
}

func (r *replayer) noteWriter(reg *ir.Region, mode ir.AccessMode, addr *big.Int, s Step, quiet bool) {
	if vr, ok := r.s.versions[reg]; ok {
		r.write(vr, addr, new(big.Int).Add(r.read(vr, addr), big.NewInt(writeStep(mode, quiet))))
	}
	if quiet {
		return // an opener's write is no race's writer (writeStep)
	}
	m := r.writer[reg]
	if m == nil {
		m = make(map[string]Step)
		r.writer[reg] = m
	}
	m[addrKey(addr)] = s
}

// yield mirrors cloner.yield: one oracle value decides the switch.
func (r *replayer) yield(th *thread, kind yieldKind, yp yieldPoint, reg *ir.Region, addr, val *big.Int, s Step) (bool, error) {
	return r.yieldAs(th, kind, yp, reg, addr, val, s, nil)
}

// yieldAs is yield after an access that read its value as type typ.
func (r *replayer) yieldAs(th *thread, kind yieldKind, yp yieldPoint, reg *ir.Region, addr, val *big.Int, s Step, typ ir.Type) (bool, error) {
	if th.id == initThread || len(th.stack) > 0 && th.stack[len(th.stack)-1].quiet {
		return false, nil
	}
	if kind == accessYield && yp.Check {
		kind = checkYield
		if r.drive != nil {
			r.drive.touch(th.id, reg, addr)
		}
	}
	o, err := r.decide(th.id, kind)
	if err != nil {
		return false, err
	}
	if o.Sign() == 0 || r.rnd[th.id] >= r.s.sh.rounds-1 {
		return false, nil
	}
	r.rnd[th.id]++
	sw := s
	sw.Kind, sw.Value, sw.LValue = "switch", "", ""
	r.steps = append(r.steps, sw)
	if yp.Check {
		r.pending[th.id] = &pendingCheck{typ: typ, plain: yp.Plain, region: reg, addr: addr, val: val, ver: r.read(r.s.versions[reg], addr), site: yp.Site, step: s}
	}
	return true, nil
}

// call mirrors cloner.call and cloner.direct.
func (r *replayer) call(th *thread, a *activation, st *ir.Call, yp yieldPoint, isYield bool) (bool, error) {
	args := make([]*big.Int, len(st.Args))
	for i, e := range st.Args {
		v, err := r.eval(a, e)
		if err != nil {
			return false, err
		}
		args[i] = v
	}
	if st.Callee != nil {
		if api, ok := models.Lock(st.Callee.Name); ok {
			if isYield && th.yielded != st {
				s := Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: a.fn.Name, Pos: st.P}
				if sw, err := r.yield(th, lockYield, yp, nil, nil, nil, s); err != nil || sw {
					a.next-- // the lock call runs when this thread resumes
					r.log.undo()
					th.yielded = st
					return sw, err
				}
			}
			th.yielded = nil
			if r.s.sh.countingSems[st] {
				return false, r.countingSem(th, a, st, api)
			}
			return false, r.lock(th, a, st, api, args)
		}
		return false, r.direct(th, a, st, st.Callee, args, st.Dst, st.P)
	}
	fn, err := r.eval(a, st.Fn)
	if err != nil {
		return false, err
	}
	for _, t := range st.Targets {
		if r.funcs[t] == fn.Int64() && fn.IsInt64() {
			if api, ok := models.Lock(t.Name); ok && t.External() {
				return false, r.lock(th, a, st, api, args)
			}
			return false, r.direct(th, a, st, t, args, st.Dst, st.P)
		}
	}
	if st.Dst != nil {
		v, err := r.oracle(th.id)
		if err != nil {
			return false, err
		}
		a.vars[st.Dst] = fitTo(v, st.Dst.CType)
		r.log.note(a.vars[st.Dst])
	}
	return false, nil
}

// direct mirrors cloner.direct.
func (r *replayer) direct(th *thread, a *activation, call *ir.Call, f *ir.Function, args []*big.Int, dst *ir.Var, pos ir.Pos) error {
	if !f.External() {
		d := a.depth
		if r.s.recursive(a.fn, f) {
			d++
			if d > r.s.unrollOf(th.id, a.quiet) {
				r.bound = true
				return errStop
			}
		}
		var to *ir.Var
		if dst != nil && f.Ret != nil {
			to = dst
		}
		if dst != nil && f.Ret == nil {
			// The clone reads the oracle right after the call returns;
			// reading it now gives the same value (the callee's own
			// oracle reads come from the same sequence only after it).
			return fmt.Errorf("%s: value of void function %s used", pos, f.Name)
		}
		r.push(th, f, args, to, d)
		return nil
	}
	_, unreg, pub := models.CallEffectIn(f.Name, r.s.sh.facts)
	if pub && unreg {
		if call != nil && th.yielded != call {
			s := Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: a.fn.Name, Pos: pos}
			if sw, err := r.yield(th, withdrawYield, yieldPoint{}, nil, nil, nil, s); err != nil || sw {
				a.next-- // the withdrawal runs when this thread resumes
				r.log.undo()
				th.yielded = call
				if err == nil {
					err = errSwitched
				}
				return err
			}
		}
		th.yielded = nil
		// As the clone: a withdrawal that surely names another object
		// than the other entry point's neither waits for it nor stops it.
		if o := r.other(th); !r.s.sh.noWaits && o != nil && o.started && !o.finished && withdraws(r.s.sh.facts, call, f, o.ep) {
			return fmt.Errorf("%s: %s withdraws %s while it runs: it waits for it", pos, f.Name, o.ep.Name())
		}
		r.callable(call, f, cellWithdrawn)
	}
	h, _ := models.HelperFor(f.Name)
	atomic, err := r.atomicCall(th, a, call, f, args, dst, pos)
	if err != nil {
		return err
	}
	switch {
	case atomic:
	case h.Returns == models.ReturnsFresh && dst != nil:
		null, err := r.allocFails(th.id)
		if err != nil {
			return err
		}
		p := r.allocate(th.id, zeroingAllocator[f.Name])
		if null.Sign() != 0 {
			p = new(big.Int)
		} else if zeroingAllocator[f.Name] {
			r.zeroed = append(r.zeroed, p)
		}
		a.vars[dst] = p
	case h.Returns == models.ReturnsArg && dst != nil && h.RetArg < len(args):
		a.vars[dst] = args[h.RetArg]
	case dst != nil:
		v, err := r.result(th.id, f)
		if err != nil {
			return err
		}
		a.vars[dst] = fitResult(v, f, dst.CType)
	}
	if dst != nil && a.vars[dst] != nil {
		r.log.note(a.vars[dst])
	}
	if pub && !unreg {
		r.callable(call, f, cellPublished)
		s := Step{Thread: th.id, EntryPoint: th.ep.Name(), Func: a.fn.Name, Pos: pos}
		if sw, err := r.yield(th, publishYield, yieldPoint{}, nil, nil, nil, s); err != nil || sw {
			if err == nil && !(f.NoReturn || h.NoReturn) {
				err = errSwitched
			}
			if err != nil {
				return err
			}
		}
	}
	if f.NoReturn || h.NoReturn {
		return errStop
	}
	return nil
}

// lock mirrors cloner.lock.
// countingSem mirrors cloner.countingSem: no trace the solver gives gets a
// thread past such a down.
func (r *replayer) countingSem(th *thread, a *activation, st *ir.Call, api models.LockAPI) error {
	if api.Op == models.Acquire {
		return fmt.Errorf("%s: %s of a semaphore that is not a lock: the explorer lets no thread past it", st.P, api.Name)
	}
	if st.Dst != nil {
		v, err := r.oracle(th.id)
		if err != nil {
			return err
		}
		a.vars[st.Dst] = fitTo(v, st.Dst.CType)
		r.log.note(a.vars[st.Dst])
	}
	return nil
}

func (r *replayer) lock(th *thread, a *activation, st *ir.Call, api models.LockAPI, args []*big.Int) error {
	var addr *big.Int
	if api.Arg >= 0 {
		if api.Arg >= len(args) {
			return fmt.Errorf("%s: %s without its lock argument", st.P, api.Name)
		}
		addr = args[api.Arg]
	} else {
		addr = big.NewInt(r.s.globalLocks[api.Global])
	}
	cell := r.read(r.s.locks, addr)
	setDst := func() error {
		if st.Dst == nil {
			return nil
		}
		v, err := r.oracle(th.id)
		if err != nil {
			return err
		}
		a.vars[st.Dst] = fitTo(v, st.Dst.CType)
		r.log.note(a.vars[st.Dst])
		return nil
	}
	var next *big.Int
	kind := "lock"
	switch api.Op {
	case models.Acquire:
		free := cell.Sign() == 0
		taken := big.NewInt(-1)
		if api.Mode == models.Read {
			free = cell.Sign() >= 0
			taken = new(big.Int).Add(cell, big.NewInt(1))
		}
		if api.Cond == models.Always {
			if !free {
				return fmt.Errorf("%s: %s of a lock another thread holds", st.P, api.Name)
			}
			next = taken
			if err := setDst(); err != nil {
				return err
			}
			break
		}
		v, err := r.oracle(th.id)
		if err != nil {
			return err
		}
		if st.Dst != nil {
			v = fitTo(v, st.Dst.CType)
			a.vars[st.Dst] = v
		}
		r.log.note(v)
		ok := v.Sign() == 0
		if api.Cond == models.IfNonZero {
			ok = !ok
		}
		if ok && !free {
			return fmt.Errorf("%s: %s succeeds on a held lock", st.P, api.Name)
		}
		next = cell
		if ok {
			next = taken
		} else {
			kind = "lock failed"
		}
	case models.Release:
		kind = "unlock"
		next = new(big.Int)
		if cell.Sign() > 0 {
			next.Sub(cell, big.NewInt(1))
		}
		if err := setDst(); err != nil {
			return err
		}
	case models.Downgrade:
		kind = "downgrade"
		next = cell
		if cell.Cmp(big.NewInt(-1)) == 0 {
			next = big.NewInt(1)
		}
		if err := setDst(); err != nil {
			return err
		}
	}
	r.write(r.s.locks, addr, next)
	lv := api.Name
	if len(st.Args) > 0 && api.Arg >= 0 {
		lv = api.Name + "(" + ir.ExprString(st.Args[api.Arg]) + ")"
	}
	r.record(th, a.fn, st.P, kind, lv, nil)
	return nil
}

func boolInt(b bool) *big.Int {
	if b {
		return big.NewInt(1)
	}
	return new(big.Int)
}

func (r *replayer) eval(a *activation, e ir.Expr) (*big.Int, error) {
	if r.drive != nil {
		r.drive.masks = r.drive.masks[:0] // a mask is learned within one expression
	}
	return r.evalIn(a, e)
}

// evalIn evaluates e in activation a (nil: only globals), with ir's
// semantics: mathematical integers, C division, exact wrap operators.
func (r *replayer) evalIn(a *activation, e ir.Expr) (*big.Int, error) {
	switch e := e.(type) {
	case *ir.Const:
		if e.Unsigned {
			return new(big.Int).SetUint64(uint64(e.Val)), nil
		}
		return big.NewInt(e.Val), nil
	case *ir.BoolConst:
		return boolInt(e.Val), nil
	case *ir.Var:
		if a != nil {
			if v, ok := a.vars[e]; ok {
				return v, nil
			}
		}
		return nil, fmt.Errorf("variable %s has no value", e.Name)
	case *ir.Object:
		if a != nil {
			if v, ok := a.frame[e]; ok {
				return v, nil
			}
		}
		if v, ok := r.objs[e]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("object %s has no address", e.Name)
	case *ir.Function:
		if v, ok := r.funcs[e]; ok {
			return big.NewInt(v), nil
		}
		return nil, fmt.Errorf("function %s has no address", e.Name)
	case *ir.Ite:
		c, err := r.evalIn(a, e.Cond)
		if err != nil {
			return nil, err
		}
		if c.Sign() != 0 {
			return r.evalIn(a, e.Then)
		}
		return r.evalIn(a, e.Else)
	case *ir.Unary:
		x, err := r.evalIn(a, e.X)
		if err != nil {
			return nil, err
		}
		v, err := unary(e.Op, x)
		if err == nil && r.drive != nil {
			if _, _, ok := e.Op.Wrap(); ok && v.Cmp(x) != 0 {
				r.drive.narrowed(x, v)
			}
		}
		return v, err
	case *ir.Binary:
		x, err := r.evalIn(a, e.X)
		if err != nil {
			return nil, err
		}
		// && and || do not need their right operand; ir expressions have
		// no side effects, so evaluating it anyway would only cost time.
		if e.Op == ir.OpLAnd && x.Sign() == 0 {
			return new(big.Int), nil
		}
		if e.Op == ir.OpLOr && x.Sign() != 0 {
			return big.NewInt(1), nil
		}
		if e.Op == ir.OpImplies && x.Sign() == 0 {
			return big.NewInt(1), nil
		}
		y, err := r.evalIn(a, e.Y)
		if err != nil {
			return nil, err
		}
		if r.drive != nil {
			switch e.Op {
			case ir.OpEq, ir.OpNe:
				r.drive.compare(x, y)
			case ir.OpLt, ir.OpLe, ir.OpGt, ir.OpGe:
				r.drive.order(e.Op, x, y)
			}
		}
		v, err := binary(e.Op, x, y)
		if err == nil && r.drive != nil {
			switch e.Op {
			case ir.OpAnd:
				r.drive.mask(x, y, v)
			case ir.OpAdd, ir.OpSub, ir.OpXor:
				r.drive.derive(e.Op, x, y, v)
			}
		}
		return v, err
	}
	return nil, fmt.Errorf("cannot evaluate %T", e)
}

func unary(op ir.Op, x *big.Int) (*big.Int, error) {
	switch op {
	case ir.OpNeg:
		return new(big.Int).Neg(x), nil
	case ir.OpBitNot:
		return new(big.Int).Not(x), nil
	case ir.OpNot:
		return boolInt(x.Sign() == 0), nil
	}
	if bits, signed, ok := op.Wrap(); ok {
		return ir.WrapValue(x, bits, signed), nil
	}
	return nil, fmt.Errorf("unknown unary operator %s", op)
}

func binary(op ir.Op, x, y *big.Int) (*big.Int, error) {
	z := new(big.Int)
	switch op {
	case ir.OpAdd:
		return z.Add(x, y), nil
	case ir.OpSub:
		return z.Sub(x, y), nil
	case ir.OpMul:
		return z.Mul(x, y), nil
	case ir.OpDiv, ir.OpRem:
		if y.Sign() == 0 {
			return nil, errors.New("division by zero")
		}
		if op == ir.OpDiv {
			return z.Quo(x, y), nil
		}
		return z.Rem(x, y), nil
	case ir.OpAnd:
		return z.And(x, y), nil
	case ir.OpOr:
		return z.Or(x, y), nil
	case ir.OpXor:
		return z.Xor(x, y), nil
	case ir.OpShl, ir.OpShr:
		if !y.IsInt64() || y.Int64() < 0 || y.Int64() > 63 {
			return nil, fmt.Errorf("shift by %s", y)
		}
		if op == ir.OpShl {
			return z.Lsh(x, uint(y.Int64())), nil
		}
		return z.Rsh(x, uint(y.Int64())), nil
	case ir.OpEq:
		return boolInt(x.Cmp(y) == 0), nil
	case ir.OpNe:
		return boolInt(x.Cmp(y) != 0), nil
	case ir.OpLt:
		return boolInt(x.Cmp(y) < 0), nil
	case ir.OpLe:
		return boolInt(x.Cmp(y) <= 0), nil
	case ir.OpGt:
		return boolInt(x.Cmp(y) > 0), nil
	case ir.OpGe:
		return boolInt(x.Cmp(y) >= 0), nil
	case ir.OpLAnd:
		return boolInt(x.Sign() != 0 && y.Sign() != 0), nil
	case ir.OpLOr:
		return boolInt(x.Sign() != 0 || y.Sign() != 0), nil
	case ir.OpImplies:
		return boolInt(x.Sign() == 0 || y.Sign() != 0), nil
	}
	return nil, fmt.Errorf("unknown operator %s", op)
}

// other returns the pair's thread that is not th, or nil (setup threads).
func (r *replayer) other(th *thread) *thread {
	switch th.id {
	case 1:
		return r.threads[2]
	case 2:
		return r.threads[1]
	}
	return nil
}
