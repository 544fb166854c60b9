package lockset

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/models"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/z3"
)

// Kinds of lock-discipline errors.
const (
	DoubleLock     = "double-lock"
	UnlockUnheld   = "unlock-unheld"
	HeldAtReturn   = "lock-held-at-return"
	OrderInversion = "lock-order-inversion"
	// UnidentifiedLock: a locking call whose lock the check cannot name,
	// so it checks nothing about it; reported only when the assumption
	// that such calls hide no lock error is dropped
	// (Options.ReportUnidentifiedLocks, --no-assume lock-identity).
	UnidentifiedLock = "unidentified-lock"
)

// Related is a location that explains a lock error: the acquire that holds
// the lock.
type Related struct {
	Pos    ir.Pos
	Source string
	Msg    string
}

// LockError is one lock-discipline finding.
type LockError struct {
	Kind        string
	Lock        string   // the lock's identity, as races name locks
	EntryPoints []string // the entry points on whose paths it happens, sorted
	Pos         ir.Pos   // the acquire, release or return at fault
	Source      string
	Related     []Related
	Msg         string
	// Suppressed: as Race.Suppressed.
	Suppressed string
}

// NewErrors returns the number of lock errors that are findings: not
// suppressed by a baseline or a comment.
func (r *LockResult) NewErrors() int {
	n := 0
	for _, e := range r.Errors {
		if e.Suppressed == "" {
			n++
		}
	}
	return n
}

// LockResult is the lock-discipline check of one file.
type LockResult struct {
	Path     string
	Errors   []LockError // sorted by position, then kind
	Warnings []ir.Diagnostic
	// Inconclusive counts the checks that ended neither proved nor an
	// error (a solver limit, a summary given up, a release of a lock whoop
	// cannot identify, an undecided lock order); a warning says why each.
	Inconclusive int
	Total        time.Duration
}

// ghost bookkeeping of one entry point's check: assertion id -> what fails.
// otherInstance marks the assertion "a double lock of a lock field takes
// the object already held": when it can fail, the double lock is not
// reported (Options.DoubleLockAnyInstance).
const otherInstance = "other-instance"

// unknownRelease marks the assertion "the check at this site, or the lock state
// at the return, fails only if an unidentified release really released
// the lock": a failure is an inconclusive warning, never an error.
const unknownRelease = "unknown-release"

type lockAssert struct {
	kind string
	site *lockSite // DoubleLock, UnlockUnheld
	lock int       // HeldAtReturn
}

// uncertainKind is the check an unknownRelease assertion stands for.
func (a lockAssert) uncertainKind() string {
	switch {
	case a.site == nil:
		return HeldAtReturn
	case a.site.op.api.Op == models.Release:
		return UnlockUnheld
	}
	return DoubleLock
}

// pos is where a failure of the assertion is reported: the lock call, or
// the entry point for a lock held at its return.
func (a lockAssert) pos(ep *ir.EntryPoint) ir.Pos {
	if a.site != nil {
		return a.site.call.P
	}
	return ep.Pos
}

// CheckLocks runs the lock-discipline checks on prog over the same lock
// identities, instrumentation and Houdini summaries as Check: every entry
// point runs alone from the state the kernel calls it in, and vc proves, at
// every acquire, that the lock is not already held (read_lock aside), at
// every release that it is, and at the return that each lock is as on
// entry.
func CheckLocks(ctx context.Context, prog *ir.Program, opts Options) (res *LockResult, err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: lock check of %s: %v", ErrInternal, prog.Path, r)
		}
	}()
	threads, jobs, release := opts.solverThreads()
	defer release()
	res = &LockResult{Path: prog.Path}
	in, eps := lockProgram(prog, opts)
	f := in.f
	var unidentified []*LockError
	if opts.ReportUnidentifiedLocks {
		unidentified = unidentifiedLocks(f, prog)
	}
	if len(eps) == 0 {
		for _, e := range unidentified {
			res.Errors = append(res.Errors, *e)
		}
		sortLockErrors(res.Errors)
		res.Warnings = append(res.Warnings, f.warnings...)
		res.Total = time.Since(start)
		return res, nil
	}
	if err := ir.Validate(in.prog); err != nil {
		return nil, fmt.Errorf("%w: lock-check program of %s: %v", ErrInternal, prog.Path, err)
	}
	hres, err := in.summaries(ctx, opts, jobs, threads)
	if err != nil {
		return nil, err
	}
	var hs []lockHarness
	for _, ep := range eps {
		hs = append(hs, in.lockHarness(ep, opts))
	}
	if err := ir.Validate(in.prog); err != nil {
		return nil, fmt.Errorf("%w: lock-check program of %s: %v", ErrInternal, prog.Path, err)
	}
	traced := in.disc.tracedVars()
	info, err := vc.Prepare(in.prog)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	lc := &lockChecks{in: in, res: res, info: info, traced: traced, lim: opts.limits(),
		gaveUp: newGaveUp(hres.GaveUp, hres.Weakened),
		found:  make(map[string]*LockError), edges: make(map[*ir.EntryPoint][]orderEdge)}
	if err := lc.run(ctx, threads, hs, prog.Path); err != nil {
		return nil, err
	}
	res.Warnings = append(res.Warnings, in.inversions(lc.found, lc.edges, PairsWith(prog, opts.pairOptions()))...)
	for _, e := range lc.found {
		sort.Strings(e.EntryPoints)
		res.Errors = append(res.Errors, *e)
	}
	for _, e := range unidentified {
		res.Errors = append(res.Errors, *e)
	}
	sortLockErrors(res.Errors)
	res.Warnings = append(res.Warnings, f.warnings...)
	res.Inconclusive = inconclusiveChecks(res.Warnings)
	res.Total = time.Since(start)
	return res, nil
}

// lockProgram instruments, with the lock-discipline ghosts, the functions
// the entry points reach; eps are the entry points with a lock to check,
// each given its environment for summary inference.
func lockProgram(prog *ir.Program, opts Options) (in *instrumenter, eps []*ir.EntryPoint) {
	fo := opts.factsOptions()
	fo.raisedSemaphoreLocks = true // its up() is the bug to report
	f := gatherFacts(prog, opts.kernelEnv(prog), fo)
	in = newInstrumenter(f)
	in.lockChecks = true
	in.verifyConstruction = opts.verifyConstruction
	needed := make(map[*ir.Function]bool)
	for _, ep := range prog.EntryPoints {
		for _, g := range f.reach(ep.Func) {
			needed[g] = true
		}
	}
	var funcs []*ir.Function
	for _, fn := range prog.Funcs {
		if needed[fn] {
			funcs = append(funcs, fn)
		}
	}
	in.build(nil, funcs, nil, opts.inlineBudget())
	d := in.disc
	if !opts.NoLockPairs {
		d.carry(in, prog.EntryPoints)
	}
	for _, ep := range prog.EntryPoints {
		if len(d.flags(in, ep.Func)) > 0 || len(in.modLocks(ep.Func)) > 0 {
			eps = append(eps, ep)
			in.environment(ep, opts.ParamAliasing)
		}
	}
	return in, eps
}

// gaveUp names, per entry point, a function on its paths whose summary
// inference gave up, or whose summary is weaker for it: its lock effects
// are then unknown, and a failed check there is inconclusive, not an
// error.
type gaveUp struct {
	list  []string // the functions inference gave up on
	names map[string]bool
}

func newGaveUp(list, weakened []string) gaveUp {
	g := gaveUp{list: list, names: make(map[string]bool)}
	for _, n := range append(slices.Clone(list), weakened...) {
		g.names[n] = true
	}
	return g
}

// on returns why ep's lock effects are unknown, or "".
func (g gaveUp) on(f *facts, ep *ir.EntryPoint) string {
	if len(g.names) == 0 {
		return ""
	}
	why := func(n string) string {
		if slices.Contains(g.list, n) {
			return "summary inference gave up on " + n
		}
		return fmt.Sprintf("summary inference gave up on %s, which weakens what is known of %s", strings.Join(g.list, ", "), n)
	}
	if n := "env$" + ep.Func.Name; g.names[n] {
		return why("the kernel's calls of " + ep.Func.Name)
	}
	for _, fn := range f.reach(ep.Func) {
		if g.names[fn.Name] {
			return why(fn.Name)
		}
	}
	return ""
}

// lockHarness is the program that checks one entry point: the kernel
// calls it, then asserts say what must hold; asserts maps each assertion
// id to what its failure means.
type lockHarness struct {
	ep      *ir.EntryPoint
	fn      *ir.Function
	asserts map[int]lockAssert
}

func (in *instrumenter) lockHarness(ep *ir.EntryPoint, opts Options) lockHarness {
	h := ir.NewFunction("locks$"+ep.Func.Name, nil, ep.Pos)
	in.prog.AddFunc(h)
	b := h.NewBlock("kernel calls " + ep.Func.Name)
	tg := in.fullTarget()
	args := in.enter(tg, h, b, ep, "a", opts.ParamAliasing)
	in.callEP(tg, b, ep, args)
	lh := lockHarness{ep: ep, fn: h, asserts: make(map[int]lockAssert)}
	for _, g := range in.f.reach(ep.Func) {
		for _, k := range in.disc.own[g] {
			lh.siteAsserts(in, b, in.disc.sites[k-1], opts.DoubleLockAnyInstance)
		}
	}
	lh.returnAsserts(in, b)
	b.Term = &ir.Return{P: ep.Pos}
	h.ComputePreds()
	h.Modifies = append(h.Modifies, in.prog.Vars...)
	return lh
}

// siteAsserts asserts the checks of one acquire or release.
func (lh *lockHarness) siteAsserts(in *instrumenter, b *ir.Block, st *lockSite, anyInstance bool) {
	kind := DoubleLock
	if st.op.api.Op == models.Release {
		kind = UnlockUnheld
	}
	lh.assert(in, b, lockAssert{kind: kind, site: st}, ir.Not(st.err), kind)
	for _, a := range sortedInts(keysOf(st.after)) {
		lh.assert(in, b, lockAssert{kind: OrderInversion, site: st, lock: a}, ir.Not(st.after[a]), "lock order")
	}
	if st.unc != nil {
		lh.assert(in, b, lockAssert{kind: unknownRelease, site: st, lock: st.op.lock}, ir.Not(st.unc), unknownRelease)
	}
	if st.other != nil && !anyInstance {
		lh.assert(in, b, lockAssert{kind: otherInstance, site: st}, ir.Not(st.other), otherInstance)
	}
}

// returnAsserts asserts that each lock the entry point may change is at
// its return as on entry.
func (lh *lockHarness) returnAsserts(in *instrumenter, b *ir.Block) {
	d := in.disc
	held, _ := in.initialLocks(lh.ep)
	for _, l := range in.modLocks(lh.ep.Func) {
		if in.f.locks[l].pseudo() || d.carried[lh.ep][l] {
			continue
		}
		// An escaped entry point never returned: a recursive callee's
		// contract lets it stop there (stop.go), and a lock it holds
		// then is not held at a return.
		lh.assert(in, b, lockAssert{kind: HeldAtReturn, lock: l},
			ir.Or(in.escaped, d.poison[l], ir.Eq(in.locks[l].held, ir.BoolConstOf(held[l]))), HeldAtReturn)
		if u := d.unk[l]; u != nil {
			lh.assert(in, b, lockAssert{kind: unknownRelease, lock: l}, ir.Not(u), unknownRelease)
		}
	}
}

func (lh *lockHarness) assert(in *instrumenter, b *ir.Block, a lockAssert, cond ir.Expr, msg string) {
	in.nextAssert++
	lh.asserts[in.nextAssert] = a
	b.Add(&ir.Assert{Cond: cond, ID: in.nextAssert, Msg: msg, P: lh.ep.Pos})
}

// tracedVars are the ghosts a failing trace must give values of: the
// error reports name the acquire and return they point at.
func (d *discipline) tracedVars() map[*ir.Var]bool {
	traced := make(map[*ir.Var]bool)
	for _, st := range d.sites {
		if st.rel != nil {
			traced[st.rel] = true
		}
	}
	for l, v := range d.acq {
		traced[v], traced[d.rpos[l]] = true, true
	}
	return traced
}

// lockChecks proves the harnesses' assertions and sorts what fails into
// errors (found), lock-order edges and inconclusive warnings (res).
type lockChecks struct {
	in     *instrumenter
	res    *LockResult
	info   *vc.Info
	traced map[*ir.Var]bool
	lim    limits
	gaveUp gaveUp
	found  map[string]*LockError
	edges  map[*ir.EntryPoint][]orderEdge
}

// run checks the harnesses in order in one solver session, on a solver
// thread of threads.
func (lc *lockChecks) run(ctx context.Context, threads *z3.Threads, hs []lockHarness, path string) error {
	var checkErr error
	done := make(chan struct{})
	threads.Go(func() {
		defer close(done)
		defer func() {
			if r := recover(); r != nil {
				checkErr = fmt.Errorf("%w: lock checks of %s: %v", ErrInternal, path, r)
			}
		}()
		checkErr = lc.session(ctx, hs)
	})
	<-done
	return checkErr
}

func (lc *lockChecks) session(ctx context.Context, hs []lockHarness) error {
	prover, err := vc.NewProver(z3.Config{})
	if err != nil {
		return err
	}
	defer prover.Close()
	session, err := prover.NewSession()
	if err != nil {
		return err
	}
	defer session.Close()
	for _, h := range hs {
		if err := lc.check(ctx, session, h); err != nil {
			return err
		}
	}
	return nil
}

// check proves one harness; only a cancellation of ctx is an error, a
// failed query makes its checks inconclusive.
func (lc *lockChecks) check(ctx context.Context, session *vc.Session, h lockHarness) error {
	cctx, cancel := lc.lim.context(ctx)
	outcomes, err := session.Check(cctx, lc.in.prog, h.fn, vc.Options{
		Inline: lc.in.inline, MaxInlineDepth: 64, CheckAsserts: true, CheapArith: true,
		Info: lc.info, Together: true, IndependentAsserts: true, Rlimit: lc.lim.rlimit,
		TraceVars: func(v *ir.Var) bool { return lc.traced[v] },
	})
	timedOut := cctx.Err() != nil
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		lc.res.Warnings = append(lc.res.Warnings, ir.Diagnostic{Pos: h.ep.Pos,
			Msg: fmt.Sprintf("lock checks of %s inconclusive: %v", h.ep.Func.Name, err)})
		return nil
	}
	uncertain := lc.gaveUp.on(lc.in.f, h.ep)
	maybeOther := make(map[*lockSite]bool)
	for _, o := range outcomes {
		if a, ok := h.asserts[o.AssertID]; ok && a.kind == otherInstance && o.Status != vc.Proved {
			maybeOther[a.site] = true
		}
	}
	for _, o := range outcomes {
		a, ok := h.asserts[o.AssertID]
		if !ok || a.kind == otherInstance || a.kind == DoubleLock && maybeOther[a.site] {
			continue
		}
		lc.outcome(ctx, h.ep, a, o, uncertain, timedOut)
	}
	return nil
}

// outcome files one assertion's outcome; uncertain says why ep's lock
// effects are unknown, if they are.
func (lc *lockChecks) outcome(ctx context.Context, ep *ir.EntryPoint, a lockAssert, o vc.Outcome, uncertain string, timedOut bool) {
	switch {
	case a.kind == unknownRelease:
		if o.Status != vc.Proved {
			lc.warnOnce(ir.Diagnostic{Pos: a.pos(ep), Msg: fmt.Sprintf("lock check %s of %s inconclusive: a release of a lock the check cannot identify may have released %s",
				a.uncertainKind(), ep.Func.Name, strings.TrimPrefix(lc.in.f.locks[a.lock].id, "global "))})
		}
	case a.kind == OrderInversion:
		if o.Status != vc.Proved { // an unknown edge counts: sound
			lc.edges[ep] = append(lc.edges[ep], orderEdge{held: a.lock, site: a.site, uncertain: uncertain})
		}
	case o.Status == vc.Failed && uncertain != "":
		lc.warnOnce(ir.Diagnostic{Pos: a.pos(ep), Msg: fmt.Sprintf("lock check %s of %s inconclusive: %s", a.kind, ep.Func.Name, uncertain)})
	case o.Status == vc.Failed:
		lc.in.lockFinding(lc.found, ep, a, o.Trace)
	case o.Status == vc.Unknown:
		lc.res.Warnings = append(lc.res.Warnings, ir.Diagnostic{Pos: ep.Pos,
			Msg: fmt.Sprintf("lock check %s of %s inconclusive: %s", a.kind, ep.Func.Name, lc.lim.unknownNote(ctx, timedOut, o.Reason))})
	}
}

func (lc *lockChecks) warnOnce(d ir.Diagnostic) {
	if !slices.Contains(lc.res.Warnings, d) {
		lc.res.Warnings = append(lc.res.Warnings, d)
	}
}

// inconclusiveChecks counts the warnings of CheckLocks that say a check
// ended inconclusive ("lock check K of F inconclusive: ...", "lock checks
// of F inconclusive: ...", "lock order of A and B inconclusive: ...").
func inconclusiveChecks(ws []ir.Diagnostic) int {
	n := 0
	for _, w := range ws {
		if (strings.HasPrefix(w.Msg, "lock check") || strings.HasPrefix(w.Msg, "lock order of ")) && strings.Contains(w.Msg, " inconclusive: ") {
			n++
		}
	}
	return n
}

func sortLockErrors(errs []LockError) {
	sort.Slice(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if c := comparePos(a.Pos, b.Pos); c != 0 {
			return c < 0
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Lock < b.Lock
	})
}

// unidentifiedLocks reports each locking call, in code an entry point
// reaches, whose lock the check cannot identify.
func unidentifiedLocks(f *facts, prog *ir.Program) []*LockError {
	reachedBy := make(map[*ir.Function][]string)
	for _, ep := range prog.EntryPoints {
		for _, g := range f.reach(ep.Func) {
			if !slices.Contains(reachedBy[g], ep.Name()) {
				reachedBy[g] = append(reachedBy[g], ep.Name())
			}
		}
	}
	var out []*LockError
	for _, fn := range prog.Funcs {
		if len(reachedBy[fn]) == 0 {
			continue
		}
		for _, b := range fn.Blocks {
			for _, st := range b.Stmts {
				call, ok := st.(*ir.Call)
				if !ok {
					continue
				}
				op, ok := f.callLock[call]
				if !ok || op.lock >= 0 {
					continue
				}
				lock := call.Callee.Name
				if op.api.Arg >= 0 && op.api.Arg < len(call.Args) {
					lock = lockArgText(prog, call, op.api.Arg) + unidentifiedWhy(call, op.api.Arg)
				}
				out = append(out, &LockError{Kind: UnidentifiedLock, Lock: lock, EntryPoints: slices.Clone(reachedBy[fn]),
					Pos: call.P, Source: prog.SourceLine(call.P.File, call.P.Line),
					Msg: fmt.Sprintf("%s: cannot identify the lock %s, so no lock check covers it", call.Callee.Name, lock)})
			}
		}
	}
	return out
}

func comparePos(a, b ir.Pos) int {
	switch {
	case a.File != b.File:
		if a.File < b.File {
			return -1
		}
		return 1
	case a.Line != b.Line:
		return a.Line - b.Line
	}
	return a.Col - b.Col
}

// lockFinding turns a failed assertion into a finding, merged with the same
// finding from other entry points.
func (in *instrumenter) lockFinding(found map[string]*LockError, ep *ir.EntryPoint, a lockAssert, tr *vc.Trace) {
	d := in.disc
	intOf := func(v *ir.Var) int {
		if tr == nil {
			return 0
		}
		if x, ok := tr.Values[v]; ok && x.Int != nil {
			return int(x.Int.Int64())
		}
		return 0
	}
	src := func(p ir.Pos) string { return in.f.prog.SourceLine(p.File, p.Line) }
	acquire := func(k int) []Related {
		if k <= 0 || k > len(d.sites) {
			return nil
		}
		p := d.sites[k-1].call.P
		return []Related{{Pos: p, Source: src(p), Msg: displayLock(in.f.locks[d.sites[k-1].op.lock].id) + " acquired here"}}
	}
	var e LockError
	switch a.kind {
	case DoubleLock, UnlockUnheld:
		l := a.site.op.lock
		e = LockError{Kind: a.kind, Lock: displayLock(in.f.locks[l].id), Pos: a.site.call.P}
		if a.kind == DoubleLock {
			e.Msg = fmt.Sprintf("%s: %s is already held", a.site.op.api.Name, e.Lock)
			e.Related = acquire(intOf(a.site.rel))
		} else {
			e.Msg = fmt.Sprintf("%s: %s is not held", a.site.op.api.Name, e.Lock)
		}
	case HeldAtReturn:
		e = LockError{Kind: a.kind, Lock: displayLock(in.f.locks[a.lock].id), Pos: ep.Pos}
		if k := intOf(d.rpos[a.lock]); k > 0 && k <= len(d.rets) {
			e.Pos = d.rets[k-1]
		}
		e.Msg = fmt.Sprintf("%s returns with %s held", ep.Func.Name, e.Lock)
		e.Related = acquire(intOf(d.acq[a.lock]))
	}
	e.Source = src(e.Pos)
	e.Related = append(e.Related, pathLines(in.f.prog, tr, e.Pos)...)
	key := fmt.Sprintf("%s|%s|%d|%d|%s", e.Kind, e.Pos.File, e.Pos.Line, e.Pos.Col, e.Lock)
	if old, ok := found[key]; ok {
		old.EntryPoints = append(old.EntryPoints, ep.Func.Name)
		return
	}
	e.EntryPoints = []string{ep.Func.Name}
	found[key] = &e
}

// maxPathLines bounds the branch notes of one lock error: the last ones
// before it.
const maxPathLines = 6

// pathLines returns the key lines of the failing path up to the statement
// at pos: each branch taken, with the way it went, in order.
func pathLines(prog *ir.Program, tr *vc.Trace, pos ir.Pos) []Related {
	if tr == nil {
		return nil
	}
	var out []Related
	for i, st := range tr.Steps {
		if holdsPos(st.Block, pos) {
			break
		}
		br, ok := st.Block.Term.(*ir.If)
		if !ok || !br.P.IsValid() || br.Then == br.Else {
			continue
		}
		next := -1
		for j := i + 1; j < len(tr.Steps); j++ {
			if tr.Steps[j].Depth == st.Depth {
				next = j
				break
			}
			if tr.Steps[j].Depth < st.Depth {
				break
			}
		}
		if next < 0 {
			continue
		}
		way := ""
		switch tr.Steps[next].Block {
		case br.Then:
			way = "true"
		case br.Else:
			way = "false"
		default:
			continue
		}
		r := Related{Pos: br.P, Source: prog.SourceLine(br.P.File, br.P.Line), Msg: "on this path the condition is " + way}
		if n := len(out); n > 0 && out[n-1].Pos == r.Pos && out[n-1].Msg == r.Msg {
			continue
		}
		out = append(out, r)
	}
	if len(out) > maxPathLines {
		out = out[len(out)-maxPathLines:]
	}
	return out
}

// holdsPos reports whether block b holds the call or return at pos.
func holdsPos(b *ir.Block, pos ir.Pos) bool {
	for _, s := range b.Stmts {
		if c, ok := s.(*ir.Call); ok && c.P == pos {
			return true
		}
	}
	if r, ok := b.Term.(*ir.Return); ok && r.P == pos {
		return true
	}
	return false
}

// orderEdge: an entry point acquires site.op.lock while holding held.
type orderEdge struct {
	held      int
	site      *lockSite
	uncertain string // a function on the path whose summary inference gave up
}

// inversions reports, for each pair of concurrent entry points (self-pairs
// included), an acquire of B holding A in one and of A holding B in the
// other, at both inner acquires.
//
// An inversion one of whose orders comes from a path through a function
// whose summary inference gave up is not decided: it is a warning, once.
func (in *instrumenter) inversions(found map[string]*LockError, edges map[*ir.EntryPoint][]orderEdge, pairs []Pair) []ir.Diagnostic {
	var undecided []ir.Diagnostic
	warned := make(map[string]bool)
	src := func(p ir.Pos) string { return in.f.prog.SourceLine(p.File, p.Line) }
	for _, p := range pairs {
		if !p.Concurrent {
			continue
		}
		for _, e1 := range edges[p.First] {
			for _, e2 := range edges[p.Second] {
				if e1.held != e2.site.op.lock || e2.held != e1.site.op.lock {
					continue
				}
				x, y := e1, e2
				if comparePos(y.site.call.P, x.site.call.P) < 0 {
					x, y = y, x
				}
				a, b := displayLock(in.f.locks[x.held].id), displayLock(in.f.locks[x.site.op.lock].id)
				if u := cmp.Or(x.uncertain, y.uncertain); u != "" {
					key := fmt.Sprintf("%v|%s|%s", x.site.call.P, a, b)
					if !warned[key] {
						warned[key] = true
						undecided = append(undecided, ir.Diagnostic{Pos: x.site.call.P,
							Msg: fmt.Sprintf("lock order of %s and %s inconclusive: %s", a, b, u)})
					}
					continue
				}
				e := LockError{Kind: OrderInversion, Lock: b, Pos: x.site.call.P, Source: src(x.site.call.P),
					Msg:     fmt.Sprintf("%s: %s acquired while holding %s, and %s while holding %s elsewhere", x.site.op.api.Name, b, a, a, b),
					Related: []Related{{Pos: y.site.call.P, Source: src(y.site.call.P), Msg: fmt.Sprintf("%s acquired here while holding %s", a, b)}}}
				key := fmt.Sprintf("%s|%s|%d|%d|%s|%d", e.Kind, e.Pos.File, e.Pos.Line, e.Pos.Col, e.Lock, y.site.call.P.Line)
				old, ok := found[key]
				if !ok {
					old = &e
					found[key] = old
				}
				for _, n := range []string{p.First.Func.Name, p.Second.Func.Name} {
					if !slices.Contains(old.EntryPoints, n) {
						old.EntryPoints = append(old.EntryPoints, n)
					}
				}
			}
		}
	}
	return undecided
}
