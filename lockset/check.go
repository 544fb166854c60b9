//go:build lockset_vc

package lockset

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/whoopverify/whoop/houdini"
	"github.com/whoopverify/whoop/ir"
	"github.com/whoopverify/whoop/vc"
	"github.com/whoopverify/whoop/z3"
)

// Options configures Check.
type Options struct {
	// Jobs is the number of pairs checked in parallel, each with its own Z3
	// context; 0 means the number of CPUs.
	Jobs int
	// Timeout bounds each pair's check; a pair that exceeds it is
	// inconclusive and the others still report. 0 means no limit.
	Timeout time.Duration
	// ParamAliasing drops the assumption that pointer parameters of one
	// entry point point to disjoint objects.
	ParamAliasing bool
	// HoudiniBudget bounds summary inference; when it runs out no summary
	// is used (sound, less precise). 0 means no limit.
	HoudiniBudget time.Duration
	// InlineBudget is the number of statements a pair check may inline from
	// the two entry points' callees before it uses their summaries instead.
	InlineBudget int
	// Progress, when set, is called after each pair with the count done.
	Progress func(done, total int)

	env *kernelEnv // tests replace the kernel model
}

const defaultInlineBudget = 20000

// ErrInternal wraps failures that are bugs in whoop, not in the input.
var ErrInternal = errors.New("internal error")

// Check runs the pairwise lockset analysis on prog, which must carry entry
// points and regions (frontend.Load's output).
func Check(ctx context.Context, prog *ir.Program, opts Options) (res *FileResult, err error) {
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: lockset check of %s: %v", ErrInternal, prog.Path, r)
		}
	}()
	env := defaultEnv()
	if opts.env != nil {
		env = *opts.env
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	res = &FileResult{Path: prog.Path, EntryPoints: prog.EntryPoints}
	res.Stats.Regions = len(prog.Regions)
	pairs := Pairs(prog)
	f := gatherFacts(prog, env)

	// What the concurrent pairs need: their entry points' functions and the
	// regions they may race on.
	needed := make(map[*ir.Function]bool)
	trackedSet := make(map[*ir.Region]bool)
	for _, p := range pairs {
		if !p.Concurrent {
			continue
		}
		for _, ep := range []*ir.EntryPoint{p.First, p.Second} {
			for _, g := range f.reach(ep.Func) {
				needed[g] = true
			}
		}
		for _, r := range pairRegions(f.sitesOf(p.First.Func), f.sitesOf(p.Second.Func)) {
			trackedSet[r] = true
		}
	}
	var funcs []*ir.Function
	for _, fn := range prog.Funcs {
		if needed[fn] {
			funcs = append(funcs, fn)
		}
	}
	tracked := make([]*ir.Region, 0, len(trackedSet))
	for r := range trackedSet {
		tracked = append(tracked, r)
	}
	sortRegions(tracked)
	res.Stats.SharedRegions = len(tracked)

	in := newInstrumenter(f, tracked, funcs)
	var plans []*plan
	for i, p := range pairs {
		if p.Concurrent {
			plans = append(plans, in.harness(i, p, opts.ParamAliasing))
		}
	}
	if err := ir.Validate(in.prog); err != nil {
		return nil, fmt.Errorf("%w: instrumented program of %s: %v", ErrInternal, prog.Path, err)
	}
	res.Stats.Candidates = in.candidates

	// Summaries: the largest consistent set of candidate contracts.
	hstart := time.Now()
	hres, err := houdini.Run(ctx, in.prog, houdini.Options{Workers: jobs, Budget: opts.HoudiniBudget})
	if err != nil {
		return nil, fmt.Errorf("%w: summary inference for %s: %v", ErrInternal, prog.Path, err)
	}
	if !hres.Complete {
		f.warnf(ir.Pos{File: prog.Path}, "summary inference ran out of time; checking without summaries")
		hres = &houdini.Result{Kept: map[int]bool{}, Complete: true}
	}
	houdini.Apply(in.prog, hres)
	res.Stats.CandidatesKept = len(hres.Kept)
	res.Stats.Houdini = time.Since(hstart)

	// Pair checks.
	cstart := time.Now()
	res.Pairs = make([]PairResult, len(pairs))
	for i, p := range pairs {
		res.Pairs[i] = PairResult{Pair: p, Verdict: NotChecked}
	}
	budget := opts.InlineBudget
	if budget <= 0 {
		budget = defaultInlineBudget
	}
	policy := newInlinePolicy(in, budget)
	var (
		mu   sync.Mutex
		done int
		wg   sync.WaitGroup
		work = make(chan *plan)
		errs []error
	)
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for pl := range work {
				pr, err := in.checkPair(ctx, pl, policy, opts.Timeout)
				mu.Lock()
				if err != nil {
					errs = append(errs, err)
				} else {
					res.Pairs[pl.index] = pr
				}
				done++
				if opts.Progress != nil {
					opts.Progress(done, len(plans))
				}
				mu.Unlock()
			}
		}()
	}
	for _, pl := range plans {
		select {
		case work <- pl:
		case <-ctx.Done():
		}
	}
	close(work)
	wg.Wait()
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	res.Stats.Check = time.Since(cstart)
	res.Warnings = append(append([]ir.Diagnostic(nil), prog.Warnings...), f.warnings...)
	res.Stats.Total = time.Since(start)
	return res, nil
}

// checkPair proves the harness of one pair with a fresh prover, so that the
// result does not depend on which worker ran it, or after what.
func (in *instrumenter) checkPair(ctx context.Context, pl *plan, policy *inlinePolicy, timeout time.Duration) (PairResult, error) {
	pr := PairResult{Pair: pl.pair, Verdict: RaceFree}
	if len(pl.regions) == 0 {
		return pr, nil
	}
	pctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	prover, err := vc.NewProver(z3.Config{})
	if err != nil {
		return pr, fmt.Errorf("%w: %v", ErrInternal, err)
	}
	defer prover.Close()
	outcomes, err := prover.Check(pctx, in.prog, pl.harness, vc.Options{
		Inline:         policy.forPair(pl),
		MaxInlineDepth: 16,
		CheckAsserts:   true,
	})
	if err != nil {
		if pctx.Err() != nil && ctx.Err() == nil {
			pr.Verdict = Inconclusive
			pr.Note = fmt.Sprintf("timeout after %s", timeout)
			return pr, nil
		}
		if ctx.Err() != nil {
			return pr, ctx.Err()
		}
		return pr, fmt.Errorf("%w: checking %s: %v", ErrInternal, pl.harness.Name, err)
	}
	var unknown []string
	for _, o := range outcomes {
		g, ok := pl.asserts[o.AssertID]
		if !ok {
			continue
		}
		switch o.Status {
		case vc.Failed:
			pr.Races = append(pr.Races, in.witness(pl, g, o.Trace))
		case vc.Unknown:
			reason := o.Reason
			if pctx.Err() != nil {
				reason = fmt.Sprintf("timeout after %s", timeout)
			}
			unknown = append(unknown, g.r.Name+": "+reason)
		}
	}
	sortRaces(pr.Races)
	switch {
	case len(pr.Races) > 0:
		pr.Verdict = Racy
		if len(unknown) > 0 {
			pr.Note = "also inconclusive on " + strings.Join(unknown, "; ")
		}
	case len(unknown) > 0:
		pr.Verdict = Inconclusive
		pr.Note = strings.Join(unknown, "; ")
	}
	return pr, nil
}

// witness turns a counterexample into the two racing accesses.
func (in *instrumenter) witness(pl *plan, g *ghostRegion, tr *vc.Trace) Race {
	s := pl.snaps[g]
	intOf := func(v *ir.Var) int {
		if tr == nil {
			return 0
		}
		if x, ok := tr.Values[v]; ok && x.Int != nil {
			return int(x.Int.Int64())
		}
		return 0
	}
	boolOf := func(v *ir.Var) bool {
		if tr == nil || v == nil {
			return false
		}
		x, ok := tr.Values[v]
		return ok && x.Bool
	}
	held := func(sl []*ir.Var) []string {
		var out []string
		for l, v := range sl {
			if boolOf(v) && in.f.locks[l].class != "publication" {
				out = append(out, displayLock(in.f.locks[l].id))
			}
		}
		sort.Strings(out)
		return out
	}
	access := func(ep *ir.EntryPoint, id int, locks []string) Access {
		st := in.f.sites[id]
		if st == nil {
			return Access{EntryPoint: ep.Func.Name, Locks: locks}
		}
		kind := Read
		if st.write {
			kind = Write
		}
		return Access{
			EntryPoint: ep.Func.Name,
			Func:       st.fn.Name,
			Kind:       kind,
			Mode:       st.access.Mode,
			LValue:     st.access.LValue,
			Pos:        st.access.P,
			Source:     in.f.prog.SourceLine(st.access.P.File, st.access.P.Line),
			Locks:      locks,
		}
	}
	return Race{Region: g.r.Name, Accesses: [2]Access{
		access(pl.pair.First, intOf(s.site), held(s.sl)),
		access(pl.pair.Second, intOf(g.site), held(g.sl)),
	}}
}

// displayLock turns a lock identity into what a developer recognises.
func displayLock(id string) string {
	return strings.TrimPrefix(id, "global ")
}

func sortRaces(rs []Race) {
	less := func(a, b ir.Pos) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if c := less(rs[i].Accesses[1].Pos, rs[j].Accesses[1].Pos); c != 0 {
			return c < 0
		}
		if c := less(rs[i].Accesses[0].Pos, rs[j].Accesses[0].Pos); c != 0 {
			return c < 0
		}
		return rs[i].Region < rs[j].Region
	})
}

// inlinePolicy decides which calls a pair check inlines: everything when
// the two entry points' fully inlined bodies fit the budget, otherwise only
// callees small enough on their own; the rest go through their summaries.
type inlinePolicy struct {
	in     *instrumenter
	budget int
	sizes  map[*ir.Function]int // fully inlined size of each instrumented function; -1 recursive
}

func newInlinePolicy(in *instrumenter, budget int) *inlinePolicy {
	p := &inlinePolicy{in: in, budget: budget, sizes: make(map[*ir.Function]int)}
	return p
}

func (p *inlinePolicy) size(fn *ir.Function, active map[*ir.Function]bool) int {
	if n, ok := p.sizes[fn]; ok {
		return n
	}
	if active[fn] {
		return -1
	}
	active[fn] = true
	n := 0
	for _, b := range fn.Blocks {
		n += len(b.Stmts) + 1
		for _, s := range b.Stmts {
			call, ok := s.(*ir.Call)
			if !ok {
				continue
			}
			callees := call.Targets
			if call.Callee != nil {
				callees = []*ir.Function{call.Callee}
			}
			for _, c := range callees {
				if c.External() {
					continue
				}
				m := p.size(c, active)
				if m < 0 || n < 0 {
					n = -1
				} else {
					n += m
				}
			}
		}
		if n < 0 {
			break
		}
	}
	delete(active, fn)
	p.sizes[fn] = n
	return n
}

func (p *inlinePolicy) forPair(pl *plan) func(*ir.Function, int) bool {
	t := p.in.copies[pl.pair.First.Func]
	u := p.in.copies[pl.pair.Second.Func]
	st, su := p.size(t, map[*ir.Function]bool{}), p.size(u, map[*ir.Function]bool{})
	all := st >= 0 && su >= 0 && st+su <= p.budget
	return func(callee *ir.Function, depth int) bool {
		if depth == 0 {
			return true // the entry points themselves
		}
		if all {
			return true
		}
		n := p.size(callee, map[*ir.Function]bool{})
		return n >= 0 && n <= p.budget/20
	}
}
