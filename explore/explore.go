package explore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/whoopverify/whoop/frontend/entry"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/lockset"
	"github.com/whoopverify/whoop/models"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/yieldinst"
	"github.com/whoopverify/whoop/z3"
)

// Defaults of Options.
const (
	DefaultCSB    = 2
	DefaultUnroll = 1 // a loop body runs at most twice per call
	// DefaultTimeout is the wall-clock safety net of one solver query:
	// the queries are bounded in resource units (queryRlimits), so it
	// strikes only on a machine far slower or busier than usual.
	DefaultTimeout = 5 * time.Minute
)

// maxQueriesPerPair bounds the solver queries spent confirming the races
// of one pair: each query confirms one race (or shows there is none left
// within the bounds).
const maxQueriesPerPair = 8

// Options configures Confirm.
type Options struct {
	// CSB bounds the context switches of an explored interleaving.
	CSB int
	// Unroll bounds the loop iterations of each activation and the depth
	// of recursion; a thread that would go further stops there.
	Unroll int
	// Mode is the yield set (yieldinst): MR by default.
	Mode yieldinst.Mode
	// Timeout is the wall-clock safety net of each solver query: a query
	// it cuts leaves the pair's races not explored (TimeoutNote). The
	// verdicts themselves depend on resource budgets only.
	Timeout time.Duration
	// Jobs is the number of pairs explored at once, each with its own
	// solver (1 when zero).
	Jobs int
	// ParamAliasing drops the assumption that pointer parameters of one
	// entry point to the same struct type are disjoint (as for lockset).
	ParamAliasing bool
	// NoPublication drops the publication assumption, as
	// lockset.Options.NoPublication does: the other entry point of a pair
	// with module init (or a probe) may start before init registers it,
	// one of a pair with exit after exit withdraws it, and withdrawals that
	// wait for running callbacks (cancel_work_sync, ...) do not wait.
	NoPublication bool
	// NoBinarySemaphores: as lockset.Options.NoBinarySemaphores, a
	// semaphore the file does not initialise is not a lock.
	NoBinarySemaphores bool
	// Exact is the file lowered with C's integer semantics (frontend
	// Config.ExactInts) from the same parse, when the program given to
	// Confirm was not: the explorer then runs on it (exact.go).
	Exact *ir.Program
	// Debug, when set, receives each query's outcome and the steps of
	// traces that do not replay (for developers of whoop).
	Debug io.Writer
	// Progress, when set, is called before the first pair with races is
	// explored (done 0) and after each, with the count done; calls may
	// come from several goroutines, one at a time.
	Progress func(done, total int)

	// skewOracle (tests) shifts every oracle value the replay reads, so
	// the replay no longer follows the model; it also turns the concrete
	// runs off, so that the solver's models are what is replayed.
	skewOracle bool
	// noConcrete (tests) leaves the concrete runs out: the solver alone.
	noConcrete bool
	// rlimits (tests), when set, replaces queryRlimits; units (tests),
	// when not 0, replaces defaultFileUnits.
	rlimits []uint64
	units   uint64
}

func (o Options) withDefaults() Options {
	if o.CSB <= 0 {
		o.CSB = DefaultCSB
	}
	if o.Unroll <= 0 {
		o.Unroll = DefaultUnroll
	}
	if o.Mode == "" {
		o.Mode = yieldinst.MR
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}

// rounds is the number of round-robin rounds that covers every schedule
// of at most csb context switches between two threads, whichever starts.
// Round r runs thread 1's r-th segment, then thread 2's; thread 1 may
// leave round 0 empty (its starter's yield). So R rounds hold every
// schedule of 2R segments that starts with thread 1, but only 2R-1 of one
// that starts with thread 2 (its segments in rounds 0..R-1, thread 1's in
// 1..R-1): csb switches need R-1 >= ceil(csb/2). With csb/2+1, an odd csb
// lost the schedules of csb switches that start with thread 2
// (testdata/schedule/second_first.c at csb 3).
func rounds(csb int) int { return (csb+1)/2 + 1 }

// Status is the explorer's verdict on one potential race.
type Status = string

// The statuses (lockset.Confirmation).
const (
	Confirmed    = lockset.Confirmed
	NotConfirmed = lockset.NotConfirmed
	NotExplored  = lockset.NotExplored
)

// RaceResult is the verdict on Races[Race] of Pairs[Pair] of a lockset
// result.
type RaceResult struct {
	Pair, Race int
	Status     Status
	Note       string
	// Steps is the interleaving of a confirmed race: the shared accesses,
	// lock operations and context switches of both threads, ending with
	// the failing check.
	Steps []Step
	// Lines are the two racing accesses the interleaving shows: the access
	// whose value changed, then the other thread's write.
	Check, Writer Step
	// Bounded: loops or recursion of the explored code were cut at the
	// unrolling bound, so longer executions were not explored.
	Bounded bool
	// Rejected says why the strict check rejected the last trace found
	// for the race (strict.go): it is then not confirmed.
	Rejected string
}

// Stats is the explorer's work on one file.
type Stats struct {
	Yields   int // yields of the pairs explored (the mode's yield set)
	Queries  int
	Replayed int // traces replayed (every confirmation is one)
	// Concrete counts the races confirmed by a directed concrete run,
	// before any solver query (concrete.go).
	Concrete int
	Failed   int // traces that did not replay: never reported as races
	Unknown  int // queries the solver gave no answer to (resource limit, timeout, interrupt)
	// Units are the Z3 resource units the queries used: the solver's
	// work, which unlike Time does not depend on the machine's load.
	Units uint64
	Time  time.Duration
}

// Result is the explorer's verdict on every potential race of a file.
type Result struct {
	Races []RaceResult // in (pair, race) order
	Stats Stats
	// Internal lists traces that did not replay (whoop bugs: models that
	// use an abstraction of arithmetic are refined): never reported as
	// confirmations.
	Internal []string
}

// Find returns the result for race j of pair i, or nil.
func (r *Result) Find(i, j int) *RaceResult {
	for k := range r.Races {
		if r.Races[k].Pair == i && r.Races[k].Race == j {
			return &r.Races[k]
		}
	}
	return nil
}

// Confirm explores the interleavings of every pair of res with potential
// races, and confirms each race it can show with a replayed interleaving.
func Confirm(ctx context.Context, prog *ir.Program, res *lockset.FileResult, opts Options) (*Result, error) {
	start := time.Now()
	opts = opts.withDefaults()
	out := &Result{}
	eprog, eres, err := onExact(prog, res, opts.Exact)
	if err != nil {
		return exactFailed(res, err), nil
	}
	prog, res = eprog, eres
	jobs := pairJobs(prog, res, opts, out)
	if err := runPairJobs(ctx, jobs, opts); err != nil {
		return nil, err
	}
	for _, p := range jobs {
		out.Stats.Yields += len(p.yields)
		out.Stats.Queries += p.out.Stats.Queries
		out.Stats.Replayed += p.out.Stats.Replayed
		out.Stats.Failed += p.out.Stats.Failed
		out.Stats.Unknown += p.out.Stats.Unknown
		out.Stats.Concrete += p.out.Stats.Concrete
		out.Stats.Units += p.out.Stats.Units
		out.Internal = append(out.Internal, p.out.Internal...)
	}
	notConfirmedNotes(out, opts)
	for _, r := range out.Races {
		res.Pairs[r.Pair].Races[r.Race].Confirmation = &lockset.Confirmation{Status: r.Status, Note: r.Note, Steps: r.Steps}
	}
	out.Stats.Time = time.Since(start)
	return out, ctx.Err()
}

// pairJobs makes one job per pair of res with races, each owning its
// slice of out.Races (all NotConfirmed until explored), with its share of
// the file's solver budget.
func pairJobs(prog *ir.Program, res *lockset.FileResult, opts Options, out *Result) []*pairJob {
	ys := yieldinst.Compute(prog, res, opts.Mode)
	byPair := make(map[[2]string][]yieldinst.Yield)
	for _, py := range ys.Pairs {
		byPair[[2]string{py.First, py.Second}] = py.Yields
	}
	facts := entry.FactsOf(prog, prog.EntryPoints)
	sems := lockset.SemaphoreNonLocks(prog, opts.NoBinarySemaphores)
	by := reachers(prog)
	bodies := callerLocks(prog)
	if opts.NoPublication {
		bodies = nil // the kernel's protocol is off
	}
	var setup []*ir.EntryPoint
	for _, ep := range prog.EntryPoints {
		if ep.Role == ir.RoleInit {
			setup = append(setup, ep)
		}
	}
	// Module init registers the drivers whose probes run after it.
	sort.SliceStable(setup, func(i, j int) bool { return setup[i].Struct == "module_init" && setup[j].Struct != "module_init" })
	type span struct{ pair, first, last int }
	var spans []span
	for i, pr := range res.Pairs {
		if len(pr.Races) == 0 {
			continue
		}
		first := len(out.Races)
		for j := range pr.Races {
			out.Races = append(out.Races, RaceResult{Pair: i, Race: j, Status: NotConfirmed})
		}
		spans = append(spans, span{i, first, len(out.Races)})
	}
	jobs := make([]*pairJob, len(spans))
	for k, sp := range spans {
		pr := res.Pairs[sp.pair]
		var eps []*ir.EntryPoint
		for _, ep := range setup {
			if ep != pr.Pair.First && ep != pr.Pair.Second {
				eps = append(eps, ep)
			}
		}
		jobs[k] = &pairJob{index: k, prog: prog, pair: pr, setup: eps, yields: byPair[[2]string{pr.Pair.First.Name(), pr.Pair.Second.Name()}],
			opts: opts, facts: facts, sems: sems, reachers: by, bodies: bodies, out: &Result{}, mine: out.Races[sp.first:sp.last]}
	}
	return jobs
}

// runPairJobs explores the jobs on opts.Jobs workers. The pairs are
// independent (each has its own races, seed and solver queries), each
// worker has its own prover, the file's budget goes to the pairs in pair
// order (fileBudget), and Confirm merges the jobs' stats and internal
// errors in pair order, so the result does not depend on the number of
// workers.
func runPairJobs(ctx context.Context, jobs []*pairJob, opts Options) error {
	workers := min(max(opts.Jobs, 1), len(jobs))
	var progressMu sync.Mutex
	done := 0
	progress := func(n int) {
		if opts.Progress != nil {
			progressMu.Lock()
			defer progressMu.Unlock()
			done += n
			opts.Progress(done, len(jobs))
		}
	}
	progress(0)
	next := make(chan *pairJob)
	finished := make(chan int, len(jobs))
	errs := make(chan error, workers)
	for range workers {
		go func() {
			errs <- pairWorker(ctx, next, finished, progress)
		}()
	}
	budget := newFileBudget(opts.fileUnits(), jobs)
	for k, p := range jobs {
		for !budget.decide(k) {
			budget.finish(<-finished)
		}
		next <- p
	}
	close(next)
	var proverErr error
	for range workers {
		if err := <-errs; err != nil && proverErr == nil {
			proverErr = err
		}
	}
	return proverErr
}

// fileBudget hands the file's solver budget (Z3 resource units) to its
// pairs with races in pair order: pair k may spend up to its share
// (pairShare) of what the pairs before it left, and is not explored when
// less than minPairUnits is left. What a pair spends is a count, so each
// pair's allowance, and its verdicts, depend on the input only; the pairs
// still run in parallel, since a pair starts as soon as the most its
// unfinished predecessors may spend still leaves it its whole share.
// (Reserving a share per pair up front left 6.12 rtc-cmos.c's last 10
// pairs unexplored while its first 30 spent 15M of their 300M units.)
type fileBudget struct {
	total, share uint64
	jobs         []*pairJob
	done         []bool
}

func newFileBudget(total uint64, jobs []*pairJob) *fileBudget {
	return &fileBudget{total: total, share: pairShare(total, len(jobs)), jobs: jobs, done: make([]bool, len(jobs))}
}

// finish notes that job k ended: what it spent is now known.
func (b *fileBudget) finish(k int) { b.done[k] = true }

// spent is what job k counts against the file's budget: its units, at
// most its allowance (a check may pass its rlimit by a little), and all
// of it when the wall clock or an interrupt cut the pair, so that the
// pairs after it get the same allowances whenever the clock strikes.
func (b *fileBudget) spent(k int) uint64 {
	p := b.jobs[k]
	if p.clocked {
		return p.units
	}
	return min(p.out.Stats.Units, p.units)
}

// decide sets job k's allowance (or why it is not explored) and reports
// true, or reports false when that needs a predecessor to finish first.
func (b *fileBudget) decide(k int) bool {
	var known, bound uint64 // spent by finished predecessors; allowances of the others
	all := true
	for i := range k {
		if b.done[i] {
			known += b.spent(i)
		} else {
			bound += b.jobs[i].units
			all = false
		}
	}
	p := b.jobs[k]
	switch {
	case known+bound+b.share <= b.total:
		p.units = b.share // whatever the others spend: min(share, left) = share
	case !all:
		return false
	case b.total-known < minPairUnits: // known <= total: each spends at most its allowance
		p.over = fmt.Sprintf("the file's solver budget (%d Z3 resource units) was spent by the pairs before it (%d units left, a pair needs at least %d)", b.total, b.total-known, minPairUnits)
	default:
		p.units = min(b.share, b.total-known)
	}
	return true
}

// pairWorker explores the jobs it receives with a prover of its own.
// Each job's index goes to finished when it ends.
func pairWorker(ctx context.Context, next <-chan *pairJob, finished chan<- int, progress func(int)) error {
	prover, err := vc.NewProver(z3.Config{})
	if err != nil {
		for p := range next {
			notExplored(p.mine, "internal error: "+err.Error())
			finished <- p.index
		}
		return err
	}
	defer prover.Close()
	for p := range next {
		pairWork(ctx, p, prover, progress)
		finished <- p.index
	}
	return nil
}

func pairWork(ctx context.Context, p *pairJob, prover *vc.Prover, progress func(int)) {
	if ctx.Err() != nil {
		p.clocked = true
		notExplored(p.mine, stopReason(ctx))
		return
	}
	if p.over != "" {
		notExplored(p.mine, p.over)
		progress(1)
		return
	}
	p.prover = prover
	if why := p.run(ctx); why != "" {
		p.clocked = strings.HasPrefix(why, TimeoutNote) || ctx.Err() != nil
		notExplored(p.mine, why)
	}
	progress(1)
}

// notConfirmedNotes says why each race left NotConfirmed is so.
func notConfirmedNotes(out *Result, opts Options) {
	for k := range out.Races {
		r := &out.Races[k]
		if r.Status != NotConfirmed {
			continue
		}
		if r.Rejected != "" {
			r.Note = "not confirmed (trace rejected: " + r.Rejected + ")"
			continue
		}
		r.Note = fmt.Sprintf("not confirmed within csb %d, unroll %d", opts.CSB, opts.Unroll)
		if r.Bounded {
			r.Note += fmt.Sprintf(" (loops or recursion in these entry points were cut after %d iterations)", opts.Unroll)
		}
		r.Note += ": this is not a proof that the race is impossible"
	}
}

// notExplored marks the races of a pair that the explorer did not finish
// as not explored: neither confirmed nor "not confirmed within the
// bounds", since the bounded search did not run to its end.
func notExplored(mine []RaceResult, why string) {
	for k := range mine {
		if mine[k].Status == NotConfirmed {
			mine[k].Status = NotExplored
			mine[k].Note = why
			if !strings.HasPrefix(why, TimeoutNote) {
				mine[k].Note = "not explored: " + why
			}
		}
	}
}

// TimeoutNote begins the note of a race the wall clock kept from being
// explored (a query's Options.Timeout, the run's deadline): the one
// verdict that depends on the machine's load, so the run's summary
// counts them.
const TimeoutNote = "not explored (timeout)"

// stopReason says why ctx ended the exploration.
func stopReason(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return TimeoutNote + ": the run's deadline passed before the explorer finished this pair"
	}
	return "the run was interrupted before the explorer finished this pair"
}

// pairJob confirms the races of one region of one pair.
type pairJob struct {
	index  int // in the file's jobs, pair order
	prog   *ir.Program
	pair   lockset.PairResult
	setup  []*ir.EntryPoint
	yields []yieldinst.Yield
	opts   Options
	prover *vc.Prover
	facts  models.Facts
	sems   map[*ir.Call]bool // lockset.SemaphoreNonLocks
	// reachers maps each function to the entry points reaching it
	// (protocol.go), shared by the file's pairs (read only).
	reachers map[*ir.Function][]*ir.EntryPoint
	// bodies: revalidate.go's callerLocks, shared by the file's pairs.
	bodies map[*ir.EntryPoint]*ir.Function
	out    *Result
	mine   []RaceResult
	// solved counts the solver queries spent on the pair; concrete runs
	// that confirm a race do not count against maxQueriesPerPair.
	solved int
	// units is the pair's allowance of the file's solver budget (Z3
	// resource units, fileBudget); over, when set, says why the pair is
	// not explored at all.
	units uint64
	over  string
	// clocked: the wall clock (or an interrupt) ended the pair, whose
	// spending then depends on the machine (fileBudget.spent).
	clocked bool
	// seed holds what the last model of this pair that replayed to a
	// race read: the pair's later concrete runs start from it
	// (concrete.go). Only the pair's own, so pairs stay independent.
	seed map[oracleKey]*big.Int
}

// run returns why the exploration of the pair stopped short of its
// bounds ("" when it did not): then its unconfirmed races are not
// explored rather than not confirmed.
func (p *pairJob) run(ctx context.Context) string {
	open := func() map[string]bool {
		regions := map[string]bool{}
		for k, r := range p.pair.Races {
			if p.mine[k].Status != Confirmed {
				regions[r.Region] = true
			}
		}
		return regions
	}
	orders := p.orders()
	excluded := map[int]bool{}
	for _, ord := range orders {
		for p.solved < maxQueriesPerPair && len(open()) > 0 && ctx.Err() == nil {
			found, bound, unknown, err := p.query(ctx, ord, open(), excluded)
			if err != nil {
				p.out.Internal = append(p.out.Internal, err.Error())
				return "internal error: " + err.Error()
			}
			if unknown != "" && found == nil {
				p.out.Stats.Unknown++
				if ctx.Err() != nil {
					return stopReason(ctx)
				}
				if unknown == wallClock {
					return fmt.Sprintf("%s: a solver query passed the wall-clock limit of %v", TimeoutNote, p.opts.Timeout)
				}
				if unknown == pairBudgetSpent {
					return fmt.Sprintf("%s (%d Z3 resource units)", unknown, p.units)
				}
				return fmt.Sprintf("the solver gave no answer (%s)", unknown)
			}
			if bound {
				for k := range p.mine {
					p.mine[k].Bounded = true
				}
			}
			if found == nil {
				break
			}
			excluded[found.site] = true
			var idx []int
			for k, r := range p.pair.Races {
				if p.mine[k].Status != Confirmed && r.Region == found.region {
					idx = append(idx, k)
				}
			}
			p.attach(found, idx)
			if found.hopeless {
				// No trace of the pair passes the strict check: the
				// rest of its races are rejected for the same reason.
				for k := range p.mine {
					if p.mine[k].Status != Confirmed {
						p.mine[k].Rejected = found.rejected
					}
				}
				return ""
			}
		}
	}
	if ctx.Err() != nil && len(open()) > 0 {
		return stopReason(ctx)
	}
	if p.solved >= maxQueriesPerPair && len(open()) > 0 {
		return fmt.Sprintf("the pair's budget of %d solver queries was spent", maxQueriesPerPair)
	}
	return ""
}

// orders are the thread orders the pair is explored in: one, since thread
// 1 may start a round late. Module init and probes publish the other entry
// point, and exit withdraws it: they run as thread 1, and the other starts
// once published and while not withdrawn.
func (p *pairJob) orders() [][2]*ir.EntryPoint {
	a, b := p.pair.Pair.First, p.pair.Pair.Second
	lifecycle := func(ep *ir.EntryPoint) bool { return ep.Role == ir.RoleInit || ep.Role == ir.RoleExit }
	if lifecycle(b) && !lifecycle(a) {
		a, b = b, a
	}
	return [][2]*ir.EntryPoint{{a, b}}
}

// attach marks the open race the interleaving shows as confirmed: the one
// whose two accesses are the check and the write, else the first whose
// access is the check.
func (p *pairJob) attach(f *confirmation, open []int) {
	same := func(a lockset.Access, s Step) bool { return a.Pos == s.Pos }
	pick := -1
	for _, k := range open {
		r := p.pair.Races[k]
		if (same(r.Accesses[0], f.check) && same(r.Accesses[1], f.writer)) ||
			(same(r.Accesses[1], f.check) && same(r.Accesses[0], f.writer)) {
			pick = k
			break
		}
	}
	if pick < 0 {
		for _, k := range open {
			r := p.pair.Races[k]
			if same(r.Accesses[0], f.check) || same(r.Accesses[1], f.check) {
				pick = k
				break
			}
		}
	}
	if pick < 0 && len(open) > 0 {
		pick = open[0]
	}
	if pick < 0 {
		return
	}
	m := &p.mine[pick]
	if f.rejected == "" && f.setupCut {
		f.rejected = setupCutReason
	}
	if f.rejected != "" {
		m.Rejected = f.rejected
		return
	}
	m.Status, m.Steps, m.Check, m.Writer = Confirmed, f.steps, f.check, f.writer
	m.Note = "confirmed: an interleaving with " + switchCount(f.steps)
}

// switchCount says how many context switches a trace makes: R rounds of
// the sequentialisation also hold schedules of more than --csb switches
// (docs/explorer-protocol.md), so the note counts the trace's own.
func switchCount(steps []Step) string {
	n := 0
	for i := 1; i < len(steps); i++ {
		if steps[i].Thread != steps[i-1].Thread {
			n++
		}
	}
	if n == 1 {
		return "1 context switch"
	}
	return fmt.Sprintf("%d context switches", n)
}

type confirmation struct {
	site          int
	region        string
	steps         []Step
	check, writer Step
	rejected      string // why the strict check rejected the trace
	hopeless      bool   // and no trace of the pair can pass it
	// setupCut: a setup stopped at its loop bound (protocol.go).
	setupCut bool
}

// query builds the sequentialised program of one thread order with race
// checks on the region's yields (minus excluded sites), asks the solver for
// an interleaving in which a check fails, and replays it.
// unknown is the solver's reason when it gave no answer.
func (p *pairJob) query(ctx context.Context, ord [2]*ir.EntryPoint, regions map[string]bool, excluded map[int]bool) (found *confirmation, bound bool, unknown string, err error) {
	sh, checks := p.shapeFor(ord, regions, excluded)
	if checks == 0 {
		return nil, false, "", nil
	}
	s, err := build(p.prog, sh)
	if err != nil {
		return nil, false, "", err
	}
	if p.opts.Debug != nil {
		fmt.Fprintf(p.opts.Debug, "protocol %s|%s: %+v / %+v, distinct %v\n", ord[0].Name(), ord[1].Name(), s.plans[1], s.plans[2], sh.distinct)
	}
	if !p.opts.skewOracle && !p.opts.noConcrete {
		if c := p.concreteRuns(s); c != nil {
			if p.opts.Debug != nil {
				fmt.Fprintf(p.opts.Debug, "concrete run %s|%s %s checks %d: race on %s\n", ord[0].Name(), ord[1].Name(), regionList(regions), checks, c.region)
			}
			return c, s.cuts > 0, "", nil
		}
	}
	p.solved++
	m := &modelCheck{p: p, s: s, ord: ord, regions: regions}
	qstart, units := time.Now(), p.out.Stats.Units
	outs, stop, err := p.solve(ctx, s, m.accept)
	if stop != "" || err != nil {
		return nil, s.cuts > 0 && err == nil, stop, err
	}
	for _, o := range outs {
		if o.Status == vc.Unknown && unknown == "" {
			unknown = o.Reason
		}
	}
	if p.opts.Debug != nil {
		for _, o := range outs {
			fmt.Fprintf(p.opts.Debug, "query %s|%s %s checks %d: %s %s (%v, %d units, %d functions)\n", ord[0].Name(), ord[1].Name(), regionList(regions), checks, o.Status, o.Reason,
				time.Since(qstart).Round(time.Millisecond), p.out.Stats.Units-units, len(s.q.Funcs))
		}
	}
	bound = s.cuts > 0
	if m.found == nil && m.rejected != nil && slices.ContainsFunc(outs, func(o vc.Outcome) bool { return o.Status == vc.Failed }) {
		p.out.Stats.Failed++ // vc took a model that does not replay as exact
		return nil, bound, unknown, m.rejected
	}
	return m.found, bound, unknown, nil
}

// shapeFor describes the pair's sequentialisation in order ord: its
// yields, the accesses to check (those on regions, less excluded
// sites) and the parameters the pair keeps distinct. checks counts
// the race checks; with none there is nothing to ask.
func (p *pairJob) shapeFor(ord [2]*ir.EntryPoint, regions map[string]bool, excluded map[int]bool) (sh *shape, checks int) {
	sh = &shape{first: ord[0], second: ord[1], setup: p.setup, yields: make(map[ir.Stmt]yieldPoint),
		rounds: rounds(p.opts.CSB), unroll: p.opts.Unroll, paramAliasing: p.opts.ParamAliasing,
		facts: p.facts, noWaits: p.opts.NoPublication, reachers: p.reachers, countingSems: p.sems, bodies: p.bodies}
	if ord[0] == p.pair.Pair.First {
		sh.distinct = p.pair.Pair.DistinctParams
	} else {
		for _, d := range p.pair.Pair.DistinctParams {
			sh.distinct = append(sh.distinct, [2]int{d[1], d[0]})
		}
	}
	checked := map[*ir.Region]bool{}
	for _, y := range p.yields {
		yp := yieldPoint{Site: y.Site}
		if a := ir.AccessOf(y.Stmt); a != nil {
			yp.Plain = a.Mode == ir.Plain
		}
		if y.Kind == yieldinst.AccessYield && regions[y.Region] && !excluded[y.Site] {
			yp.Check = true
			checks++
			if a := ir.AccessOf(y.Stmt); a != nil && !checked[a.Region] {
				checked[a.Region] = true
				sh.checked = append(sh.checked, a.Region)
			}
		}
		if old, ok := sh.yields[y.Stmt]; !ok || yp.Check && !old.Check {
			sh.yields[y.Stmt] = yp
		}
	}
	return sh, checks
}

// modelCheck replays the models the solver offers for one query: the
// first that replays to a failing race check is found; rejected is why
// the last one offered did not replay. A model that does not replay is
// refined away (vc.Options.Refine) unless vc finds it exact; only then
// is it an internal error.
type modelCheck struct {
	p        *pairJob
	s        *seq
	ord      [2]*ir.EntryPoint
	regions  map[string]bool
	found    *confirmation
	rejected error
}

func (m *modelCheck) accept(t *vc.Trace, mem func(*ir.Region, *big.Int) (*big.Int, bool)) bool {
	p, s := m.p, m.s
	if m.found != nil {
		return true
	}
	if p.opts.skewOracle {
		mem = skewed(s, mem)
	}
	if z := p.zeroReplay(s, t, mem); z != nil {
		p.out.Stats.Replayed++
		m.found = &confirmation{site: z.race.site, region: z.race.region, steps: z.steps, check: z.race.check, writer: z.race.writer, setupCut: z.cutSetup}
		p.seed = z.seen
		return true
	}
	rp := newReplayer(s, mem)
	rp.seen = make(map[oracleKey]*big.Int)
	p.out.Stats.Replayed++
	err := rp.run(t.Values)
	if err == nil && rp.race == nil {
		err = errors.New("replayed trace reaches no failing race check")
	} else if err != nil {
		err = fmt.Errorf("trace does not replay: %w", err)
	}
	if err != nil {
		m.debugRejected(rp, t, err)
		m.rejected = fmt.Errorf("%s: %s | %s on %s: %v", p.prog.Path, m.ord[0].Name(), m.ord[1].Name(), regionList(m.regions), err)
		return false
	}
	m.found = &confirmation{site: rp.race.site, region: rp.race.region, steps: rp.steps, check: rp.race.check, writer: rp.race.writer, setupCut: rp.cutSetup}
	m.found.rejected, m.found.hopeless = p.strict(rp)
	p.seed = rp.seen
	return true
}

func (m *modelCheck) debugRejected(rp *replayer, t *vc.Trace, err error) {
	w := m.p.opts.Debug
	if w == nil {
		return
	}
	fmt.Fprintf(w, "  model rejected: %v\n", err)
	for _, st := range rp.steps {
		fmt.Fprintf(w, "  T%d %s:%d %s %s = %s\n", st.Thread, st.Func, st.Pos.Line, st.Kind, st.LValue, st.Value)
	}
	fmt.Fprintln(w, t)
	fmt.Fprintln(w, "rejected:", err)
}

// solve asks the solver for a model of s that accept takes. The answer
// must depend on the input and the flags only, never on the machine's
// load: each attempt is bounded in Z3 resource units (queryRlimits),
// and the wall clock (Options.Timeout) is a safety net only: when it
// strikes, the query has no answer (stop is wallClock) and the pair's
// open races are not explored, never "not confirmed". Z3's time on one
// query varies a lot between its incremental solver and a fresh tactic
// solver, neither better on every pair (swim: 24.7 s against 4.8 s;
// sonypi: 6.0 s against 24.5 s), so the query runs incrementally
// first, then on a fresh solver.
func (p *pairJob) solve(ctx context.Context, s *seq, accept func(*vc.Trace, func(*ir.Region, *big.Int) (*big.Int, bool)) bool) (outs []vc.Outcome, stop string, err error) {
	opts := vc.Options{
		Inline:         func(*ir.Function, int) bool { return true },
		MaxInlineDepth: vc.HardInlineLimit,
		CheckAsserts:   true,
		Refine:         true, // a model must replay: exact where vc abstracts
		FirstFailure:   true, // the pair's loop queries again for what is left
		NoSteps:        p.opts.Debug == nil,
		Spent:          &p.out.Stats.Units,
	}
	accepted := false
	opts.Accept = func(t *vc.Trace, mem func(*ir.Region, *big.Int) (*big.Int, bool)) bool {
		ok := accept(t, mem)
		accepted = accepted || ok
		return ok
	}
	p.out.Stats.Queries++
	qctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
	defer cancel()
	budgets := queryRlimits[:]
	if p.opts.rlimits != nil {
		budgets = p.opts.rlimits
	}
	for attempt, budget := range budgets {
		opts.Fresh, opts.Rlimit = attempt > 0, budget
		if p.units > 0 { // Confirm's pairs share the file's budget; Search's do not
			left := p.units - min(p.units, p.out.Stats.Units)
			if left == 0 {
				return nil, pairBudgetSpent, nil
			}
			opts.Rlimit = min(budget, left)
		}
		before := p.out.Stats.Units
		outs, err = p.prover.Check(qctx, s.q, s.harness, opts)
		if p.opts.Debug != nil {
			fmt.Fprintf(p.opts.Debug, "  attempt %d (fresh %v, rlimit %d): %d units, out of budget %v\n", attempt, opts.Fresh, opts.Rlimit, p.out.Stats.Units-before, outOfBudget(outs))
		}
		if ctx.Err() != nil {
			// The run stopped (its deadline, an interrupt), maybe in
			// the encoding, whose error is then ctx's: the pair's
			// open races are not explored (stopReason), no internal
			// error.
			return nil, stopped, nil
		}
		if qctx.Err() != nil {
			return nil, wallClock, nil
		}
		if err != nil {
			return nil, "", err
		}
		if accepted || !outOfBudget(outs) {
			break
		}
	}
	return outs, "", nil
}

// queryRlimits are Z3's resource budgets for each check of a query's
// attempts: the incremental solver, then a fresh tactic solver. Resource
// counts, not shares of the timeout: with a time share, which attempt
// answered (and so which model, which race, which later queries)
// depended on the machine's load, and --confirm's output with it (swim: 3
// races confirmed or not from one run to the next; sonypi: 17/10/17
// against 16/9/19). benchexplore MR csb 2, one run each, 8139too / sonypi
// / swim in s, for the incremental budget: 2M 44 / 17 / 1.5, 5M 24 / 19 /
// 1.8, 10M 37 / 11 / 1.5, 20M 60 / 12 / 1.5.
var queryRlimits = [...]uint64{5_000_000, 20_000_000}

// wallClock is the reason of a query the wall clock cut (Options.Timeout).
const wallClock = "timeout"

// stopped is the reason of a query the run's context stopped; run()
// turns it into stopReason.
const stopped = "stopped"

// pairBudgetSpent is the reason of a query the pair's share of the file's
// solver budget did not cover.
const pairBudgetSpent = "the pair's share of the file's solver budget was spent"

// defaultFileUnits is the Z3 resource budget of the solver queries of one
// file, handed to its pairs with races in pair order (fileBudget), each
// allowed an even share, at least minPairUnits, of what the pairs before
// it left: a count, so the pairs explored and their verdicts do not
// depend on the machine, and a bound on the explorer's solver time, so
// that a file with hundreds of racy pairs ends within its --file-timeout
// with its races marked, and its lock checks run. sonypi used 82M units,
// swim 188M, 6.12 watchdog_dev.c 129M (stop 57), rtc-cmos.c 15M.
const (
	defaultFileUnits = 300_000_000
	minPairUnits     = 10_000_000
)

// fileUnits is the file's solver budget: defaultFileUnits, or the tests'.
func (o Options) fileUnits() uint64 {
	if o.units > 0 {
		return o.units
	}
	return defaultFileUnits
}

// pairShare is the most a pair of the file's n pairs with races may
// spend: an even split of the budget, at least minPairUnits.
func pairShare(file uint64, n int) uint64 {
	if n == 0 {
		return 0
	}
	return max(file/uint64(n), minPairUnits)
}

// outOfBudget reports whether a query gave no answer for lack of
// resources: no obligation failed and one ran out of its budget.
func outOfBudget(outs []vc.Outcome) bool {
	out := false
	for _, o := range outs {
		switch {
		case o.Status == vc.Failed:
			return false
		case o.Status == vc.Unknown && o.Reason == "resource limit":
			out = true
		}
	}
	return out
}

func regionList(m map[string]bool) string {
	var out []string
	for r := range m {
		out = append(out, r)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// skewed reads the model's memory, but every oracle value plus one.
func skewed(s *seq, mem func(*ir.Region, *big.Int) (*big.Int, bool)) func(*ir.Region, *big.Int) (*big.Int, bool) {
	return func(r *ir.Region, a *big.Int) (*big.Int, bool) {
		v, ok := mem(r, a)
		for _, o := range s.oracle {
			if r == o && ok {
				return new(big.Int).Add(v, big.NewInt(1)), true
			}
		}
		return v, ok
	}
}
