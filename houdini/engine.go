package houdini

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/z3"
)

type engine struct {
	prog       *ir.Program
	cands      []candidate
	index      map[*ir.Spec]int
	vcOpts     vc.Options
	timeout    time.Duration
	rlimit     uint64
	trustFacts bool
	maxStmts   int // Options.MaxStatements
	maxTotal   int // Options.MaxTotalStatements
	// refused holds, by position among the checked functions, those given
	// up before their formulas are built (refuse); read-only once the
	// workers start.
	refused map[int]*refusal
}

// refusal is a function summary inference does not encode: size
// statements, and the specs its formula could check.
type refusal struct {
	size  int
	specs []*ir.Spec
	why   string
}

// proc is one function's solver state, owned by one worker.
type proc struct {
	fn       *ir.Function
	order    int // position among the checked functions
	en       *vc.Encoding
	solver   *z3.Solver
	guards   []guard
	fails    []*z3.Expr
	failCand []int // candidate index of each checked obligation, -1 for a non-candidate spec
	oblIdx   []int // the encoding's index of each checked obligation
	mentions []int // candidate indices whose guard the formula mentions, sorted
	gaveUp   bool  // a check gave no answer: its obligations' candidates are dropped
	// tooBig: over Options.MaxStatements (size statements), not encoded;
	// bigCands, the candidates its formula could check, are dropped in
	// the first round.
	tooBig   bool
	size     int
	bigCands []int
	why      string // why it is too big
	spent    uint64 // Z3 resource units its checks used (engine.rlimit bounds it)
}

type guard struct {
	cand        int
	lit, negLit *z3.Expr
}

// drop is a candidate refuted in a round.
type drop struct {
	cand   int
	proc   int // order of the refuting function
	where  string
	gaveUp bool // dropped because proc was given up, not refuted
}

type job struct {
	alive []bool // snapshot for the round, read-only
	todo  []int  // orders of this worker's functions to check
}

type reply struct {
	drops  []drop
	local  map[int][]int // per function order: candidates it dropped itself
	checks int
	units  uint64 // Z3 resource units of the checks
	// gaveUpUnits: units spent, over all rounds, by the functions given
	// up this round after a check (work whose candidates are all dropped)
	gaveUpUnits uint64
	err         error
	unknown     string // non-empty: the context ended during a check
	gaveUp      []int  // orders of the functions given up this round
}

type worker struct {
	e     *engine
	procs map[int]*proc
	jobs  chan job
	out   chan reply
}

// run drives the rounds until no candidate drops; res gets the counters
// and Complete. alive is updated in place.
func (e *engine) run(ctx context.Context, procs []*ir.Function, alive []bool, workers int, threads *z3.Threads, res *Result) error {
	workers = max(1, min(workers, len(procs)))
	if threads != nil {
		// Workers wait for each other's replies: never more than can run
		// at once.
		workers = min(workers, threads.N())
	}
	if len(procs) == 0 {
		res.Complete = true
		return nil
	}
	e.refused = e.refuse(procs)
	assign := partition(procs, workers)
	ws, stop := e.startWorkers(ctx, procs, assign, workers, threads)
	defer stop()
	if canceled, err := setupReplies(ctx, ws, res); canceled || err != nil {
		return err
	}
	mentions, hasWork := workOf(ws, len(procs))
	var todo []int
	for i := range procs {
		if hasWork[i] {
			todo = append(todo, i)
		}
	}
	for len(todo) > 0 {
		res.Rounds++
		r := checkRound(ws, assign, todo, alive)
		res.Checks += r.checks
		res.Units += r.units
		res.GaveUpUnits += r.gaveUpUnits
		if r.err != nil {
			return r.err
		}
		if r.unknown != "" {
			res.Reason = r.unknown
			return nil
		}
		for _, i := range r.gaveUp {
			hasWork[i] = false
			res.GaveUp = append(res.GaveUp, procs[i].Name)
		}
		dropped := e.applyDrops(r.drops, alive, res)
		todo = recheck(todo[:0], hasWork, mentions, r.local, dropped)
	}
	slices.Sort(res.Weakened)
	res.Complete = true
	return nil
}

// startWorkers starts the workers, each on its part of procs (assign); stop ends them
// and waits for them.
func (e *engine) startWorkers(ctx context.Context, procs []*ir.Function, assign []int, workers int, threads *z3.Threads) (ws []*worker, stop func()) {
	ws = make([]*worker, workers)
	var wg sync.WaitGroup
	for w := range ws {
		ws[w] = &worker{e: e, procs: make(map[int]*proc), jobs: make(chan job), out: make(chan reply, 1)}
		var mine []int
		for i, a := range assign {
			if a == w {
				mine = append(mine, i)
			}
		}
		wg.Add(1)
		wk := ws[w]
		threads.Go(func() {
			defer wg.Done()
			wk.loop(ctx, procs, mine)
		})
	}
	return ws, func() {
		for _, w := range ws {
			close(w.jobs)
		}
		wg.Wait()
	}
}

// setupReplies reads each worker's first reply, which reports its
// encodings; canceled: the context ended while a formula was being built
// (res.Reason says so).
func setupReplies(ctx context.Context, ws []*worker, res *Result) (canceled bool, err error) {
	for _, w := range ws {
		if r := <-w.out; r.err != nil && err == nil {
			err = r.err
		}
	}
	if errors.Is(err, vc.ErrCanceled) {
		res.Reason = "canceled"
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			res.Reason = "budget exhausted"
		}
		return true, nil
	}
	return false, err
}

// workOf returns, per function order, the candidates its formula mentions
// and whether it has anything to check.
func workOf(ws []*worker, n int) (mentions [][]int, hasWork []bool) {
	mentions, hasWork = make([][]int, n), make([]bool, n)
	for _, w := range ws {
		for order, p := range w.procs {
			mentions[order] = p.mentions
			hasWork[order] = p.solver != nil || p.tooBig
		}
	}
	return mentions, hasWork
}

// checkRound has each worker check its functions of todo against a snapshot
// of alive, and merges the replies in worker order: the first error and
// unknown reason, the given-up functions sorted.
func checkRound(ws []*worker, assign, todo []int, alive []bool) reply {
	snapshot := slices.Clone(alive)
	for w, wk := range ws {
		var mine []int
		for _, i := range todo {
			if assign[i] == w {
				mine = append(mine, i)
			}
		}
		wk.jobs <- job{alive: snapshot, todo: mine}
	}
	all := reply{local: make(map[int][]int)}
	for _, wk := range ws {
		r := <-wk.out
		all.checks += r.checks
		all.units += r.units
		all.gaveUpUnits += r.gaveUpUnits
		if r.err != nil && all.err == nil {
			all.err = r.err
		}
		if r.unknown != "" && all.unknown == "" {
			all.unknown = r.unknown
		}
		all.gaveUp = append(all.gaveUp, r.gaveUp...)
		all.drops = append(all.drops, r.drops...)
		for k, v := range r.local {
			all.local[k] = v
		}
	}
	slices.Sort(all.gaveUp)
	return all
}

// applyDrops applies a round's drops to alive and returns the candidates
// dropped; the first refuting function (in program order) names the
// counterexample.
func (e *engine) applyDrops(drops []drop, alive []bool, res *Result) map[int]bool {
	slices.SortFunc(drops, func(a, b drop) int {
		return cmp.Or(cmp.Compare(a.cand, b.cand), cmp.Compare(a.proc, b.proc))
	})
	dropped := make(map[int]bool)
	for _, d := range drops {
		if alive[d.cand] {
			alive[d.cand] = false
			dropped[d.cand] = true
			res.Refuted[e.cands[d.cand].spec.ID] = d.where
			if d.gaveUp {
				if n := e.cands[d.cand].owner.Name; !slices.Contains(res.Weakened, n) {
					res.Weakened = append(res.Weakened, n)
				}
			}
		}
	}
	return dropped
}

// recheck appends to todo the functions still checked whose formula
// mentions a candidate dropped this round by another function.
func recheck(todo []int, hasWork []bool, mentions [][]int, local map[int][]int, dropped map[int]bool) []int {
	for i := range hasWork {
		if !hasWork[i] {
			continue
		}
		own := local[i]
		for _, c := range mentions[i] {
			if dropped[c] && !slices.Contains(own, c) {
				todo = append(todo, i)
				break
			}
		}
	}
	return todo
}

// refuse decides, before any formula is built, which of procs summary
// inference gives up for their size (Options.MaxStatements and
// MaxTotalStatements): building their formulas could take gigabytes.
// Under the total, the smallest functions are kept first (then program
// order), so the decision does not depend on the workers. A function whose
// size cannot be told is left to Encode, which reports the error.
func (e *engine) refuse(procs []*ir.Function) map[int]*refusal {
	if e.maxStmts <= 0 && e.maxTotal <= 0 {
		return nil
	}
	limit := e.maxStmts
	if e.maxTotal > 0 {
		limit = e.maxTotal
	}
	out := make(map[int]*refusal)
	sizes := make([]int, len(procs))
	specs := make([][]*ir.Spec, len(procs))
	var fit []int
	for i, fn := range procs {
		n, ss, err := vc.Footprint(e.prog, fn, e.vcOpts, limit)
		if err != nil {
			continue
		}
		sizes[i], specs[i] = n, ss
		if e.maxStmts > 0 && n > e.maxStmts {
			out[i] = &refusal{size: n, specs: ss, why: fmt.Sprintf("%s: %d statements, more than the %d summary inference checks", fn.Name, n, e.maxStmts)}
			continue
		}
		fit = append(fit, i)
	}
	if e.maxTotal <= 0 {
		return out
	}
	slices.SortStableFunc(fit, func(a, b int) int { return cmp.Compare(sizes[a], sizes[b]) })
	total := 0
	for _, i := range fit {
		if total+sizes[i] > e.maxTotal {
			out[i] = &refusal{size: sizes[i], specs: specs[i], why: fmt.Sprintf("%s: %d statements, past the %d summary inference encodes for one program (%d already)",
				procs[i].Name, sizes[i], e.maxTotal, total)}
			continue
		}
		total += sizes[i]
	}
	return out
}

// partition assigns functions to workers: largest first, each to the least
// loaded worker (lowest index on ties). Deterministic for a given count.
func partition(procs []*ir.Function, workers int) []int {
	cost := make([]int, len(procs))
	for i, f := range procs {
		for _, b := range f.Blocks {
			cost[i] += len(b.Stmts) + 1
		}
	}
	order := make([]int, len(procs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cost[b], cost[a]) })
	load := make([]int, workers)
	assign := make([]int, len(procs))
	for _, i := range order {
		w := 0
		for k := range load {
			if load[k] < load[w] {
				w = k
			}
		}
		assign[i] = w
		load[w] += cost[i]
	}
	return assign
}

// loop runs on the worker's goroutine: it owns the Z3 context.
func (w *worker) loop(ctx context.Context, procs []*ir.Function, mine []int) {
	// The worker's terms live as long as its context anyway (its
	// encodings are kept across rounds): KeepTerms spares their cleanups.
	zc, err := z3.NewContext(z3.Config{KeepTerms: true})
	if err != nil {
		w.out <- reply{err: fmt.Errorf("houdini: %w", err)}
		for range w.jobs {
			w.out <- reply{err: fmt.Errorf("houdini: %w", err)}
		}
		return
	}
	defer zc.Close()
	err = w.setup(ctx, zc, procs, mine)
	w.out <- reply{err: err}
	for j := range w.jobs {
		if err != nil {
			w.out <- reply{err: err}
			continue
		}
		w.out <- w.round(ctx, j)
	}
}

func (w *worker) setup(ctx context.Context, zc *z3.Context, procs []*ir.Function, mine []int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("houdini: internal error: %v", r)
		}
	}()
	e := w.e
	for _, order := range mine {
		fn := procs[order]
		if rf := e.refused[order]; rf != nil {
			p := &proc{fn: fn, order: order, tooBig: true, size: rf.size, why: rf.why}
			for _, s := range rf.specs {
				if c, ok := e.index[s]; ok {
					p.bigCands = append(p.bigCands, c)
				}
			}
			w.procs[order] = p
			continue
		}
		en, err := vc.Encode(zc, e.prog, fn, e.vcOpts, vc.EncodeConfig{
			Guarded:    func(s *ir.Spec) bool { return s.Candidate },
			NoTraces:   true,
			DeadGhosts: true,
			Done:       ctx.Done(),
		})
		if err != nil {
			return fmt.Errorf("houdini: %w", err)
		}
		p := &proc{fn: fn, order: order, en: en}
		for _, g := range en.Guards() {
			c, ok := e.index[g.Spec]
			if !ok {
				return fmt.Errorf("houdini: %s: candidate #%d is not attached to the program", fn.Name, g.Spec.ID)
			}
			p.guards = append(p.guards, guard{cand: c, lit: g.Lit, negLit: en.Not(g.Lit)})
			p.mentions = append(p.mentions, c)
		}
		slices.Sort(p.mentions)
		if len(p.guards) == 0 && e.trustFacts {
			// No candidate is assumed or checked here: nothing to infer,
			// only facts (Options.TrustFacts).
			w.procs[order] = p
			continue
		}
		var defs []*z3.Expr
		for i := 0; i < en.NumObligations(); i++ {
			c := -1
			if en.Guarded(i) {
				c = e.index[en.Obligation(i).Spec]
			} else if e.trustFacts {
				// A fact is assumed where it is used and true by
				// construction: looking for a model in which it fails
				// only costs time (ps3vram: 1,027 of make_request's
				// 1,216 obligations, and two functions given up at the
				// solver budget; without them one).
				continue
			}
			p.failCand = append(p.failCand, c)
			p.oblIdx = append(p.oblIdx, i)
			// Each obligation's failure gets an indicator constant, so
			// reading a model costs a lookup per obligation, not an
			// evaluation of its (large) failure term.
			ind := zc.FreshConst("fail", zc.BoolSort())
			defs = append(defs, zc.Iff(ind, en.Fail(i)))
			p.fails = append(p.fails, ind)
		}
		if len(p.fails) > 0 {
			p.solver = zc.NewSimpleSolver()
			// Without relevancy filtering the core refutes a round's
			// candidates faster: Houdini time on sx8 0.80 -> 0.28 s,
			// ps3vram 1.18 -> 0.63 s (the kept sets are the same). The
			// pair checks, which mostly look for models, stay at Z3's
			// default: relevancy 0 made sx8's 60x slower.
			p.solver.SetRelevancy(0)
			if e.timeout > 0 {
				p.solver.SetTimeout(e.timeout)
			}
			for _, c := range append(en.Constraints(), defs...) {
				if err := p.solver.Assert(c); err != nil {
					return fmt.Errorf("houdini: %s: %w", fn.Name, err)
				}
			}
			if err := p.solver.Assert(en.Or(p.fails...)); err != nil {
				return fmt.Errorf("houdini: %s: %w", fn.Name, err)
			}
		}
		w.procs[order] = p
	}
	return nil
}

// round checks each function of the job until it is consistent with the
// snapshot minus its own drops.
func (w *worker) round(ctx context.Context, j job) (r reply) {
	defer func() {
		if x := recover(); x != nil {
			r = reply{err: fmt.Errorf("houdini: internal error: %v", x)}
		}
	}()
	r.local = make(map[int][]int)
	for _, order := range j.todo {
		p := w.procs[order]
		if p.gaveUp {
			continue
		}
		gone := make(map[int]bool)
		if p.tooBig {
			w.giveUpBig(p, j.alive, gone, &r, p.why)
			for c := range gone {
				r.local[order] = append(r.local[order], c)
			}
			continue
		}
		for {
			as := make([]*z3.Expr, len(p.guards))
			for i, g := range p.guards {
				if j.alive[g.cand] && !gone[g.cand] {
					as[i] = g.lit
				} else {
					as[i] = g.negLit
				}
			}
			if rl := w.e.rlimit; rl > 0 {
				p.solver.SetRlimit(max(rl-min(p.spent, rl), 1))
			}
			before := p.solver.RlimitCount()
			res, err := p.solver.CheckAssumptions(ctx, as...)
			units := p.solver.RlimitCount() - before
			p.spent += units
			r.checks++
			r.units += units
			if res == z3.Unsat {
				break
			}
			if res != z3.Sat && ctx.Err() != nil {
				r.unknown = w.unknownReason(ctx, p, err)
				return r
			}
			if res != z3.Sat {
				// No answer within the check's limits: give the function
				// up. Every candidate with an obligation in its formula is
				// dropped, so nothing it would have to establish is kept;
				// the rest stays a consistent set.
				w.giveUp(p, j.alive, gone, &r, w.unknownReason(ctx, p, err))
				r.gaveUpUnits += p.spent
				break
			}
			n, err := w.refute(p, j.alive, gone, &r)
			if err != nil {
				r.err = err
				return r
			}
			if n == 0 {
				r.err = fmt.Errorf("houdini: %s: a model refutes no alive candidate", p.fn.Name)
				return r
			}
		}
		for c := range gone {
			r.local[order] = append(r.local[order], c)
		}
	}
	return r
}

// refute drops every alive candidate whose obligation fails in the model.
func (w *worker) refute(p *proc, alive []bool, gone map[int]bool, r *reply) (int, error) {
	m, err := p.solver.Model()
	if err != nil {
		return 0, fmt.Errorf("houdini: %s: %w", p.fn.Name, err)
	}
	defer m.Close()
	n := 0
	for i, f := range p.fails {
		if c := p.failCand[i]; c >= 0 && (!alive[c] || gone[c]) {
			continue // already dropped: its failure refutes nothing new
		}
		v, ok := m.Bool(f)
		if !ok || !v {
			continue
		}
		ob := p.en.Obligation(p.oblIdx[i])
		c := p.failCand[i]
		if c < 0 {
			return 0, fmt.Errorf("houdini: %v: %w even with the surviving candidates assumed (spec #%d, %s: %v)", ob, ErrNotConsistent, ob.Spec.ID, ob.Spec.Tag, ob.Spec.Cond)
		}
		if alive[c] && !gone[c] {
			gone[c] = true
			n++
			r.drops = append(r.drops, drop{cand: c, proc: p.order, where: fmt.Sprintf("%s at %s (%s)", ob.Func.Name, ob.Pos, ob.Kind)})
		}
	}
	return n, nil
}

// giveUp drops every alive candidate with an obligation in p and marks p
// as not to be checked again.
func (w *worker) giveUp(p *proc, alive []bool, gone map[int]bool, r *reply, why string) {
	p.gaveUp = true
	r.gaveUp = append(r.gaveUp, p.order)
	for i := range p.failCand {
		c := p.failCand[i]
		if c < 0 || !alive[c] || gone[c] {
			continue
		}
		gone[c] = true
		ob := p.en.Obligation(p.oblIdx[i])
		r.drops = append(r.drops, drop{cand: c, proc: p.order, gaveUp: true,
			where: fmt.Sprintf("%s at %s (%s): given up: %s", ob.Func.Name, ob.Pos, ob.Kind, why)})
	}
}

// giveUpBig is giveUp for a function too big to encode: the candidates its
// formula could check are dropped.
func (w *worker) giveUpBig(p *proc, alive []bool, gone map[int]bool, r *reply, why string) {
	p.gaveUp = true
	r.gaveUp = append(r.gaveUp, p.order)
	for _, c := range p.bigCands {
		if !alive[c] || gone[c] {
			continue
		}
		gone[c] = true
		r.drops = append(r.drops, drop{cand: c, proc: p.order, gaveUp: true,
			where: fmt.Sprintf("%s: given up: %s", p.fn.Name, why)})
	}
}

func (w *worker) unknownReason(ctx context.Context, p *proc, err error) string {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "budget exhausted"
	case ctx.Err() != nil:
		return "canceled"
	case err != nil:
		return fmt.Sprintf("%s: %v", p.fn.Name, err)
	}
	return fmt.Sprintf("%s: solver returned unknown (%s)", p.fn.Name, p.solver.ReasonUnknown())
}
